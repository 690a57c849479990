//! Decoded-pixel checks of the images: each would fail on a real drawing mistake.

use render::{Labels, RenderError, RenderOptions, Renderer, Scene, Theme};
use rules::{Color, Piece, Position, Role, Square, Variant};

use crate::common::{Image, RENDERER, board, render, sq, start};

fn is_reddish([r, g, b]: [u8; 3]) -> bool {
    i32::from(r) > i32::from(g) + 60 && i32::from(r) > i32::from(b) + 60
}

#[test]
fn the_same_scene_gives_the_same_bytes_even_from_another_renderer() {
    let mut scene = start();
    scene.white = "Anna".into();
    scene.last_move = Some((sq("e2"), sq("e4")));
    scene.arrows = vec![(sq("g1"), sq("f3"))];
    let a = RENDERER.render_png(&scene).expect("renders");
    let b = RENDERER.render_png(&scene).expect("renders");
    let other = Renderer::new(RenderOptions::default()).expect("prepared");
    let c = other.render_png(&scene).expect("renders");
    assert_eq!(a, b);
    assert_eq!(a, c);
}

#[test]
fn the_checked_kings_square_glows_red() {
    let pos = Position::from_fen(Variant::Standard, "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1")
        .expect("a legal FEN");
    let scene = Scene::from_position(&pos);
    assert_eq!(scene.check, Some(sq("e1")));
    let img = render(&scene);
    // e1 is column 4 of the bottom row; look beside the king, inside the glow.
    let glow = img.in_cell(4, 7, 0.06, 0.5);
    assert!(is_reddish(glow), "e1 beside the king is {glow:?}");
    let calm = render(&Scene {
        check: None,
        ..scene
    });
    assert!(!is_reddish(calm.in_cell(4, 7, 0.06, 0.5)));
}

#[test]
fn last_move_and_push_squares_are_tinted_each_in_its_own_colour() {
    let plain = render(&Scene::default());
    let scene = Scene {
        last_move: Some((sq("b1"), sq("c3"))),
        last_push: Some((sq("e7"), sq("e6"))),
        ..Scene::default()
    };
    let img = render(&scene);
    // b1 (column 1, row 7) and e6 (column 4, row 2) are light squares; c3 (2, 5) is dark.
    let (b1, e6, c3) = (
        img.in_cell(1, 7, 0.5, 0.5),
        img.in_cell(4, 2, 0.5, 0.5),
        img.in_cell(2, 5, 0.5, 0.5),
    );
    assert_ne!(
        b1,
        plain.in_cell(1, 7, 0.5, 0.5),
        "the move's from-square is tinted"
    );
    assert_ne!(
        c3,
        plain.in_cell(2, 5, 0.5, 0.5),
        "the move's to-square is tinted"
    );
    assert_ne!(
        e6,
        plain.in_cell(4, 2, 0.5, 0.5),
        "the push's to-square is tinted"
    );
    assert_ne!(
        b1, e6,
        "move and push tints differ on squares of one colour"
    );
    // The classic theme tints moves yellow (blue drops) and pushes blue (blue rises).
    let light = plain.in_cell(1, 7, 0.5, 0.5);
    assert!(
        b1[2] < light[2] && e6[2] > light[2],
        "move {b1:?} push {e6:?} square {light:?}"
    );
    assert_eq!(
        img.in_cell(5, 5, 0.5, 0.5),
        plain.in_cell(5, 5, 0.5, 0.5),
        "f3 is untouched"
    );
}

#[test]
fn a1_is_bottom_left_from_whites_side_and_top_right_from_blacks() {
    let empty = Scene::default();
    let mut rook = Scene::default();
    rook.squares[Square::A1.index()] = Some(Piece::new(Color::White, Role::Rook));
    // The rook's body covers the middle of its square: there the pixel is not the square's.
    let white_view = render(&rook);
    let empty_view = render(&empty);
    assert_ne!(
        white_view.in_cell(0, 7, 0.5, 0.6),
        empty_view.in_cell(0, 7, 0.5, 0.6)
    );
    assert_eq!(
        white_view.in_cell(7, 0, 0.5, 0.6),
        empty_view.in_cell(7, 0, 0.5, 0.6)
    );
    let black_view = render(&Scene {
        orientation: Color::Black,
        ..rook
    });
    let black_empty = render(&Scene {
        orientation: Color::Black,
        ..empty
    });
    assert_ne!(
        black_view.in_cell(7, 0, 0.5, 0.6),
        black_empty.in_cell(7, 0, 0.5, 0.6)
    );
    assert_eq!(
        black_view.in_cell(0, 7, 0.5, 0.6),
        black_empty.in_cell(0, 7, 0.5, 0.6)
    );
}

