//! Games ended by the rules, each position checked by hand.

use rules::{Color, Draws, EndReason, Game, MoveError, Outcome, Position, Variant};

use crate::common::pos;

fn game_from(variant: Variant, fen: &str) -> Game {
    Game::from_position(pos(variant, fen))
}

fn play(game: &mut Game, turns: &[&str]) {
    for t in turns {
        if let Err(e) = game.play_str(t) {
            panic!("{t}: {e}");
        }
    }
}

#[test]
fn fools_mate_is_checkmate() {
    let mut game = Game::new(Variant::Standard, None).unwrap_or_else(|e| panic!("{e}"));
    play(&mut game, &["f3", "e5", "g4", "Qh4"]);
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Some(Color::Black),
            reason: EndReason::Checkmate
        })
    );
    assert_eq!(game.notations().last().map(String::as_str), Some("Qh4#"));
    assert_eq!(
        game.outcome().map(|o| o.to_string()).as_deref(),
        Some("Black wins by checkmate")
    );
    assert_eq!(game.outcome().map(|o| o.result_str()), Some("0-1"));
}

/// Black Kh8; White Kg6 and Qe7. After Qf7 the black king has g8 (queen), g7 and h7
/// (king and queen) taken and is not in check.
#[test]
fn stalemate_is_a_draw() {
    let mut game = game_from(Variant::Standard, "7k/4Q3/6K1/8/8/8/8/8 w - - 0 1");
    play(&mut game, &["Qf7"]);
    assert_eq!(
        game.outcome().map(|o| (o.winner, o.reason)),
        Some((None, EndReason::Stalemate))
    );
}

/// White's king takes the undefended rook on e2: king and bishop against king.
#[test]
fn insufficient_material_is_a_draw() {
    let mut game = game_from(Variant::Standard, "4k3/8/8/8/8/8/4r3/4K1B1 w - - 0 1");
    play(&mut game, &["Kxe2"]);
    assert_eq!(
        game.outcome().map(|o| o.reason),
        Some(EndReason::InsufficientMaterial)
    );
    for (fen, expected) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true),
        ("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true),
        ("4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", false),
        ("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false),
        ("4k3/7p/8/8/8/8/8/4K3 w - - 0 1", false),
    ] {
        let pos = Position::from_fen(Variant::Standard, fen).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(pos.is_insufficient_material(), expected, "{fen}");
    }
}

#[test]
fn fifty_moves_without_capture_or_pawn_move_draw() {
    let mut game = game_from(Variant::Standard, "4k3/8/8/8/8/8/8/R3K3 w - - 98 80");
    play(&mut game, &["Ra2"]);
    assert_eq!(game.outcome(), None);
    play(&mut game, &["Kd7"]);
    assert_eq!(
        game.outcome().map(|o| o.reason),
        Some(EndReason::FiftyMoveRule)
    );
}

/// In Avalanche a push is a pawn move: it resets the fifty-move count.
#[test]
fn an_avalanche_push_resets_the_fifty_move_count() {
    let mut game = game_from(Variant::Avalanche, "4k3/p7/8/8/8/8/8/R3K3 w - - 99 80");
    play(&mut game, &["Ra2/a6"]);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.position().halfmove_clock(), 0);
}

#[test]
fn threefold_repetition_draws_on_the_third_occurrence() {
    let mut game = Game::new(Variant::Standard, None).unwrap_or_else(|e| panic!("{e}"));
    play(
        &mut game,
        &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"],
    );
    assert_eq!(game.outcome(), None, "the start has stood twice so far");
    play(&mut game, &["Ng8"]);
    assert_eq!(
        game.outcome().map(|o| o.reason),
        Some(EndReason::ThreefoldRepetition)
    );
    // A takeback reopens the game.
    assert!(game.take_back().is_some());
    assert_eq!(game.outcome(), None);
    assert_eq!(game.turns().len(), 7);
}

#[test]
fn players_can_end_a_game_and_it_then_refuses_turns() {
    let mut game = Game::new(Variant::Chess960, Some(0)).unwrap_or_else(|e| panic!("{e}"));
    game.set_outcome(Outcome {
        winner: Some(Color::White),
        reason: EndReason::Resignation,
    });
    assert_eq!(game.play_str("e4").err(), Some(MoveError::GameOver));
    assert_eq!(
        game.outcome().map(|o| o.to_string()).as_deref(),
        Some("White wins by resignation")
    );
}

