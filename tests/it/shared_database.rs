//! Several game services (as several bot processes would run them) on one PostgreSQL
//! database: each loads only its shards' games, a crashed process's games continue on the
//! process that takes its shards over, a process holding a stale copy of a game is refused
//! and reloads instead of overwriting (and is told of other processes' changes), a
//! deadline fires once however many processes sweep, and a chess clock's flag is stored and
//! announced once however many processes' timers race on it (and never during a restart), and
//! an arena's next wave is paired once however many processes see its games end.
//! Skipped (and says so) without a reachable PostgreSQL.

use std::sync::Arc;
use std::time::{Duration, Instant};

use console::{ConsoleRooms, parse_line, room_channel};
use domain::messages::{Message, NoticeMsg, Refusal, TournamentMsg};
use domain::{GameId, GameStore, Locale, Notice, Origin, Reply, ShardSet};
use rules::{Color, EndReason};
use service::{GameService, ManualClock, Options, ServiceConfig};
use testkit::harness::{epoch, guild_in_shard, lost_on_time, record, refusal, text};
use testkit::stores::Backend;

/// A service ("process") on `backend` serving `shards`.
async fn process(backend: &Backend, shards: ShardSet, clock: &Arc<ManualClock>) -> GameService {
    let config = ServiceConfig {
        shards,
        ..ServiceConfig::default()
    };
    GameService::open(config, backend.handle().await, clock.clone())
        .await
        .expect("open service")
}

/// Runs a console-style line (`alice> move e4`) in `channel` of `guild`.
async fn say(service: &GameService, guild: u64, channel: u64, line: &str) -> Reply {
    let parsed = parse_line(line).unwrap_or_else(|e| panic!("bad test line `{line}`: {e}"));
    let origin = Origin {
        guild: Some(guild),
        channel,
        user: parsed.user,
        locale: Locale::default(),
    };
    service
        .execute(&origin, parsed.command, Options::default())
        .await
}

