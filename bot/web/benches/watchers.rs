//! The web board under watchers (issue 54): measured, not timed tests.
//!
//! - `latency`: a standard game watched by `NADARE_BENCH_WATCHERS` (1 000) server-sent-event
//!   streams on loopback, `NADARE_BENCH_TURNS` (200) turns posted to `POST …/act` 0.3 s
//!   apart (the front's rate of actions); for each turn, when the last watcher has its `changed` event, counted from the
//!   post's answer, and how long it takes when every watcher then re-reads `GET …/state` as
//!   the page does (`NADARE_BENCH_REREADS` (20) turns near the game's start and as many after
//!   the timed turns, when the game is longer).
//! - `memory`: the server in a child process (this program again), `NADARE_BENCH_IDLE`
//!   (10 000) idle event streams opened on it from here; its resident memory (`VmRSS`) before
//!   and after, and this process's, which is what the clients cost.
//! - `page`: the bytes of the page, its script, its style and its twelve pieces fetched from a
//!   running front, and the time to a drawn board in headless Chromium (`NADARE_BENCH_LOADS`
//!   (5) loads, each in a fresh browser, then as many again with its cache).
//!
//! `cargo bench -p nadare-web --bench watchers [-- latency|memory|page …]` runs the parts
//! named, or all three. The clients run in this process on the same cores as the server: the
//! figures include their work.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use domain::{GameId, WebLinks};
use rules::{Game, Variant};
use serde_json::{Value, json};
use testkit::browser::Browser;
use testkit::harness::{Harness, Rng};
use testkit::web::Served;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Set in the child process that serves the memory part.
const ROLE: &str = "NADARE_BENCH_ROLE";

/// How many file descriptors the processes ask for (the hard limit may be lower).
const FILES: u64 = 65_536;

/// The time between two turns posted: the front lets a player act twice a second (a burst of
/// eight), and the two players alternate.
const PACE: Duration = Duration::from_millis(300);

/// The front's limits of live pages (32 an address, 10 000 in all), lifted: every watcher here
/// comes from 127.0.0.1, and the memory part opens 10 000 more while the last ones close.
const UNLIMITED: usize = 1_000_000;

fn main() {
    let asked: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let runs = |part: &str| asked.is_empty() || asked.iter().any(|a| a == part);
    let files = raise_file_limit();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    if std::env::var(ROLE).is_ok_and(|r| r == "server") {
        runtime.block_on(serve_for_parent());
        return;
    }
    println!("open files allowed: {files}");
    if runs("memory") {
        runtime.block_on(memory(setting("NADARE_BENCH_IDLE", 10_000)));
    }
    if runs("latency") {
        runtime.block_on(latency(
            setting("NADARE_BENCH_WATCHERS", 1_000),
            setting("NADARE_BENCH_TURNS", 200),
            setting("NADARE_BENCH_REREADS", 20),
        ));
    }
    if runs("page") {
        runtime.block_on(page(setting("NADARE_BENCH_LOADS", 5)));
    }
}

/// The number in the environment variable `name`, else `default`; a variable that is no
/// number stops the program with a message.
fn setting(name: &str, default: usize) -> usize {
    let Ok(v) = std::env::var(name) else {
        return default;
    };
    match v.trim().parse() {
        Ok(n) => n,
        Err(_) => {
            eprintln!("{name} must be a whole number, not `{v}`");
            std::process::exit(2);
        }
    }
}

/// Raises this process's limit of open files towards [`FILES`]; the limit now.
#[allow(unsafe_code)]
fn raise_file_limit() -> u64 {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `limit` is a valid rlimit for the call to fill in and read.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return 0;
        }
        limit.rlim_cur = limit.rlim_max.min(FILES);
        libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
    }
    limit.rlim_cur
}

/// The resident memory of process `pid` (`self` for this one), in bytes.
fn rss(pid: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("proc status");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .expect("a VmRSS line")
        * 1024
}

/// A harness's web board on a free loopback port.
async fn serve() -> Served {
    testkit::web::serve(Harness::new().await).await
}