/// `EndReason::ALL` holds each reason once; a new reason fails to compile here until it is
/// listed in this match, and then fails the count until it is in `ALL`.
#[test]
fn every_end_reason_is_listed_once() {
    use EndReason::*;
    let mut seen = std::collections::HashSet::new();
    for reason in EndReason::ALL {
        match reason {
            Checkmate | Stalemate | ThreefoldRepetition | FiftyMoveRule | InsufficientMaterial
            | PromotedIntoCheck | ExposedOwnKing | Resignation | DrawAgreed | Aborted | Timeout
            | TimeForfeit => {}
        }
        assert!(seen.insert(reason), "{reason:?} twice");
    }
    assert_eq!(seen.len(), 12);
}

/// With the draws a GUI claims, the game goes on past every draw but stalemate while a turn
/// is legal, as perft counts them; mate and stalemate still end it.
#[test]
fn claimed_draws_leave_the_game_open_while_a_turn_is_legal() {
    let claimed = |fen| game_from(Variant::Standard, fen).with_draws(Draws::Claimed);
    // Threefold repetition, and on to a fourth time.
    let mut game = Game::new(Variant::Standard, None)
        .unwrap_or_else(|e| panic!("{e}"))
        .with_draws(Draws::Claimed);
    play(&mut game, &["Nf3", "Nf6", "Ng1", "Ng8"].repeat(3));
    assert_eq!(game.outcome(), None);
    assert_eq!(game.turns().len(), 12);
    // The fifty-move rule, past 150 plies.
    let mut game = claimed("4k3/8/8/8/8/8/8/R3K3 w - - 149 80");
    play(&mut game, &["Ra2", "Kd7"]);
    assert_eq!(
        (game.outcome(), game.position().halfmove_clock()),
        (None, 151)
    );
    // A dead position: the start is over for nadare's games, not for a GUI's.
    let dead = "4k3/8/8/8/8/8/8/4KN2 w - - 0 1";
    assert!(game_from(Variant::Standard, dead).outcome().is_some());
    let mut game = claimed(dead);
    assert_eq!(game.start().perft(1), 8);
    play(&mut game, &["Ng3", "Kd7"]);
    assert_eq!(game.outcome(), None);
    // Stalemate and mate still end it.
    let mut game = claimed("7k/4Q3/6K1/8/8/8/8/8 w - - 0 1");
    play(&mut game, &["Qf7"]);
    assert_eq!(game.outcome().map(|o| o.reason), Some(EndReason::Stalemate));
    assert_eq!(game.draws(), Draws::Claimed);
    // Back to the automatic draws, the dead position ends the game; a resignation stays.
    let mut game = claimed(dead);
    assert_eq!(
        game.clone()
            .with_draws(Draws::Automatic)
            .outcome()
            .map(|o| o.reason),
        Some(EndReason::InsufficientMaterial)
    );
    let resigned = Outcome {
        winner: Some(Color::Black),
        reason: EndReason::Resignation,
    };
    game.set_outcome(resigned);
    assert_eq!(game.with_draws(Draws::Automatic).outcome(), Some(resigned));
}

/// Who could still win, for a flag (FIDE 6.9): a lone king never, a king and one minor
/// piece not against a lone king, anything more always (hand-checked positions).
#[test]
fn who_could_still_win_after_a_flag() {
    let can_win = |fen: &str, side| {
        Position::from_fen(Variant::Standard, fen)
            .unwrap_or_else(|e| panic!("{fen}: {e}"))
            .can_win(side)
    };
    use rules::Color::{Black, White};
    // A lone king against a queen: only the queen's side.
    assert!(!can_win("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", Black));
    assert!(can_win("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", White));
    // King and knight, or king and bishop, against a lone king: neither.
    assert!(!can_win("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", White));
    assert!(!can_win("4k3/8/8/8/8/8/8/3BK3 w - - 0 1", White));
    // King and bishop against king and pawn: a mate can still happen (Ka8, Pa7; Kc7, Bd5).
    assert!(can_win("4k3/p7/8/8/8/8/8/3BK3 w - - 0 1", White));
    // A king and a pawn, or two knights: the pawn may promote; two knights may mate.
    assert!(can_win("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", White));
    assert!(can_win("4k3/8/8/8/8/8/8/2NNK3 w - - 0 1", White));
}
