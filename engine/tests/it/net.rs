//! The evaluation network of standard chess and Chess960: the built-in one reads, sees the
//! board the same from either side, counts material, and is what an engine searches with in
//! chess (never in Avalanche); a damaged file is refused. Its training is tested in the lab
//! crate (`lab/tests/it/net.rs`).

use std::sync::atomic::AtomicBool;

use engine::eval::net::{self, Net, NetError};
use engine::{Engine, Limits};
use rules::{Game, Position, Variant};

fn position(fen: &str) -> Position {
    Position::from_fen(Variant::Standard, fen).unwrap()
}

#[test]
fn the_built_in_network_reads_and_sees_both_sides_alike() {
    let net = Net::builtin();
    // Each position and the same with the colours swapped and the board turned over.
    for (fen, mirrored) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1",
        ),
        (
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w - - 0 1",
            "r1bqkb1r/pp3ppp/2n1pn2/2pp4/3P4/2N1PN2/PP2BPPP/R1BQ1RK1 b - - 0 1",
        ),
        (
            "r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R b - - 0 1",
            "r2qkb1r/pp3ppp/2n1pn2/2pp4/3P4/2N1PN2/PP2BPPP/R2Q1RK1 w - - 0 1",
        ),
        (
            "8/5k2/8/3P4/8/8/5K2/8 w - - 0 1",
            "8/5k2/8/8/3p4/8/5K2/8 b - - 0 1",
        ),
    ] {
        let a = net.evaluate(&position(fen));
        let b = net.evaluate(&position(mirrored));
        assert_eq!(a, b, "{fen}");
    }
}

#[test]
fn the_built_in_network_counts_material() {
    let net = Net::builtin();
    let start = net.evaluate(&position(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ));
    assert!(
        (0..100).contains(&start),
        "the start, White to move: {start}"
    );
    // White without its queen, to move and not to win it back.
    let down = net.evaluate(&position(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1",
    ));
    assert!(down < -500, "a queen down: {down}");
    let rook_up = net.evaluate(&position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
    assert!(rook_up > 300, "a rook up: {rook_up}");
}

#[test]
fn an_engine_searches_with_the_network_in_chess_only() {
    let stop = AtomicBool::new(false);
    let limits = Limits::depth(6);
    let search = |engine: &Engine, game: &Game| {
        let result = engine.search(game, &limits, &stop);
        (result.best, result.score, result.nodes)
    };
    let with = Engine::new();
    let linear = Engine::new().linear();
    let fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w - - 0 1";
    let chess = Game::from_position(position(fen));
    let (turn, score, nodes) = search(&with, &chess);
    assert!(turn.is_some());
    assert_ne!((score, nodes), {
        let (_, s, n) = search(&linear, &chess);
        (s, n)
    });
    let avalanche = Game::new(Variant::Avalanche, None).unwrap();
    assert_eq!(search(&with, &avalanche), search(&linear, &avalanche));
}

#[test]
fn a_damaged_network_file_is_refused() {
    assert_eq!(Net::parse(b"not a net").unwrap_err(), NetError::Magic);
    // The first network's format, a correction to the linear evaluation.
    assert_eq!(
        Net::parse(b"NDRNET1\0\x40\0\0\0").unwrap_err(),
        NetError::Magic
    );
    let mut wrong = b"NDRNET2\0".to_vec();
    let other = net::HIDDEN as u32 + 1;
    wrong.extend_from_slice(&other.to_le_bytes());
    assert_eq!(Net::parse(&wrong).unwrap_err(), NetError::Hidden(other));
    let mut short = b"NDRNET2\0".to_vec();
    short.extend_from_slice(&(net::HIDDEN as u32).to_le_bytes());
    short.extend_from_slice(&[0; 100]);
    assert_eq!(Net::parse(&short).unwrap_err(), NetError::Size(112));
}
