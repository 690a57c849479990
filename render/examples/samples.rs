//! Writes sample boards to the folder given (default `docs/images`).

use render::{RenderOptions, Renderer, Scene, Theme};
use rules::{Color, Piece, Role, Square, Variant};

fn place(scene: &mut Scene, placement: &str) {
    for (row, rank) in placement.split('/').enumerate() {
        let mut file = 0u8;
        for c in rank.chars() {
            if let Some(d) = c.to_digit(10) {
                file += d as u8;
            } else if let (Some(p), Some(sq)) =
                (Piece::from_fen_char(c), Square::new(file, 7 - row as u8))
            {
                scene.squares[sq.index()] = Some(p);
                file += 1;
            }
        }
    }
}

fn sq(s: &str) -> Square {
    s.parse().unwrap_or(Square::A1)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "docs/images".into());
    std::fs::create_dir_all(&dir)?;
    let _ = (Color::White, Role::King, Variant::Standard);
    for theme in Theme::ALL {
        let r = Renderer::new(RenderOptions {
            board_px: 512,
            theme,
        })?;
        let mut start = Scene {
            white: "Magnus".into(),
            black: "Hikaru".into(),
            ..Scene::default()
        };
        place(&mut start, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
        std::fs::write(format!("{dir}/start-{theme}.png"), r.render_png(&start)?)?;

        let mut ava = Scene {
            white: "Ralph Betza".into(),
            black: "名人 🐉 Meijin".into(),
            variant: Variant::Avalanche,
            side_to_move: Color::White,
            move_number: 14,
            last_move: Some((sq("d5"), sq("c6"))),
            last_push: Some((sq("e7"), sq("e8"))),
            pending_promotion: Some(sq("e8")),
            arrows: vec![(sq("g1"), sq("f3")), (sq("d1"), sq("h5"))],
            ..Scene::default()
        };
        place(&mut ava, "r3P1k1/pp3ppp/2b5/8/4p3/2N5/PPP2PPP/R1BQKBNR");
        std::fs::write(format!("{dir}/avalanche-{theme}.png"), r.render_png(&ava)?)?;

        let mut check = Scene {
            white: "Alice".into(),
            black: "Bob".into(),
            orientation: Color::Black,
            side_to_move: Color::Black,
            move_number: 23,
            check: Some(sq("g8")),
            last_move: Some((sq("c4"), sq("f7"))),
            variant: Variant::Chess960,
            chess960: Some(518),
            ..Scene::default()
        };
        place(
            &mut check,
            "r1bq1rk1/ppp2Bpp/2np1n2/2b1p3/4P3/2NP1N2/PPP2PPP/R1BQK2R",
        );
        std::fs::write(
            format!("{dir}/check-black-{theme}.png"),
            r.render_png(&check)?,
        )?;
    }
    Ok(())
}