#[test]
fn a_pending_promotion_is_marked_on_the_waiting_pawn() {
    let pos = Position::from_fen(Variant::Avalanche, "4P1k1/8/8/8/8/8/8/4K3 w - - 0 20")
        .expect("a FEN with a white pawn waiting on e8");
    let scene = Scene::from_position(&pos);
    assert_eq!(scene.pending_promotion, Some(sq("e8")));
    let is_gold = |[r, g, b]: [u8; 3]| r > 200 && g > 140 && g < 210 && b < 90;
    // Count gold pixels in the top-right quarter of e8 (column 4, top row), where the badge
    // sits, and down its left edge, where the frame runs.
    let gold = |img: &Image| {
        let steps = 32;
        let quarter = (0..steps * steps)
            .filter(|i| {
                let (fx, fy) = (
                    0.5 + 0.5 * (i % steps) as f32 / steps as f32,
                    0.5 * (i / steps) as f32 / steps as f32,
                );
                is_gold(img.in_cell(4, 0, fx, fy))
            })
            .count();
        let edge = (0..steps)
            .filter(|&i| is_gold(img.in_cell(4, 0, 0.02, 0.2 + 0.6 * i as f32 / steps as f32)))
            .count();
        (quarter, edge)
    };
    let (badge, frame) = gold(&render(&scene));
    assert!(
        badge > 100 && frame == 32,
        "badge {badge} px, frame {frame} px"
    );
    assert_eq!(
        gold(&render(&Scene {
            pending_promotion: None,
            ..scene
        })),
        (0, 0)
    );
}

#[test]
fn arrows_are_drawn_between_square_centres() {
    let plain = render(&Scene::default());
    let img = render(&Scene {
        arrows: vec![(sq("a1"), sq("h8"))],
        ..Scene::default()
    });
    // Halfway along the diagonal: the corner shared by d4 and e5.
    assert_ne!(
        img.in_cell(3, 4, 0.98, 0.02),
        plain.in_cell(3, 4, 0.98, 0.02)
    );
    assert_eq!(
        img.in_cell(7, 7, 0.5, 0.5),
        plain.in_cell(7, 7, 0.5, 0.5),
        "h1 is untouched"
    );
}

#[test]
fn every_variants_start_position_renders() {
    for variant in Variant::ALL {
        let setups: &[Option<u16>] = if variant.allows_chess960_setup() {
            &[None, Some(0), Some(518), Some(959)]
        } else {
            &[None]
        };
        for &n in setups {
            let Ok(pos) = Position::new_game(variant, n) else {
                continue;
            };
            let mut scene = Scene::from_position(&pos);
            scene.chess960 = n;
            for orientation in Color::ALL {
                scene.orientation = orientation;
                let img = render(&scene);
                assert_eq!(RENDERER.image_size(), (img.w as u32, img.h as u32));
                let (x, y, side) = board();
                assert_eq!(side, 512);
                assert!(img.w == x + side && img.h > y + side + img.bar());
            }
        }
    }
}

