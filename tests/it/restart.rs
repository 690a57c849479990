//! Restarts: a stored game that no longer reads or replays is set aside without stopping the
//! others, and finished games stay viewable for the retention time; turns and results whose
//! answer was never delivered are announced after a restart, or by the sweep while the
//! process runs.

use std::time::Duration;

use console::room_channel;
use domain::messages::{ChallengeMsg, Message, NoticeMsg, Refusal, ViewMsg};
use domain::{Games, Notice, Owed, Reply};
use rules::{Color, EndReason, Outcome};
use testkit::harness::{Harness, over, played, plies, refusal, text};

/// alice challenges bob in `room`, bob accepts and alice plays e4; returns the game id.
async fn start_in(h: &Harness, room: &str) -> u64 {
    h.say_in(room, "alice> challenge bob white").await;
    let id = h.say_in(room, "bob> accept").await.game.expect("game id");
    let r = h.say_in(room, "alice> move e4").await;
    assert!(!r.private, "{}", text(&r));
    id
}

fn raw_update(h: &Harness, sql: &str, id: u64) {
    let conn = rusqlite::Connection::open(&h.db).expect("raw open");
    let changed = conn.execute(sql, [id as i64]).expect("update");
    assert_eq!(changed, 1, "{sql}");
}

#[tokio::test]
async fn a_stored_game_that_no_longer_replays_is_set_aside_and_the_others_start() {
    let mut h = Harness::new().await;
    let bad_turn = start_in(&h, "a").await;
    let bad_row = start_in(&h, "b").await;
    let good = start_in(&h, "c").await;
    h.service.mark_shown(good, plies(1)).await;
    raw_update(
        &h,
        "UPDATE turns SET notation = 'Ke9' WHERE game_id = ?1 AND ply = 0",
        bad_turn,
    );
    raw_update(
        &h,
        "UPDATE games SET variant = 'checkers' WHERE id = ?1",
        bad_row,
    );
    h.restart().await;

    // The healthy game goes on.
    let r = h.say_in("c", "bob> move e5").await;
    assert!(!r.private, "{r:?}");
    assert_eq!(played(&r), ["e5"]);
    assert_eq!(
        h.storage
            .load_game(good)
            .await
            .expect("load")
            .expect("game")
            .turns
            .len(),
        2
    );

    // The first sweep reports each game set aside in its own channel, once.
    let notices = h.sweep().await;
    for (room, id, says) in [("a", bad_turn, "Ke9"), ("b", bad_row, "checkers")] {
        let notice = notices
            .iter()
            .find(|n| n.channel == room_channel(room))
            .unwrap_or_else(|| panic!("no notice for room {room}: {notices:?}"));
        assert!(!notice.reply.private, "{notice:?}");
        match notice.reply.messages.as_slice() {
            [Message::Notice(NoticeMsg::SetAside { game, detail })] => {
                assert_eq!(*game, i64::try_from(id).expect("id"));
                assert!(detail.contains(says), "{detail}");
            }
            other => panic!("not a set-aside notice: {other:?}"),
        }
        let said = text(&notice.reply);
        assert!(said.contains(&format!("Game {id}")), "{said}");
    }
    assert_eq!(notices.len(), 2, "{notices:?}");
    assert!(h.sweep().await.is_empty(), "reported once");

    // Their channels are free for a new game; the stored games are untouched.
    let r = h.say_in("a", "carol> challenge dave").await;
    assert!(!r.private, "{}", text(&r));
    let stored = h
        .storage
        .load_game(bad_turn)
        .await
        .expect("load")
        .expect("game");
    assert_eq!(stored.turns, vec!["Ke9"]);
    assert!(stored.row.state.finished.is_none());
    let unfinished = h
        .storage
        .load_unfinished(domain::ShardSet::All)
        .await
        .expect("load");
    assert!(unfinished.damaged.iter().any(|d| d.id == bad_row as i64));
}