/// A standard game between alice (White) and bob.
async fn start_game(h: &Harness) -> GameId {
    let challenge = h.say("alice> challenge bob white").await;
    let accepted = h.say("bob> accept").await;
    assert!(!accepted.private, "the game starts: {accepted:?}");
    challenge.game.expect("a game id")
}

/// An HTTP client that leaves redirects alone.
fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("a client")
}

/// The session cookie (`name=value`) a play link gives.
async fn sign_in(http: &reqwest::Client, link: &str) -> String {
    let answer = http.post(link).send().await.expect("an answer");
    assert_eq!(answer.status().as_u16(), 303, "the link signs in");
    answer
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .and_then(|c| c.split(';').next())
        .expect("a session cookie")
        .to_owned()
}

/// Both players' session cookies for `game` (White's, Black's).
async fn players(served: &Served, http: &reqwest::Client, game: GameId) -> [String; 2] {
    let sight = served.h.service.sight(game).await.expect("the game");
    let white = served.front.play(game, sight.row.white.id);
    let black = served.front.play(game, sight.row.black.id);
    [sign_in(http, &white).await, sign_in(http, &black).await]
}

/// The game as played so far, choosing each turn at random among those that do not end it.
struct Line {
    game: Game,
    rng: Rng,
    /// When the next turn may be posted ([`PACE`]).
    next_post: Instant,
}

impl Line {
    fn new() -> Line {
        Line {
            game: Game::new(Variant::Standard, None).expect("the standard start"),
            rng: Rng::new(54),
            next_post: Instant::now(),
        }
    }

    /// The next turn's notation, and whether White plays it.
    fn next(&mut self) -> (String, bool) {
        let pos = self.game.position().clone();
        let going: Vec<_> = pos
            .legal_turns()
            .into_iter()
            .filter(|t| {
                let mut after = self.game.clone();
                after.play(*t).is_ok() && after.outcome().is_none()
            })
            .collect();
        assert!(
            !going.is_empty(),
            "every turn ends the game after {} plies: ask for fewer turns",
            self.game.turns().len()
        );
        let turn = going[self.rng.below(going.len())];
        let white = pos.side_to_move() == rules::Color::White;
        self.game.play(turn).expect("a legal turn");
        (pos.turn_to_notation(&turn), white)
    }

    /// Plies played.
    fn plies(&self) -> usize {
        self.game.turns().len()
    }
}

/// Posts the line's next turn from its player's page; when it was sent and when answered.
async fn post_turn(
    http: &reqwest::Client,
    page: &str,
    cookies: &[String; 2],
    line: &mut Line,
) -> (Instant, Instant) {
    let (turn, white) = line.next();
    let cookie = &cookies[usize::from(!white)];
    tokio::time::sleep_until(line.next_post.into()).await;
    let sent = Instant::now();
    line.next_post = sent + PACE;
    let answer = http
        .post(format!("{page}/act"))
        .header("cookie", cookie)
        .header("content-type", "application/json")
        .body(json!({"do": "turn", "turn": turn}).to_string())
        .send()
        .await
        .expect("an answer");
    let status = answer.status().as_u16();
    let body = answer.text().await.expect("a body");
    let returned = Instant::now();
    assert!(
        status == 200 && body.contains("\"ok\":true"),
        "{turn} is played: {status} {body}"
    );
    (sent, returned)
}

/// `host:port` and the path of an `http://` URL.
fn split_url(url: &str) -> (String, String) {
    let rest = url.strip_prefix("http://").expect("an http URL");
    let (host, path) = rest.split_once('/').expect("a path");
    (host.to_owned(), format!("/{path}"))
}

/// Opens the event stream at `path` on `host`, as a browser does.
async fn open_stream(host: &str, path: &str) -> TcpStream {
    let mut stream = TcpStream::connect(host).await.expect("connects");
    let _ = stream.set_nodelay(true);
    let ask = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n");
    stream.write_all(ask.as_bytes()).await.expect("asks");
    stream
}

