//! Cases where a review against an independent implementation found nadare diverging from
//! docs/rules.md, each counted or reasoned out by hand (the reasoning is with each test).

use std::collections::BTreeSet;

use rules::{Color, EndReason, FenError, Game, MoveError, Outcome, Position, Role, Variant};

use crate::common::pos;

/// White Kh1 is checked by the queen on g2, which Black's Kf3 guards: the king cannot take
/// it, and g1 and h2 touch the queen. The pawn waiting on c8 can become Q, R, B or N, and
/// none of them reaches g2 (c8–g2 is no line and no knight jump) or attacks f3 (not on the
/// c-file, the 8th rank, the c8–h3 or c8–a6 diagonal, nor a knight jump). No choice is
/// followed by a legal move and none checks: no complete turn, so 0, and it is checkmate.
const MATED_WITH_PENDING: &str = "2P5/8/8/8/8/5k2/6q1/7K w - - 0 50";

#[test]
fn a_promotion_choice_without_a_move_is_not_a_turn() {
    let p = pos(Variant::Avalanche, MATED_WITH_PENDING);
    assert_eq!(p.perft(1), 0);
    assert!(p.legal_turns().is_empty());
    assert_eq!(p.perft_divide(1), Vec::new());
    assert_eq!(
        p.parse_turn("=B"),
        Err(MoveError::NoMoveAfterChoice { role: Role::Bishop })
    );
    let game = Game::from_position(p);
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Some(Color::Black),
            reason: EndReason::Checkmate
        })
    );
}

/// White's pawn waits on a8; a7, b7 and b6 are White pawns that cannot step (a8, b8 and b7
/// are White's) or capture (a8, b8, a7, c7 hold White's own men, c8 is empty); the bishop on
/// b8 is walled in by a7 and c7. Whatever the choice, the piece on a8 only touches a7, b7 and
/// b8 (own men) or, as a knight, b6 and c7 (own men), and checks nothing (a8–h1 is blocked on
/// b7). The king on c7 is not attacked (Rh8 stops at b8, Rd1 runs up the d-file, Ba4 runs
/// a4–e8), and every free square around it is: c8 and d8 by Rh8, d8, d7 and d6 by Rd1, c6
/// and d7 by Ba4. No complete turn and no check: stalemate, a draw.
const STALEMATED_WITH_PENDING: &str = "PB5r/PPK5/1P6/8/b7/8/8/3r3k w - - 0 40";

#[test]
fn a_pending_pawn_with_no_complete_turn_and_no_check_is_stalemate() {
    let p = pos(Variant::Avalanche, STALEMATED_WITH_PENDING);
    assert_eq!(p.perft(1), 0);
    assert!(p.legal_turns().is_empty());
    for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
        let choice = format!("={}", role.upper_char());
        assert_eq!(
            p.parse_turn(&choice),
            Err(MoveError::NoMoveAfterChoice { role }),
            "{choice}"
        );
    }
    let game = Game::from_position(p);
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::Stalemate
        })
    );
}

/// The turn before: Black's Qg4–g2 checks (g3 is empty), and the compulsory push takes
/// White's c7 pawn to c8, where it waits. That leaves MATED_WITH_PENDING (clocks aside):
/// the game ends at once, Black wins, and since the move alone checks, the mate mark
/// stands after the move.
#[test]
fn the_turn_that_leaves_no_complete_turn_mates_and_is_marked_so() {
    let mut game =
        Game::from_position(pos(Variant::Avalanche, "8/2P5/8/8/6q1/5k2/8/7K b - - 3 49"));
    assert_eq!(game.outcome(), None);
    let played = game.play_str("Qg2/c8");
    assert!(played.is_ok(), "{played:?}");
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Some(Color::Black),
            reason: EndReason::Checkmate
        })
    );
    assert_eq!(game.notations(), ["Qg2#/c8"]);
    assert_eq!(
        game.position().to_fen(),
        "2P5/8/8/8/8/5k2/6q1/7K w - - 0 50"
    );
}

/// Kings a8 and e1; Black's rook e8 pins White's e5 pawn to the king along the e-file.
/// After 1... d5 the pawn beside d5 cannot take en passant (exd6 would open the file), so
/// the position after 1... d5 is the same as after 3... Nb8 and 5... Nb8: the third
/// occurrence draws.
#[test]
fn a_pinned_pawn_gives_no_en_passant_and_repetition_is_found_on_time() {
    let record = "[FEN \"kn2r3/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1\"]\n\n\
                  1... d5 2. Nf3 Nc6 3. Ng1 Nb8 4. Nf3 Nc6 5. Ng1 Nb8\n";
    let (game, _) = Game::from_record(record).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::ThreefoldRepetition
        })
    );
    assert_eq!(game.turns().len(), 9);
    assert_eq!(game.position_at(1).and_then(Position::en_passant), None);
    // The same square given in a FEN is dropped for the same reason; an unpinned pawn keeps it.
    let pinned = pos(Variant::Standard, "kn2r3/8/8/3pP3/8/8/8/4K1N1 w - d6 0 2");
    assert_eq!(pinned.en_passant(), None);
    assert_eq!(pinned.to_fen(), "kn2r3/8/8/3pP3/8/8/8/4K1N1 w - - 0 2");
    let free = pos(Variant::Standard, "kn5r/8/8/3pP3/8/8/8/4K1N1 w - d6 0 2");
    assert_eq!(free.en_passant(), "d6".parse().ok());
}

