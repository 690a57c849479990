//! Turns per second through the game service, the board drawn as a front draws it
//! (`present::draw`, after the game lock is released), across 1000 concurrent games, on SQLite
//! and on PostgreSQL; the p50 and p99 of one turn (service and drawing) in a game played alone;
//! the latency of committing one turn on each store; the memory an idle game holds (counted by
//! a global allocator); how long a restart takes to reload 1000 stored games; and how soon
//! the flags of 1000 games on a chess clock reach the front (`flags`).
//!
//! A filter (`cargo bench -p nadare --bench service -- flags`) runs the printed measurements
//! whose name holds it (`one_turn`, `restart`, `idle_memory`, `flags`) and the criterion
//! benchmarks it matches.
//!
//! PostgreSQL is the server at `NADARE_TEST_POSTGRES_URL` (default
//! `postgres://postgres@127.0.0.1:5432/test`), in a schema `nadare_bench` made for the run and
//! dropped after; without a server its benchmarks are skipped with a message.

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::Arc;
use std::sync::atomic::{AtomicIsize, Ordering};
use std::time::{Duration, Instant, SystemTime};

use criterion::{Criterion, Throughput};
use domain::clock::Clock;
use domain::messages::{Message, NoticeMsg};
use domain::timing::TimeControl;
use domain::{
    ColorChoice, Command, GameRecord, GameState, GameStore, Locale, Notice, Origin, Reply, User,
};
use present::i18n::Surface;
use render::Renderer;
use rules::Variant;
use service::{GameService, ManualClock, Options, ServiceConfig, SystemClock};
use storage::Storage;
use storage::postgres::{PgOptions, PgStore};

/// Counts the bytes live on the Rust heap.
struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);

// SAFETY: every call is passed on to the system allocator unchanged; only a counter is kept.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_add(
            new_size as isize - layout.size() as isize,
            Ordering::Relaxed,
        );
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

const GAMES: u64 = 1000;
/// A Ruy Lopez: eight plies every game plays in the timed part.
const LINE: [&str; 8] = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"];

fn user(id: u64) -> User {
    User {
        id,
        name: format!("player{id}"),
    }
}

fn origin(channel: u64, player: u64) -> Origin {
    Origin {
        guild: Some(1),
        channel,
        user: user(player),
        locale: Locale::default(),
    }
}

const BENCH_SCHEMA: &str = "nadare_bench";

