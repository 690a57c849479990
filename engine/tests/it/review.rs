//! Reviews: a known blunder is marked in standard chess and in Avalanche, with the better
//! turn; the mistake that decided the game is found, and a small slip is not it; accuracy
//! follows lichess's formulas, checked against figures worked out by hand; a side that drops
//! a rook and the queen gets a low accuracy; a hint's assessment is the review's.

use std::sync::atomic::AtomicBool;

use engine::review::{
    self, Judgement, accuracy, assess, deciding, expectation, game_accuracy, judge_turn,
    move_accuracy, win_percent,
};
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
    // lichess: 103.1668·e^(−0.04354·drop) − 3.1669, plus 1, drop in percentage points.
    assert!((accuracy(0.0) - 100.0).abs() < 1e-9);
    assert!((accuracy(0.10) - 64.58).abs() < 0.01, "{}", accuracy(0.10));
    assert_eq!(accuracy(1.0), 0.0);
    assert_eq!(
        move_accuracy(40.0, 55.0),
        100.0,
        "a turn that gained is perfect"
    );
    assert!((expectation(0) - 0.5).abs() < 1e-12);
    assert!(
        (expectation(100) - 0.591).abs() < 0.001,
        "{}",
        expectation(100)
    );
    assert!((expectation(-100) + expectation(100) - 1.0).abs() < 1e-12);
    // Scores are kept within ±1000 and a mate counts as 1000: 97.5% at most.
    assert!(
        (win_percent(1000) - 97.5447).abs() < 1e-4,
        "{}",
        win_percent(1000)
    );
    assert_eq!(win_percent(2500), win_percent(1000));
    assert_eq!(win_percent(engine::MATE - 3), win_percent(1000));
    assert_eq!(win_percent(-engine::MATE), win_percent(-1000));
    assert_eq!(Judgement::of(0.049), None);
    assert_eq!(Judgement::of(0.05), Some(Judgement::Inaccuracy));
    assert_eq!(Judgement::of(0.10), Some(Judgement::Mistake));
    assert_eq!(Judgement::of(0.15), Some(Judgement::Blunder));
}

/// A four-turn game worked out by hand from lichess's formulas. White's scores: 0, 0, 0, 0,
/// then +10.00 after Black's second turn.
///
/// - Win percentages: 50 four times, then 50 + 50·(2/(1 + e^(−3.68208)) − 1) = 97.5447.
/// - Black's second turn drops Black's win percentage from 50 to 2.4553: 47.5447 points, an
///   accuracy of 103.16681·e^(−0.0435442·47.5447) − 3.16692 + 1 = 103.16681·0.126157 − 2.16692
///   = 10.847. Every other turn keeps its side's win percentage: 100.
/// - Windows: four turns, a tenth is 0, so 2 positions; the turns' windows are (50, 50) three
///   times, weight 0 raised to 0.5, then (50, 97.5447), deviation 23.77, kept at 12.
/// - Black: weighted mean (0.5·100 + 12·10.847) / 12.5 = 14.413; harmonic mean
///   2 / (1/100 + 1/10.847) = 19.572; accuracy (14.413 + 19.572) / 2 = 16.99.
/// - White: 100.
#[test]
fn game_accuracy_is_the_figure_worked_out_by_hand() {
    let [white, black] = game_accuracy(Color::White, &[0, 0, 0, 0, 1000]);
    assert!((white.expect("white") - 100.0).abs() < 1e-9, "{white:?}");
    let black = black.expect("black");
    assert!((black - 16.99).abs() < 0.01, "{black}");
    // The plain mean of Black's turns, what nadare showed before, would be 55.4.
    assert!(black < 20.0);
    // Nobody moved: no accuracy; Black to move first: the plies are Black's, White's, …
    assert_eq!(game_accuracy(Color::White, &[15]), [None, None]);
    let [white, black] = game_accuracy(Color::Black, &[0, 1000]);
    assert_eq!(white, None);
    assert!((black.expect("black") - 10.847).abs() < 0.01, "{black:?}");
}

