//! Search speed: time to a fixed depth (deterministic, so nodes per second is the printed
//! node count divided by the measured time) from the start and two or three middlegames, in
//! standard chess and in Avalanche; and the time-limit check, the wall-clock time of a
//! level-8 search (its budget is 2 s).

use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use engine::{Engine, Level, Limits};
use rules::{Position, Variant};

/// The positions measured: name, variant, FEN, depth.
const POSITIONS: [(&str, Variant, &str, u32); 7] = [
    (
        "standard-start",
        Variant::Standard,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        9,
    ),
    (
        "standard-italian",
        Variant::Standard,
        "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQ1RK1 w - - 1 6",
        9,
    ),
    (
        "standard-kiwipete",
        Variant::Standard,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        8,
    ),
    (
        "avalanche-start",
        Variant::Avalanche,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
    ),
    (
        "avalanche-middlegame-1",
        Variant::Avalanche,
        "r1bqkb1r/pp3ppp/2n2n2/2ppp3/4P3/2NP1N2/PPP2PPP/R1BQKB1R w KQkq - 0 5",
        5,
    ),
    (
        "avalanche-middlegame-2",
        Variant::Avalanche,
        "r2q1rk1/pb2bppp/1pn1pn2/2pp4/3P4/1PPBPN2/PB1N1PPP/R2Q1RK1 w - - 0 9",
        5,
    ),
    (
        "avalanche-middlegame-3",
        Variant::Avalanche,
        "r1bq1rk1/pp3ppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R2QK2R w KQ - 0 8",
        5,
    ),
];

fn to_depth(c: &mut Criterion) {
    let engine = Engine::new();
    let mut group = c.benchmark_group("search-to-depth");
    group.sample_size(10);
    for (name, variant, fen, depth) in POSITIONS {
        let Ok(pos) = Position::from_fen(variant, fen) else {
            continue;
        };
        let limits = Limits::depth(depth);
        let probe = engine.search_position(&pos, &limits, &AtomicBool::new(false));
        let secs = probe.elapsed.as_secs_f64().max(1e-9);
        eprintln!(
            "{name}: depth {depth}, {} nodes, {:.0} nodes/s in a probe run",
            probe.nodes,
            probe.nodes as f64 / secs
        );
        group.bench_function(format!("{name}-d{depth}"), |b| {
            b.iter(|| engine.search_position(black_box(&pos), &limits, &AtomicBool::new(false)))
        });
    }
    group.finish();
}

fn time_limit(c: &mut Criterion) {
    let engine = Engine::new();
    let mut group = c.benchmark_group("time-limit");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(25));
    let Ok(pos) = Position::from_fen(POSITIONS[4].1, POSITIONS[4].2) else {
        return;
    };
    let limits = Level::MAX.limits(0);
    group.bench_function("level-8-avalanche", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            let mut worst = Duration::ZERO;
            for _ in 0..iters {
                let start = Instant::now();
                black_box(engine.search_position(&pos, &limits, &AtomicBool::new(false)));
                let took = start.elapsed();
                worst = worst.max(took);
                total += took;
            }
            eprintln!("level 8: worst of {iters} searches {worst:?} (budget 2 s)");
            total
        })
    });
    group.finish();
}

criterion_group!(benches, to_depth, time_limit);
criterion_main!(benches);
