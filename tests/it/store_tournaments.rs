//! What every `GameStore` backend must do with tournaments, run against SQLite and
//! PostgreSQL alike: a tournament reads back whole, players join only while it is open, a
//! round is entered exactly once however many writers race for it, a board's result is
//! stored once, and `nadare migrate` copies tournaments.

use std::time::Duration;

use domain::{
    BoardResult, GameStore, ShardSet, TournamentBoard, TournamentFormat, TournamentId,
    TournamentRecord, TournamentState, User, Withdrawal,
};
use rules::Variant;
use testkit::harness::user;
use testkit::on_both_backends;
use testkit::stores::Backend;

on_both_backends!(
    a_tournament_reads_back_whole,
    players_join_and_leave_only_while_it_is_open,
    a_round_is_entered_once_by_racing_writers,
    a_board_result_is_stored_once,
    migrate_copies_tournaments,
    a_start_time_is_due_once,
    a_withdrawal_is_owed_until_shown,
);

const GUILD: u64 = 4_194_304 * 3;

/// A new open Swiss tournament of [`GUILD`], stored.
async fn created(store: &dyn GameStore, name: &str) -> TournamentRecord {
    let t = TournamentRecord {
        id: store.new_id().await.expect("id"),
        guild: GUILD,
        channel: 55,
        name: name.to_string(),
        variant: Variant::Chess960,
        format: TournamentFormat::Swiss,
        rounds: 5,
        deadline: Some(Duration::from_secs(86_400)),
        time: None,
        length: None,
        ends_ms: None,
        rated: true,
        random_setup: true,
        starts_ms: None,
        state: TournamentState::Open,
        round: 0,
        creator: user(1, "alice"),
        created_ms: 123,
        players: Vec::new(),
        boards: Vec::new(),
    };
    store.create_tournament(&t).await.expect("create");
    t
}

fn board(
    round: u32,
    board: u32,
    white: User,
    black: Option<User>,
    game: Option<u64>,
) -> TournamentBoard {
    TournamentBoard {
        round,
        board,
        white,
        black,
        game,
        setup: Some(518),
        result: None,
        berserk: [false, false],
    }
}

async fn a_tournament_reads_back_whole(backend: &Backend) {
    let store = backend.handle().await;
    let t = created(&*store, "Spring 960").await;
    for (id, name) in [(2, "bob"), (3, "carol"), (4, "dave")] {
        store
            .join_tournament(t.id, &user(id, name))
            .await
            .expect("join");
    }
    let boards = vec![
        board(1, 1, user(2, "bob"), Some(user(3, "carol")), Some(900)),
        board(1, 2, user(4, "dave"), None, None),
    ];
    start(&*store, t.id, &boards).await;
    let other = backend.handle().await;
    let read = other.tournament(t.id).await.expect("read").expect("there");
    assert_eq!(read.state, TournamentState::Running);
    assert_eq!(read.round, 1);
    assert_eq!(read.boards, boards);
    let seqs: Vec<(u64, u32, bool)> = read
        .players
        .iter()
        .map(|p| (p.user.id, p.seq, p.withdrawn))
        .collect();
    assert_eq!(seqs, [(2, 1, false), (3, 2, false), (4, 3, false)]);
    assert_eq!(
        TournamentRecord {
            players: Vec::new(),
            boards: Vec::new(),
            state: TournamentState::Open,
            round: 0,
            ..read.clone()
        },
        t
    );
    assert_eq!(
        other.board_of_game(900).await.expect("board"),
        Some((t.id, 1, 1))
    );
    assert_eq!(other.board_of_game(901).await.expect("board"), None);
    let running = other
        .running_tournaments(ShardSet::All)
        .await
        .expect("running");
    assert_eq!(running, vec![read.clone()]);
    let elsewhere = ShardSet::Range {
        first: 0,
        last: 1,
        total: 4,
    };
    assert!(
        other
            .running_tournaments(elsewhere)
            .await
            .expect("running")
            .is_empty(),
        "guild {GUILD} is on shard 3 of 4"
    );
    let second = created(&*store, "Summer").await;
    let listed: Vec<u64> = other
        .guild_tournaments(GUILD)
        .await
        .expect("list")
        .iter()
        .map(|t| t.id)
        .collect();
    assert_eq!(listed, [second.id, t.id], "newest first");
    store
        .withdraw_player(t.id, 3, Withdrawal::Withdrew)
        .await
        .expect("withdraw");
    assert!(
        store
            .withdraw_player(t.id, 3, Withdrawal::Removed)
            .await
            .expect_err("twice")
            .is_conflict()
    );
    let read = other.tournament(t.id).await.expect("read").expect("there");
    assert!(read.players.iter().any(|p| p.user.id == 3 && p.withdrawn));
}

