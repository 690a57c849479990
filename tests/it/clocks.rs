//! Chess clocks through the service, on a manual clock: what each turn costs, increments,
//! flags found by the game's own timer (no sweep asked for), the first turn's limit,
//! restarts, takebacks and Avalanche's whole turns.

use std::time::Duration;

use domain::messages::{ChallengeMsg, Message, NoticeMsg};
use domain::timing::{Clocks, TimeControl};
use domain::{Games, Notice, Reply};
use rules::{Color, EndReason};
use testkit::harness::{Harness, over, text};

const SEC: Duration = Duration::from_secs(1);

/// Both clocks of `reply`'s board.
fn clocks(reply: &Reply) -> Clocks {
    reply
        .board
        .as_ref()
        .and_then(|b| b.clocks)
        .unwrap_or_else(|| panic!("no clocks on the board: {reply:?}"))
}

/// The one notice of `notices`, which must say `message`.
fn only<'a>(notices: &'a [Notice], message: &NoticeMsg) -> &'a Reply {
    assert_eq!(notices.len(), 1, "{notices:?}");
    let reply = &notices[0].reply;
    assert!(
        reply.says(&message.clone().into()),
        "{message:?} in {reply:?}"
    );
    reply
}

/// alice (White) and bob start a game of `variant` on `time`; both first turns played.
async fn started(h: &Harness, variant: &str, time: &str, first: [&str; 2]) -> u64 {
    let r = h
        .say(&format!("alice> challenge bob white {variant} {time}"))
        .await;
    assert!(!r.private, "{r:?}");
    let accepted = h.say("bob> accept").await;
    let expected = ChallengeMsg::Clock {
        time: TimeControl::parse(time).expect("time"),
        first_turn: Duration::from_secs(60),
    };
    assert!(accepted.says(&expected.into()), "{accepted:?}");
    let id = accepted.game.expect("a game");
    assert!(!h.say(&format!("alice> move {}", first[0])).await.private);
    assert!(!h.say(&format!("bob> move {}", first[1])).await.private);
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn turns_are_charged_less_the_allowance_and_gain_the_increment() {
    let h = Harness::new().await;
    let r = h.say("alice> challenge bob white 1+2").await;
    assert!(text(&r).contains("clock 1+2"), "{}", text(&r));
    h.say("bob> accept").await;
    // First turns are not charged, however long they take.
    h.advance(40 * SEC);
    let r = h.say_undrawn("alice> move e4").await;
    assert_eq!(
        clocks(&r),
        Clocks {
            white_ms: 60_000,
            black_ms: 60_000
        }
    );
    h.advance(50 * SEC);
    h.say("bob> move e5").await;
    // From here on: 10 s taken, 0.5 s of it allowed for the round trip, 2 s added.
    h.advance(10 * SEC);
    let r = h.say_undrawn("alice> move Nf3").await;
    assert_eq!(
        clocks(&r),
        Clocks {
            white_ms: 52_500,
            black_ms: 60_000
        }
    );
    assert!(
        text(&r).contains("(1:00 on the clock)"),
        "the status says the clock of the side to move: {}",
        text(&r)
    );
    h.advance(Duration::from_millis(300));
    let r = h.say_undrawn("bob> move Nc6").await;
    assert_eq!(
        clocks(&r),
        Clocks {
            white_ms: 52_500,
            black_ms: 62_000
        },
        "a turn within the allowance costs nothing and still gains the increment"
    );
    let stored = h
        .storage
        .load_game(r.game.expect("id"))
        .await
        .expect("load")
        .expect("stored");
    assert_eq!(stored.clocks.len(), 4, "every ply keeps both clocks");
    assert_eq!(stored.clocks.get(2).map(|c| c.white_ms), Some(52_500));
    assert_eq!(
        stored.row.state.clocks.map(|c| c.black_ms),
        Some(62_000),
        "the state holds the clocks as the turn to play began"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_is_found_by_the_games_timer_and_told_once() {
    let h = Harness::new().await;
    let id = started(&h, "", "1+0", ["e4", "e5"]).await;
    // White has 60 s, and the allowance of the round trip: not yet.
    h.advance(60 * SEC);
    h.advance(Duration::from_millis(499));
    assert!(h.sweep().await.is_empty(), "0.001 s is left");
    h.advance(Duration::from_millis(1));
    let notices = h.timed_notices(id).await;
    let flagged = NoticeMsg::Flagged {
        player: "alice".into(),
        color: Color::White,
        drawn: false,
    };
    let reply = only(&notices, &flagged);
    assert_eq!(over(reply).map(|o| o.winner), Some(Some(Color::Black)));
    assert!(text(reply).contains("ran out of time"), "{}", text(reply));
    assert!(h.sweep().await.is_empty(), "told once");
    let stored = h.storage.load_game(id).await.expect("load").expect("game");
    assert_eq!(
        stored.row.state.clocks.map(|c| c.white_ms),
        Some(0),
        "the flagged clock shows zero"
    );
    let finished = stored.row.state.finished.expect("over");
    assert_eq!(finished.outcome.reason, EndReason::TimeForfeit);
    let late = h.say("alice> move Nf3").await;
    assert!(late.private, "the game is over: {late:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_against_a_lone_king_is_a_draw() {
    let h = Harness::new().await;
    // Black has its king alone: when White flags, Black could never have won.
    h.say("alice> challenge bob white 1+0 position 4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
        .await;
    let id = h.say("bob> accept").await.game.expect("id");
    h.say("alice> move Qd7+").await;
    h.say("bob> move Kf8").await;
    h.say("alice> move Qd6+").await;
    h.say("bob> move Kf7").await;
    h.advance(61 * SEC);
    let notices = h.timed_notices(id).await;
    let flagged = NoticeMsg::Flagged {
        player: "bob".into(),
        color: Color::Black,
        drawn: false,
    };
    // It is White's turn: White flags, and the lone king draws.
    let white_flags = NoticeMsg::Flagged {
        player: "alice".into(),
        color: Color::White,
        drawn: true,
    };
    assert!(
        !notices
            .iter()
            .any(|n| n.reply.says(&flagged.clone().into()))
    );
    let reply = only(&notices, &white_flags);
    let outcome = over(reply).expect("over");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (None, EndReason::TimeForfeit)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_turn_not_played_in_time_aborts_the_game() {
    let h = Harness::new().await;
    h.say("alice> challenge bob white 3+2").await;
    let id = h.say("bob> accept").await.game.expect("id");
    h.advance(59 * SEC);
    assert!(h.sweep().await.is_empty());
    h.advance(SEC);
    let notices = h.timed_notices(id).await;
    let missed = NoticeMsg::FirstTurnMissed {
        player: "alice".into(),
        color: Color::White,
        limit: 60 * SEC,
    };
    let reply = only(&notices, &missed);
    assert_eq!(over(reply).map(|o| o.reason), Some(EndReason::Aborted));
    // Black's first turn has the same limit, from White's.
    h.say("alice> challenge bob white 3+2").await;
    let id = h.say("bob> accept").await.game.expect("id");
    h.say("alice> move d4").await;
    h.advance(60 * SEC);
    let notices = h.timed_notices(id).await;
    let missed = NoticeMsg::FirstTurnMissed {
        player: "bob".into(),
        color: Color::Black,
        limit: 60 * SEC,
    };
    only(&notices, &missed);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_never_flags_anyone() {
    let mut h = Harness::new().await;
    let id = started(&h, "", "1+0", ["e4", "e5"]).await;
    h.advance(10 * SEC);
    h.say("alice> move Nf3").await;
    // Black's turn: 50 s pass, then the bot stops for an hour and starts again.
    h.advance(50 * SEC);
    h.service.shutdown().await;
    h.advance(3600 * SEC);
    h.restart().await;
    let flagged = |notices: &[Notice]| {
        notices.iter().any(|n| {
            n.reply
                .messages
                .iter()
                .any(|m| matches!(m, Message::Notice(NoticeMsg::Flagged { .. })))
        })
    };
    let after = h.sweep().await;
    assert!(!flagged(&after), "nobody flags during a restart");
    // Black resumes with the minute it had when its turn began.
    h.advance(59 * SEC);
    assert!(!flagged(&h.sweep().await));
    let r = h.say_undrawn("bob> move Nc6").await;
    assert_eq!(
        clocks(&r),
        Clocks {
            white_ms: 50_500,
            black_ms: 1_500,
        }
    );
    // And the timer runs again after a restart.
    h.advance(51 * SEC);
    let notices = h.timed_notices(id).await;
    only(
        &notices,
        &NoticeMsg::Flagged {
            player: "alice".into(),
            color: Color::White,
            drawn: false,
        },
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_avalanche_clock_stops_after_the_push_and_takebacks_bring_clocks_back() {
    let h = Harness::new().await;
    started(&h, "avalanche", "3+2", ["e4/e6", "d5/d3"]).await;
    // The move, then 20 s later its push: one turn of 20 s on White's clock.
    h.advance(5 * SEC);
    let half = h.say("alice> move Nf3").await;
    assert!(half.private, "the move waits for its push: {half:?}");
    h.advance(15 * SEC);
    let r = h.say_undrawn("alice> move a6").await;
    assert!(!r.private, "{r:?}");
    let after = clocks(&r);
    assert_eq!(after.white_ms, 180_000 - 19_500 + 2_000);
    h.advance(7 * SEC);
    h.say("bob> takeback").await;
    let back = h.say_undrawn("alice> takeback accept").await;
    assert!(
        back.messages.iter().any(|m| matches!(m, Message::Offer(_))),
        "{back:?}"
    );
    assert_eq!(
        clocks(&back),
        Clocks {
            white_ms: 180_000,
            black_ms: 180_000
        },
        "the clocks as the turn taken back began"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_record_keeps_the_time_control_and_every_turns_clock_as_stored() {
    let h = Harness::new().await;
    let id = started(&h, "", "3+2", ["e4", "e5"]).await;
    for (wait_ms, line) in [
        (4_321, "alice> move Nf3"),
        (12_050, "bob> move Nc6"),
        (700, "alice> move Bb5"),
    ] {
        h.advance(Duration::from_millis(wait_ms));
        assert!(!h.say(line).await.private, "{line}");
    }
    let moves = h.say("alice> moves").await;
    let (_, file) = moves.files.first().expect("the record file");
    let text = String::from_utf8(file.clone()).expect("utf-8");
    let mut reader = rules::RecordReader::new(text.as_bytes()).expect("a record");
    let tags = reader.tags().clone();
    assert!(
        tags.iter()
            .any(|(name, value)| name == "TimeControl" && value == "180+2"),
        "{text}"
    );
    let mut read = Vec::new();
    while let Some(turn) = reader.next_turn().expect("reads") {
        let clk = turn.comment.as_deref().and_then(rules::clk_in_comment);
        read.push(clk.expect("each turn has its clock"));
    }
    let stored = h.storage.load_game(id).await.expect("load").expect("game");
    let movers = [Color::White, Color::Black];
    let expected: Vec<u64> = stored
        .clocks
        .iter()
        .zip(movers.iter().cycle())
        .map(|(c, &mover)| {
            let ms = u64::try_from(c.of(mover)).expect("positive");
            ms - ms % 100
        })
        .collect();
    assert_eq!(read, expected, "{text}");
    // Nf3: 4.321 s less the 0.5 s allowance, 2 s added: 178.179 s, written to the tenth.
    assert_eq!(read.get(2), Some(&178_100));
}
