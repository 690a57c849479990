//! Moves typed with a Japanese input method: full-width letters, digits, signs and spaces are
//! read as their ASCII forms wherever a move is read.

use rules::{Game, ParsedInput, Position, TurnPrefix, Variant};

fn start(variant: Variant) -> Position {
    Game::new(variant, None).expect("a game").position().clone()
}

#[test]
fn full_width_moves_read_as_ascii() {
    let pos = start(Variant::Standard);
    for (wide, ascii) in [
        ("Ｎｆ３", "Nf3"),
        ("ｅ４", "e4"),
        ("ｇ１ｆ３", "g1f3"),
        ("ｅ４！？", "e4!?"),
    ] {
        assert_eq!(pos.parse_turn(wide), pos.parse_turn(ascii), "{wide}");
        assert_eq!(pos.parse_move(wide), pos.parse_move(ascii), "{wide}");
        assert!(pos.parse_turn(wide).is_ok(), "{wide}");
    }
}

#[test]
fn full_width_castling_reads_as_castling() {
    let mut game = Game::new(Variant::Standard, None).expect("a game");
    for input in [
        "ｅ４",
        "ｅ５",
        "Ｎｆ３",
        "Ｎｃ６",
        "Ｂｃ４",
        "Ｂｃ５",
        "Ｏ－Ｏ",
    ] {
        game.play_str(input).expect(input);
    }
    assert_eq!(game.notations().last().map(String::as_str), Some("O-O"));
}

#[test]
fn full_width_avalanche_turns_with_slash_space_and_promotion_sign() {
    let pos = start(Variant::Avalanche);
    assert_eq!(pos.parse_turn("Ｎｆ３／ａ６"), pos.parse_turn("Nf3/a6"));
    assert!(pos.parse_turn("Ｎｆ３／ａ６").is_ok());
    // The move, then the push on its own.
    let Ok(ParsedInput::NeedsPush { prefix, .. }) =
        pos.parse_turn_input("Ｎｆ３", &TurnPrefix::default())
    else {
        panic!("a move alone waits for its push");
    };
    assert!(matches!(
        pos.parse_turn_input("ａ６", &prefix),
        Ok(ParsedInput::Complete(_))
    ));
    // An ideographic space between the move and a mark standing alone.
    assert_eq!(pos.parse_turn("Ｎｆ３／ａ６　！"), pos.parse_turn("Nf3/a6"));
    assert!(pos.parse_turn("Ｎｆ３／ａ６　！").is_ok());
}

#[test]
fn full_width_promotion_choice_is_read() {
    // White's pawn on b8 waits for its piece (pushed there by Black).
    let pos = Position::from_fen(Variant::Avalanche, "1P6/8/8/7k/8/8/p7/4K3 w - - 0 1")
        .expect("a position");
    assert!(pos.parse_turn("=Q Kd2/a1").is_ok());
    assert_eq!(
        pos.parse_turn("＝Ｑ　Ｋｄ２／ａ１"),
        pos.parse_turn("=Q Kd2/a1")
    );
}
