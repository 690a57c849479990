//! Who may do what: strangers and spectators are refused privately and nothing changes.

use domain::messages::{ChallengeMsg, Message, OfferMsg, Players, Refusal, ViewMsg};
use domain::{Action, Games, Locale};
use rules::{Color, EndReason, Outcome};
use service::Options;
use testkit::harness::{Harness, over, refusal, text};

async fn plies(h: &Harness, id: u64) -> usize {
    h.storage
        .load_game(id)
        .await
        .expect("load")
        .expect("stored")
        .turns
        .len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_challenged_player_answers_a_challenge() {
    let h = Harness::new().await;
    let c = h.say("alice> challenge bob avalanche").await;
    assert!(c.actions.contains(&Action::AcceptChallenge));
    for line in [
        "carol> accept",
        "carol> decline",
        "alice> accept",
        "alice> decline",
        "bob> cancel",
    ] {
        let r = h.say(line).await;
        assert!(r.private, "`{line}` should be refused: {}", text(&r));
    }
    let again = h.say("carol> challenge dave").await;
    assert!(again.private, "{}", text(&again));
    let r = h.say("bob> decline").await;
    let declined = ChallengeMsg::Declined {
        by: "bob".into(),
        challenger: "alice".into(),
    };
    assert!(!r.private && r.says(&declined.into()), "{r:?}");
    // The channel is free again, and the answered challenge leads nowhere (a front tells its
    // old buttons so).
    let id = c.game.expect("the challenge's id");
    assert_eq!(h.service.channel_of_game(id).await, None);
    let r = h.say("carol> challenge dave").await;
    assert!(!r.private, "{}", text(&r));
    let r = h.say("carol> cancel").await;
    let withdrawn = ChallengeMsg::Withdrawn { by: "carol".into() };
    assert!(!r.private && r.says(&withdrawn.into()), "{r:?}");
    assert_eq!(
        h.service.channel_of_game(r.game.expect("its id")).await,
        None
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_challenges_are_for_anyone_but_the_challenger() {
    let h = Harness::new().await;
    let r = h.say("alice> challenge standard black").await;
    assert!(
        matches!(
            r.messages.first(),
            Some(Message::Challenge(ChallengeMsg::Challenged {
                opponent: None,
                ..
            }))
        ),
        "{r:?}"
    );
    assert!(text(&r).contains("anyone"), "{}", text(&r));
    assert!(h.say("alice> accept").await.private);
    assert!(h.say("dave> decline").await.private);
    let r = h.say("dave> accept").await;
    assert!(!r.private, "{}", text(&r));
    let players = Players {
        white: "dave".into(),
        black: "alice".into(),
    };
    assert!(
        r.messages.iter().any(|m| matches!(
            m,
            Message::Challenge(ChallengeMsg::Started { players: p, .. }) if *p == players
        )),
        "{r:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_players_act_and_only_in_turn() {
    let h = Harness::new().await;
    h.say("alice> challenge bob white").await;
    let id = h.say("bob> accept").await.game.expect("id");
    // Black may not move first; strangers may not move at all.
    let r = h.say("bob> move e5").await;
    assert!(
        r.private
            && matches!(
                refusal(&r),
                Some(Refusal::NotYourTurn {
                    color: Color::White,
                    ..
                })
            ),
        "{r:?}"
    );
    let r = h.say("carol> move e4").await;
    assert!(
        r.private && matches!(refusal(&r), Some(Refusal::NotPlaying { .. })),
        "{r:?}"
    );
    assert_eq!(plies(&h, id).await, 0);
    for line in [
        "carol> resign",
        "carol> draw",
        "carol> takeback",
        "carol> abort",
        "carol> confirm",
        "carol> promote q",
    ] {
        let r = h.say(line).await;
        assert!(
            r.private && matches!(refusal(&r), Some(Refusal::NotPlaying { .. })),
            "`{line}`: {r:?}"
        );
    }
    assert!(
        h.storage
            .load_game(id)
            .await
            .expect("load")
            .expect("stored")
            .row
            .state
            .finished
            .is_none()
    );
    // Spectators may look.
    let board = h.say("carol> board").await;
    assert!(!board.private && board.image.is_some(), "{}", text(&board));
    let moves = h.say("carol> moves").await;
    assert!(
        !moves.private && !moves.files.is_empty(),
        "{}",
        text(&moves)
    );
    // A second game may not start in the same channel.
    let r = h.say("carol> challenge dave").await;
    assert!(
        r.private && matches!(refusal(&r), Some(Refusal::GameGoingOn { .. })),
        "{r:?}"
    );
    // The right player moves.
    let r = h.say("alice> move e4").await;
    assert!(!r.private, "{}", text(&r));
    assert_eq!(r.mentions, vec![console::user_id("bob")]);
    assert_eq!(plies(&h, id).await, 1);
    // A player may resign even when it is not their turn.
    let r = h.say("alice> resign").await;
    assert!(!r.private, "{r:?}");
    assert_eq!(
        over(&r),
        Some(Outcome {
            winner: Some(Color::Black),
            reason: EndReason::Resignation
        })
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_practice_game_starts_at_once_and_one_player_moves_both_sides() {
    let h = Harness::new().await;
    let r = h.say("alice> challenge alice avalanche-balanced").await;
    assert!(
        !r.private
            && matches!(
                r.messages.first(),
                Some(Message::Challenge(ChallengeMsg::PracticeStarted { player, .. })) if player == "alice"
            ),
        "{r:?}"
    );
    assert!(r.image.is_some());
    assert!(!h.say("alice> move e4//").await.private);
    let r = h.say("alice> move e5/d3").await;
    assert!(!r.private, "{}", text(&r));
    assert!(h.say("bob> move d4").await.private);
    let r = h.say("alice> takeback").await;
    let took_back = OfferMsg::SelfTakeback {
        player: "alice".into(),
    };
    assert!(!r.private && r.says(&took_back.into()), "{r:?}");
    let r = h.say("alice> draw").await;
    assert_eq!(
        over(&r),
        Some(Outcome {
            winner: None,
            reason: EndReason::DrawAgreed
        })
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_lists_this_servers_games_and_direct_messages_only_ones_own() {
    use console::user;
    use domain::{Command, Origin};
    let h = Harness::new().await;
    h.say_in("one", "alice> challenge bob avalanche white")
        .await;
    h.say_in("one", "bob> accept").await;
    h.say_in("one", "alice> move e4/d6").await;
    h.say_in("two", "carol> challenge").await;
    let r = h.say("dave> games").await;
    assert!(!r.private, "{}", text(&r));
    let Some(Message::View(ViewMsg::Games {
        games,
        more,
        challenges,
    })) = r.messages.first()
    else {
        panic!("not a list of games: {r:?}");
    };
    assert_eq!(*more, 0);
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(
        (
            games[0].players.white.as_str(),
            games[0].players.black.as_str()
        ),
        ("alice", "bob")
    );
    assert_eq!(games[0].to_move, "bob");
    assert_eq!(games[0].channel, console::room_channel("one"));
    assert_eq!(challenges.len(), 1, "{challenges:?}");
    assert_eq!(challenges[0].challenger, "carol");
    assert_eq!(challenges[0].opponent, None);
    // The console words it from the catalog, without Discord's channel links.
    assert!(
        text(&r).contains("alice (White) vs bob (Black)"),
        "{}",
        text(&r)
    );
    assert!(text(&r).contains("carol challenges anyone"), "{}", text(&r));
    assert!(!text(&r).contains("<#"), "{}", text(&r));
    // Another server sees none of it; a direct message sees only the caller's own games.
    let elsewhere = Origin {
        guild: Some(99),
        channel: 5,
        user: user("dave"),
        locale: Locale::default(),
    };
    let r = h.execute(&elsewhere, Command::Games).await;
    assert!(r.says(&ViewMsg::NoGames.into()), "{r:?}");
    let dm = Origin {
        guild: None,
        channel: 6,
        user: user("erin"),
        locale: Locale::default(),
    };
    h.service
        .execute(
            &dm,
            Command::Challenge {
                opponent: Some(user("frank")),
                variant: rules::Variant::Standard,
                setup: None,
                color: domain::ColorChoice::White,
                deadline: None,
                time: None,
                rated: None,
            },
            Options::default(),
        )
        .await;
    let frank = Origin {
        guild: None,
        channel: 7,
        user: user("frank"),
        locale: Locale::default(),
    };
    let r = h.execute(&frank, Command::Games).await;
    let Some(Message::View(ViewMsg::Games { challenges, .. })) = r.messages.first() else {
        panic!("not a list of games: {r:?}");
    };
    assert_eq!(
        (
            challenges[0].challenger.as_str(),
            challenges[0].opponent.as_deref()
        ),
        ("erin", Some("frank"))
    );
    let stranger = Origin {
        guild: None,
        channel: 8,
        user: user("gina"),
        locale: Locale::default(),
    };
    let r = h.execute(&stranger, Command::Games).await;
    assert!(r.says(&ViewMsg::NoGames.into()), "{r:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_user_may_have_three_challenges_open() {
    let h = Harness::new().await;
    for room in ["one", "two", "three"] {
        let r = h.say_in(room, "alice> challenge bob").await;
        assert!(!r.private, "{}", text(&r));
    }
    let fourth = h.say_in("four", "alice> challenge bob").await;
    assert!(
        fourth.private && refusal(&fourth) == Some(&Refusal::TooManyChallenges { limit: 3 }),
        "{fourth:?}"
    );
    assert!(!h.say_in("four", "bob> challenge alice").await.private);
    h.say_in("one", "alice> cancel").await;
    assert!(!h.say_in("five", "alice> challenge carol").await.private);
}