fn postgres_url() -> String {
    std::env::var("NADARE_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_string())
}

/// Runs `sql` on the PostgreSQL server; false when it does not answer.
async fn postgres_admin(sql: &str) -> bool {
    let connected = tokio::time::timeout(
        Duration::from_secs(5),
        tokio_postgres::connect(&postgres_url(), tokio_postgres::NoTls),
    )
    .await;
    let Ok(Ok((client, connection))) = connected else {
        return false;
    };
    let task = tokio::spawn(connection);
    let done = client.batch_execute(sql).await.is_ok();
    drop(client);
    let _ = task.await;
    done
}

/// A PostgreSQL store in a fresh bench schema, or `None` (after saying so) without a server.
async fn postgres_store() -> Option<Arc<dyn GameStore>> {
    let fresh =
        format!("DROP SCHEMA IF EXISTS {BENCH_SCHEMA} CASCADE; CREATE SCHEMA {BENCH_SCHEMA}");
    if !postgres_admin(&fresh).await {
        println!(
            "PostgreSQL benchmarks skipped: {} does not answer",
            postgres_url()
        );
        return None;
    }
    let url = postgres_url();
    let separator = if url.contains('?') { '&' } else { '?' };
    let options = PgOptions::new(format!(
        "{url}{separator}options=-csearch_path%3D{BENCH_SCHEMA}"
    ));
    Some(Arc::new(PgStore::connect(&options).await.expect("connect")))
}

/// The service and the renderer a front draws its replies with.
#[derive(Clone)]
struct Bot {
    service: GameService,
    renderer: Arc<Renderer>,
}

impl Bot {
    /// The reply to `command`, drawn as a front draws it once the service answered.
    async fn execute(&self, origin: &Origin, command: Command) -> Reply {
        let mut reply = self
            .service
            .execute(origin, command, Options::default())
            .await;
        present::draw(&self.renderer, &mut reply, None).await;
        reply
    }
}

fn text(reply: &Reply) -> String {
    present::reply_text(reply, Surface::Console)
}

async fn open(dir: &std::path::Path, name: &str) -> Bot {
    let storage = Storage::open(&dir.join(name)).expect("storage");
    open_on(Arc::new(storage)).await
}

async fn open_on(store: Arc<dyn GameStore>) -> Bot {
    open_timed(store, Arc::new(SystemClock)).await
}

async fn open_timed(store: Arc<dyn GameStore>, clock: Arc<dyn Clock>) -> Bot {
    let renderer = Renderer::new(render::RenderOptions::default()).expect("renderer");
    let service = GameService::open(ServiceConfig::default(), store, clock)
        .await
        .expect("service");
    Bot {
        service,
        renderer: Arc::new(renderer),
    }
}

/// Starts one game per channel `base..base + GAMES`, White = 2c, Black = 2c + 1, on `time`'s
/// clock if any.
async fn start_games(service: &Bot, base: u64, variant: Variant, time: Option<TimeControl>) {
    let mut tasks = Vec::new();
    for channel in base..base + GAMES {
        let service = service.clone();
        tasks.push(tokio::spawn(async move {
            let challenge = Command::Challenge {
                opponent: Some(user(2 * channel + 1)),
                variant,
                setup: None,
                color: ColorChoice::White,
                deadline: None,
                time,
                rated: None,
            };
            let r = service
                .execute(&origin(channel, 2 * channel), challenge)
                .await;
            assert!(!r.private, "{}", text(&r));
            let r = service
                .execute(&origin(channel, 2 * channel + 1), Command::Accept)
                .await;
            assert!(!r.private, "{}", text(&r));
        }));
    }
    for t in tasks {
        t.await.expect("start");
    }
}

/// Every game plays `line` at once, turn by turn; returns the turns applied.
async fn play_all(service: &Bot, base: u64, line: &[String]) -> u64 {
    let mut tasks = Vec::new();
    for channel in base..base + GAMES {
        let service = service.clone();
        let line = line.to_vec();
        tasks.push(tokio::spawn(async move {
            let mut played = 0;
            for (ply, mv) in line.into_iter().enumerate() {
                let player = 2 * channel + (ply as u64 % 2);
                let r = service
                    .execute(&origin(channel, player), Command::Move(mv))
                    .await;
                assert!(!r.private && r.image.is_some(), "{}", text(&r));
                played += 1;
            }
            played
        }));
    }
    let mut total = 0;
    for t in tasks {
        total += t.await.expect("play");
    }
    total
}

/// The p50 and p99 of one turn (service and drawing) in games played one at a time, each
/// turn timed alone: `games` games of `line` in fresh channels from `base`.
async fn one_turn_percentiles(bot: &Bot, base: u64, line: &[String], games: u64) -> [Duration; 2] {
    let mut times = Vec::new();
    for channel in base..base + games {
        let challenge = Command::Challenge {
            opponent: Some(user(2 * channel + 1)),
            variant: Variant::Standard,
            setup: None,
            color: ColorChoice::White,
            deadline: None,
            time: None,
            rated: None,
        };
        bot.execute(&origin(channel, 2 * channel), challenge).await;
        bot.execute(&origin(channel, 2 * channel + 1), Command::Accept)
            .await;
        for (ply, mv) in line.iter().enumerate() {
            let player = 2 * channel + (ply as u64 % 2);
            let start = Instant::now();
            let r = bot
                .execute(&origin(channel, player), Command::Move(mv.clone()))
                .await;
            times.push(start.elapsed());
            assert!(r.image.is_some(), "{}", text(&r));
        }
    }
    times.sort_unstable();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    [at(0.5), at(0.99)]
}

/// Prints the p50 and p99 of one standard turn on each store.
fn turn_percentiles() {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    let mut bots = vec![(
        "sqlite",
        runtime.block_on(open(dir.path(), "percentiles.db")),
    )];
    if let Some(store) = runtime.block_on(postgres_store()) {
        bots.push(("postgres", runtime.block_on(open_on(store))));
    }
    let line = LINE.map(String::from);
    for (name, bot) in &bots {
        let [p50, p99] = runtime.block_on(one_turn_percentiles(bot, 5_000_000, &line, 100));
        println!(
            "one standard turn on {name}, service and board: p50 {:.3} ms, p99 {:.3} ms ({} turns)",
            p50.as_secs_f64() * 1e3,
            p99.as_secs_f64() * 1e3,
            100 * line.len()
        );
    }
}

/// A deterministic Avalanche line of `plies` turns that does not end the game.
fn avalanche_line(plies: usize) -> Vec<String> {
    let mut game = rules::Game::new(Variant::Avalanche, None).expect("setup");
    let mut line = Vec::new();
    for k in 0..plies {
        let pos = game.position().clone();
        let turns: Vec<_> = pos
            .legal_turns()
            .into_iter()
            .filter(|t| {
                let mut g = game.clone();
                !pos.is_losing_push(t) && g.play(*t).is_ok() && g.outcome().is_none()
            })
            .collect();
        let turn = turns[(k * 7) % turns.len()];
        line.push(pos.turn_to_notation(&turn));
        game.play(turn).expect("legal");
    }
    line
}

fn turns_per_second(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    let mut backends = vec![("sqlite", runtime.block_on(open(dir.path(), "bench.db")))];
    if let Some(store) = runtime.block_on(postgres_store()) {
        backends.push(("postgres", runtime.block_on(open_on(store))));
    }
    let mut group = c.benchmark_group("service");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(30));
    group.warm_up_time(Duration::from_secs(1));
    let lines = [
        (
            "standard",
            Variant::Standard,
            LINE.map(String::from).to_vec(),
        ),
        ("avalanche", Variant::Avalanche, avalanche_line(8)),
    ];
    let mut base = 1_000_000;
    for (backend, service) in &backends {
        for (name, variant, line) in &lines {
            group.throughput(Throughput::Elements(GAMES * line.len() as u64));
            let id = format!("{backend}_{name}_turns_1000_games_with_boards");
            group.bench_function(id, |b| {
                b.iter_custom(|iterations| {
                    let mut elapsed = Duration::ZERO;
                    for _ in 0..iterations {
                        runtime.block_on(start_games(service, base, *variant, None));
                        let start = Instant::now();
                        let played = runtime.block_on(play_all(service, base, line));
                        elapsed += start.elapsed();
                        black_box(played);
                        base += GAMES;
                    }
                    elapsed
                })
            });
        }
    }
    group.finish();
}

