//! Reviews: a known blunder is marked in standard chess and in Avalanche, with the better
//! turn; the turn that decided the game is found; accuracy follows the published formula; a
//! hint's assessment is the review's.

use std::sync::atomic::AtomicBool;

use engine::review::{self, Judgement, accuracy, assess, expectation};
use rules::{Color, Game, Position, Variant};

/// `game` from `fen` (or the usual setup) with `turns` played.
fn game(variant: Variant, fen: Option<&str>, turns: &[&str]) -> Game {
    let mut game = match fen {
        Some(fen) => Game::from_position(Position::from_fen(variant, fen).expect("a FEN")),
        None => Game::new(variant, None).expect("a setup"),
    };
    for turn in turns {
        game.play_str(turn).expect("a legal turn");
    }
    game
}

#[test]
fn the_blunder_that_allows_scholars_mate_is_marked_and_decides_the_game() {
    let game = game(
        Variant::Standard,
        None,
        &["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"],
    );
    assert_eq!(game.outcome().and_then(|o| o.winner), Some(Color::White));
    let mut seen = Vec::new();
    let review = review::review(&game, 4, &AtomicBool::new(false), &mut |done, total| {
        seen.push((done, total));
    });
    assert_eq!(review.scores.len(), 8);
    assert_eq!(seen.last(), Some(&(8, 8)), "progress to the end: {seen:?}");
    let nf6 = &review.turns[5];
    assert_eq!(nf6.mover, Color::Black);
    assert_eq!(nf6.judgement, Some(Judgement::Blunder), "{nf6:?}");
    let position = game.position_at(5).expect("ply 5");
    let better = nf6.better.first().expect("a better turn");
    let better = position.turn_to_notation(better);
    assert!(
        ["g6", "Qe7", "Qf6", "Nh6"].contains(&better.as_str()),
        "{better} guards f7 or blocks the queen"
    );
    assert_eq!(review.decided, Some(5), "Nf6 decided it");
    // White's mate is the best turn: not marked.
    assert_eq!(review.turns[6].judgement, None);
    let [white, black] = review.accuracy;
    assert!(
        white.expect("white") > black.expect("black"),
        "{:?}",
        review.accuracy
    );
}

#[test]
fn a_push_into_ones_own_loss_is_a_blunder_in_avalanche() {
    // White, a king against two pawns, must push one: d3-d2 attacks the king if it stands on
    // c1 or e1 afterwards, which loses at once; a7-a6 is safe.
    let game = game(
        Variant::Avalanche,
        Some("4k3/p7/8/8/8/3p4/8/3K4 w - - 0 1"),
        &["Ke1/d2"],
    );
    assert_eq!(game.outcome().and_then(|o| o.winner), Some(Color::Black));
    let review = review::review(&game, 3, &AtomicBool::new(false), &mut |_, _| {});
    let turn = &review.turns[0];
    assert_eq!(turn.judgement, Some(Judgement::Blunder), "{turn:?}");
    let position = game.start();
    let better = position.turn_to_notation(turn.better.first().expect("a better turn"));
    assert!(better.ends_with("/a6"), "{better}: the safe push");
    assert_eq!(review.decided, Some(0));
    assert_eq!(review.accuracy[1], None, "Black played no turn");
}

#[test]
fn accuracy_and_expectation_follow_the_published_curves() {
    // lichess: 103.1668·e^(−0.04354·L) − 3.1669, L in percentage points.
    assert!((accuracy(0.0) - 100.0).abs() < 1e-3);
    assert!((accuracy(0.10) - 63.58).abs() < 0.01, "{}", accuracy(0.10));
    assert_eq!(accuracy(1.0), 0.0);
    assert!((expectation(0) - 0.5).abs() < 1e-12);
    assert!(
        (expectation(100) - 0.591).abs() < 0.001,
        "{}",
        expectation(100)
    );
    assert!((expectation(-100) + expectation(100) - 1.0).abs() < 1e-12);
    assert_eq!(expectation(engine::MATE - 3), 1.0);
    assert_eq!(Judgement::of(0.049), None);
    assert_eq!(Judgement::of(0.05), Some(Judgement::Inaccuracy));
    assert_eq!(Judgement::of(0.10), Some(Judgement::Mistake));
    assert_eq!(Judgement::of(0.15), Some(Judgement::Blunder));
}

#[test]
fn an_assessment_is_the_same_every_time_and_is_what_a_review_sees() {
    let game = game(Variant::Avalanche, None, &[]);
    let first = assess(&game, 3);
    assert_eq!(assess(&game, 3), first);
    let review = review::review(
        &self::game(Variant::Avalanche, None, &["e4/d6"]),
        3,
        &AtomicBool::new(false),
        &mut |_, _| {},
    );
    assert_eq!(review.scores[0], first.white_score);
}

#[test]
fn a_review_made_position_by_position_is_the_whole_review() {
    let game = game(
        Variant::Standard,
        None,
        &["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"],
    );
    let whole = review::review(&game, 3, &AtomicBool::new(false), &mut |_, _| {});
    let mut reviewer = review::Reviewer::new(game.clone(), 3);
    assert_eq!((reviewer.done(), reviewer.total()), (0, 8));
    while !reviewer.is_done() {
        reviewer.step();
    }
    assert_eq!(reviewer.done(), 8);
    reviewer.step();
    assert_eq!(reviewer.done(), 8, "nothing past the end");
    assert_eq!(reviewer.finish(), whole);
    // Stopped half way, it judges the turns between the positions searched.
    let mut half = review::Reviewer::new(game, 3);
    for _ in 0..4 {
        half.step();
    }
    let partial = half.finish();
    assert_eq!(partial.scores, whole.scores[..4]);
    assert_eq!(partial.turns.len(), 3);
}
