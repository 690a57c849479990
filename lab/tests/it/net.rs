//! The evaluation network's training: the built-in network judges positions of games it was
//! not trained on nearer Stockfish than the linear evaluation does, and the trainer learns
//! and writes a file the engine reads.

use engine::eval::evaluate;
use engine::eval::net::Net;
use lab::tune::{Point, TrainSettings, net_error, parse_sample, train};
use rules::{Color, Position, Role, Variant};

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