/// The time to commit one turn (the conditional state update and the turn, one transaction)
/// straight on each store, one after another.
fn turn_commit_latency(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    let sqlite: Arc<dyn GameStore> =
        Arc::new(Storage::open(&dir.path().join("latency.db")).expect("storage"));
    let mut stores = vec![("sqlite", sqlite)];
    if let Some(store) = runtime.block_on(postgres_store()) {
        stores.push(("postgres", store));
    }
    let mut group = c.benchmark_group("store");
    for (name, store) in &stores {
        let id = runtime.block_on(store.new_id()).expect("id");
        let game = GameRecord {
            id,
            guild: Some(1),
            channel: id,
            variant: Variant::Standard,
            chess960: None,
            start_fen: None,
            white: user(1),
            black: user(2),
            deadline: None,
            time: None,
            created_ms: 0,
            rated: false,
            state: GameState::default(),
        };
        runtime
            .block_on(store.start_game(None, &game))
            .expect("start");
        let mut state = game.state.clone();
        let mut ply = 0;
        group.bench_function(format!("{name}_commit_one_turn"), |b| {
            b.iter(|| {
                state = state.next();
                runtime
                    .block_on(store.record_turn(id, ply, "Nf3", &state, None))
                    .expect("turn");
                ply += 1;
            })
        });
    }
    group.finish();
}

