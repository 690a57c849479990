//! Move deadlines, reminders and challenge expiry, driven by a manual clock (no sleeping).

use std::time::Duration;

use console::{room_channel, user_id};
use domain::Games;
use domain::messages::{ChallengeMsg, Message, NoticeMsg, Players, Refusal};
use rules::{Color, EndReason};
use testkit::harness::{Harness, main_room, over, refusal, text};

const MIN: Duration = Duration::from_secs(60);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_then_a_loss_on_time() {
    let h = Harness::new().await;
    let r = h.say("alice> challenge bob white 1h").await;
    assert!(
        matches!(
            r.messages.first(),
            Some(Message::Challenge(ChallengeMsg::Challenged { deadline: Some(d), .. })) if *d == 60 * MIN
        ),
        "{r:?}"
    );
    assert!(text(&r).contains("1h per turn"), "{}", text(&r));
    let id = h.say("bob> accept").await.game.expect("id");
    assert!(h.sweep().await.is_empty());
    h.advance(29 * MIN);
    assert!(h.sweep().await.is_empty(), "too early for a reminder");
    h.advance(MIN);
    let notices = h.sweep().await;
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(notices[0].channel, main_room());
    assert_eq!(notices[0].reply.mentions, vec![user_id("alice")]);
    let reminder = NoticeMsg::Reminder {
        player: "alice".into(),
        game: id,
        players: Players {
            white: "alice".into(),
            black: "bob".into(),
        },
        left: 30 * MIN,
    };
    assert!(notices[0].reply.says(&reminder.into()), "{notices:?}");
    assert!(
        text(&notices[0].reply).contains("30m left"),
        "{}",
        text(&notices[0].reply)
    );
    assert!(h.sweep().await.is_empty(), "a reminder goes out once");
    h.advance(10 * MIN);
    assert!(!h.say("alice> move e4").await.private);
    // bob's hour runs from alice's move.
    h.advance(29 * MIN);
    assert!(h.sweep().await.is_empty());
    h.advance(MIN);
    let notices = h.sweep().await;
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].reply.mentions, vec![user_id("bob")]);
    h.advance(30 * MIN - Duration::from_secs(1));
    assert!(h.sweep().await.is_empty(), "one second is left");
    h.advance(Duration::from_secs(1));
    let notices = h.sweep().await;
    assert_eq!(notices.len(), 1);
    let lost = NoticeMsg::LostOnTime {
        player: "bob".into(),
        color: Color::Black,
        deadline: 60 * MIN,
    };
    assert!(notices[0].reply.says(&lost.into()), "{notices:?}");
    assert_eq!(
        over(&notices[0].reply).and_then(|o| o.winner),
        Some(Color::White)
    );
    assert!(notices[0].reply.image.is_some());
    assert!(h.sweep().await.is_empty(), "the timeout is announced once");
    let finished = h
        .storage
        .load_game(id)
        .await
        .expect("load")
        .expect("stored")
        .row
        .state
        .finished
        .expect("over");
    assert_eq!(finished.outcome.reason, EndReason::Timeout);
    assert_eq!(finished.outcome.winner, Some(Color::White));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenges_expire_after_ten_minutes() {
    let h = Harness::new().await;
    h.say_in("side", "carol> challenge dave avalanche").await;
    h.advance(9 * MIN);
    assert!(h.sweep().await.is_empty());
    h.advance(MIN);
    let notices = h.sweep().await;
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].channel, room_channel("side"));
    assert!(
        matches!(
            notices[0].reply.messages.first(),
            Some(Message::Notice(NoticeMsg::ChallengeExpired { .. }))
        ),
        "{notices:?}"
    );
    let r = h.say_in("side", "dave> accept").await;
    assert!(r.private, "{r:?}");
    assert_eq!(refusal(&r), Some(&Refusal::NoChallengeToAccept));
    assert_eq!(
        h.service.active_channels(),
        0,
        "the empty channel is dropped"
    );
    assert!(
        h.storage
            .load_unfinished(domain::ShardSet::All)
            .await
            .expect("load")
            .challenges
            .is_empty()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_overdue_game_ends_at_the_next_command_even_before_a_sweep() {
    let h = Harness::new().await;
    h.say("alice> challenge bob white 10m").await;
    let id = h.say("bob> accept").await.game.expect("id");
    h.advance(11 * MIN);
    let r = h.say("alice> move e4").await;
    assert!(!r.private, "the timeout is news for everyone: {}", text(&r));
    assert!(
        r.messages
            .iter()
            .any(|m| matches!(m, Message::Notice(NoticeMsg::LostOnTime { .. }))),
        "{r:?}"
    );
    assert!(
        matches!(
            r.messages.last(),
            Some(Message::Refusal(Refusal::GameOver(_)))
        ),
        "{r:?}"
    );
    let stored = h
        .storage
        .load_game(id)
        .await
        .expect("load")
        .expect("stored");
    assert!(stored.turns.is_empty(), "the late move is not played");
    assert!(h.sweep().await.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deadlines_and_challenges_survive_a_restart() {
    let mut h = Harness::new().await;
    h.say("alice> challenge bob white 1d").await;
    let id = h.say("bob> accept").await.game.expect("id");
    let moved = h.say("alice> move d4").await;
    h.service
        .mark_shown(id, moved.shows.expect("stamped"))
        .await;
    h.say_in("side", "carol> challenge dave").await;
    h.restart().await;
    h.advance(Duration::from_secs(86_400));
    let notices = h.sweep().await;
    assert_eq!(notices.len(), 2, "{notices:?}");
    assert!(notices.iter().any(|n| matches!(
        n.reply.messages.first(),
        Some(Message::Notice(NoticeMsg::ChallengeExpired { .. }))
    )));
    assert!(
        notices
            .iter()
            .any(|n| over(&n.reply).and_then(|o| o.winner) == Some(Color::White))
    );
    let stored = h
        .storage
        .load_game(id)
        .await
        .expect("load")
        .expect("stored");
    assert_eq!(stored.turns, vec!["d4".to_string()]);
    assert_eq!(
        stored.row.state.finished.map(|f| f.outcome.reason),
        Some(EndReason::Timeout)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deadlines_outside_the_allowed_range_are_refused() {
    let h = Harness::new().await;
    let r = h.say("alice> challenge bob 30s").await;
    let range = Refusal::DeadlineOutOfRange {
        min: MIN,
        max: Duration::from_secs(30 * 86_400),
    };
    assert!(r.private && refusal(&r) == Some(&range), "{r:?}");
    let r = h.say("alice> challenge bob 60d").await;
    assert!(r.private && refusal(&r) == Some(&range), "{r:?}");
    assert_eq!(h.service.active_channels(), 0);
}
