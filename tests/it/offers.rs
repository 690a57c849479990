//! Draw offers, takebacks, aborts and resignation, and how moves affect them.

use domain::Games;
use domain::messages::{Message, OfferMsg, Refusal, TurnMsg};
use rules::{Color, EndReason, Outcome};
use testkit::harness::{Harness, over, refusal, text};

async fn start(h: &Harness) -> u64 {
    h.say("alice> challenge bob white").await;
    h.say("bob> accept").await.game.expect("id")
}

async fn reason(h: &Harness, id: u64) -> Option<EndReason> {
    h.storage
        .load_game(id)
        .await
        .expect("load")
        .expect("stored")
        .row
        .state
        .finished
        .map(|f| f.outcome.reason)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_offer_lapses_when_the_other_side_moves() {
    let h = Harness::new().await;
    let id = start(&h).await;
    h.say("alice> move e4").await;
    let r = h.say("alice> draw offer").await;
    assert!(
        !r.private && r.mentions == vec![console::user_id("bob")],
        "{}",
        text(&r)
    );
    assert!(h.say("alice> draw offer").await.private);
    assert!(
        h.say("alice> draw accept").await.private,
        "own offer cannot be accepted"
    );
    let r = h.say("bob> move e5").await;
    assert!(
        r.says(
            &TurnMsg::DrawOfferLapsed {
                player: "alice".into()
            }
            .into()
        ),
        "{r:?}"
    );
    let r = h.say("bob> draw accept").await;
    assert!(r.private, "{}", text(&r));
    assert_eq!(reason(&h, id).await, None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draws_are_declined_or_agreed() {
    let h = Harness::new().await;
    let id = start(&h).await;
    h.say("alice> move d4").await;
    h.say("bob> draw").await;
    let r = h.say("alice> draw decline").await;
    let declined = OfferMsg::DrawDeclined {
        by: "alice".into(),
        offerer: "bob".into(),
    };
    assert!(!r.private && r.says(&declined.into()), "{r:?}");
    assert!(h.say("alice> draw accept").await.private);
    h.say("bob> draw offer").await;
    // Offering back while an offer stands accepts it.
    let r = h.say("alice> draw").await;
    let accepted = OfferMsg::DrawAccepted {
        by: "alice".into(),
        offerer: "bob".into(),
    };
    assert!(r.says(&accepted.into()), "{r:?}");
    assert_eq!(
        over(&r),
        Some(Outcome {
            winner: None,
            reason: EndReason::DrawAgreed
        })
    );
    assert_eq!(reason(&h, id).await, Some(EndReason::DrawAgreed));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn takebacks_need_the_opponent_and_undo_the_requesters_turn() {
    let h = Harness::new().await;
    let id = start(&h).await;
    assert!(
        h.say("alice> takeback").await.private,
        "nothing to take back yet"
    );
    h.say("alice> move e4").await;
    h.say("bob> move e5").await;
    h.say("alice> move Nf3").await;
    // bob asks while it is his turn: his e5 and alice's Nf3 go.
    let r = h.say("bob> takeback").await;
    assert!(!r.private, "{}", text(&r));
    assert!(h.say("bob> takeback accept").await.private, "own request");
    let r = h.say("alice> takeback decline").await;
    let declined = OfferMsg::TakebackDeclined {
        by: "alice".into(),
        requester: "bob".into(),
    };
    assert!(!r.private && r.says(&declined.into()), "{r:?}");
    assert_eq!(
        h.storage
            .load_game(id)
            .await
            .expect("load")
            .expect("stored")
            .turns
            .len(),
        3
    );
    h.say("bob> takeback request").await;
    let r = h.say("alice> takeback accept").await;
    assert!(!r.private && r.image.is_some(), "{}", text(&r));
    assert!(
        r.messages.iter().any(|m| matches!(
            m,
            Message::Turn(TurnMsg::ToMove { player, color: Color::Black, .. }) if player == "bob"
        )),
        "{r:?}"
    );
    let turns = h
        .storage
        .load_game(id)
        .await
        .expect("load")
        .expect("stored")
        .turns;
    assert_eq!(turns, vec!["e4".to_string()]);
    // alice asks right after her own move: only that move goes.
    h.say("bob> move c5").await;
    h.say("alice> move Nc3").await;
    h.say("alice> takeback").await;
    h.say("bob> takeback").await;
    let turns = h
        .storage
        .load_game(id)
        .await
        .expect("load")
        .expect("stored")
        .turns;
    assert_eq!(turns, vec!["e4".to_string(), "c5".to_string()]);
    // A move clears a standing request.
    h.say("alice> takeback").await;
    h.say("alice> move Nf3").await;
    assert!(h.say("bob> takeback accept").await.private);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn abort_only_before_both_sides_have_moved() {
    let h = Harness::new().await;
    let id = start(&h).await;
    h.say("alice> move e4").await;
    let r = h.say("bob> abort").await;
    let aborted = OfferMsg::Aborted {
        player: "bob".into(),
    };
    assert!(!r.private && r.says(&aborted.into()), "{r:?}");
    assert_eq!(reason(&h, id).await, Some(EndReason::Aborted));
    // The channel takes a new challenge once the game is over.
    h.say("alice> challenge bob white").await;
    let id = h.say("bob> accept").await.game.expect("id");
    h.say("alice> move e4").await;
    h.say("bob> move e5").await;
    let r = h.say("alice> abort").await;
    assert_eq!(refusal(&r), Some(&Refusal::TooLateToAbort));
    let r = h.say("bob> resign").await;
    assert_eq!(
        over(&r),
        Some(Outcome {
            winner: Some(Color::White),
            reason: EndReason::Resignation
        })
    );
    assert_eq!(reason(&h, id).await, Some(EndReason::Resignation));
}

/// A draw offered to the computer is answered at once: declined where it stands better
/// (after White's weakening 1.g4), and offered again it is answered again (no offer left
/// standing).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_answers_a_draw_offer_at_once() {
    let h = Harness::new().await;
    let id = h
        .say("alice> challenge computer level 1 white")
        .await
        .game
        .expect("a game");
    h.say("alice> move g4").await;
    let computer = domain::computer(1).name;
    let declined = OfferMsg::DrawDeclined {
        by: computer,
        offerer: "alice".into(),
    };
    for _ in 0..2 {
        let r = h.say("alice> draw offer").await;
        assert!(!r.private && r.says(&declined.clone().into()), "{r:?}");
    }
    assert_eq!(reason(&h, id).await, None);
}