/// Prints the heap bytes one idle game holds: fresh, and after 20 plies.
fn idle_game_memory() {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    let service = runtime.block_on(open(dir.path(), "memory.db"));
    // Warm up every lazy structure (allocator arenas, runtime, statement caches).
    runtime.block_on(start_games(&service, 0, Variant::Avalanche, None));
    let line = avalanche_line(20);
    for (label, base, plies) in [("fresh", 10_000u64, 0usize), ("after 20 plies", 20_000, 20)] {
        let before = LIVE.load(Ordering::SeqCst);
        runtime.block_on(start_games(&service, base, Variant::Avalanche, None));
        runtime.block_on(play_all(&service, base, &line[..plies]));
        let after = LIVE.load(Ordering::SeqCst);
        println!(
            "idle Avalanche game, {label}: {} bytes of Rust heap per game ({} games)",
            (after - before) / GAMES as isize,
            GAMES
        );
    }
    black_box(&service);
}

/// Prints how long the service takes to open on 1000 stored Avalanche games of 20 plies,
/// and the Rust heap it then holds.
fn restart_reload() {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    let service = runtime.block_on(open(dir.path(), "restart.db"));
    runtime.block_on(start_games(&service, 0, Variant::Avalanche, None));
    runtime.block_on(play_all(&service, 0, &avalanche_line(20)));
    runtime.block_on(service.service.shutdown());
    drop(service);
    let heap = LIVE.load(Ordering::SeqCst);
    let start = Instant::now();
    let storage = Storage::open(&dir.path().join("restart.db")).expect("storage");
    let service = runtime
        .block_on(GameService::open(
            ServiceConfig::default(),
            Arc::new(storage),
            Arc::new(SystemClock),
        ))
        .expect("service");
    let elapsed = start.elapsed();
    let held = LIVE.load(Ordering::SeqCst) - heap;
    println!(
        "restart reloading {} games of 20 plies: {:.3} s; the service then holds {:.1} MiB of \
         Rust heap",
        service.active_channels(),
        elapsed.as_secs_f64(),
        held as f64 / (1024.0 * 1024.0)
    );
}

/// Whether `notice` tells of a flag.
fn flag_told(notice: &Notice) -> bool {
    notice
        .reply
        .messages
        .iter()
        .any(|m| matches!(m, Message::Notice(NoticeMsg::Flagged { .. })))
}

/// Sweeps `service` as a front does (at once when it says notices were queued, else every
/// second) until `count` flags came back; the real moment each came back, by channel.
async fn front_hears_flags(service: GameService, count: usize) -> Vec<(u64, Instant, SystemTime)> {
    let mut heard = Vec::new();
    while heard.len() < count {
        let _ = tokio::time::timeout(Duration::from_secs(1), service.notices_queued()).await;
        let notices = service.sweep().await;
        let (at, wall) = (Instant::now(), SystemTime::now());
        heard.extend(
            notices
                .iter()
                .filter(|n| flag_told(n))
                .map(|n| (n.channel, at, wall)),
        );
    }
    heard
}

/// The p50, p99 and largest of `times`, in milliseconds.
fn spread_ms(mut times: Vec<f64>) -> [f64; 3] {
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    [at(0.5), at(0.99), at(1.0)]
}

/// `GAMES` games on 1+0 in `store`'s service timed by `clock`, from channel 0, both first
/// turns played (Black's `apart` after one another, on the service's clock); returns the
/// service.
async fn clock_games(store: Arc<dyn GameStore>, clock: Arc<dyn Clock>, apart: Duration) -> Bot {
    let bot = open_timed(store, clock).await;
    let time = TimeControl::parse("1+0").expect("time control");
    start_games(&bot, 0, Variant::Standard, Some(time)).await;
    play_all(&bot, 0, &["e4".to_string()]).await;
    for channel in 0..GAMES {
        if !apart.is_zero() {
            tokio::time::sleep(apart).await;
        }
        let r = bot
            .service
            .execute(
                &origin(channel, 2 * channel + 1),
                Command::Move("e5".into()),
                Options::default(),
            )
            .await;
        assert!(!r.private, "{}", text(&r));
    }
    // What the start queued is not measured.
    bot.service.sweep().await;
    bot
}

