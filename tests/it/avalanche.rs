//! Avalanche turns through the service: pending promotions, losing pushes, mistakes with
//! suggestions, autocomplete.

use console::user;
use domain::messages::{Message, Refusal, TurnMsg};
use domain::{Action, Command, Games, Locale, Origin};
use rules::{EndReason, Game, MoveError, Role, Square, Variant};
use testkit::harness::{
    Harness, Rng, illegal, main_room, over, played, refusal, text, turns_that_do_not_lose,
};

/// Plays seeded random Avalanche turns (never a losing push) until `stop` holds for the
/// position; returns the notations that lead there.
fn reach(stop: impl Fn(&Game) -> bool) -> Vec<String> {
    for seed in 1..500 {
        let mut rng = Rng::new(seed);
        let mut game = Game::new(Variant::Avalanche, None).expect("setup");
        while game.outcome().is_none() && game.turns().len() < 200 {
            if stop(&game) {
                return game.notations();
            }
            let turns = turns_that_do_not_lose(game.position());
            if turns.is_empty() {
                break;
            }
            game.play(turns[rng.below(turns.len())]).expect("legal");
        }
    }
    panic!("position not reached");
}

async fn start_and_play(h: &Harness, notations: &[String]) -> u64 {
    h.say("alice> challenge bob avalanche white").await;
    let id = h.say("bob> accept").await.game.expect("id");
    for (i, n) in notations.iter().enumerate() {
        let who = if i.is_multiple_of(2) { "alice" } else { "bob" };
        let r = h.say(&format!("{who}> move {n}")).await;
        assert!(!r.private, "{n}: {}", text(&r));
    }
    id
}