/// Counts the `changed` events in what a stream sent so far, keeping only what may still be
/// the start of one.
fn take_events(seen: &mut Vec<u8>) -> usize {
    const EVENT: &[u8] = b"event: changed";
    let mut count = 0;
    let mut end = 0;
    let mut at = 0;
    while at + EVENT.len() <= seen.len() {
        if &seen[at..at + EVENT.len()] == EVENT {
            count += 1;
            at += EVENT.len();
            end = at;
        } else {
            at += 1;
        }
    }
    let keep_from = end.max(seen.len().saturating_sub(EVENT.len() - 1));
    seen.drain(..keep_from);
    count
}

/// `GET path` on a kept-alive connection (opened on first use): the body's length.
async fn get_on(conn: &mut Option<TcpStream>, host: &str, path: &str) -> usize {
    if conn.is_none() {
        let stream = TcpStream::connect(host).await.expect("connects");
        let _ = stream.set_nodelay(true);
        *conn = Some(stream);
    }
    let stream = conn.as_mut().expect("a connection");
    let ask = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n");
    stream.write_all(ask.as_bytes()).await.expect("asks");
    let mut got = Vec::with_capacity(16 * 1024);
    let mut chunk = [0u8; 8192];
    let head_end = loop {
        let n = stream.read(&mut chunk).await.expect("reads");
        assert!(n > 0, "the server closed the connection");
        got.extend_from_slice(&chunk[..n]);
        if let Some(i) = got.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
    };
    let head = String::from_utf8_lossy(&got[..head_end]).to_ascii_lowercase();
    assert!(head.starts_with("http/1.1 200"), "{head}");
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse().ok())
        .expect("a content length");
    while got.len() < head_end + length {
        let n = stream.read(&mut chunk).await.expect("reads");
        assert!(n > 0, "the server closed the connection");
        got.extend_from_slice(&chunk[..n]);
    }
    length
}

/// When each watcher heard each `changed` event, and when it had re-read the state after
/// each, by watcher.
struct Tally {
    heard: Vec<Mutex<Vec<Instant>>>,
    read: Vec<Mutex<Vec<Instant>>>,
    /// Whether watchers re-read the state after each event but the greeting.
    reread: AtomicBool,
    /// The length of the last state read.
    state_bytes: AtomicUsize,
    /// The last position a page has before the turn being told (it asks from there on, as
    /// the page does).
    from: AtomicUsize,
}

impl Tally {
    fn new(watchers: usize) -> Tally {
        Tally {
            heard: (0..watchers).map(|_| Mutex::new(Vec::new())).collect(),
            read: (0..watchers).map(|_| Mutex::new(Vec::new())).collect(),
            reread: AtomicBool::new(false),
            state_bytes: AtomicUsize::new(0),
            from: AtomicUsize::new(0),
        }
    }