#[test]
fn hostile_names_render_and_never_spill_over_the_status() {
    let names = [
        String::new(),
        " \t\n ".into(),
        "W".repeat(200),
        "名人戦の挑戦者になりたい将棋と チェスの愛好家です よろしくお願いします".into(),
        "👨‍👩‍👧‍👦🏳️‍🌈🐉🎉🇯🇵".repeat(8),
        "שלום עולם مرحبا بالعالم".into(),
        "\u{202E}evil\u{202D}\u{0007}\u{0000}\u{001B}[31mred\u{200B}\u{FEFF}".into(),
        "Z\u{0301}\u{0302}\u{0303}\u{0304}\u{0305}a\u{0306}\u{0307}\u{0308}l\u{0309}g\u{030A}o"
            .into(),
        "\u{10FFFF}\u{E000}\u{FFFD}\u{1D54F}".into(),
        "⎲⎳⌠⌡∫∬∭ ⎛⎝⎞⎠ ̳̳̳̳ ꧁꧂ ﷽".into(),
    ];
    let reference = render(&Scene {
        white: "W".into(),
        ..Scene::default()
    });
    let (y0, bar_bg) = (
        reference.h - reference.bar(),
        reference.at(reference.w - 1, reference.h - 1),
    );
    // Where the status text begins in the bottom bar: the leftmost inked pixel in its right half.
    let status_x = (reference.w / 2..reference.w)
        .find(|&x| (y0..reference.h).any(|y| reference.at(x, y) != bar_bg))
        .expect("a status in the bar");
    for name in &names {
        let scene = Scene {
            white: name.clone(),
            black: name.clone(),
            ..Scene::default()
        };
        let img = render(&scene);
        // The name must leave the board alone, and the status with the gap before it.
        for y in reference.bar()..y0 {
            for x in 0..img.w {
                assert_eq!(
                    img.at(x, y),
                    reference.at(x, y),
                    "name {name:?} reached ({x}, {y})"
                );
            }
        }
        for y in y0..img.h {
            for x in status_x - 4..img.w {
                assert_eq!(
                    img.at(x, y),
                    reference.at(x, y),
                    "name {name:?} reached ({x}, {y})"
                );
            }
        }
    }
}

#[test]
fn sizes_outside_the_range_are_refused_and_sizes_inside_draw() {
    assert!(matches!(
        Renderer::new(RenderOptions {
            board_px: 64,
            theme: Theme::Classic
        }),
        Err(RenderError::Size(64))
    ));
    assert!(
        Renderer::new(RenderOptions {
            board_px: 4096,
            theme: Theme::Classic
        })
        .is_err()
    );
    for theme in Theme::ALL {
        let r = Renderer::new(RenderOptions {
            board_px: 200,
            theme,
        })
        .expect("prepared");
        let img = Image::decode(&r.render_png(&start()).expect("renders"));
        assert_eq!(
            r.board_rect().2,
            200,
            "200 px rounds down to a multiple of 8"
        );
        assert_eq!(r.image_size(), (img.w as u32, img.h as u32));
    }
}

#[test]
fn the_default_board_stays_within_the_30_kb_budget() {
    let start = RENDERER.render_png(&start()).expect("renders");
    assert!(
        start.len() <= 30 * 1024,
        "start position: {} bytes",
        start.len()
    );
    let pos = Position::from_fen(
        Variant::Standard,
        "r1bq1rk1/ppp2Bpp/2np1n2/2b1p3/4P3/2NP1N2/PPP2PPP/R1BQK2R b KQ - 0 7",
    )
    .expect("a legal FEN");
    let mut scene = Scene::from_position(&pos);
    scene.orientation = Color::Black;
    scene.last_move = Some((sq("c4"), sq("f7")));
    scene.white = "A rather long display name!!".into();
    scene.black = "名人 🐉".into();
    let mid = RENDERER.render_png(&scene).expect("renders");
    assert!(
        mid.len() <= 30 * 1024,
        "midgame with check: {} bytes",
        mid.len()
    );
}

/// Labels with no words, so that a bar shows only its icon and the name under test.
fn blank_labels() -> Labels {
    Labels::default()
}

/// The ink of one bar of an image: pixels that differ from the bar's background colour.
struct BarInk {
    /// Each inked pixel, (x, y) with y from the bar's top.
    px: Vec<(usize, usize)>,
    bar: usize,
}

impl BarInk {
    /// The ink in rows `y0..y0 + bar` from column `x0` on, the background taken at (`bg_x`, `y0`).
    fn of(img: &Image, y0: usize, x0: usize, bg_x: usize) -> BarInk {
        let bar = img.bar();
        let bg = img.at(bg_x, y0);
        let px = (0..bar)
            .flat_map(|y| (x0..img.w).map(move |x| (x, y)))
            .filter(|&(x, y)| img.at(x, y0 + y) != bg)
            .collect();
        BarInk { px, bar }
    }

    /// The inked columns and rows: (x_min, x_max, y_min, y_max).
    fn extent(&self) -> (usize, usize, usize, usize) {
        let xs = self.px.iter().map(|p| p.0);
        let ys = self.px.iter().map(|p| p.1);
        (
            xs.clone().min().expect("ink"),
            xs.max().expect("ink"),
            ys.clone().min().expect("ink"),
            ys.max().expect("ink"),
        )
    }

