//! The evaluation network of standard chess and Chess960: the built-in one reads, sees the
//! board the same from either side, judges positions of games it was not trained on nearer
//! Stockfish than the linear evaluation does, and is what an engine searches with in chess
//! (never in Avalanche); the trainer learns and writes a file the engine reads; a damaged
//! file is refused.

use std::sync::atomic::AtomicBool;

use engine::eval::evaluate;
use engine::eval::net::{self, Net, NetError};
use engine::tune::{Point, TrainSettings, net_error, parse_sample, train};
use engine::{Engine, Limits};
use rules::{Color, Game, Position, Role, Variant};

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

/// The samples of `net/samples.txt`: positions of self-play games the built-in network
/// was not trained on, labelled with Stockfish's expected score for White at depth 6.
fn held_out_samples() -> Vec<(Position, f64)> {
    include_str!("net/samples.txt")
        .lines()
        .map(|line| {
            let (sample, pos) = parse_sample(line).unwrap();
            (pos, sample.white_score)
        })
        .collect()
}

/// The scale of the logistic curve the network is trained with.
const K: f64 = 1.87;

#[test]
fn the_network_judges_unseen_games_nearer_stockfish_than_the_linear_evaluation() {
    let samples = held_out_samples();
    assert!(samples.len() >= 1000, "{} samples", samples.len());
    let linear: f64 = samples
        .iter()
        .map(|(pos, white_score)| {
            let own = f64::from(evaluate(pos));
            let white = if pos.side_to_move() == Color::White {
                own
            } else {
                -own
            };
            (1.0 / (1.0 + 10f64.powf(-K * white / 400.0)) - white_score).powi(2)
        })
        .sum::<f64>()
        / samples.len() as f64;
    let network = net_error(&Net::builtin(), &samples, K);
    assert!(
        network < linear,
        "the network {network}, the linear evaluation {linear}"
    );
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

/// Positions of random games (random legal moves from the start, none in check), each
/// labelled with the expected score its material alone gives White (pawn 100, knight and
/// bishop 300, rook 500, queen 900), by the curve of scale [`K`].
fn material_samples(count: usize) -> Vec<(Position, f64)> {
    const VALUES: [i32; 6] = [100, 300, 300, 500, 900, 0];
    let mut samples = Vec::with_capacity(count);
    let mut state = 0x5eed_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    while samples.len() < count {
        let mut pos = Position::new_game(Variant::Standard, None).unwrap();
        for _ in 0..120 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[(next() % moves.len() as u64) as usize];
            pos = pos.play_unchecked(mv).unwrap().after;
            if pos.is_check() {
                continue;
            }
            let material: i32 = Role::ALL
                .iter()
                .zip(VALUES)
                .map(|(&role, value)| {
                    let count = |color| pos.pieces(color, role).count() as i32;
                    value * (count(Color::White) - count(Color::Black))
                })
                .sum();
            let white = 1.0 / (1.0 + 10f64.powf(-K * f64::from(material) / 400.0));
            samples.push((pos.clone(), white));
        }
    }
    samples.truncate(count);
    samples
}

#[test]
fn training_learns_material_and_writes_a_network_the_engine_reads() {
    let samples = material_samples(20_000);
    let (train_on, held) = samples.split_at(16_000);
    let mut points: Vec<Point> = train_on
        .iter()
        .map(|(pos, score)| Point::new(pos, *score))
        .collect();
    let settings = TrainSettings {
        epochs: 3,
        batch: 256,
        rate: 0.005,
        decay: 0.8,
        k: K,
        threads: 2,
        seed: 3,
    };
    let mut epochs = Vec::new();
    let trained = train(&mut points, held, &settings, &mut |e| {
        epochs.push(e.clone())
    });
    assert_eq!(epochs.len(), 3);
    // Material is the same wherever it stands: games never seen are judged well too.
    assert!(
        trained.holdout < trained.holdout_before / 2.0,
        "held out: {} before, {} after",
        trained.holdout_before,
        trained.holdout
    );
    assert!(epochs.last().unwrap().error < epochs.first().unwrap().error);
    let net = Net::parse(&trained.net).unwrap();
    assert_eq!(net_error(&net, held, K), trained.holdout);
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