/// Ten turns in which Black drops a rook (+0.35 to +5.20) and then the queen (+5.40 to
/// +14.00) while White plays on: lichess gives Black 46.9% (weighted mean 39.46, harmonic
/// mean 54.35; computed with an independent transcription of lichess's code), not the 90%
/// and more of a plain mean; White, who never dropped, 100%. The rook decided the game.
#[test]
fn a_side_that_drops_a_rook_and_the_queen_is_not_accurate() {
    let scores = [15, 30, 25, 40, 30, 35, 520, 540, 1400, 1450, 1500];
    let [white, black] = game_accuracy(Color::White, &scores);
    assert!((white.expect("white") - 100.0).abs() < 1e-9);
    let black = black.expect("black");
    assert!((black - 46.90).abs() < 0.01, "{black}");
    assert_eq!(deciding(Color::White, Some(Color::White), &scores), Some(5));
    // Lost by White instead (on time, say): none of White's turns decided it.
    assert_eq!(deciding(Color::White, Some(Color::Black), &scores), None);
    assert_eq!(deciding(Color::White, None, &scores), None, "a draw");
}

/// The deciding mistake is the loser's turn that dropped most among those that changed the
/// result their win percentage points to: not a small slip across a line, nor an earlier
/// mistake that left the game drawn.
#[test]
fn the_deciding_mistake_is_the_largest_drop_that_changed_the_result() {
    // Black's scores, from Black's side, position after position (White moves first):
    // ply 1, a mistake from +0.20 to −2.20 (51.8% to 30.8%): a draw still;
    // ply 3, a slip from −2.90 to −3.05 (25.8% to 24.6%): a draw to a loss, but 1.2 points;
    // ply 5 and 7, after White let Black back to −1.50, a blunder from −1.50 to −6.00
    // (36.6% to 9.9%): a draw to a loss.
    let blacks = [20, 20, -220, -290, -305, -150, -160, -150, -600, -700];
    let scores: Vec<i32> = blacks.iter().map(|s| -s).collect();
    let first = Color::White;
    assert_eq!(deciding(first, Some(Color::White), &scores), Some(7));
    // Without the blunder, the slip alone does not decide it (not even a mistake).
    assert_eq!(deciding(first, Some(Color::White), &scores[..8]), None);
    // Mates: letting one in from a level position is a blunder, from −9.99 an inaccuracy.
    assert_eq!(judge_turn(0, -engine::MATE + 5), Some(Judgement::Blunder));
    assert_eq!(
        judge_turn(-1_000, -engine::MATE + 5),
        Some(Judgement::Inaccuracy)
    );
    assert_eq!(
        judge_turn(-800, -engine::MATE + 5),
        Some(Judgement::Mistake)
    );
    // Letting one's own mate go: still +12 an inaccuracy, a draw a blunder; a mate kept none.
    assert_eq!(
        judge_turn(engine::MATE - 3, 1_200),
        Some(Judgement::Inaccuracy)
    );
    assert_eq!(judge_turn(engine::MATE - 3, 0), Some(Judgement::Blunder));
    assert_eq!(judge_turn(engine::MATE - 3, engine::MATE - 9), None);
}

/// A real game: Black leaves the rook on h8 to the bishop (2... a6), then puts the queen
/// where the knight takes it (4... Qh4). The review marks both, names the rook as the
/// deciding mistake and gives Black a low accuracy, well below the plain mean of Black's
/// turns (what nadare showed before).
#[test]
fn a_reviewed_game_with_a_rook_and_the_queen_dropped() {
    let game = game(
        Variant::Standard,
        None,
        &[
            "b3", "g6", "Bb2", "a6", "Bxh8", "e6", "Nf3", "Qh4", "Nxh4", "d6", "e3", "Nd7",
        ],
    );
    let review = review::review(&game, 4, &AtomicBool::new(false), &mut |_, _| {});
    let rook = &review.turns[3];
    let queen = &review.turns[7];
    assert_eq!((rook.mover, queen.mover), (Color::Black, Color::Black));
    assert_eq!(rook.judgement, Some(Judgement::Blunder), "{rook:?}");
    assert!(queen.judgement.is_some(), "{queen:?}");
    assert_eq!(
        deciding(Color::White, Some(Color::White), &review.scores),
        Some(3),
        "{:?}",
        review.scores
    );
    let [white, black] = review.accuracy.map(|a| a.expect("an accuracy"));
    let blacks: Vec<f64> = review
        .turns
        .iter()
        .filter(|t| t.mover == Color::Black)
        .map(|t| t.accuracy)
        .collect();
    let plain = blacks.iter().sum::<f64>() / blacks.len() as f64;
    assert!(black < 65.0, "Black dropped a rook and the queen: {black}");
    assert!(plain > black + 10.0, "plain mean {plain} against {black}");
    assert!(white > black + 20.0, "{white} against {black}");
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