    /// How many inked pixels fall in each of `n` equal cells across the ink's width.
    fn per_cell(&self, n: usize) -> Vec<usize> {
        let (x0, x1, _, _) = self.extent();
        let width = x1 + 1 - x0;
        let mut cells = vec![0; n];
        for &(x, _) in &self.px {
            cells[((x - x0) * n / width).min(n - 1)] += 1;
        }
        cells
    }
}

/// The first column right of the king icon in the top bar: where the name's room begins.
fn after_icon(img: &Image) -> usize {
    let bg = img.at(img.w / 2, 1);
    let inked = |x: usize| (0..img.bar()).any(|y| img.at(x, y) != bg);
    let icon_start = (0..img.w).find(|&x| inked(x)).expect("an icon");
    (icon_start..img.w)
        .find(|&x| !inked(x))
        .expect("the icon ends")
}

/// Checks that `text`, drawn as Black's name in the top bar, is drawn with real glyphs: unlike
/// boxes (the same number of private-use characters), taller than a box, ink in every glyph's
/// cell and not the same ink in all, and inside the bar with a margin (not clipped).
fn assert_real_glyphs_in_top_bar(text: &str) -> BarInk {
    let n = text.chars().count();
    let boxes: String = (0..n)
        .map(|i| char::from_u32(0xE000 + i as u32).expect("a private-use character"))
        .collect();
    let draw = |name: &str| {
        render(&Scene {
            black: name.into(),
            labels: Some(blank_labels()),
            ..Scene::default()
        })
    };
    let (img, boxed) = (draw(text), draw(&boxes));
    let x0 = after_icon(&img);
    let (ink, box_ink) = (
        BarInk::of(&img, 0, x0, img.w - 1),
        BarInk::of(&boxed, 0, x0, img.w - 1),
    );
    assert_ne!(ink.px, box_ink.px, "{text:?} is drawn as boxes");
    let (x_min, x_max, y_min, y_max) = ink.extent();
    let (_, _, box_top, box_bottom) = box_ink.extent();
    assert!(
        y_max - y_min > box_bottom - box_top,
        "{text:?} is {} px tall, a box {} px",
        y_max - y_min + 1,
        box_bottom - box_top + 1
    );
    assert!(
        y_min >= 2 && y_max + 2 < ink.bar,
        "{text:?} spans rows {y_min}..={y_max} of a {} px bar",
        ink.bar
    );
    assert!(
        x_max < img.w / 2,
        "{text:?} reaches column {x_max} ({x_min}..)"
    );
    let cells = ink.per_cell(n);
    assert!(
        cells.iter().all(|&c| c >= 12),
        "{text:?}: ink per glyph {cells:?}"
    );
    assert!(
        cells.iter().any(|&c| c != cells[0]),
        "{text:?}: every glyph has the same ink {cells:?}"
    );
    // The board is untouched.
    let plain = draw("");
    for y in img.bar()..img.h {
        for x in 0..img.w {
            assert_eq!(img.at(x, y), plain.at(x, y), "{text:?} reached ({x}, {y})");
        }
    }
    ink
}

#[test]
fn japanese_names_are_drawn_with_real_glyphs_and_fit_their_bar() {
    for name in ["なだれ太郎", "山田花子", "渡邉カタカナ々ー"] {
        assert_real_glyphs_in_top_bar(name);
    }
}

