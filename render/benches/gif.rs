//! Animated replay of a 60-turn game at 512 px (the budget: ≤ 100 ms, ≤ 1 MB), for
//! standard chess and Avalanche, and Avalanche with both players' pictures in the name bars;
//! and an 88-frame standard game at 720 px, the size issue 20 compared with lichess's GIFs.
//! Each game's frame count and GIF size are printed before its timings.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};

mod common;
use common::avatar;
use render::{RenderOptions, Renderer, Scene};
use rules::{Game, Variant};

/// Turns in each benchmarked game at 512 px.
const TURNS: usize = 60;

/// Turns in the game at 720 px: 88 frames with the start.
const LONG_TURNS: usize = 87;

/// A game of `length` turns, each chosen from the legal ones by a fixed pseudo-random sequence
/// (so the run is repeatable), never one that ends the game early.
fn game(variant: Variant, length: usize) -> Game {
    let mut game = match Game::new(variant, None) {
        Ok(g) => g,
        Err(e) => panic!("{variant:?} sets up: {e}"),
    };
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    while game.turns().len() < length {
        let turns = game.position().legal_turns();
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let start = (seed >> 33) as usize % turns.len().max(1);
        let played = (0..turns.len()).any(|k| {
            let turn = turns[(start + k) % turns.len()];
            if game.play(turn).is_err() {
                return false;
            }
            if game.outcome().is_some() && game.turns().len() < length {
                game.take_back();
                return false;
            }
            true
        });
        assert!(played, "{variant:?}: no turn keeps the game going");
    }
    game
}

fn replay(game: &Game) -> Vec<Scene> {
    let mut scenes = Scene::replay(game);
    for scene in &mut scenes {
        scene.white = "Ralph Betza".into();
        scene.black = "名人 🐉 Meijin".into();
    }
    scenes
}

fn bench(c: &mut Criterion) {
    let renderer = match Renderer::new(RenderOptions::default()) {
        Ok(r) => r,
        Err(e) => panic!("renderer: {e}"),
    };
    let mut group = c.benchmark_group("render_gif_512_60_turns");
    for (name, variant) in [
        ("standard", Variant::Standard),
        ("avalanche", Variant::Avalanche),
    ] {
        let scenes = replay(&game(variant, TURNS));
        if let Ok(gif) = renderer.render_gif(&scenes) {
            eprintln!("{name}: {} frames, {} bytes", scenes.len(), gif.len());
        }
        group.bench_function(name, |b| b.iter(|| renderer.render_gif(black_box(&scenes))));
    }
    let mut faces = replay(&game(Variant::Avalanche, TURNS));
    let white = avatar(|x, y| [(x * 2) as u8, (y * 2) as u8, 160]);
    let black = avatar(|x, y| [200, ((x + y) % 256) as u8, (y * 2) as u8]);
    for scene in &mut faces {
        scene.white_avatar = Some(white.clone());
        scene.black_avatar = Some(black.clone());
    }
    if let Ok(gif) = renderer.render_gif(&faces) {
        eprintln!(
            "avalanche_avatars: {} frames, {} bytes",
            faces.len(),
            gif.len()
        );
    }
    group.bench_function("avalanche_avatars", |b| {
        b.iter(|| renderer.render_gif(black_box(&faces)))
    });
    group.finish();

    let large = match Renderer::new(RenderOptions {
        board_px: 720,
        ..RenderOptions::default()
    }) {
        Ok(r) => r,
        Err(e) => panic!("renderer: {e}"),
    };
    let scenes = replay(&game(Variant::Standard, LONG_TURNS));
    if let Ok(gif) = large.render_gif(&scenes) {
        eprintln!("standard_720: {} frames, {} bytes", scenes.len(), gif.len());
    }
    let mut group = c.benchmark_group("render_gif_720_87_turns");
    group.bench_function("standard", |b| {
        b.iter(|| large.render_gif(black_box(&scenes)))
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);
