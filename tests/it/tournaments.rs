//! Tournaments through the service: a round left unpaired when the process stopped is paired
//! at the next start, a Swiss with an odd number gives a bye, a withdrawal resigns the game
//! under way and forfeits the later ones, and a player who lets two games lapse without
//! moving is removed.

use std::sync::Arc;
use std::time::Duration;

use console::ConsoleRooms;
use domain::{BoardResult, Finished, Games, TournamentRecord, TournamentState, Tournaments};
use rules::{Color, EndReason, Outcome};
use testkit::harness::{Harness, text};

/// A harness whose service opens console rooms for tournament games.
async fn harness() -> Harness {
    let h = Harness::new().await;
    h.service.set_rooms(Arc::new(ConsoleRooms::default()));
    h
}

/// The server's tournament, as stored.
async fn stored(h: &Harness) -> TournamentRecord {
    h.storage
        .guild_tournaments(console::CONSOLE_GUILD)
        .await
        .expect("read")
        .into_iter()
        .next()
        .expect("a tournament")
}

/// Creates tournament `spec` (`NAME VARIANT FORMAT …`) by `admin`, joined by `players`, and
/// starts it.
async fn started(h: &Harness, spec: &str, players: &[&str]) -> TournamentRecord {
    let created = h.say(&format!("admin> tournament create {spec}")).await;
    assert!(!created.private, "{}", text(&created));
    for p in players {
        let joined = h.say(&format!("{p}> tournament join")).await;
        assert!(!joined.private, "{}", text(&joined));
    }
    let start = h.say("admin> tournament start").await;
    assert!(!start.private, "{}", text(&start));
    stored(h).await
}

