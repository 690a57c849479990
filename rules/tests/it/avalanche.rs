//! Small Avalanche positions whose turns were counted by hand (the reasoning is in each
//! test), one for each rule of docs/rules.md.

use rules::{Color, EndReason, Game, MoveError, Position, Role, Square, Turn, Variant};

use crate::common::pos;

fn sq(s: &str) -> Square {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn parse(p: &Position, s: &str) -> Turn {
    p.parse_turn(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// White pawn waiting on e8, kings h1 and a1, no black pawns (so no pushes).
/// Q on e8: 4 + 3 along the 8th rank, 7 down the e-file, 4 + 3 on the diagonals = 21,
/// R: 14, B: 7, N: 4; plus 3 king moves each: 24 + 17 + 10 + 7 = 58.
#[test]
fn pending_promotion_is_chosen_first_and_multiplies_the_turns() {
    let p = pos(Variant::Avalanche, "4P3/8/8/8/8/8/8/k6K w - - 0 1");
    assert_eq!(p.pending_promotion(), Some(sq("e8")));
    assert_eq!(p.perft(1), 58);
    assert_eq!(p.legal_turns().len(), 58);
    assert_eq!(
        p.parse_turn("Kg2//"),
        Err(MoveError::PromotionChoiceDue { square: sq("e8") })
    );
    let turn = parse(&p, "=N Kg2//");
    assert_eq!(p.turn_to_notation(&turn), "=N Kg2//");
    // The knight now stands on e8 and moves like one.
    let after = p.play(&turn).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(after.to_fen(), "4N3/8/8/8/8/8/6K1/k7 b - - 1 1");
}

/// Black king on a4: Q and B on e8 attack it along e8-a4 (promoted into check: one
/// turn each, which ends the game); R: 14 + 3, N: 4 + 3. 1 + 1 + 17 + 7 = 26.
#[test]
fn promotion_into_check_wins_at_once() {
    let p = pos(Variant::Avalanche, "4P3/8/8/8/k7/8/8/7K w - - 0 1");
    assert_eq!(p.perft(1), 26);
    // The two winning choices have no turns after them.
    let winning: Vec<Turn> = p
        .legal_turns()
        .into_iter()
        .filter(|t| t.mv.is_none())
        .collect();
    assert_eq!(winning.len(), 2);
    let mut game = Game::from_position(p.clone());
    let turn = game.play_str("=Q").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(p.turn_to_notation(&turn), "=Q+");
    let outcome = game
        .outcome()
        .unwrap_or_else(|| panic!("the game should be over"));
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::White), EndReason::PromotedIntoCheck)
    );
    assert_eq!(game.play_str("Kg2//"), Err(MoveError::GameOver));
}

/// White Ke4, knight a1; black pawn d6 (attacks c5 and e5). King moves: d3 d4 d5 e3 f3
/// f4 f5 (e5 is attacked) = 7, each with the push d6-d5 except Kd5, which blocks it.
/// Knight moves b3 and c2 must push d6-d5, and the pawn on d5 then attacks e4: White
/// loses. 7 + 2 = 9 turns, 2 of them losing.
#[test]
fn a_push_that_attacks_the_pushers_king_loses() {
    let p = pos(Variant::Avalanche, "7k/8/3p4/8/4K3/8/8/N7 w - - 0 1");
    assert_eq!(p.perft(1), 9);
    let losing = parse(&p, "Nb3/d5");
    assert!(p.is_losing_push(&losing));
    assert!(!p.is_losing_push(&parse(&p, "Kf4/d5")));
    assert_eq!(p.turn_to_notation(&parse(&p, "Kd5")), "Kd5//");
    let mut game = Game::from_position(p);
    assert!(game.play(losing).is_ok());
    let outcome = game
        .outcome()
        .unwrap_or_else(|| panic!("the game should be over"));
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::Black), EndReason::ExposedOwnKing)
    );
}

/// White Ke1, knight h1; black bishop a5 and pawn c3 (which blocks a5-e1). King: d1 e2
/// f1 f2 (d2 is attacked by the pawn) = 4; knight: f2 g3 = 2. Every turn pushes c3-c2.
/// After Kd1 the pawn on c2 attacks d1; after either knight move the push opens a5-e1.
/// 6 turns, 3 of them losing; perft(2) counts only the 3 others' replies.
#[test]
fn a_push_that_opens_a_line_to_the_pushers_king_loses() {
    let p = pos(Variant::Avalanche, "7k/8/8/b7/8/2p5/8/4K2N w - - 0 1");
    assert_eq!(p.perft(1), 6);
    let losing: Vec<String> = p
        .legal_turns()
        .iter()
        .filter(|t| p.is_losing_push(t))
        .map(|t| p.turn_to_notation(t))
        .collect();
    assert_eq!(losing.len(), 3, "{losing:?}");
    for expected in ["Kd1/c2", "Nf2/c2", "Ng3/c2"] {
        assert!(
            losing.iter().any(|l| l.starts_with(expected)),
            "{expected} in {losing:?}"
        );
    }
    let safe_total: u64 = p
        .legal_turns()
        .iter()
        .filter(|t| !p.is_losing_push(t))
        .map(|t| p.play(t).map(|after| after.perft(1)).unwrap_or_default())
        .sum();
    assert_eq!(p.perft(2), safe_total);
}

