//! Move generation speed: perft side by side with cozy-chess in the same run, and one
//! full Avalanche turn generation from the start position.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rules::{Position, Variant};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// cozy-chess perft with the last ply counted in bulk, as nadare's does.
fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += cozy_perft(&child, depth - 1);
        }
        false
    });
    nodes
}

fn perft(c: &mut Criterion) {
    for (name, fen, depth) in [
        (
            "start",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            5,
        ),
        ("kiwipete", KIWIPETE, 4),
    ] {
        let ours = Position::from_fen(Variant::Standard, fen).unwrap_or_else(|e| panic!("{e}"));
        let theirs: cozy_chess::Board = fen.parse().unwrap_or_else(|e| panic!("{e:?}"));
        let nodes = ours.perft(depth);
        assert_eq!(nodes, cozy_perft(&theirs, depth));
        let mut group = c.benchmark_group(format!("perft/{name}/depth{depth}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function("nadare", |b| b.iter(|| black_box(&ours).perft(depth)));
        group.bench_function("cozy-chess", |b| {
            b.iter(|| cozy_perft(black_box(&theirs), depth))
        });
        group.finish();
    }
}

fn avalanche(c: &mut Criterion) {
    let start = Position::new_game(Variant::Avalanche, None).unwrap_or_else(|e| panic!("{e}"));
    c.bench_function("avalanche/legal_turns/start", |b| {
        b.iter(|| black_box(&start).legal_turns())
    });
    let mut group = c.benchmark_group("avalanche/perft/start/depth3");
    group.sample_size(10);
    group.throughput(Throughput::Elements(start.perft(3)));
    group.bench_function("nadare", |b| b.iter(|| black_box(&start).perft(3)));
    group.finish();
    let midgame = Position::from_fen(Variant::Standard, KIWIPETE).unwrap_or_else(|e| panic!("{e}"));
    c.bench_function("standard/legal_moves/kiwipete", |b| {
        b.iter(|| black_box(&midgame).legal_moves())
    });
}

criterion_group!(benches, perft, avalanche);
criterion_main!(benches);
