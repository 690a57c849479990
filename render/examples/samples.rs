//! Writes the sample boards of docs/boards.md: `cargo run --release -p nadare-render --example samples
//! [DIR]` (default `docs/images`).

use std::error::Error;

use render::{Labels, RenderOptions, Renderer, Scene, Theme};
use rules::{Color, Position, Square, Variant};

fn sq(name: &str) -> Result<Square, Box<dyn Error>> {
    Ok(name.parse()?)
}

fn draw(dir: &str, file: &str, theme: Theme, scene: &Scene) -> Result<(), Box<dyn Error>> {
    let renderer = Renderer::new(RenderOptions {
        board_px: 512,
        theme,
    })?;
    let png = renderer.render_png(scene)?;
    std::fs::write(format!("{dir}/{file}"), &png)?;
    println!("{dir}/{file}: {} bytes", png.len());
    Ok(())
}

fn main() -> Result<(), Box<dyn Error>> {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "docs/images".into());
    std::fs::create_dir_all(&dir)?;

    let mut start = Scene::from_position(&Position::new_game(Variant::Standard, None)?);
    start.white = "Magnus".into();
    start.black = "Hikaru".into();
    draw(&dir, "start.png", Theme::Classic, &start)?;

    // Black has played Bd5-c6 and pushed White's e-pawn to e8: White first chooses its piece.
    let fen = "r3P1k1/pp3ppp/2b5/8/4p3/2N5/PPP2PPP/R1BQKBNR w KQ - 0 14";
    let mut avalanche = Scene::from_position(&Position::from_fen(Variant::Avalanche, fen)?);
    avalanche.last_move = Some((sq("d5")?, sq("c6")?));
    avalanche.last_push = Some((sq("e7")?, sq("e8")?));
    avalanche.arrows = vec![(sq("c3")?, sq("e4")?)];
    avalanche.white = "Ralph Betza".into();
    avalanche.black = "名人 🐉 Meijin".into();
    draw(&dir, "avalanche.png", Theme::Slate, &avalanche)?;

    let fen = "r1bq1rk1/ppp2Bpp/2np1n2/2b1p3/4P3/2NP1N2/PPP2PPP/R1BQK2R b KQ - 0 7";
    let mut check = Scene::from_position(&Position::from_fen(Variant::Standard, fen)?);
    check.orientation = Color::Black;
    check.last_move = Some((sq("c4")?, sq("f7")?));
    check.white = "Alice".into();
    check.black = "Bob the very patient endgame enthusiast".into();
    draw(&dir, "black-check.png", Theme::Green, &check)?;

    // Japanese names and words, as a Japanese message catalog would supply them.
    let fen = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5";
    let mut japanese = Scene::from_position(&Position::from_fen(Variant::Standard, fen)?);
    japanese.last_move = Some((sq("g8")?, sq("f6")?));
    japanese.white = "なだれ太郎".into();
    japanese.black = "山田花子 🐉".into();
    japanese.labels = Some(Labels {
        heading: "スタンダード".into(),
        status: "5手目・白の手番".into(),
        white: "白".into(),
        black: "黒".into(),
    });
    draw(&dir, "japanese.png", Theme::Classic, &japanese)?;
    Ok(())
}