fn player(ply: usize) -> &'static str {
    if ply.is_multiple_of(2) {
        "alice"
    } else {
        "bob"
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_losing_push_asks_for_confirmation_and_survives_a_restart() {
    let notations = reach(|g| {
        let pos = g.position();
        pos.legal_turns().iter().any(|t| pos.is_losing_push(t))
    });
    let mut h = Harness::new().await;
    let id = start_and_play(&h, &notations).await;
    let mut game = Game::new(Variant::Avalanche, None).expect("setup");
    for n in &notations {
        game.play_str(n).expect("replay");
    }
    let pos = game.position().clone();
    let losing = pos
        .legal_turns()
        .into_iter()
        .find(|t| pos.is_losing_push(t))
        .expect("a losing push");
    let notation = pos.turn_to_notation(&losing);
    let who = player(notations.len());
    let r = h.say(&format!("{who}> move {notation}")).await;
    assert!(
        r.private
            && r.says(
                &TurnMsg::LosingPush {
                    notation: notation.clone()
                }
                .into()
            ),
        "{r:?}"
    );
    assert_eq!(r.actions, vec![Action::ConfirmPush, Action::CancelPush]);
    let other = player(notations.len() + 1);
    assert!(h.say(&format!("{other}> confirm")).await.private);
    let r = h.say(&format!("{who}> cancel-push")).await;
    assert!(r.private && r.says(&TurnMsg::Dropped.into()), "{r:?}");
    let r = h.say(&format!("{who}> confirm")).await;
    assert_eq!(refusal(&r), Some(&Refusal::NoTurnToConfirm));
    h.say(&format!("{who}> move {notation}")).await;
    h.restart().await;
    let r = h.say(&format!("{who}> confirm")).await;
    assert!(!r.private, "{}", text(&r));
    assert_eq!(over(&r).map(|o| o.reason), Some(EndReason::ExposedOwnKing));
    let stored = h
        .storage
        .load_game(id)
        .await
        .expect("load")
        .expect("stored");
    assert_eq!(stored.turns.len(), notations.len() + 1);
    assert_eq!(
        stored.row.state.finished.map(|f| f.outcome.reason),
        Some(EndReason::ExposedOwnKing)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pending_promotion_is_chosen_first() {
    let notations = reach(|g| {
        let pos = g.position();
        pos.pending_promotion().is_some()
            && pos
                .legal_turns()
                .iter()
                .any(|t| t.mv.is_some() && !pos.is_losing_push(t))
    });
    let h = Harness::new().await;
    h.say("alice> challenge bob avalanche white").await;
    h.say("bob> accept").await;
    let mut last = None;
    for (i, n) in notations.iter().enumerate() {
        last = Some(h.say(&format!("{}> move {n}", player(i))).await);
    }
    let last = last.expect("some turns");
    assert!(
        last.messages.iter().any(|m| matches!(
            m,
            Message::Turn(TurnMsg::ToMove {
                promotion: Some(_),
                ..
            })
        )),
        "{last:?}"
    );
    assert!(last.actions.contains(&Action::Promote(Role::Queen)));
    let mut game = Game::new(Variant::Avalanche, None).expect("setup");
    for n in &notations {
        game.play_str(n).expect("replay");
    }
    let pos = game.position().clone();
    let turn = pos
        .legal_turns()
        .into_iter()
        .find(|t| t.mv.is_some() && !pos.is_losing_push(t))
        .expect("a turn with a move");
    let role = turn.promotion.expect("a promotion choice");
    let whole = pos.turn_to_notation(&turn);
    let rest = whole
        .split_once(' ')
        .map(|(_, r)| r)
        .expect("`=X move` notation");
    let who = player(notations.len());
    // The move alone is refused until the piece is chosen.
    let r = h.say(&format!("{who}> move {rest}")).await;
    assert!(
        matches!(illegal(&r).0, MoveError::PromotionChoiceDue { .. }),
        "{r:?}"
    );
    let origin = Origin {
        guild: Some(console::CONSOLE_GUILD),
        channel: main_room(),
        user: user(who),
        locale: Locale::default(),
    };
    let r = h.execute(&origin, Command::Promote(role)).await;
    assert!(
        r.private
            && matches!(
                r.messages.first(),
                Some(Message::Turn(TurnMsg::PromotionChosen { role: chosen, .. })) if *chosen == role
            ),
        "{r:?}"
    );
    let r = h.say(&format!("{who}> move {rest}")).await;
    assert!(!r.private, "{}", text(&r));
    assert_eq!(played(&r), [whole.as_str()]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mistakes_get_the_reason_and_close_legal_turns() {
    let h = Harness::new().await;
    h.say("alice> challenge bob avalanche white").await;
    h.say("bob> accept").await;
    let r = h.say("alice> move Nf4").await;
    let (error, suggestions) = illegal(&r);
    assert_eq!(
        error,
        &MoveError::NoPieceCanReach {
            role: Role::Knight,
            to: square("f4")
        }
    );
    assert!(suggestions.iter().any(|s| s == "Nf3"), "{suggestions:?}");
    let r = h.say("alice> move Nf3/a5").await;
    match illegal(&r).0 {
        MoveError::CannotPush { to, pushable } => {
            assert_eq!(*to, square("a5"));
            assert!(
                pushable.iter().any(|p| p.to == square("a6")),
                "{pushable:?}"
            );
        }
        other => panic!("not a refused push: {other:?}"),
    }
    let r = h.say("alice> move hello").await;
    let (error, suggestions) = illegal(&r);
    assert!(matches!(error, MoveError::Unparseable { .. }), "{error:?}");
    assert!(
        (1..=5).contains(&suggestions.len()),
        "one to five suggestions: {suggestions:?}"
    );
    // Two steps: the move, then the push named by its square.
    let r = h.say("alice> move Nf3").await;
    let Some(Message::Turn(TurnMsg::MoveNoted { pushes, .. })) = r.messages.first() else {
        panic!("the move is not noted: {r:?}");
    };
    assert!(
        r.private && pushes.iter().any(|p| p.to == square("a6")),
        "{r:?}"
    );
    let r = h.say("alice> move a4").await;
    assert_eq!(illegal(&r).1.first().map(String::as_str), Some("a6"));
    let r = h.say("alice> move a6").await;
    assert!(!r.private, "{}", text(&r));
    assert_eq!(played(&r), ["Nf3/a6"]);
}

fn square(name: &str) -> Square {
    name.parse().expect("a square")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_offers_the_player_to_move_matching_turns() {
    let h = Harness::new().await;
    h.say("alice> challenge bob white").await;
    let id = h.say("bob> accept").await.game.expect("id");
    let origin = |name: &str| Origin {
        guild: Some(console::CONSOLE_GUILD),
        channel: main_room(),
        user: user(name),
        locale: Locale::default(),
    };
    let s = h.service.move_suggestions(&origin("alice"), "N", 25).await;
    assert_eq!(s.len(), 4, "{s:?}");
    assert!(s.iter().all(|m| m.starts_with('N')), "{s:?}");
    assert_eq!(
        h.service
            .move_suggestions(&origin("alice"), "", 25)
            .await
            .len(),
        20
    );
    assert!(
        h.service
            .move_suggestions(&origin("bob"), "e", 25)
            .await
            .is_empty()
    );
    assert!(
        h.service
            .move_suggestions(&origin("carol"), "e", 25)
            .await
            .is_empty()
    );
    assert!(
        h.service
            .is_player_to_move(main_room(), user("alice").id)
            .await
    );
    assert!(
        !h.service
            .is_player_to_move(main_room(), user("bob").id)
            .await
    );
    assert_eq!(h.service.channel_of_game(id).await, Some(main_room()));
    assert_eq!(h.service.channel_of_game(id + 100).await, None);
}