/// The room of a board.
fn room(t: &TournamentRecord, round: u32, board: u32) -> String {
    format!("t{}-r{round}-b{board}", t.id)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_left_unpaired_by_a_stopped_process_is_paired_at_the_next_start() {
    let mut h = harness().await;
    let t = started(&h, "Odd chess960 swiss rounds 2", &["ann", "ben", "cat"]).await;
    let round1: Vec<_> = t.round_boards(1).cloned().collect();
    assert_eq!(round1.len(), 2, "one game and a bye: {round1:?}");
    assert_eq!(round1[1].result, Some(BoardResult::Bye));
    // The game ends in the database, as written by a process that died before pairing on.
    let game = round1[0].game.expect("a game");
    let stored_game = h
        .storage
        .load_game(game)
        .await
        .expect("load")
        .expect("game");
    assert!(stored_game.row.chess960.is_some());
    assert_eq!(stored_game.row.chess960, round1[0].setup);
    let mut state = stored_game.row.state.next();
    state.finished = Some(Finished {
        outcome: Outcome {
            winner: Some(Color::White),
            reason: EndReason::Resignation,
        },
        at_ms: 1,
    });
    h.storage
        .update_game(game, &state, None)
        .await
        .expect("end");
    h.restart().await;
    h.service.set_rooms(Arc::new(ConsoleRooms::default()));
    let notices = h.sweep().await;
    let t = stored(&h).await;
    assert_eq!(t.round, 2, "{t:?}");
    assert_eq!(
        t.round_boards(1).next().and_then(|b| b.result),
        Some(BoardResult::WhiteWins)
    );
    let said: Vec<String> = notices.iter().map(|n| text(&n.reply)).collect();
    assert!(
        said.iter().any(|s| s.contains("Odd, round 2 of 2:")),
        "{said:?}"
    );
    // Its game started, in a room of its own; the bye went to someone else.
    let board = t
        .round_boards(2)
        .find(|b| b.black.is_some())
        .expect("a game");
    assert!(
        h.storage
            .load_game(board.game.expect("id"))
            .await
            .expect("load")
            .is_some()
    );
    let byes: Vec<u64> = t
        .boards
        .iter()
        .filter(|b| b.result == Some(BoardResult::Bye))
        .map(|b| b.white.id)
        .collect();
    assert_eq!(byes.len(), 2);
    assert_ne!(byes[0], byes[1], "no second bye for anyone");
    // A second sweep pairs nothing more.
    h.sweep().await;
    assert_eq!(stored(&h).await.boards.len(), t.boards.len());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_withdrawal_resigns_the_game_under_way_and_forfeits_the_rest() {
    let h = harness().await;
    let t = started(
        &h,
        "Club standard round-robin casual",
        &["ann", "ben", "cat", "dan"],
    )
    .await;
    let gone = h.say("dan> tournament leave").await;
    assert!(
        text(&gone).contains("dan withdrew from Club"),
        "{}",
        text(&gone)
    );
    // Round 1: dan's game is resigned; the other one ends by resignation too.
    let t1 = stored(&h).await;
    let dans = t1
        .round_boards(1)
        .find(|b| b.white.name == "dan" || b.black.as_ref().is_some_and(|u| u.name == "dan"))
        .expect("dan played round 1");
    assert!(dans.result.is_some(), "dan's game ended: {dans:?}");
    for b in t1.round_boards(1).filter(|b| b.result.is_none()) {
        let black = b.black.as_ref().expect("black").name.clone();
        h.say_in(&room(&t, 1, b.board), &format!("{black}> resign"))
            .await;
    }
    // Rounds 2 and 3: dan's boards are forfeits at once; the others resign.
    for round in 2..=3 {
        let now = stored(&h).await;
        assert_eq!(now.round, round);
        for b in now.round_boards(round) {
            let has_dan =
                b.white.name == "dan" || b.black.as_ref().is_some_and(|u| u.name == "dan");
            if has_dan {
                assert!(
                    matches!(
                        b.result,
                        Some(BoardResult::WhiteForfeit | BoardResult::BlackForfeit)
                    ),
                    "{b:?}"
                );
                assert_eq!(b.game, None);
            } else {
                let black = b.black.as_ref().expect("black").name.clone();
                h.say_in(&room(&t, round, b.board), &format!("{black}> resign"))
                    .await;
            }
        }
    }
    let done = stored(&h).await;
    assert_eq!(done.state, TournamentState::Finished);
    let standings = h.say("ann> tournament standings").await;
    assert!(text(&standings).contains("dan 0 ("), "{}", text(&standings));
    assert!(
        text(&standings).contains("(withdrawn)"),
        "{}",
        text(&standings)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_games_lost_on_time_without_moving_remove_a_player() {
    let h = harness().await;
    let t = started(
        &h,
        "Swift standard swiss rounds 3 deadline 1h",
        &["ann", "ben", "cat", "dan"],
    )
    .await;
    let mut said = Vec::new();
    for round in 1..=2 {
        let now = stored(&h).await;
        assert_eq!(now.round, round);
        for b in now.round_boards(round).filter(|b| b.result.is_none()) {
            let black = b.black.as_ref().expect("black").name.clone();
            if b.white.name == "dan" {
                // dan never moves: his opponent waits for the deadline.
                continue;
            }
            if black == "dan" {
                h.say_in(
                    &room(&t, round, b.board),
                    &format!("{}> move e4", b.white.name),
                )
                .await;
                continue;
            }
            h.say_in(&room(&t, round, b.board), &format!("{black}> resign"))
                .await;
        }
        h.advance(Duration::from_secs(3601));
        said.extend(h.sweep().await.iter().map(|n| text(&n.reply)));
        // The notices queued by the timeouts' follow-up.
        said.extend(h.sweep().await.iter().map(|n| text(&n.reply)));
    }
    assert!(
        said.iter()
            .any(|s| s.contains("dan forfeited two games and is removed from Swift")),
        "{said:?}"
    );
    let now = stored(&h).await;
    assert!(
        now.players
            .iter()
            .any(|p| p.user.name == "dan" && p.withdrawn)
    );
    assert_eq!(now.round, 3);
    let round3: Vec<_> = now.round_boards(3).collect();
    assert!(
        round3
            .iter()
            .all(|b| b.white.name != "dan" && b.black.as_ref().is_none_or(|u| u.name != "dan")),
        "a removed player is not paired: {round3:?}"
    );
}