async fn players_join_and_leave_only_while_it_is_open(backend: &Backend) {
    let store = backend.handle().await;
    let t = created(&*store, "Open").await;
    store
        .join_tournament(t.id, &user(2, "bob"))
        .await
        .expect("join");
    let again = store.join_tournament(t.id, &user(2, "bob")).await;
    assert!(again.expect_err("twice").is_conflict());
    store
        .join_tournament(t.id, &user(3, "carol"))
        .await
        .expect("join");
    store.leave_tournament(t.id, 2).await.expect("leave");
    assert!(
        store
            .leave_tournament(t.id, 2)
            .await
            .expect_err("gone")
            .is_conflict()
    );
    store
        .join_tournament(t.id, &user(2, "bob"))
        .await
        .expect("back");
    let read = store.tournament(t.id).await.expect("read").expect("there");
    let order: Vec<(u64, u32)> = read.players.iter().map(|p| (p.user.id, p.seq)).collect();
    assert_eq!(order, [(3, 2), (2, 3)], "a player back joins last");
    store
        .advance_tournament(
            t.id,
            (0, TournamentState::Open),
            (0, TournamentState::Cancelled),
            &[],
        )
        .await
        .expect("cancel");
    let late = store.join_tournament(t.id, &user(4, "dave")).await;
    assert!(late.expect_err("cancelled").is_conflict());
    assert!(
        store
            .leave_tournament(t.id, 3)
            .await
            .expect_err("cancelled")
            .is_conflict()
    );
}

async fn a_round_is_entered_once_by_racing_writers(backend: &Backend) {
    let store = backend.handle().await;
    let t = created(&*store, "Race").await;
    for (id, name) in [(2, "bob"), (3, "carol")] {
        store
            .join_tournament(t.id, &user(id, name))
            .await
            .expect("join");
    }
    let mut writers = Vec::new();
    for n in 0..6u64 {
        let handle = backend.handle().await;
        let id = t.id;
        writers.push(tokio::spawn(async move {
            let boards = [board(
                1,
                1,
                user(2, "bob"),
                Some(user(3, "carol")),
                Some(1000 + n),
            )];
            handle
                .advance_tournament(
                    id,
                    (0, TournamentState::Open),
                    (1, TournamentState::Running),
                    &boards,
                )
                .await
        }));
    }
    let mut won = 0;
    for w in writers {
        match w.await.expect("task") {
            Ok(()) => won += 1,
            Err(e) => assert!(e.is_conflict(), "{e}"),
        }
    }
    assert_eq!(won, 1);
    let read = store.tournament(t.id).await.expect("read").expect("there");
    assert_eq!(read.boards.len(), 1, "one writer's boards, not two");
    // A stale writer from round 0 can no longer finish it either.
    let stale = store
        .advance_tournament(
            t.id,
            (0, TournamentState::Running),
            (0, TournamentState::Finished),
            &[],
        )
        .await;
    assert!(stale.expect_err("stale").is_conflict());
}

async fn a_board_result_is_stored_once(backend: &Backend) {
    let store = backend.handle().await;
    let t = created(&*store, "Results").await;
    let boards = [board(
        1,
        1,
        user(2, "bob"),
        Some(user(3, "carol")),
        Some(77),
    )];
    start(&*store, t.id, &boards).await;
    store
        .record_board(t.id, 1, 1, BoardResult::BlackWins, [false, true])
        .await
        .expect("result");
    let again = store
        .record_board(t.id, 1, 1, BoardResult::Draw, [false, false])
        .await;
    assert!(again.expect_err("twice").is_conflict());
    let read = store.tournament(t.id).await.expect("read").expect("there");
    assert_eq!(read.boards[0].result, Some(BoardResult::BlackWins));
    assert_eq!(read.boards[0].berserk, [false, true], "berserks read back");
}

async fn migrate_copies_tournaments(backend: &Backend) {
    let source = Backend::sqlite();
    let from = source.handle().await;
    let t = created(&*from, "Copied").await;
    from.join_tournament(t.id, &user(2, "bob"))
        .await
        .expect("join");
    from.join_tournament(t.id, &user(3, "carol"))
        .await
        .expect("join");
    let boards = [board(1, 1, user(2, "bob"), Some(user(3, "carol")), None)];
    start(&*from, t.id, &boards).await;
    from.record_board(t.id, 1, 1, BoardResult::WhiteForfeit, [true, false])
        .await
        .expect("result");

    let to = backend.handle().await;
    let copied = nadare::cli::migrate::copy(&*from, &*to)
        .await
        .expect("migrate");
    // The tournament, its two players and its board.
    assert_eq!(copied.extras, 4);
    let read = to.tournament(t.id).await.expect("read");
    assert_eq!(read, from.tournament(t.id).await.expect("read"));
    assert!(to.new_id().await.expect("id") > t.id, "ids go on after it");
}

