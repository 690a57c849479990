//! Render + encode time of a review's evaluation graph at the default size: a 60-turn game
//! (121 positions) with five marked turns and its deciding turn, and a 300-turn one. Each
//! graph's PNG size and dimensions are printed before its timings.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use render::{EvalGraph, GraphMark, RenderOptions, Renderer, Severity};

/// A game of `turns` turns (both sides) whose evaluation swings and ends in White's win.
fn graph(turns: usize) -> EvalGraph {
    let positions = 2 * turns + 1;
    let expected = (0..positions)
        .map(|i| {
            let t = i as f64 / positions as f64;
            (0.5 + 0.3 * (t * 9.0).sin() * (1.0 - t) + 0.45 * t * t).clamp(0.0, 1.0)
        })
        .collect();
    let severities = [Severity::Inaccuracy, Severity::Mistake, Severity::Blunder];
    EvalGraph {
        title: "Ralph Betza – なだれ太郎".into(),
        subtitle: "Standard · depth 11".into(),
        expected,
        marks: (0..5)
            .map(|k| GraphMark {
                ply: (k + 1) * positions / 7,
                severity: severities[k % 3],
            })
            .collect(),
        decided: Some(positions * 3 / 4),
        first_turn: 1,
        black_first: false,
        legend: render::GraphLegend {
            white: "White's chances".into(),
            inaccuracy: "Inaccuracy".into(),
            mistake: "Mistake".into(),
            blunder: "Blunder".into(),
            decided: "Decided here".into(),
        },
    }
}

fn bench(c: &mut Criterion) {
    let renderer = match Renderer::new(RenderOptions::default()) {
        Ok(r) => r,
        Err(e) => panic!("renderer: {e}"),
    };
    let mut group = c.benchmark_group("render_graph_512");
    for (name, graph) in [("turns_60", graph(60)), ("turns_300", graph(300))] {
        match renderer.render_graph(&graph) {
            Ok(png) => {
                let (w, h) = renderer.graph_size();
                eprintln!("{name}: {} bytes, {w}×{h} px", png.len());
            }
            Err(e) => panic!("{name}: {e}"),
        }
        group.bench_function(name, |b| {
            b.iter(|| renderer.render_graph(black_box(&graph)))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(50);
    targets = bench
}
criterion_main!(benches);