#[test]
fn a_name_mixing_latin_and_kanji_keeps_the_latin_as_it_was() {
    let draw = |name: &str| {
        render(&Scene {
            black: name.into(),
            labels: Some(blank_labels()),
            ..Scene::default()
        })
    };
    let (latin, mixed) = (draw("Taro"), draw("Taro 山田"));
    let x0 = after_icon(&latin);
    let (_, latin_end, _, _) = BarInk::of(&latin, 0, x0, latin.w - 1).extent();
    for y in 0..latin.bar() {
        for x in 0..=latin_end {
            assert_eq!(
                mixed.at(x, y),
                latin.at(x, y),
                "the Latin part at ({x}, {y})"
            );
        }
    }
    // Past the Latin part: the kanji, drawn unlike boxes and at least as tall as the Latin.
    let kanji = BarInk::of(&mixed, 0, latin_end + 2, mixed.w - 1);
    let boxes = BarInk::of(
        &draw("Taro \u{E000}\u{E001}"),
        0,
        latin_end + 2,
        mixed.w - 1,
    );
    assert_ne!(kanji.px, boxes.px);
    let (_, _, top, bottom) = kanji.extent();
    let (_, _, latin_top, latin_bottom) = BarInk::of(&latin, 0, x0, latin.w - 1).extent();
    assert!(
        top <= latin_top + 1 && bottom >= latin_bottom,
        "kanji {top}..{bottom}"
    );
    assert!(kanji.per_cell(2).iter().all(|&c| c >= 12));
}

#[test]
fn an_emoji_is_a_monochrome_glyph_and_an_unknown_character_a_box() {
    let draw = |name: &str| {
        render(&Scene {
            black: name.into(),
            labels: Some(blank_labels()),
            ..Scene::default()
        })
    };
    let boxed = draw("\u{E000}");
    let x0 = after_icon(&boxed);
    let ink = |img: &Image| BarInk::of(img, 0, x0, img.w - 1).px;
    let dragon = assert_real_glyphs_in_top_bar("🐉🎉");
    assert!(!dragon.px.is_empty());
    // An Egyptian hieroglyph is in none of the faces: the placeholder box.
    assert_eq!(ink(&draw("\u{13000}")), ink(&boxed));
}

#[test]
fn a_japanese_status_line_is_drawn_with_real_glyphs_inside_the_bar() {
    for status in [
        "白の手番",
        "黒の勝ち（チェックメイト）",
        "12手目・白の昇格待ち",
    ] {
        let n = status.chars().count();
        let boxes: String = (0..n)
            .map(|i| char::from_u32(0xE000 + i as u32).expect("a private-use character"))
            .collect();
        let draw = |words: &str| {
            render(&Scene {
                result: Some(String::new()),
                labels: Some(Labels {
                    status: words.into(),
                    heading: "チェス960 #518".into(),
                    white: "白".into(),
                    black: "黒".into(),
                }),
                ..Scene::default()
            })
        };
        let (img, boxed) = (draw(status), draw(&boxes));
        let y0 = img.h - img.bar();
        let x0 = img.w / 2;
        let (ink, box_ink) = (BarInk::of(&img, y0, x0, x0), BarInk::of(&boxed, y0, x0, x0));
        assert_ne!(ink.px, box_ink.px, "{status:?} is drawn as boxes");
        let (x_min, x_max, y_min, y_max) = ink.extent();
        let (_, _, box_top, box_bottom) = box_ink.extent();
        assert!(y_max - y_min > box_bottom - box_top, "{status:?}");
        assert!(
            y_min >= 2 && y_max + 2 < ink.bar && x_max + 2 < img.w,
            "{status:?} spans ({x_min}, {y_min})..=({x_max}, {y_max})"
        );
        let cells = ink.per_cell(n);
        assert!(cells.iter().all(|&c| c >= 8), "{status:?}: {cells:?}");
        // Left in the same bar, "白" stands in for White's blank name.
        let label = BarInk::of(&img, y0, after_icon(&img), x0);
        assert!(label.px.iter().any(|&(x, _)| x < x0), "White's label");
    }
}

#[test]
fn japanese_names_and_words_stay_within_the_30_kb_budget() {
    let pos = Position::from_fen(
        Variant::Standard,
        "r1bq1rk1/ppp2Bpp/2np1n2/2b1p3/4P3/2NP1N2/PPP2PPP/R1BQK2R b KQ - 0 7",
    )
    .expect("a legal FEN");
    let mut scene = Scene::from_position(&pos);
    scene.last_move = Some((sq("c4"), sq("f7")));
    scene.white = "なだれ太郎 🐉".into();
    scene.black = "山田花子（やまだはなこ）".into();
    scene.labels = Some(Labels {
        heading: "スタンダード".into(),
        status: "7手目・黒の手番（チェック）".into(),
        white: "白".into(),
        black: "黒".into(),
    });
    let png = RENDERER.render_png(&scene).expect("renders");
    assert!(png.len() <= 30 * 1024, "{} bytes", png.len());
}
