//! Restarts: a stored game that no longer reads or replays is set aside without stopping the
//! others, and finished games stay viewable for the retention time.

use std::time::Duration;

use console::room_channel;
use domain::Games;
use domain::messages::{Message, NoticeMsg, Refusal, ViewMsg};
use rules::{Color, EndReason, Outcome};
use testkit::harness::{Harness, over, played, refusal, text};

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
    assert_eq!(shown.shows_plies, Some(2), "{}", text(&shown));
    let unshown = h.say_in("late", "alice> move Nf3").await;
    assert_eq!(unshown.shows_plies, Some(3), "{}", text(&unshown));
    // The answer to e5 is delivered only now; the answer to Nf3 never is.
    h.service.mark_shown(id, 2).await;

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
        .mark_shown(id, answer.shows_plies.expect("stamped"))
        .await;
    h.say_in("back", "bob> takeback request").await;
    let undone = h.say_in("back", "alice> takeback accept").await;
    assert_eq!(undone.shows_plies, Some(1), "{}", text(&undone));
    h.service.mark_shown(id, 1).await;
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