async fn a_start_time_is_due_once(backend: &Backend) {
    let store = backend.handle().await;
    let other = backend.handle().await;
    let by_hand = created(&*store, "By hand").await;
    let mut timed = TournamentRecord {
        id: store.new_id().await.expect("id"),
        name: "Timed".into(),
        random_setup: false,
        starts_ms: Some(10_000),
        ..by_hand.clone()
    };
    store.create_tournament(&timed).await.expect("create");
    timed.variant = Variant::Avalanche;
    let read = other
        .tournament(timed.id)
        .await
        .expect("read")
        .expect("there");
    assert_eq!((read.random_setup, read.starts_ms), (false, Some(10_000)));
    let by_hand_read = other
        .tournament(by_hand.id)
        .await
        .expect("read")
        .expect("there");
    assert_eq!(
        (by_hand_read.random_setup, by_hand_read.starts_ms),
        (true, None)
    );
    let due = |at: i64| {
        let other = &other;
        async move {
            other
                .due_tournaments(ShardSet::All, at)
                .await
                .expect("due")
                .iter()
                .map(|t| t.id)
                .collect::<Vec<_>>()
        }
    };
    assert!(due(9_999).await.is_empty(), "not yet");
    assert_eq!(due(10_000).await, [timed.id]);
    let elsewhere = ShardSet::Range {
        first: 0,
        last: 1,
        total: 4,
    };
    assert!(
        other
            .due_tournaments(elsewhere, 10_000)
            .await
            .expect("due")
            .is_empty(),
        "guild {GUILD} is on shard 3 of 4"
    );
    store.clear_tournament_start(timed.id).await.expect("clear");
    assert!(
        other
            .clear_tournament_start(timed.id)
            .await
            .expect_err("twice")
            .is_conflict(),
        "a start is tried once"
    );
    assert!(due(20_000).await.is_empty(), "tried already");
    let mut again = TournamentRecord {
        id: store.new_id().await.expect("id"),
        ..timed.clone()
    };
    again.variant = Variant::Chess960;
    store.create_tournament(&again).await.expect("create");
    start(&*store, again.id, &[]).await;
    assert!(due(20_000).await.is_empty(), "a started one is not due");
}

/// Starts tournament `id`, open until now, with `boards` as its first round.
async fn start(store: &dyn GameStore, id: TournamentId, boards: &[TournamentBoard]) {
    store
        .advance_tournament(
            id,
            (0, TournamentState::Open),
            (1, TournamentState::Running),
            boards,
        )
        .await
        .expect("start");
}

/// Issue 52: a withdrawal (or a removal) is stored as owed to the players, with why, listed
/// for the process serving the tournament's server until a delivered notice marks it shown.
async fn a_withdrawal_is_owed_until_shown(backend: &Backend) {
    let store = backend.handle().await;
    let t = created(&*store, "Owed").await;
    for (id, name) in [(2, "bob"), (3, "carol"), (4, "dave")] {
        store
            .join_tournament(t.id, &user(id, name))
            .await
            .expect("join");
    }
    start(&*store, t.id, &[]).await;
    store
        .withdraw_player(t.id, 4, Withdrawal::Removed)
        .await
        .expect("removed");
    store
        .withdraw_player(t.id, 2, Withdrawal::Withdrew)
        .await
        .expect("withdrew");
    let other = backend.handle().await;
    let owed = other
        .unannounced_withdrawals(ShardSet::All)
        .await
        .expect("owed");
    assert_eq!(
        owed,
        [
            (t.id, 1, Withdrawal::Withdrew),
            (t.id, 3, Withdrawal::Removed)
        ],
        "by entry number"
    );
    let elsewhere = ShardSet::Range {
        first: 0,
        last: 2,
        total: 4,
    };
    assert!(
        other
            .unannounced_withdrawals(elsewhere)
            .await
            .expect("owed")
            .is_empty(),
        "guild {GUILD} is on shard 3 of 4"
    );
    store
        .mark_withdrawal_announced(t.id, 3)
        .await
        .expect("told");
    let owed = other
        .unannounced_withdrawals(ShardSet::All)
        .await
        .expect("owed");
    assert_eq!(owed, [(t.id, 1, Withdrawal::Withdrew)]);
    let read = other.tournament(t.id).await.expect("read").expect("there");
    let withdrawn: Vec<u64> = read
        .players
        .iter()
        .filter(|p| p.withdrawn)
        .map(|p| p.user.id)
        .collect();
    assert_eq!(withdrawn, [2, 4], "told or not, both are withdrawn");
}