#[tokio::test]
async fn finished_games_stay_viewable_after_a_restart() {
    let mut h = Harness::new().await;
    start_in(&h, "main").await;
    let r = h.say("bob> resign").await;
    let resigned = Outcome {
        winner: Some(Color::White),
        reason: EndReason::Resignation,
    };
    assert_eq!(over(&r), Some(resigned));
    h.advance(Duration::from_secs(30 * 60));
    h.restart().await;
    let r = h.say("carol> moves").await;
    assert!(!r.private, "{r:?}");
    let record = ViewMsg::Record {
        record: "1. e4".into(),
        clipped: false,
    };
    assert!(r.says(&record.into()), "{r:?}");
    assert_eq!(over(&r), Some(resigned));
    let r = h.say("carol> board").await;
    assert!(r.image.is_some(), "{}", text(&r));
    // A move in the finished game is refused as over, not as "no game".
    let r = h.say("bob> move e5").await;
    assert_eq!(refusal(&r), Some(&Refusal::GameOver(resigned)));

    // After the retention time it is gone from the channel, as without a restart.
    h.advance(Duration::from_secs(31 * 60));
    h.restart().await;
    let r = h.say("carol> moves").await;
    assert!(r.private && refusal(&r) == Some(&Refusal::NoGame), "{r:?}");
}

/// A reply says how many turns it shows, read while the game was held: delivered late, after
/// a later turn was stored, it marks only those, so the later turn is still announced after a
/// restart (and the turns it showed are not announced again).
#[tokio::test]
async fn a_late_delivery_marks_only_the_turns_its_reply_showed() {
    let mut h = Harness::new().await;
    let id = start_in(&h, "late").await;
    let shown = h.say_in("late", "bob> move e5").await;
    assert_eq!(shown.shows, Some(plies(2)), "{}", text(&shown));
    let unshown = h.say_in("late", "alice> move Nf3").await;
    assert_eq!(unshown.shows, Some(plies(3)), "{}", text(&unshown));
    // The answer to e5 is delivered only now; the answer to Nf3 never is.
    h.service.mark_shown(id, plies(2)).await;

    h.restart().await;
    let notices = h.sweep().await;
    let notice = notices
        .iter()
        .find(|n| n.reply.says(&NoticeMsg::AnnouncedAfterRestart.into()))
        .unwrap_or_else(|| panic!("no restart notice in {notices:?}"));
    assert_eq!(played(&notice.reply), ["Nf3"]);
    assert!(text(&notice.reply).contains("2. Nf3 — alice"), "{notice:?}");
}

/// After a takeback, the turns past the one taken back are new: the smaller mark its reply
/// carries is stored, so a turn played after it and never delivered is announced after a
/// restart.
#[tokio::test]
async fn a_takeback_lowers_the_mark_so_a_later_turn_is_still_announced() {
    let mut h = Harness::new().await;
    let id = start_in(&h, "back").await;
    let answer = h.say_in("back", "bob> move e5").await;
    h.service
        .mark_shown(id, answer.shows.expect("stamped"))
        .await;
    h.say_in("back", "bob> takeback request").await;
    let undone = h.say_in("back", "alice> takeback accept").await;
    assert_eq!(undone.shows, Some(plies(1)), "{}", text(&undone));
    h.service.mark_shown(id, plies(1)).await;
    // Played again, differently, and never delivered.
    let unshown = h.say_in("back", "bob> move c5").await;
    assert_eq!(played(&unshown), ["c5"], "{}", text(&unshown));

    h.restart().await;
    let notices = h.sweep().await;
    let notice = notices
        .iter()
        .find(|n| n.reply.says(&NoticeMsg::AnnouncedAfterRestart.into()))
        .unwrap_or_else(|| panic!("no restart notice in {notices:?}"));
    assert_eq!(played(&notice.reply), ["c5"]);
}

