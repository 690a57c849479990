//! Half turns (a turn before its push, for a search that builds only the turns it looks
//! at) give exactly the whole turns of `visit_turns`, in the same order, with the same
//! positions after them; a push that does not complete a half turn is refused; a pass
//! hands over the move and, in Avalanche, still pushes; in chess a legal move played
//! unchecked gives the same whole turn.

use rules::{Game, Position, Push, Variant};

use crate::common::{Rng, pos};

/// Positions from random games of every variant, pending promotions and checks included.
fn random_positions(count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let variant = Variant::ALL[rng.below(Variant::ALL.len())];
        let setup =
            (variant.allows_chess960_setup() && rng.below(2) == 0).then(|| rng.below(960) as u16);
        let Ok(mut game) = Game::new(variant, setup) else {
            continue;
        };
        for _ in 0..rng.below(80) {
            let turns = game.position().legal_turns();
            if game.outcome().is_some() || turns.is_empty() {
                break;
            }
            game.play(turns[rng.below(turns.len())]).unwrap();
            out.push(game.position().clone());
        }
    }
    out
}

/// Every whole turn of `p` through its half turns: turn, FEN after, ends the game.
fn through_halves(p: &Position) -> Vec<(rules::Turn, String, bool)> {
    let mut out = Vec::new();
    for half in p.half_turns() {
        let pushes: Vec<Option<Push>> = if half.turn_count() > 1 || half.pushes().next().is_some() {
            half.pushes().map(Some).collect()
        } else {
            vec![None]
        };
        assert_eq!(pushes.len() as u32, half.turn_count());
        for push in pushes {
            let step = half.complete(push).expect("its own push completes it");
            out.push((step.turn, step.after.to_fen(), step.ends_game));
        }
    }
    out
}

#[test]
fn half_turns_complete_to_exactly_the_whole_turns() {
    let mut extra = vec![
        // A pending promotion that checks when chosen as a queen.
        pos(Variant::Avalanche, "P6k/8/8/8/8/8/8/4K3 w - - 0 1"),
        // Balanced Avalanche's first turn has no push.
        Position::new_game(Variant::AvalancheBalanced, None).unwrap(),
        // Won: Black exposed its own king; White has no turns.
        pos(Variant::Avalanche, "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"),
    ];
    extra.extend(random_positions(300, 0x5eed_1234));
    for p in &extra {
        let mut whole = Vec::new();
        p.visit_turns(&mut |s| whole.push((s.turn, s.after.to_fen(), s.ends_game)));
        assert_eq!(through_halves(p), whole, "{}", p.to_fen());
    }
}

#[test]
fn a_filter_keeps_exactly_the_half_turns_it_accepts() {
    for p in random_positions(100, 77) {
        let keep = |_: Option<rules::Role>, mv: rules::Move| mv.from.file() < 4;
        let all: Vec<_> = p
            .half_turns()
            .into_iter()
            .filter(|h| h.wins() || h.mv().is_some_and(|mv| keep(h.promotion(), mv)))
            .map(|h| (h.promotion(), h.mv()))
            .collect();
        let filtered: Vec<_> = p
            .half_turns_with(keep)
            .into_iter()
            .map(|h| (h.promotion(), h.mv()))
            .collect();
        assert_eq!(filtered, all, "{}", p.to_fen());
    }
}

#[test]
fn a_push_that_does_not_belong_is_refused() {
    let start = Position::new_game(Variant::Avalanche, None).unwrap();
    let half = start.half_turns().into_iter().next().unwrap();
    assert!(half.complete(None).is_none(), "an Avalanche turn must push");
    let sq = |s: &str| s.parse().unwrap();
    // A White pawn is not White's to push, and a pawn steps one square.
    for (from, to) in [("e2", "e3"), ("e7", "e5"), ("e7", "d6")] {
        let push = Push {
            from: sq(from),
            to: sq(to),
        };
        assert!(half.complete(Some(push)).is_none(), "{from}{to}");
    }
    let standard = Position::new_game(Variant::Standard, None).unwrap();
    let half = standard.half_turns().into_iter().next().unwrap();
    let push = Push {
        from: sq("e7"),
        to: sq("e6"),
    };
    assert!(half.complete(Some(push)).is_none());
}

#[test]
fn a_pass_hands_over_the_move_and_still_pushes_in_avalanche() {
    let p = pos(
        Variant::Avalanche,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
    );
    let pass = p.pass();
    assert!(pass.mv().is_none());
    assert_eq!(
        pass.turn_count(),
        7,
        "every black pawn but the blocked e5 one"
    );
    let push = pass.pushes().next().unwrap();
    let after = pass.complete(Some(push)).unwrap().after;
    assert_eq!(after.side_to_move(), rules::Color::Black);
    assert_eq!(
        after.piece_at(push.to).map(|p| p.color),
        Some(rules::Color::Black)
    );
    let standard = pos(Variant::Standard, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let after = standard.pass().complete(None).unwrap().after;
    assert_eq!(after.to_fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn a_move_played_unchecked_gives_the_whole_turn_of_visit_turns() {
    let mut checked = 0;
    for p in random_positions(1000, 0xfeed_0960) {
        if p.variant().rules().push {
            let mv = p.legal_moves().first().copied();
            assert!(
                mv.and_then(|mv| p.play_unchecked(mv)).is_none(),
                "{}",
                p.to_fen()
            );
            continue;
        }
        let mut whole = Vec::new();
        p.visit_turns(&mut |s| whole.push((s.turn, s.after.to_fen(), s.ends_game)));
        let unchecked: Vec<_> = p
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let step = p.play_unchecked(mv).expect("chess: a move is a whole turn");
                (step.turn, step.after.to_fen(), step.ends_game)
            })
            .collect();
        assert_eq!(unchecked, whole, "{}", p.to_fen());
        checked += 1;
    }
    assert!(checked > 100, "only {checked} chess positions");
}