/// A pawn that could take en passant but whose king would then be exposed along the rank
/// (White Ka5, pawns b5 and c5… Black rook h5): after 1... c5 the capture bxc6 would leave
/// a5–h5 open, so no en-passant square is recorded; an ordinary double step with a free
/// capturer records one.
#[test]
fn en_passant_is_recorded_only_when_the_capture_is_legal() {
    let p = pos(Variant::Standard, "4k3/2p5/8/KP5r/8/8/8/8 b - - 0 1");
    let after = p
        .play(&p.parse_turn("c5").unwrap_or_else(|e| panic!("{e}")))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(after.en_passant(), None);
    let p = pos(Variant::Standard, "4k3/2p5/8/1P5r/K7/8/8/8 b - - 0 1");
    let after = p
        .play(&p.parse_turn("c5").unwrap_or_else(|e| panic!("{e}")))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(after.en_passant(), "c6".parse().ok());
}

/// Reversed Avalanche from a FEN with Black's king on e8: two squares toward the rook is
/// g8 with the rook on f8 (O-O), c8 with the rook on d8 (O-O-O). The push a2–a3 follows.
#[test]
fn reversed_castling_starts_from_wherever_the_king_stands() {
    let p = pos(
        Variant::AvalancheReversed,
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1",
    );
    let short = p.parse_turn("O-O/a3").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        p.play(&short).map(|a| a.to_fen()).as_deref(),
        Ok("r4rk1/pppppppp/8/8/8/P7/1PPPPPPP/R3K2R w KQ - 0 2")
    );
    assert_eq!(p.turn_to_uci(&short), "e8g8/a3");
    assert_eq!(p.parse_turn("e8g8/a3"), Ok(short));
    let long = p.parse_turn("O-O-O/a3").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        p.play(&long).map(|a| a.to_fen()).as_deref(),
        Ok("2kr3r/pppppppp/8/8/8/P7/1PPPPPPP/R3K2R w KQ - 0 2")
    );
    // Kf8 and Kd8 are plain king moves here: no castling turn is written like one.
    let turns = p.legal_turns();
    let uci: BTreeSet<String> = turns.iter().map(|t| p.turn_to_uci(t)).collect();
    let san: BTreeSet<String> = turns.iter().map(|t| p.turn_to_notation(t)).collect();
    assert_eq!(uci.len(), turns.len());
    assert_eq!(san.len(), turns.len());
    assert!(uci.contains("e8f8/a3") && uci.contains("e8g8/a3"));
    // A king with no room for two squares toward its rook keeps no castling right.
    assert!(matches!(
        Position::from_fen(
            Variant::AvalancheReversed,
            "6kr/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQk - 0 1"
        ),
        Err(FenError::Castling { .. })
    ));
}

/// Black Kh8, White Qg7 guarded by Kg6: Black is mated before any turn is played.
#[test]
fn a_start_that_is_mate_reports_it() {
    let record = "[FEN \"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\"]\n\n*\n";
    let (game, _) = Game::from_record(record).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Some(Color::White),
            reason: EndReason::Checkmate
        })
    );
    let mut game = Game::from_position(pos(Variant::Standard, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"));
    assert_eq!(game.play_str("Kxg7"), Err(MoveError::GameOver));
}

/// Black Kh8; White Kg6 and Qf7 take g8, g7 and h7, and h8 is not attacked: stalemate.
#[test]
fn a_start_that_is_stalemate_is_a_draw() {
    let game = Game::from_position(pos(Variant::Avalanche, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::Stalemate
        })
    );
}