/// A turn whose answer was never delivered (and the process goes on) is posted again by the
/// sweep a minute after it was stored, with the board and a ping for the player to move; then
/// again after 2, 4, 8… minutes while it stays undelivered, 8 times at most; a delivery stops
/// it.
#[tokio::test]
async fn a_turn_whose_answer_was_not_delivered_is_posted_again_with_backoff() {
    let h = Harness::new().await;
    let id = start_in(&h, "lost").await;
    h.service.mark_shown(id, plies(1)).await;
    let unshown = h.say_in("lost", "bob> move e5").await;
    assert_eq!(unshown.shows, Some(plies(2)), "{}", text(&unshown));
    let late = |notices: Vec<Notice>| -> Vec<Reply> {
        notices
            .into_iter()
            .map(|n| n.reply)
            .filter(|r| r.says(&NoticeMsg::AnnouncedLate.into()))
            .collect()
    };
    assert!(
        late(h.sweep().await).is_empty(),
        "its answer may be on its way"
    );
    h.advance(Duration::from_secs(59));
    assert!(
        late(h.sweep().await).is_empty(),
        "its answer may be on its way"
    );
    h.advance(Duration::from_secs(1));
    let first = late(h.sweep().await);
    assert_eq!(first.len(), 1, "{first:?}");
    assert_eq!(played(&first[0]), ["e5"]);
    assert!(first[0].image.is_some(), "with the board");
    assert_eq!(first[0].mentions.len(), 1, "pinging alice, to move");
    assert_eq!(first[0].shows.map(|s| s.plies), Some(2));
    // Then after 2, 4, 8, 16, 32, 60, 60 minutes: 8 tries in all, none in between.
    let mut tries = 1;
    for wait in [2, 4, 8, 16, 32, 60, 60, 60, 60] {
        h.advance(Duration::from_secs(wait * 60 - 1));
        assert!(
            late(h.sweep().await).is_empty(),
            "not before {wait} minutes"
        );
        h.advance(Duration::from_secs(1));
        tries += late(h.sweep().await).len();
    }
    assert_eq!(tries, 8, "8 tries at most");
    // A new turn delivered marks both shown: nothing more is posted.
    let answer = h.say_in("lost", "alice> move Nf3").await;
    h.service
        .mark_shown(id, answer.shows.expect("stamped"))
        .await;
    h.advance(Duration::from_secs(2 * 3600));
    assert!(late(h.sweep().await).is_empty());
    // An undelivered answer to a later turn is tried afresh.
    h.say_in("lost", "bob> move Nc6").await;
    h.advance(Duration::from_secs(60));
    let again = late(h.sweep().await);
    assert_eq!(again.len(), 1);
    assert_eq!(played(&again[0]), ["Nc6"]);
    h.service.mark_shown(id, plies(4)).await;
    h.advance(Duration::from_secs(3600));
    assert!(late(h.sweep().await).is_empty(), "delivered");
}

/// A result stored but never shown (the process died right after the resignation was
/// stored, before its answer reached the channel) is announced after the restart, once: its
/// notice carries the result and marks it shown, and the next restart says nothing. The same
/// for a draw agreed.
#[tokio::test]
async fn a_result_stored_and_not_shown_is_announced_after_a_restart_once() {
    let mut h = Harness::new().await;
    let resigned = start_in(&h, "resign").await;
    let drawn = start_in(&h, "draw").await;
    for (id, room) in [(resigned, "resign"), (drawn, "draw")] {
        let answer = h.say_in(room, "bob> move e5").await;
        h.service
            .mark_shown(id, answer.shows.expect("stamped"))
            .await;
    }
    let resign = h.say_in("resign", "bob> resign").await;
    assert_eq!(
        resign.shows,
        Some(domain::Shown {
            plies: 2,
            over: true
        })
    );
    h.say_in("draw", "alice> draw offer").await;
    let agreed = h.say_in("draw", "bob> draw accept").await;
    assert!(over(&agreed).is_some(), "{}", text(&agreed));

    h.restart().await;
    let notices = h.sweep().await;
    let after: Vec<&Notice> = notices
        .iter()
        .filter(|n| n.reply.says(&NoticeMsg::AnnouncedAfterRestart.into()))
        .collect();
    assert_eq!(after.len(), 2, "{notices:?}");
    for notice in &after {
        let outcome = over(&notice.reply).unwrap_or_else(|| panic!("a result: {notice:?}"));
        assert!(
            played(&notice.reply).is_empty(),
            "no turn again: {notice:?}"
        );
        let expected = if notice.reply.game == Some(resigned) {
            EndReason::Resignation
        } else {
            EndReason::DrawAgreed
        };
        assert_eq!(outcome.reason, expected);
        let shown = notice.reply.shows.expect("stamped");
        assert!(shown.over, "{shown:?}");
        h.service
            .mark_shown(notice.reply.game.expect("a game"), shown)
            .await;
    }
    h.restart().await;
    let again = h.sweep().await;
    assert!(
        !again
            .iter()
            .any(|n| n.reply.says(&NoticeMsg::AnnouncedAfterRestart.into())),
        "announced once: {again:?}"
    );
}