fn range(first: u32, last: u32, total: u32) -> ShardSet {
    ShardSet::Range { first, last, total }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_each_play_in_their_own_shards_and_hand_over() {
    let Some(backend) = Backend::postgres("shared_hand_over").await else {
        return;
    };
    let clock = Arc::new(ManualClock::new(epoch()));
    let (g0, g1) = (guild_in_shard(0, 2, 1_000), guild_in_shard(1, 2, 1_000));
    let a = process(&backend, range(0, 0, 2), &clock).await;
    let b = process(&backend, range(1, 1, 2), &clock).await;
    for (p, guild, channel) in [(&a, g0, 10), (&b, g1, 11)] {
        assert!(
            !say(p, guild, channel, "alice> challenge bob white")
                .await
                .private
        );
        assert!(!say(p, guild, channel, "bob> accept").await.private);
        assert!(!say(p, guild, channel, "alice> move e4").await.private);
    }
    assert!(!say(&b, g1, 11, "bob> move e5").await.private);
    // Ids come from the database: the two processes never hand out the same one.
    let (ida, idb) = (
        say(&a, g0, 10, "alice> board").await.game,
        say(&b, g1, 11, "alice> board").await.game,
    );
    assert!(ida.is_some() && idb.is_some() && ida != idb);

    // B is killed (no shutdown); A takes both shards over and finds B's game at its last turn.
    drop(b);
    let a2 = process(&backend, range(0, 1, 2), &clock).await;
    assert_eq!(a2.active_channels(), 2);
    let moves = say(&a2, g1, 11, "alice> moves").await;
    assert!(
        record(&moves).contains("e4") && record(&moves).contains("e5"),
        "{}",
        text(&moves)
    );
    assert!(!say(&a2, g1, 11, "alice> move Nf3").await.private);

    // The shard total changes to 4: the game's server now maps to one of the four, and the
    // process serving that one loads it.
    drop(a);
    drop(a2);
    let owner = ShardSet::shard_of(Some(g1), 4);
    let wrong = process(&backend, range((owner + 1) % 4, (owner + 1) % 4, 4), &clock).await;
    assert!(
        say(&wrong, g1, 11, "bob> moves").await.private,
        "not this process's game"
    );
    let right = process(&backend, range(owner, owner, 4), &clock).await;
    let moves = say(&right, g1, 11, "bob> moves").await;
    assert!(record(&moves).contains("Nf3"), "{}", text(&moves));
    assert!(!say(&right, g1, 11, "bob> move Nc6").await.private);
    backend.cleanup().await;
}

/// Waits until `process` shows `turn` in the record of the game in `channel` (it reloads the
/// game once another process's change reaches it).
async fn caught_up(process: &GameService, guild: u64, channel: u64, turn: &str) {
    for _ in 0..200 {
        if record(&say(process, guild, channel, "alice> moves").await).contains(turn) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("the process never showed {turn}");
}

/// A process holding a stale copy of a game never writes over the stored one: its turn is
/// refused (as a conflict, or, once another process told it of the change, as the position
/// stands), and it catches up with what is stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stale_process_is_refused_and_reloads() {
    let Some(backend) = Backend::postgres("shared_stale").await else {
        return;
    };
    let clock = Arc::new(ManualClock::new(epoch()));
    let guild = guild_in_shard(0, 1, 1_000);
    let a = process(&backend, ShardSet::All, &clock).await;
    assert!(
        !say(&a, guild, 5, "alice> challenge bob white")
            .await
            .private
    );
    assert!(!say(&a, guild, 5, "bob> accept").await.private);
    // B loads the game too (as a process whose shard was moved away without it knowing).
    let b = process(&backend, ShardSet::All, &clock).await;
    assert!(!say(&a, guild, 5, "alice> move e4").await.private);
    assert!(!say(&a, guild, 5, "bob> move e5").await.private);
    // B may still think it is White's first turn (A's word of the change is on its way): then
    // its write is refused as a conflict. Told already, it refuses the turn as the position
    // stands. Either way nothing is overwritten.
    let r = say(&b, guild, 5, "alice> move e4").await;
    assert!(r.private, "{}", text(&r));
    assert!(
        matches!(
            refusal(&r),
            Some(Refusal::Conflict | Refusal::NotYourTurn { .. } | Refusal::Illegal { .. })
        ),
        "{}",
        text(&r)
    );
    // B has reloaded: it shows both turns, and plays on from there.
    caught_up(&b, guild, 5, "e5").await;
    assert!(!say(&b, guild, 5, "alice> move Nf3").await.private);
    // And now A is the stale one, unless told already: its turn is refused either way.
    let r = say(&a, guild, 5, "alice> move Bc4").await;
    assert!(
        matches!(
            refusal(&r),
            Some(Refusal::Conflict | Refusal::NotYourTurn { .. })
        ),
        "{}",
        text(&r)
    );
    caught_up(&a, guild, 5, "Nf3").await;
    let fresh = process(&backend, ShardSet::All, &clock).await;
    let moves = say(&fresh, guild, 5, "bob> moves").await;
    assert!(
        record(&moves).contains("Nf3")
            && !record(&moves).contains("Bc4")
            && !record(&moves).contains("d4"),
        "{}",
        text(&moves)
    );
    backend.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deadline_fires_once_across_processes() {
    let Some(backend) = Backend::postgres("shared_deadline").await else {
        return;
    };
    let clock = Arc::new(ManualClock::new(epoch()));
    let guild = guild_in_shard(0, 1, 1_000);
    let a = process(&backend, ShardSet::All, &clock).await;
    for channel in 20..25 {
        assert!(
            !say(&a, guild, channel, "alice> challenge bob white 1h")
                .await
                .private
        );
        assert!(!say(&a, guild, channel, "bob> accept").await.private);
    }
    let b = process(&backend, ShardSet::All, &clock).await;
    clock.advance(Duration::from_secs(2 * 3600));
    let (na, nb) = tokio::join!(a.sweep(), b.sweep());
    let timeouts = na
        .iter()
        .chain(&nb)
        .filter(|n| lost_on_time(&n.reply))
        .count();
    assert_eq!(timeouts, 5, "one timeout per game: {na:?} {nb:?}");
    let (na, nb) = tokio::join!(a.sweep(), b.sweep());
    assert!(
        na.iter().chain(&nb).all(|n| !lost_on_time(&n.reply)),
        "announced again: {na:?} {nb:?}"
    );
    backend.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_connection_is_retried_and_no_turn_is_lost() {
    let Some(backend) = Backend::postgres("shared_reconnect").await else {
        return;
    };
    let clock = Arc::new(ManualClock::new(epoch()));
    let guild = guild_in_shard(0, 1, 1_000);
    let a = process(&backend, ShardSet::All, &clock).await;
    assert!(
        !say(&a, guild, 7, "alice> challenge bob white")
            .await
            .private
    );
    assert!(!say(&a, guild, 7, "bob> accept").await.private);
    assert!(!say(&a, guild, 7, "alice> move e4").await.private);
    // The server drops every connection of this process (a restart, a network cut).
    assert!(backend.cut_connections().await > 0);
    let r = say(&a, guild, 7, "bob> move e5").await;
    assert!(
        !r.private,
        "the turn went through on a new connection: {}",
        text(&r)
    );
    let fresh = process(&backend, ShardSet::All, &clock).await;
    let moves = say(&fresh, guild, 7, "bob> moves").await;
    assert!(
        record(&moves).contains("e5"),
        "the turn was stored: {}",
        text(&moves)
    );
    backend.cleanup().await;
}

/// Whether `notice` tells of a flag.
fn flagged(notice: &Notice) -> bool {
    notice
        .reply
        .messages
        .iter()
        .any(|m| matches!(m, Message::Notice(NoticeMsg::Flagged { .. })))
}

/// Whether game `id` is stored as finished.
async fn finished(store: &dyn GameStore, id: GameId) -> bool {
    let stored = store.load_game(id).await.expect("load").expect("stored");
    stored.row.state.finished.is_some()
}

/// The flags processes `a` and `b` announce from now on: each is swept whenever one of them says it
/// queued notices (or every quarter second), until game `id` is stored as finished and
/// `want` flags were heard, then again until they have been quiet for a second. Each flag
/// comes with the index of the process that announced it.
async fn flags_heard(
    [a, b]: [&GameService; 2],
    store: &dyn GameStore,
    id: GameId,
    want: usize,
) -> Vec<(usize, Notice)> {
    let start = Instant::now();
    let mut heard = Vec::new();
    let mut quiet_since: Option<Instant> = None;
    loop {
        let mut any = false;
        for (i, p) in [a, b].into_iter().enumerate() {
            for notice in p.sweep().await {
                if flagged(&notice) {
                    any = true;
                    heard.push((i, notice));
                }
            }
        }
        if heard.len() >= want && finished(store, id).await {
            let since = *quiet_since.get_or_insert_with(Instant::now);
            if any {
                quiet_since = Some(Instant::now());
            } else if since.elapsed() > Duration::from_secs(1) {
                break;
            }
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "no flag of game {id} after 20 s: {heard:?}"
        );
        let queued = async {
            tokio::select! {
                () = a.notices_queued() => {}
                () = b.notices_queued() => {}
            }
        };
        // Quiet for a quarter second: swept anyway.
        let _ = tokio::time::timeout(Duration::from_millis(250), queued).await;
    }
    println!(
        "game {id}: {} flag(s) heard {:?} after the clock moved",
        heard.len(),
        start.elapsed()
    );
    heard
}

/// Two processes serving the same shards both hold a game on a clock, at the same stored
/// revision, when its flag falls: both timers fire, one conditional write of the flag
/// counts, and only the process whose write counted announces it (the other reloads the
/// finished game), once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_race_on_one_flag_and_it_is_told_once() {
    let Some(backend) = Backend::postgres("shared_flag_race").await else {
        return;
    };
    let clock = Arc::new(ManualClock::new(epoch()));
    let guild = guild_in_shard(0, 1, 1_000);
    let a = process(&backend, ShardSet::All, &clock).await;
    assert!(
        !say(&a, guild, 30, "alice> challenge bob white 1+0")
            .await
            .private
    );
    let id = say(&a, guild, 30, "bob> accept")
        .await
        .game
        .expect("a game");
    // B starts while the game waits for its first turn: it loads the game, starts its
    // first turn's limit again, stored, and tells A, which reloads before its next command:
    // White's first turn through A is not refused as a conflict.
    let mut heard = a.changes();
    let b = process(&backend, ShardSet::All, &clock).await;
    let told = tokio::time::timeout(Duration::from_secs(10), async {
        while heard.recv().await.ok() != Some(Some(id)) {}
    })
    .await;
    assert!(told.is_ok(), "A was never told of B's start");
    let r = say(&a, guild, 30, "alice> move e4").await;
    assert!(!r.private, "{}", text(&r));
    assert!(!say(&a, guild, 30, "bob> move e5").await.private);
    // B hears of both turns and reloads: both processes now hold the stored revision, and
    // each has a timer on it.
    caught_up(&b, guild, 30, "e5").await;
    let store = backend.handle().await;

    clock.advance(Duration::from_secs(61));
    let heard = flags_heard([&a, &b], &*store, id, 1).await;
    assert_eq!(heard.len(), 1, "one announcement across both: {heard:?}");
    let (who, notice) = &heard[0];
    println!("process {} announced the flag", ["A", "B"][*who]);
    let expected = NoticeMsg::Flagged {
        player: "alice".into(),
        color: Color::White,
        drawn: false,
    };
    assert!(notice.reply.says(&expected.into()), "{notice:?}");
    assert_eq!(notice.channel, 30);

    let stored = store.load_game(id).await.expect("load").expect("stored");
    let end = stored.row.state.finished.expect("finished");
    assert_eq!(end.outcome.reason, EndReason::TimeForfeit);
    assert_eq!(end.outcome.winner, Some(Color::Black));
    assert_eq!(stored.row.state.clocks.map(|c| c.white_ms), Some(0));
    if stored.row.rated {
        // The result counted once: each player has one rated game.
        for player in [stored.row.white.id, stored.row.black.id] {
            let ratings = store.user_ratings(guild, player).await.expect("ratings");
            let games: u32 = ratings.iter().map(|r| r.games).sum();
            assert_eq!(games, 1, "user {player}: {ratings:?}");
        }
    }
    // Later sweeps, on either process, announce nothing more of it.
    clock.advance(Duration::from_secs(120));
    for _ in 0..3 {
        let (na, nb) = tokio::join!(a.sweep(), b.sweep());
        assert!(
            !na.iter().chain(&nb).any(flagged),
            "announced again: {na:?} {nb:?}"
        );
    }
    backend.cleanup().await;
}

/// The process holding a game on a clock stops in the middle of a turn and starts again an
/// hour later, while another process serves the other shards: nobody flags the player for
/// the hour away, the turn resumes with the time it had, and once that runs out the game is
/// flagged once, by the restarted process.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_mid_turn_never_flags_and_the_flag_comes_once_after() {
    let Some(backend) = Backend::postgres("shared_flag_restart").await else {
        return;
    };
    let clock = Arc::new(ManualClock::new(epoch()));
    let guild = guild_in_shard(0, 2, 1_000);
    let a = process(&backend, range(0, 0, 2), &clock).await;
    let other = process(&backend, range(1, 1, 2), &clock).await;
    assert!(
        !say(&a, guild, 40, "alice> challenge bob white 1+0")
            .await
            .private
    );
    let id = say(&a, guild, 40, "bob> accept")
        .await
        .game
        .expect("a game");
    assert!(!say(&a, guild, 40, "alice> move e4").await.private);
    assert!(!say(&a, guild, 40, "bob> move e5").await.private);
    let store = backend.handle().await;

    // White thinks for 30 s; A stops, and starts again an hour later.
    clock.advance(Duration::from_secs(30));
    a.shutdown().await;
    drop(a);
    clock.advance(Duration::from_secs(3600));
    let a = process(&backend, range(0, 0, 2), &clock).await;
    let (na, nb) = tokio::join!(a.sweep(), other.sweep());
    assert!(!na.iter().chain(&nb).any(flagged), "{na:?} {nb:?}");
    assert!(
        !finished(&*store, id).await,
        "nobody flags during a restart"
    );

    // White resumes with the whole minute its turn began with (and the allowance).
    clock.advance(Duration::from_secs(60));
    let (na, nb) = tokio::join!(a.sweep(), other.sweep());
    assert!(!na.iter().chain(&nb).any(flagged), "{na:?} {nb:?}");
    assert!(!finished(&*store, id).await, "0.5 s is left");

    clock.advance(Duration::from_secs(1));
    let heard = flags_heard([&a, &other], &*store, id, 1).await;
    assert_eq!(heard.len(), 1, "{heard:?}");
    assert_eq!(heard[0].0, 0, "the process holding the game announces it");
    let stored = store.load_game(id).await.expect("load").expect("stored");
    let end = stored.row.state.finished.expect("finished");
    assert_eq!(
        (end.outcome.reason, end.outcome.winner),
        (EndReason::TimeForfeit, Some(Color::Black))
    );
    backend.cleanup().await;
}

/// `line` in `channel`, said again a moment later if this process's copy of the game was
/// stale (refused as changed elsewhere), as the refusal tells the player to.
async fn resign_looking_again(p: &GameService, guild: u64, channel: u64, line: &str) -> Reply {
    let first = say(p, guild, channel, line).await;
    if refusal(&first) != Some(&Refusal::Conflict) {
        return first;
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    say(p, guild, channel, line).await
}

/// Notices posting the start of a tournament game, among `notices`.
fn game_starts(notices: &[Notice]) -> usize {
    notices
        .iter()
        .filter(|n| {
            n.reply
                .messages
                .iter()
                .any(|m| matches!(m, Message::Tournament(TournamentMsg::Game { .. })))
        })
        .count()
}

/// Two games of an arena end at the same moment, one through each of two processes: the wave
/// that follows is paired once (a conditional write), its games started and announced once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arenas_next_wave_is_paired_once_across_processes() {
    let Some(backend) = Backend::postgres("shared_arena").await else {
        return;
    };
    let clock = Arc::new(ManualClock::new(epoch()));
    let guild = guild_in_shard(0, 1, 1_000);
    let a = process(&backend, ShardSet::All, &clock).await;
    a.set_rooms(Arc::new(ConsoleRooms::default()));
    let hall = 40;
    let created = say(
        &a,
        guild,
        hall,
        "admin> tournament create Race standard arena time 3+2 duration 1h",
    )
    .await;
    assert!(!created.private, "{}", text(&created));
    for p in ["ann", "ben", "cat", "dan", "eve", "fay"] {
        let joined = say(&a, guild, hall, &format!("{p}> tournament join")).await;
        assert!(!joined.private, "{}", text(&joined));
    }
    assert!(
        !say(&a, guild, hall, "admin> tournament start")
            .await
            .private
    );
    let store = backend.handle().await;
    let id = store
        .guild_tournaments(guild)
        .await
        .expect("read")
        .first()
        .map(|t| t.id)
        .expect("the arena");
    let room = |round: u32, board: u32| room_channel(&format!("t{id}-r{round}-b{board}"));
    // The first wave's games start on A; B starts now and holds them too.
    a.sweep().await;
    let b = process(&backend, ShardSet::All, &clock).await;
    b.set_rooms(Arc::new(ConsoleRooms::default()));
    // B's start resumed the games' clocks: a process that has not heard of it yet is refused
    // (the player is told to look again) and does, as a player would.
    let (ben, dan) = tokio::join!(
        resign_looking_again(&a, guild, room(1, 1), "ben> resign"),
        resign_looking_again(&b, guild, room(1, 2), "dan> resign"),
    );
    assert!(!ben.private && !dan.private, "{ben:?} {dan:?}");
    let (na, nb) = tokio::join!(a.sweep(), b.sweep());
    let (ma, mb) = tokio::join!(a.sweep(), b.sweep());
    let t = store.tournament(id).await.expect("read").expect("there");
    assert_eq!(t.round, 2, "one wave after the two games: {:?}", t.boards);
    let wave: Vec<_> = t.round_boards(2).collect();
    assert_eq!(wave.len(), 2, "{wave:?}");
    for b in &wave {
        let game = b.game.expect("a game");
        let stored = store.load_game(game).await.expect("load");
        assert!(stored.is_some(), "the wave's game {game} started");
    }
    let busy = |name: &str| {
        t.boards
            .iter()
            .filter(|b| b.result.is_none())
            .filter(|b| b.white.name == name || b.black.as_ref().is_some_and(|u| u.name == name))
            .count()
    };
    for p in ["ann", "ben", "cat", "dan", "eve", "fay"] {
        assert!(busy(p) <= 1, "{p} is in one game at most: {:?}", t.boards);
    }
    let told = game_starts(&na) + game_starts(&nb) + game_starts(&ma) + game_starts(&mb);
    assert_eq!(told, 2, "each of the wave's games announced once");
    backend.cleanup().await;
}