/// Black pawn a3 is blocked by White's a2: no enemy pawn can step forward, so every turn
/// (the five king moves) has no push and is written with `//`.
#[test]
fn no_pawn_to_push_means_no_push() {
    let p = pos(Variant::Avalanche, "7k/8/8/8/8/p7/P7/4K3 w - - 0 1");
    assert_eq!(p.perft(1), 5);
    assert!(p.legal_turns().iter().all(|t| t.push.is_none()));
    let turn = parse(&p, "Kd1");
    assert_eq!(p.turn_to_notation(&turn), "Kd1//");
    assert!(matches!(
        p.parse_turn("Kd1/a2"),
        Err(MoveError::NoPushAllowed { .. })
    ));
}

/// Balanced Avalanche: White's first turn has no push, every later turn has one.
#[test]
fn the_balanced_first_turn_has_no_push() {
    let mut game = Game::new(Variant::AvalancheBalanced, None).unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(
        game.play_str("Nf3/a6"),
        Err(MoveError::NoPushAllowed { .. })
    ));
    assert!(game.play_str("Nf3//").is_ok());
    assert!(matches!(
        game.play_str("Nf6//"),
        Err(MoveError::PushRequired { .. })
    ));
    assert!(game.play_str("Nf6/a3").is_ok());
    assert!(matches!(
        game.play_str("Nc3//"),
        Err(MoveError::PushRequired { .. })
    ));
    // From the same position but at move 2, White pushes as usual.
    assert_eq!(
        game.position().perft(1),
        game.position().legal_turns().len() as u64
    );
    assert!(
        game.position()
            .legal_turns()
            .iter()
            .all(|t| t.push.is_some())
    );
}

/// Reversed Avalanche: Black's king d8 castles two squares toward the rook, which lands
/// on the square the king crossed; White castles as usual.
#[test]
fn reversed_castling_moves_the_king_two_squares() {
    let p = pos(
        Variant::AvalancheReversed,
        "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1",
    );
    for input in ["O-O/a3", "0-0/a3", "d8f8/a3", "d8h8/a3", "OO/a3"] {
        let turn = parse(&p, input);
        let after = p.play(&turn).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            after.to_fen(),
            "r3rk2/pppppppp/8/8/8/P7/1PPPPPPP/R3K2R w KQ - 0 2",
            "{input}"
        );
        assert_eq!(p.turn_to_notation(&turn), "O-O/a3");
        assert_eq!(p.turn_to_uci(&turn), "d8f8/a3");
    }
    let long = parse(&p, "O-O-O/h3");
    let after = p.play(&long).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        after.to_fen(),
        "1kr4r/pppppppp/8/8/8/7P/PPPPPPP1/R3K2R w KQ - 0 2"
    );
    // White castles as in standard chess.
    let white = pos(
        Variant::AvalancheReversed,
        "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    );
    let after = white
        .play(&parse(&white, "O-O/a6"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        after.to_fen(),
        "r2k3r/1ppppppp/p7/8/8/8/PPPPPPPP/R4RK1 b kq - 0 1"
    );
}

/// The start of Reversed Avalanche: kings d8 and e1; White's first turn pushes as usual.
#[test]
fn reversed_start_pushes_from_the_first_turn() {
    let p = Position::new_game(Variant::AvalancheReversed, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(p.king_square(Color::Black), Some(sq("d8")));
    assert_eq!(p.perft(1), 160);
}

/// Avalanche has no en passant, even where standard chess has it.
#[test]
fn no_en_passant_in_avalanche() {
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    let standard = pos(Variant::Standard, fen);
    assert!(standard.parse_turn("exd6").is_ok());
    let avalanche = pos(Variant::Avalanche, fen);
    assert_eq!(avalanche.en_passant(), None);
    assert!(avalanche.parse_turn("exd6/d4").is_err());
}

/// The errors name what is wrong and what can be done instead.
#[test]
fn refusals_say_why() {
    let p = Position::new_game(Variant::Avalanche, None).unwrap_or_else(|e| panic!("{e}"));
    match p.parse_turn("Nf3") {
        Err(MoveError::PushRequired { pushable }) => assert_eq!(pushable.len(), 8),
        other => panic!("{other:?}"),
    }
    match p.parse_turn("Nf3/a5") {
        Err(MoveError::CannotPush { to, pushable }) => {
            assert_eq!(to, sq("a5"));
            assert_eq!(pushable.len(), 8);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        p.parse_turn("=Q Nf3/a6"),
        Err(MoveError::NoPendingPromotion)
    );
    assert_eq!(
        p.parse_turn("Nd4/a6"),
        Err(MoveError::NoPieceCanReach {
            role: Role::Knight,
            to: sq("d4")
        })
    );
    let msg = p
        .parse_turn("Nf3/a5")
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(msg.contains("a6") && msg.contains("h6"), "{msg}");
}
