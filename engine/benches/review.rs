//! Review speed: a whole game reviewed at the default depth on one core, the figure the
//! review's budget is about (a 60-turn game within a minute): the 1991 Grand Prix game
//! Salvadori–Castelli (Avalanche Balanced, 29 turns, 30 positions) and Morphy's Opera game
//! (standard, 33 turns, 34 positions). A 60-turn game's time is the time per position × 61.

use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use engine::review::{default_depth, review};
use rules::{Game, Variant};

/// Salvadori–Castelli, Grand Prix 1991 (as in rules/tests/data/games).
const AVALANCHE: &str = include_str!("../../rules/tests/data/games/salvadori-castelli-1991.txt");

/// Morphy – Duke Karl / Count Isouard, Paris 1858.
const OPERA: &str = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 \
    Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("review");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    let (avalanche, _tags) = Game::from_record(AVALANCHE).expect("the record replays");
    let mut opera = Game::new(Variant::Standard, None).expect("the setup");
    for turn in OPERA.split_whitespace() {
        opera.play_str(turn).expect("a legal turn");
    }
    for (name, game) in [
        ("avalanche-salvadori-castelli", avalanche),
        ("standard-opera", opera),
    ] {
        let depth = default_depth(game.variant());
        group.bench_function(format!("{name}-depth-{depth}"), |b| {
            b.iter(|| {
                black_box(review(
                    &game,
                    depth,
                    &AtomicBool::new(false),
                    &mut |_, _| {},
                ))
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