/// Balanced Avalanche skips the push only on the first turn from the variant's start: the
/// usual setup or a Chess960 one, White to move at move 1, read from a FEN or not.
#[test]
fn balanced_skips_the_push_only_from_a_start_setup() {
    // The usual start as a FEN: 20 moves, no push.
    let start = pos(
        Variant::AvalancheBalanced,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert_eq!(start.perft(1), 20);
    // Chess960 setup 177 (BNRBNKRQ): 16 pawn moves, knights b1 (a3, c3) and e1 (d3, f3),
    // and O-O (king f1 and rook g1 trade places; nothing stands between): 21.
    let setup =
        Position::new_game(Variant::AvalancheBalanced, Some(177)).unwrap_or_else(|e| panic!("{e}"));
    let from_fen = pos(Variant::AvalancheBalanced, &setup.to_fen());
    assert_eq!(from_fen.perft(1), 21);
    assert!(from_fen.legal_turns().iter().all(|t| t.push.is_none()));
    // Not a start, though marked move 1 with White to move (White's e-pawn stands on e4):
    // pawns 7 × 2 + e5 = 15, knights a3 c3 e2 f3 h3 = 5, bishop e2 d3 c4 b5 a6 = 5, queen
    // e2 f3 g4 h5 = 4, king e2 = 1: 30 moves, each with 8 pushes to rank 6 except Ba6,
    // which blocks a7: 29 × 8 + 7 = 239.
    let moved = pos(
        Variant::AvalancheBalanced,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
    );
    assert_eq!(moved.perft(1), 239);
    // A record of a balanced Chess960 game carries its start as a FEN and replays.
    let mut game =
        Game::new(Variant::AvalancheBalanced, Some(177)).unwrap_or_else(|e| panic!("{e}"));
    for t in ["Nc3//", "Nc6/a3"] {
        assert!(game.play_str(t).is_ok(), "{t}");
    }
    let (back, _) = Game::from_record(&game.to_record(&[])).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back.turns(), game.turns());
}

/// Counters that do not fit are refused, naming the field; the largest accepted ones count
/// on without overflowing.
#[test]
fn fen_counters_out_of_range_are_refused() {
    let board = "4k3/8/8/8/8/8/8/4K2R";
    assert_eq!(
        Position::from_fen(Variant::Standard, &format!("{board} b - - 0 4294967295")),
        Err(FenError::FullmoveNumber("4294967295".to_string()))
    );
    assert_eq!(
        Position::from_fen(Variant::Standard, &format!("{board} w - - 4294967295 1")),
        Err(FenError::HalfmoveClock("4294967295".to_string()))
    );
    assert_eq!(
        Position::from_fen(Variant::Standard, &format!("{board} w - - 1000001 1")),
        Err(FenError::HalfmoveClock("1000001".to_string()))
    );
    let last = pos(Variant::Standard, &format!("{board} b - - 1000000 1000000"));
    let after = last
        .play(&last.parse_turn("Kd7").unwrap_or_else(|e| panic!("{e}")))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        (after.halfmove_clock(), after.fullmove_number()),
        (1000001, 1000001)
    );
    let message = Position::from_fen(Variant::Standard, &format!("{board} b - - 0 4294967295"))
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(message.contains("fullmove"), "{message}");
}

/// A castling field that gives one side of one colour twice is refused, naming the two
/// letters: a letter repeated in FEN, X-FEN and Shredder-FEN, and two letters for one rook
/// or one side (`K` is the outermost h-side rook, here on h1, as `H` is).
#[test]
fn a_castling_right_given_twice_is_refused() {
    let twice = |variant, fen: &str| match Position::from_fen(variant, fen) {
        Err(FenError::CastlingTwice {
            color,
            first,
            second,
            ..
        }) => Some((color, first, second)),
        other => panic!("{fen}: {other:?}"),
    };
    let standard = "r3k2r/8/8/8/8/8/8/R3K2R w {} - 0 1";
    let chess960 = "rr2k1rr/8/8/8/8/8/8/RR2K1RR w {} - 0 1";
    for (variant, board, field, expected) in [
        (Variant::Standard, standard, "KKq", (Color::White, 'K', 'K')),
        (
            Variant::Standard,
            standard,
            "KQkqq",
            (Color::Black, 'q', 'q'),
        ),
        (
            Variant::Standard,
            standard,
            "KQkqKQkq",
            (Color::White, 'K', 'K'),
        ),
        (Variant::Chess960, chess960, "AAh", (Color::White, 'A', 'A')),
        (
            Variant::Chess960,
            chess960,
            "HAhaH",
            (Color::White, 'H', 'H'),
        ),
        (Variant::Chess960, chess960, "KH", (Color::White, 'K', 'H')),
        (Variant::Chess960, chess960, "HG", (Color::White, 'H', 'G')),
        (Variant::Chess960, chess960, "qb", (Color::Black, 'q', 'b')),
    ] {
        let fen = board.replace("{}", field);
        assert_eq!(twice(variant, &fen), Some(expected), "{fen}");
        let message = Position::from_fen(variant, &fen)
            .map(|_| String::new())
            .unwrap_or_else(|e| e.to_string());
        assert!(message.contains(&format!("`{field}`")), "{message}");
    }
    // Each side once is still read, whichever way it is written.
    for (variant, board, field) in [
        (Variant::Standard, standard, "KQkq"),
        (Variant::Chess960, chess960, "HAha"),
        (Variant::Chess960, chess960, "GBgb"),
        (Variant::Chess960, chess960, "KQkq"),
    ] {
        let fen = board.replace("{}", field);
        assert!(Position::from_fen(variant, &fen).is_ok(), "{fen}");
    }
}
