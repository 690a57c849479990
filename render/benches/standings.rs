//! Render + encode time of a standings table at the default size: an 8-player round robin
//! with its cross-table (every game played, a forfeit, a withdrawn player, a Japanese name),
//! a 60-player Swiss and a 200-player Swiss (two blocks side by side). Each table's PNG size
//! and dimensions are printed before its timings.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use render::{CrossResult, Headings, RenderOptions, Renderer, StandingRow, Standings};

/// `n` players best first; with `meetings`, the round robin's cross-table filled in (the
/// higher row wins, rows 3 and 4 draw, row 6 lost to row 5 by forfeit).
fn table(n: usize, meetings: u8, tiebreaks: [&str; 2]) -> Standings {
    let rows = (0..n)
        .map(|i| StandingRow {
            rank: i as u32 + 1,
            name: match i % 4 {
                1 => format!("なだれ太郎{}", i + 1),
                2 => format!("Ralph Betza the {}th", i + 1),
                _ => format!("player{}", i + 1),
            },
            halves: (n - 1 - i) as u32 + u32::from(i % 3 == 0),
            tiebreaks: vec![4 * (n - i) as u32 + 1, 2 * (n - i) as u32 + 3],
            withdrawn: i == n / 2,
            against: (0..n)
                .filter(|_| meetings > 0)
                .map(|j| {
                    let one = match (i, j) {
                        (2, 3) | (3, 2) => CrossResult::Draw,
                        (5, 4) => CrossResult::ForfeitLoss,
                        (4, 5) => CrossResult::ForfeitWin,
                        _ if j > i => CrossResult::Win,
                        _ => CrossResult::Loss,
                    };
                    if i == j {
                        Vec::new()
                    } else {
                        vec![one; usize::from(meetings)]
                    }
                })
                .collect(),
        })
        .collect();
    Standings {
        title: "Avalanche Grand Prix".into(),
        subtitle: "After round 7 of 7".into(),
        headings: Headings {
            rank: "#".into(),
            player: "Player".into(),
            points: "Pts".into(),
            tiebreaks: tiebreaks.map(String::from).to_vec(),
        },
        rows,
        meetings,
    }
}

fn bench(c: &mut Criterion) {
    let renderer = match Renderer::new(RenderOptions::default()) {
        Ok(r) => r,
        Err(e) => panic!("renderer: {e}"),
    };
    let tables = [
        ("round_robin_8", table(8, 1, ["DE", "SB"])),
        ("swiss_60", table(60, 0, ["BH-C1", "SB"])),
        ("swiss_200", table(200, 0, ["BH-C1", "SB"])),
    ];
    let mut group = c.benchmark_group("render_standings_512");
    for (name, standings) in &tables {
        match renderer.render_standings(standings) {
            Ok(png) => {
                let (w, h) = (
                    u32::from_be_bytes([png[16], png[17], png[18], png[19]]),
                    u32::from_be_bytes([png[20], png[21], png[22], png[23]]),
                );
                eprintln!("{name}: {} bytes, {w}×{h} px", png.len());
            }
            Err(e) => panic!("{name}: {e}"),
        }
        group.bench_function(*name, |b| {
            b.iter(|| renderer.render_standings(black_box(standings)))
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
