//! Render + encode time of a 512 px board (the budget: median ≤ 2 ms on one core, file
//! ≤ 30 KB; with both players' avatars, under 1 ms and 30 KB). The PNG size of each scene is
//! printed before its timings.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use render::{Avatar, Labels, RenderOptions, Renderer, Scene};
use rules::{Color, Position, Square, Variant};

mod common;
use common::avatar;

fn sq(name: &str) -> Square {
    name.parse().unwrap_or(Square::A1)
}

fn scene(variant: Variant, fen: &str) -> Scene {
    match Position::from_fen(variant, fen) {
        Ok(pos) => Scene::from_position(&pos),
        Err(e) => panic!("bench FEN {fen}: {e}"),
    }
}

fn scenes() -> Vec<(&'static str, Scene)> {
    let mut start = scene(
        Variant::Standard,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    start.white = "Magnus".into();
    start.black = "Hikaru".into();

    let mut midgame = scene(
        Variant::Standard,
        "r1bq1rk1/ppp2Bpp/2np1n2/2b1p3/4P3/2NP1N2/PPP2PPP/R1BQK2R b KQ - 0 7",
    );
    midgame.orientation = Color::Black;
    midgame.last_move = Some((sq("c4"), sq("f7")));
    midgame.white = "Alice".into();
    midgame.black = "名人 🐉 Meijin".into();

    let mut avalanche = scene(
        Variant::Avalanche,
        "r3P1k1/pp3ppp/2b5/8/4p3/2N5/PPP2PPP/R1BQKBNR w KQ - 0 14",
    );
    avalanche.last_move = Some((sq("d5"), sq("c6")));
    avalanche.last_push = Some((sq("e7"), sq("e8")));
    avalanche.arrows = vec![(sq("g1"), sq("f3")), (sq("d1"), sq("h5"))];
    avalanche.white = "Ralph Betza".into();
    avalanche.black = "Avalanche fan".into();

    let mut japanese = scene(
        Variant::Standard,
        "r1bq1rk1/ppp2Bpp/2np1n2/2b1p3/4P3/2NP1N2/PPP2PPP/R1BQK2R b KQ - 0 7",
    );
    japanese.last_move = Some((sq("c4"), sq("f7")));
    japanese.white = "なだれ太郎 🐉".into();
    japanese.black = "山田花子（やまだはなこ）".into();
    japanese.labels = Some(Labels {
        heading: "スタンダード".into(),
        status: "7手目・黒の手番（チェック）".into(),
        white: "白".into(),
        black: "黒".into(),
    });

    let mut avatars = start.clone();
    avatars.white_avatar = Some(avatar(|x, y| [230, (x * 2) as u8, (y / 2) as u8]));
    avatars.black_avatar = Some(avatar(|x, y| {
        let d = (x as i32 - 64).pow(2) + (y as i32 - 64).pow(2);
        [(d / 40 % 256) as u8, 90, (x + y) as u8]
    }));

    vec![
        ("start", start),
        ("japanese_names", japanese),
        ("midgame_check", midgame),
        ("avalanche_arrows", avalanche),
        ("start_two_avatars", avatars),
    ]
}

fn bench(c: &mut Criterion) {
    let renderer = match Renderer::new(RenderOptions::default()) {
        Ok(r) => r,
        Err(e) => panic!("renderer: {e}"),
    };
    let mut group = c.benchmark_group("render_png_512");
    for (name, scene) in scenes() {
        if let Ok(png) = renderer.render_png(&scene) {
            eprintln!("{name}: {} bytes", png.len());
        }
        group.bench_function(name, |b| b.iter(|| renderer.render_png(black_box(&scene))));
    }
    group.finish();
    // Names the renderer has not drawn before: every Japanese glyph is rasterised during the
    // render (a fresh renderer for each, prepared outside the timing).
    let (_, japanese) = &scenes()[1];
    let mut cold = c.benchmark_group("render_png_512_first_time");
    cold.sample_size(10)
        .warm_up_time(Duration::from_millis(1))
        .measurement_time(Duration::from_millis(1));
    cold.bench_function("japanese_names", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let Ok(renderer) = Renderer::new(RenderOptions::default()) else {
                    continue;
                };
                let start = Instant::now();
                let _ = black_box(renderer.render_png(black_box(japanese)));
                total += start.elapsed();
            }
            total
        })
    });
    cold.finish();
    // A picture the renderer has not drawn before: decoded, scaled, cut and reduced, then
    // drawn (an avatar keeps its prepared form, so later boards cost what the others do).
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, 128, 128);
    encoder.set_color(png::ColorType::Rgb);
    let data: Vec<u8> = (0..128u32 * 128 * 3).map(|i| (i * 7 % 251) as u8).collect();
    if let Err(e) = encoder
        .write_header()
        .and_then(|mut w| w.write_image_data(&data))
    {
        panic!("bench avatar: {e}");
    }
    let mut fresh = scenes()[0].1.clone();
    c.bench_function("render_png_512_new_avatar_128", |b| {
        b.iter(|| {
            fresh.white_avatar = Avatar::decode(black_box(&bytes)).ok();
            renderer.render_png(&fresh)
        })
    });
    c.bench_function("renderer_new_512", |b| {
        b.iter(|| Renderer::new(black_box(RenderOptions::default())))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(50);
    targets = bench
}
criterion_main!(benches);