    /// For each watcher, the first time at or after `since` it heard an event (or, with
    /// `read`, finished a re-read), once every watcher has one.
    async fn after(&self, read: bool, since: Instant) -> Vec<Instant> {
        let lists = if read { &self.read } else { &self.heard };
        let first = |list: &Mutex<Vec<Instant>>| {
            list.lock()
                .expect("the tally")
                .iter()
                .find(|&&t| t >= since)
                .copied()
        };
        let waiting = Instant::now();
        loop {
            let times: Vec<Instant> = lists.iter().filter_map(first).collect();
            if times.len() == lists.len() {
                return times;
            }
            assert!(
                waiting.elapsed() < Duration::from_secs(120),
                "{} of {} watchers in two minutes",
                times.len(),
                lists.len()
            );
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    }

    /// How many events each watcher heard, least and most.
    fn events(&self) -> (usize, usize) {
        let counts = self
            .heard
            .iter()
            .map(|l| l.lock().expect("the tally").len());
        counts.fold((usize::MAX, 0), |(lo, hi), n| (lo.min(n), hi.max(n)))
    }
}

/// Watcher `me`: hears the stream at `events`, and re-reads `state` after each event but the
/// greeting when the tally says so.
async fn watcher(me: usize, host: String, events: String, state: String, tally: Arc<Tally>) {
    let mut stream = open_stream(&host, &events).await;
    let mut reads = None;
    let mut seen = Vec::new();
    let mut chunk = [0u8; 4096];
    let mut greeted = false;
    while let Ok(n) = stream.read(&mut chunk).await {
        if n == 0 {
            break;
        }
        let at = Instant::now();
        seen.extend_from_slice(&chunk[..n]);
        for _ in 0..take_events(&mut seen) {
            tally.heard[me].lock().expect("the tally").push(at);
            if greeted && tally.reread.load(Ordering::Relaxed) {
                let from = tally.from.load(Ordering::Relaxed);
                let bytes = get_on(&mut reads, &host, &format!("{state}?from={from}")).await;
                tally.state_bytes.store(bytes, Ordering::Relaxed);
                tally.read[me]
                    .lock()
                    .expect("the tally")
                    .push(Instant::now());
            }
            greeted = true;
        }
    }
}

/// The `p`-th quantile (0–1) of `values`, nearest rank.
fn quantile(values: &[f64], p: f64) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let rank = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// Milliseconds from `from` to `to`, negative when `to` came first.
fn ms(from: Instant, to: Instant) -> f64 {
    if to >= from {
        (to - from).as_secs_f64() * 1e3
    } else {
        -((from - to).as_secs_f64() * 1e3)
    }
}

/// p50, p99 and the worst of `values`, in ms.
fn summary(values: &[f64]) -> String {
    format!(
        "p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} samples)",
        quantile(values, 0.5),
        quantile(values, 0.99),
        quantile(values, 1.0),
        values.len()
    )
}

/// Part 1: from a turn posted to its event at every watcher, and to every watcher's re-read.
async fn latency(watchers: usize, turns: usize, rereads: usize) {
    println!("\n== latency: {watchers} watchers, {turns} turns, {rereads}+{rereads} re-read turns");
    let served = serve().await;
    served.front.limit_watchers(UNLIMITED, UNLIMITED);
    let http = client();
    let game = start_game(&served.h).await;
    let page = served.front.watch(game);
    let cookies = players(&served, &http, game).await;
    let (host, path) = split_url(&page);
    let tally = Arc::new(Tally::new(watchers));
    let connecting = Instant::now();
    for me in 0..watchers {
        tokio::spawn(watcher(
            me,
            host.clone(),
            format!("{path}/events"),
            format!("{path}/state"),
            tally.clone(),
        ));
    }
    tally.after(false, connecting).await;
    println!(
        "{watchers} watchers connected and greeted in {:.0} ms",
        connecting.elapsed().as_secs_f64() * 1e3
    );
    let mut line = Line::new();
    for label in ["re-read at the start", "events only", "re-read later"] {
        let reread = label != "events only";
        let count = if reread { rereads } else { turns };
        if count == 0 {
            continue;
        }
        tally.reread.store(reread, Ordering::Relaxed);
        let first_ply = line.plies() + 1;
        let (mut last_from_answer, mut last_from_post, mut every, mut reads) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for _ in 0..count {
            tally.from.store(line.plies(), Ordering::Relaxed);
            let (sent, returned) = post_turn(&http, &page, &cookies, &mut line).await;
            let heard = tally.after(false, sent).await;
            if reread {
                let read = tally.after(true, sent).await;
                let last = read.iter().max().copied().expect("reads");
                reads.push(ms(returned, last));
            }
            let last = heard.iter().max().copied().expect("events");
            last_from_answer.push(ms(returned, last));
            last_from_post.push(ms(sent, last));
            every.extend(heard.iter().map(|&t| ms(returned, t)));
        }
        let state = if reread {
            format!(
                ", the state {} bytes at the end",
                tally.state_bytes.load(Ordering::Relaxed)
            )
        } else {
            String::new()
        };
        println!("-- {label}: plies {first_ply}–{}{state}", line.plies());
        println!(
            "   last watcher told, from the post's answer: {}",
            summary(&last_from_answer)
        );
        println!(
            "   last watcher told, from the post sent:     {}",
            summary(&last_from_post)
        );
        println!(
            "   each watcher told, from the post's answer: {}",
            summary(&every)
        );
        if reread {
            println!(
                "   every watcher re-read the state, from the post's answer: {}",
                summary(&reads)
            );
        }
    }
    // The server's own time for one state read at this length, one read at a time.
    let mut conn = None;
    let mut alone = Vec::new();
    for _ in 0..100 {
        let since = Instant::now();
        get_on(&mut conn, &host, &format!("{path}/state")).await;
        alone.push(since.elapsed().as_secs_f64() * 1e3);
    }
    println!(
        "one state read at a time after {} plies: {}",
        line.plies(),
        summary(&alone)
    );
    let (least, most) = tally.events();
    println!(
        "events a watcher heard: {least}–{most} (the greeting and one a turn: {})",
        line.plies() + 1
    );
}

/// The child process of the memory part: serves a game's board, prints its page and a play
/// link for White, and serves until its standard input closes.
async fn serve_for_parent() {
    let served = serve().await;
    served.front.limit_watchers(UNLIMITED, UNLIMITED);
    let game = start_game(&served.h).await;
    let sight = served.h.service.sight(game).await.expect("the game");
    let page = served.front.watch(game);
    let link = served.front.play(game, sight.row.white.id);
    println!("{page} {link}");
    std::io::stdout().flush().expect("stdout");
    let _ = tokio::task::spawn_blocking(|| {
        let _ = std::io::stdin().read_to_end(&mut Vec::new());
    })
    .await;
}

/// Opens `idle` event streams on `host` at `path`, at most 200 being greeted at a time, and
/// waits until all are greeted; the tasks holding them, counting the events after the greeting
/// in `turned`.
async fn open_idle(
    host: &str,
    path: &str,
    idle: usize,
    turned: &Arc<AtomicUsize>,
) -> Vec<tokio::task::JoinHandle<()>> {
    let greeted = Arc::new(AtomicUsize::new(0));
    let gate = Arc::new(tokio::sync::Semaphore::new(200));
    let since = Instant::now();
    let mut streams = Vec::with_capacity(idle);
    for _ in 0..idle {
        let permit = gate.clone().acquire_owned().await.expect("the gate");
        let (host, events) = (host.to_owned(), format!("{path}/events"));
        let (greeted, turned) = (greeted.clone(), turned.clone());
        streams.push(tokio::spawn(async move {
            let mut permit = Some(permit);
            let mut stream = open_stream(&host, &events).await;
            let mut seen = Vec::new();
            let mut chunk = [0u8; 1024];
            let mut heard = 0;
            while let Ok(n) = stream.read(&mut chunk).await {
                if n == 0 {
                    break;
                }
                seen.extend_from_slice(&chunk[..n]);
                for _ in 0..take_events(&mut seen) {
                    let counter = if heard == 0 { &greeted } else { &turned };
                    counter.fetch_add(1, Ordering::Relaxed);
                    heard += 1;
                    permit = None;
                }
            }
            drop(permit);
        }));
    }
    while greeted.load(Ordering::Relaxed) < idle {
        assert!(
            since.elapsed() < Duration::from_secs(300),
            "only {} streams greeted",
            greeted.load(Ordering::Relaxed)
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    streams
}

/// Part 2: the server's memory for each idle event stream.
async fn memory(idle: usize) {
    println!("\n== memory: {idle} idle event streams on a server in a child process");
    let mut child = Command::new(std::env::current_exe().expect("this program"))
        .env(ROLE, "server")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the server starts");
    let pid = child.id().to_string();
    let mut told = String::new();
    BufReader::new(child.stdout.take().expect("its output"))
        .read_line(&mut told)
        .expect("the server's addresses");
    let mut words = told.split_whitespace();
    let (page, link) = (
        words.next().expect("a page").to_owned(),
        words.next().expect("a play link").to_owned(),
    );
    let (host, path) = split_url(&page);
    let http = client();
    // The server once warmed: its page and state served, a watcher come and gone.
    let _ = http.get(&page).send().await.expect("the page");
    let _ = http
        .get(format!("{page}/state"))
        .send()
        .await
        .expect("the state");
    drop(open_stream(&host, &format!("{path}/events")).await);
    tokio::time::sleep(Duration::from_secs(1)).await;
    let (server_before, client_before) = (rss(&pid), rss("self"));

    let turned = Arc::new(AtomicUsize::new(0));
    let since = Instant::now();
    let streams = open_idle(&host, &path, idle, &turned).await;
    let opened = since.elapsed();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (server_idle, client_idle) = (rss(&pid), rss("self"));

    // One turn told to every stream: each has now sent an event after its greeting.
    let cookie = sign_in(&http, &link).await;
    let answer = http
        .post(format!("{page}/act"))
        .header("cookie", &cookie)
        .header("content-type", "application/json")
        .body(json!({"do": "turn", "turn": "e4"}).to_string())
        .send()
        .await
        .expect("an answer");
    assert_eq!(answer.status().as_u16(), 200, "e4 is played");
    let told_since = Instant::now();
    while turned.load(Ordering::Relaxed) < idle {
        assert!(
            told_since.elapsed() < Duration::from_secs(120),
            "only {} streams told of the turn",
            turned.load(Ordering::Relaxed)
        );
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    let told_in = told_since.elapsed();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (server_told, client_told) = (rss(&pid), rss("self"));

    for stream in &streams {
        stream.abort();
    }
    for stream in streams {
        let _ = stream.await;
    }
    // A server hears of a closed stream when it next writes to it: the keep-alive, at most
    // 15 s later.
    tokio::time::sleep(Duration::from_secs(17)).await;
    let server_closed = rss(&pid);
    // As many again: whether the memory of the first is used again or lost.
    let again = open_idle(&host, &path, idle, &Arc::new(AtomicUsize::new(0))).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let server_again = rss(&pid);
    for stream in &again {
        stream.abort();
    }
    drop(child.stdin.take());
    let _ = child.wait();

    let mb = |b: u64| b as f64 / (1024.0 * 1024.0);
    let each = |after: u64, before: u64| after.saturating_sub(before) as f64 / idle as f64 / 1024.0;
    println!(
        "{idle} streams opened and greeted in {:.1} s; one turn told to all in {:.0} ms",
        opened.as_secs_f64(),
        told_in.as_secs_f64() * 1e3
    );
    println!(
        "server RSS: {:.1} MiB before, {:.1} MiB idle ({:.1} KiB a stream), {:.1} MiB after a \
         turn ({:.1} KiB a stream), {:.1} MiB once they closed, {:.1} MiB with as many \
         open again",
        mb(server_before),
        mb(server_idle),
        each(server_idle, server_before),
        mb(server_told),
        each(server_told, server_before),
        mb(server_closed),
        mb(server_again)
    );
    println!(
        "client RSS (this process): {:.1} MiB before, {:.1} MiB idle ({:.1} KiB a stream), \
         {:.1} MiB after the turn ({:.1} KiB a stream)",
        mb(client_before),
        mb(client_idle),
        each(client_idle, client_before),
        mb(client_told),
        each(client_told, client_before)
    );
}

/// What the page's performance timeline says once its board is drawn, in ms from the start
/// of the navigation.
const TIMELINE: &str = "
const nav = performance.getEntriesByType('navigation')[0];
const res = performance.getEntriesByType('resource');
const state = res.filter(e => e.name.endsWith('/state'));
const svgs = res.filter(e => e.name.endsWith('.svg'));
const fcp = performance.getEntriesByName('first-contentful-paint')[0];
return {
  response: nav.responseEnd,
  dom: nav.domContentLoadedEventEnd,
  load: nav.loadEventEnd,
  state: state.length ? state[0].responseEnd : null,
  states: state.length,
  pieces_asked: svgs.length ? Math.min(...svgs.map(e => e.startTime)) : null,
  pieces_in: svgs.length ? Math.max(...svgs.map(e => e.responseEnd)) : null,
  fcp: fcp ? fcp.startTime : null,
};";

/// Part 3: the page's weight, and the time to its first board in headless Chromium.
async fn page(loads: usize) {
    println!("\n== page");
    let served = serve().await;
    let http = client();
    let game = start_game(&served.h).await;
    let page = served.front.watch(game);
    let cookies = players(&served, &http, game).await;
    let mut line = Line::new();
    for _ in 0..20 {
        post_turn(&http, &page, &cookies, &mut line).await;
    }
    let base = &served.base;
    let mut parts = vec![
        ("the page (HTML)".to_owned(), page.clone()),
        ("game.js".to_owned(), format!("{base}/assets/game.js")),
        ("game.css".to_owned(), format!("{base}/assets/game.css")),
    ];
    for color in ['w', 'b'] {
        for role in ['K', 'Q', 'R', 'B', 'N', 'P'] {
            let name = format!("{color}{role}.svg");
            parts.push((name.clone(), format!("{base}/assets/{name}")));
        }
    }
    let mut total = 0;
    let mut pieces = 0;
    for (name, url) in &parts {
        let answer = http.get(url).send().await.expect("an answer");
        assert_eq!(answer.status().as_u16(), 200, "{url}");
        let bytes = answer.bytes().await.expect("a body").len();
        total += bytes;
        if name.ends_with(".svg") {
            pieces += bytes;
        } else {
            println!("{name}: {bytes} bytes");
        }
    }
    println!("the 12 pieces: {pieces} bytes");
    println!("in all: {total} bytes ({:.1} KiB)", total as f64 / 1024.0);
    let state = http
        .get(format!("{page}/state"))
        .send()
        .await
        .expect("the state")
        .bytes()
        .await
        .expect("its body")
        .len();
    println!(
        "and the state (data, not the page's weight) after {} plies: {state} bytes",
        line.plies()
    );

    let drawn = "document.body.dataset.plies !== undefined";
    let settled = "document.body.dataset.plies !== undefined && \
                   [...document.images].every(i => i.complete)";
    let mut cold = Vec::new();
    let mut warm = Vec::new();
    for _ in 0..loads {
        let Some(browser) = Browser::start(1280, 900).await else {
            println!("no browser: the time to the first board is left out");
            return;
        };
        for kept in [false, true] {
            let since = Instant::now();
            browser.go(&page).await;
            browser
                .wait_for(drawn, Duration::from_secs(20))
                .await
                .expect("the board is drawn");
            let wall = since.elapsed().as_secs_f64() * 1e3;
            browser
                .wait_for(settled, Duration::from_secs(20))
                .await
                .expect("the pieces are in");
            let timeline = browser.script(TIMELINE, json!([])).await;
            if kept { &mut warm } else { &mut cold }.push((wall, timeline));
        }
        browser.close().await;
    }
    for (label, runs) in [("a fresh browser", &cold), ("again, cached", &warm)] {
        let pick = |key: &str| -> Vec<f64> {
            runs.iter()
                .filter_map(|(_, t): &(f64, Value)| t[key].as_f64())
                .collect()
        };
        let walls: Vec<f64> = runs.iter().map(|(w, _)| *w).collect();
        let median = |v: &[f64]| {
            if v.is_empty() {
                "–".to_owned()
            } else {
                format!("{:.0}", quantile(v, 0.5))
            }
        };
        println!(
            "{label} ({} loads), medians in ms from the navigation's start: response {}, DOM \
             ready {}, load {}, state in {}, pieces asked (board drawn) {}, pieces in {}, first \
             paint {}; state reads {}; WebDriver saw the board after {} (range {:.0}–{:.0})",
            runs.len(),
            median(&pick("response")),
            median(&pick("dom")),
            median(&pick("load")),
            median(&pick("state")),
            median(&pick("pieces_asked")),
            median(&pick("pieces_in")),
            median(&pick("fcp")),
            median(&pick("states")),
            median(&walls),
            quantile(&walls, 0.0),
            quantile(&walls, 1.0),
        );
    }
}