/// A result whose answer was not delivered while the process goes on is posted again by
/// the sweep, as a turn is, until a delivery marks it shown.
#[tokio::test]
async fn a_result_not_delivered_is_posted_again_by_the_sweep() {
    let h = Harness::new().await;
    let id = start_in(&h, "lost-result").await;
    h.service.mark_shown(id, plies(1)).await;
    h.say_in("lost-result", "bob> resign").await;
    h.advance(Duration::from_secs(60));
    let late: Vec<Reply> = h
        .sweep()
        .await
        .into_iter()
        .map(|n| n.reply)
        .filter(|r| r.says(&NoticeMsg::AnnouncedLate.into()))
        .collect();
    assert_eq!(late.len(), 1, "{late:?}");
    assert_eq!(
        over(&late[0]).map(|o| o.reason),
        Some(EndReason::Resignation)
    );
    h.service
        .mark_shown(id, late[0].shows.expect("stamped"))
        .await;
    h.advance(Duration::from_secs(3600));
    assert!(
        !h.sweep()
            .await
            .iter()
            .any(|n| n.reply.says(&NoticeMsg::AnnouncedLate.into())),
        "delivered"
    );
}

/// The notices a sweep right after a restart opens with "Announced after a restart".
fn after_restart(notices: &[Notice]) -> Vec<&Notice> {
    notices
        .iter()
        .filter(|n| n.reply.says(&NoticeMsg::AnnouncedAfterRestart.into()))
        .collect()
}

/// Issue 52: a game's start counts as shown only once a delivered reply showed it; one
/// stored and never shown (the process died before the answer went out) is announced after a
/// restart, with the turns since, once.
#[tokio::test]
async fn a_start_not_shown_is_announced_after_a_restart_once() {
    let mut h = Harness::new().await;
    h.say_in("shown", "alice> challenge bob white").await;
    let accepted = h.say_in("shown", "bob> accept").await;
    let shown = accepted.game.expect("game id");
    assert_eq!(accepted.shows, Some(plies(0)), "the start, stamped");
    h.service.mark_shown(shown, plies(0)).await;
    h.say_in("lost", "alice> challenge bob white").await;
    let lost = h.say_in("lost", "bob> accept").await.game.expect("game id");
    h.say_in("lost", "alice> move e4").await;

    h.restart().await;
    let notices = h.sweep().await;
    let after = after_restart(&notices);
    assert_eq!(after.len(), 1, "{notices:?}");
    let reply = &after[0].reply;
    assert_eq!(reply.game, Some(lost));
    assert!(
        reply
            .messages
            .iter()
            .any(|m| matches!(m, Message::Challenge(ChallengeMsg::Started { .. }))),
        "{reply:?}"
    );
    assert_eq!(played(reply), ["e4"]);
    assert_eq!(reply.shows, Some(plies(1)));
    assert!(text(reply).contains("bob"), "{}", text(reply));
    h.service.mark_shown(lost, plies(1)).await;

    h.restart().await;
    let again = h.sweep().await;
    assert!(
        after_restart(&again).is_empty(),
        "announced once: {again:?}"
    );
}

/// Issue 52: a challenge's lapse is announced stamped, and counts as told only once
/// delivered: one never delivered is announced after a restart, once.
#[tokio::test]
async fn a_lapse_not_shown_is_announced_after_a_restart_once() {
    let mut h = Harness::new().await;
    let challenged = h.say_in("told", "alice> challenge bob").await;
    let told = challenged.game.expect("challenge id");
    let challenged = h.say_in("untold", "carol> challenge dave").await;
    let untold = challenged.game.expect("challenge id");
    h.advance(Duration::from_secs(11 * 60));
    let notices = h.sweep().await;
    let lapses: Vec<&Notice> = notices.iter().filter(|n| n.reply.tells.is_some()).collect();
    assert_eq!(lapses.len(), 2, "{notices:?}");
    let first = lapses
        .iter()
        .find(|n| n.reply.tells == Some(Owed::Lapse(told)))
        .expect("alice's lapse, stamped");
    h.service
        .mark_told(first.reply.tells.expect("stamped"))
        .await;
    assert!(
        lapses
            .iter()
            .any(|n| n.reply.tells == Some(Owed::Lapse(untold))),
        "{lapses:?}"
    );

    h.restart().await;
    let notices = h.sweep().await;
    let after = after_restart(&notices);
    assert_eq!(after.len(), 1, "{notices:?}");
    let reply = &after[0].reply;
    assert_eq!(reply.tells, Some(Owed::Lapse(untold)));
    assert!(
        reply.says(
            &NoticeMsg::ChallengeExpired {
                challenger: "carol".into(),
                opponent: Some("dave".into()),
            }
            .into()
        ),
        "{reply:?}"
    );
    h.service.mark_told(Owed::Lapse(untold)).await;
    h.restart().await;
    let again = h.sweep().await;
    assert!(
        after_restart(&again).is_empty(),
        "announced once: {again:?}"
    );
}