/// Prints how soon the flags of `GAMES` games on 1+0 (SQLite, both first turns played in
/// each) come back from the front's sweep: all due at once (a manual clock moved past them
/// all), and spread over a few seconds (the system clock, White's turns begun 2 ms apart).
fn clock_flags() {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");

    let clock = Arc::new(ManualClock::new(
        SystemTime::UNIX_EPOCH + Duration::from_secs(1_800_000_000),
    ));
    let store = Arc::new(Storage::open(&dir.path().join("flags.db")).expect("storage"));
    let bot = runtime.block_on(clock_games(store, clock.clone(), Duration::ZERO));
    let front = runtime.spawn(front_hears_flags(bot.service.clone(), GAMES as usize));
    let moved = Instant::now();
    clock.advance(Duration::from_secs(61));
    let heard = runtime.block_on(front).expect("front");
    let delays = heard
        .iter()
        .map(|(_, at, _)| at.duration_since(moved).as_secs_f64() * 1e3)
        .collect();
    let [p50, p99, max] = spread_ms(delays);
    println!(
        "flags of {GAMES} games on 1+0, all due at once (manual clock): from the flag to the \
         front's sweep p50 {p50:.1} ms, p99 {p99:.1} ms, max {max:.1} ms (all settled and \
         swept)"
    );
    runtime.block_on(bot.service.shutdown());

    let store: Arc<dyn GameStore> =
        Arc::new(Storage::open(&dir.path().join("spread.db")).expect("storage"));
    let bot = runtime.block_on(clock_games(
        Arc::clone(&store),
        Arc::new(SystemClock),
        Duration::from_millis(2),
    ));
    let allowance = i64::try_from(bot.service.config().lag_allowance.as_millis()).expect("ms");
    let games = runtime
        .block_on(store.load_unfinished(domain::ShardSet::All))
        .expect("load")
        .games;
    let due: std::collections::HashMap<u64, i64> = games
        .iter()
        .map(|g| {
            let left = g.row.state.clocks.expect("clocks").white_ms;
            (
                g.row.channel,
                g.row.state.turn_started_ms + left + allowance,
            )
        })
        .collect();
    let (first, last) = (
        due.values().min().copied().unwrap_or_default(),
        due.values().max().copied().unwrap_or_default(),
    );
    let heard = runtime.block_on(front_hears_flags(bot.service.clone(), GAMES as usize));
    let delays = heard
        .iter()
        .map(|(channel, _, wall)| {
            let wall_ms = wall
                .duration_since(SystemTime::UNIX_EPOCH)
                .expect("after 1970")
                .as_secs_f64()
                * 1e3;
            wall_ms - due[channel] as f64
        })
        .collect();
    let [p50, p99, max] = spread_ms(delays);
    println!(
        "flags of {GAMES} games on 1+0, due over {:.2} s (system clock): from the flag to the \
         front's sweep p50 {p50:.1} ms, p99 {p99:.1} ms, max {max:.1} ms",
        (last - first) as f64 / 1e3
    );
    runtime.block_on(bot.service.shutdown());
}

/// The first argument that is not an option: the filter criterion reads too.
fn filter() -> Option<String> {
    std::env::args().skip(1).find(|a| !a.starts_with('-'))
}

/// Whether the printed measurement `name` runs under the filter given, if any.
fn wanted(name: &str) -> bool {
    filter().is_none_or(|f| name.contains(&f))
}

fn main() {
    if wanted("one_turn") {
        turn_percentiles();
    }
    if wanted("restart") {
        restart_reload();
    }
    if wanted("idle_memory") {
        idle_game_memory();
    }
    if wanted("flags") {
        clock_flags();
    }
    let mut criterion = Criterion::default().configure_from_args();
    turn_commit_latency(&mut criterion);
    turns_per_second(&mut criterion);
    criterion.final_summary();
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    runtime.block_on(postgres_admin(&format!(
        "DROP SCHEMA IF EXISTS {BENCH_SCHEMA} CASCADE"
    )));
}
