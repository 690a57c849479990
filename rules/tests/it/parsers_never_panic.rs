//! Any string a user can type reaches these parsers: none of them may panic on any input.

use proptest::prelude::*;
use rules::{Game, Move, Position, Role, Square, TurnPrefix, Variant, clk_in_comment};

fn positions() -> Vec<Position> {
    let fens = [
        (
            Variant::Standard,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            Variant::Standard,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ),
        (Variant::Standard, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"),
        (
            Variant::Chess960,
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        ),
        (
            Variant::Avalanche,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (Variant::Avalanche, "4P3/8/8/8/k7/8/8/7K w - - 0 1"),
        (
            Variant::AvalancheBalanced,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            Variant::AvalancheReversed,
            "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1",
        ),
    ];
    fens.iter()
        .filter_map(|(v, f)| Position::from_fen(*v, f).ok())
        .collect()
}

/// Strings made of the characters notation uses, to reach deep into the parsers.
fn notation_like() -> impl Strategy<Value = String> {
    "[a-hKQRBNPkqrbnpOo0-9xX:=/+#!?() .\\-]{0,24}"
}

fn prefixes() -> Vec<TurnPrefix> {
    let e2e4 = Move {
        from: Square::new(4, 1).unwrap_or(Square::A1),
        to: Square::new(4, 3).unwrap_or(Square::A1),
        promotion: None,
    };
    vec![
        TurnPrefix::default(),
        TurnPrefix {
            promotion: Some(Role::Queen),
            mv: None,
        },
        TurnPrefix {
            promotion: None,
            mv: Some(e2e4),
        },
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn turn_parsing_never_panics(input in prop_oneof![any::<String>(), notation_like()]) {
        for p in positions() {
            let _ = p.parse_turn(&input);
            let _ = p.parse_move(&input);
            for prefix in prefixes() {
                let _ = p.parse_turn_input(&input, &prefix);
            }
        }
    }

    #[test]
    fn fen_parsing_never_panics(input in prop_oneof![any::<String>(), "[pnbrqkPNBRQK1-9/ wb\\-KQkqA-Ha-h0-9]{0,80}"]) {
        for v in Variant::ALL {
            let _ = Position::from_fen(v, &input);
        }
    }

    #[test]
    fn record_parsing_never_panics(input in prop_oneof![any::<String>(), "(\\[[A-Za-z]{1,8} \"[^\"]{0,12}\"\\]\n){0,3}[0-9. a-hNBRQKOx/=+#!?{}();$-]{0,60}"]) {
        let _ = Game::from_record(&input);
    }

    #[test]
    fn clock_reading_never_panics(input in prop_oneof![any::<String>(), "[a-z ]{0,4}\\[%clk[ 0-9:.\\-]{0,16}\\]?[ \\]]{0,2}"]) {
        let _ = clk_in_comment(&input);
    }

    #[test]
    fn variant_and_square_parsing_never_panic(input in any::<String>()) {
        let _ = input.parse::<Variant>();
        let _ = input.parse::<Square>();
    }
}
