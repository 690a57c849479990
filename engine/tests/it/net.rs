//! The evaluation network of standard chess and Chess960, with the network trained in
//! docs/engine.md ("A network on top", `net/net.bin`): it reads, sees the board the same
//! from either side, brings the linear evaluation nearer Stockfish's judgement on positions
//! of games it was not trained on, and changes what an engine given it thinks; a damaged file
//! is refused.

use std::sync::atomic::AtomicBool;

use engine::eval::evaluate;
use engine::eval::net::{self, Net, NetError};
use engine::tune::parse_sample;
use engine::{Engine, Limits};
use rules::{Color, Game, Position, Variant};

/// The network trained in docs/engine.md.
fn trained() -> Net {
    Net::parse(include_bytes!("net/net.bin")).unwrap()
}

fn position(fen: &str) -> Position {
    Position::from_fen(Variant::Standard, fen).unwrap()
}

#[test]
fn the_network_reads_and_sees_both_sides_alike() {
    let net = trained();
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

/// The mean squared error of the expected scores of `eval` against the labels of
/// `samples.txt` (Stockfish's expected score for White at depth 6, of positions of games the
/// network never saw), by the logistic curve the network was trained with.
fn label_error(eval: impl Fn(&Position) -> i32) -> f64 {
    let text = include_str!("net/samples.txt");
    let mut total = 0.0;
    let mut count = 0;
    for line in text.lines() {
        let (sample, pos) = parse_sample(line).unwrap();
        let own = f64::from(eval(&pos));
        let white = if pos.side_to_move() == Color::White {
            own
        } else {
            -own
        };
        let expected = 1.0 / (1.0 + 10f64.powf(-K * white / 400.0));
        total += (expected - sample.white_score).powi(2);
        count += 1;
    }
    assert!(count >= 1000, "{count} samples");
    total / f64::from(count)
}

/// The scale of the logistic curve: the one that fits the linear evaluation to the labels.
const K: f64 = 1.87;

#[test]
fn the_network_brings_the_evaluation_nearer_stockfish() {
    let net = trained();
    let linear = label_error(evaluate);
    let both = label_error(|pos| evaluate(pos) + net.evaluate(pos));
    // 0.02770 against 0.02789: the network helps these games little (docs/engine.md).
    assert!(both < linear, "with the network {both}, without {linear}");
}

#[test]
fn an_engine_given_the_network_searches_with_it_in_chess_only() {
    let stop = AtomicBool::new(false);
    let limits = Limits::depth(6);
    let search = |engine: &Engine, game: &Game| {
        let result = engine.search(game, &limits, &stop);
        (result.best, result.score, result.nodes)
    };
    let plain = Engine::new();
    let with = Engine::new().with_net(trained());
    let fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w - - 0 1";
    let chess = Game::from_position(Position::from_fen(Variant::Standard, fen).unwrap());
    let (turn, score, nodes) = search(&with, &chess);
    assert!(turn.is_some());
    let (_, plain_score, plain_nodes) = search(&plain, &chess);
    assert_ne!((score, nodes), (plain_score, plain_nodes));
    let avalanche = Game::new(Variant::Avalanche, None).unwrap();
    assert_eq!(search(&with, &avalanche), search(&plain, &avalanche));
}

#[test]
fn a_damaged_network_file_is_refused() {
    assert_eq!(Net::parse(b"not a net").unwrap_err(), NetError::Magic);
    let mut wrong = b"NDRNET1\0".to_vec();
    let other = net::HIDDEN as u32 + 1;
    wrong.extend_from_slice(&other.to_le_bytes());
    assert_eq!(Net::parse(&wrong).unwrap_err(), NetError::Hidden(other));
    let mut short = b"NDRNET1\0".to_vec();
    short.extend_from_slice(&(net::HIDDEN as u32).to_le_bytes());
    short.extend_from_slice(&[0; 100]);
    assert_eq!(Net::parse(&short).unwrap_err(), NetError::Size(112));
}
