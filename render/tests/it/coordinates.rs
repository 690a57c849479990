//! The board's coordinates: in a margin left of the board and under it that no piece
//! reaches, in the bars' text colour, and large enough to read at every size.

use render::{RenderOptions, Renderer, Scene, Theme};
use rules::Color;

use crate::common::{Image, start};

/// Relative luminance of an sRGB colour (WCAG 2).
fn luminance([r, g, b]: [u8; 3]) -> f64 {
    let channel = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.040_45 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/// The contrast ratio of two colours (WCAG 2): 1 to 21.
fn contrast(a: [u8; 3], b: [u8; 3]) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// One image of a renderer with where its board and margins are.
struct Drawn {
    img: Image,
    /// The board's left edge (the left margin's width), top and side.
    x: usize,
    y: usize,
    side: usize,
    /// The height of the margin under the board.
    under: usize,
}

impl Drawn {
    fn of(r: &Renderer, scene: &Scene) -> Drawn {
        let img = Image::decode(&r.render_png(scene).expect("renders"));
        let (x, y, side) = r.board_rect();
        let (x, y, side) = (x as usize, y as usize, side as usize);
        let under = img.h - 2 * y - side;
        Drawn {
            img,
            x,
            y,
            side,
            under,
        }
    }

    /// The pixels of the margins, (x, y, colour): left of the board and under it.
    fn margins(&self) -> Vec<(usize, usize, [u8; 3])> {
        let left = (self.y..self.y + self.side).flat_map(|y| (0..self.x).map(move |x| (x, y)));
        let below = (self.y + self.side..self.y + self.side + self.under)
            .flat_map(|y| (self.x..self.img.w).map(move |x| (x, y)));
        left.chain(below)
            .map(|(x, y)| (x, y, self.img.at(x, y)))
            .collect()
    }

    /// The margin's background: its top-left corner, where no coordinate stands.
    fn background(&self) -> [u8; 3] {
        self.img.at(0, self.y + self.side + self.under - 1)
    }

    /// The inked pixels in the rectangle x0..x1 × y0..y1.
    fn ink(&self, (x0, x1): (usize, usize), (y0, y1): (usize, usize)) -> Vec<(usize, usize)> {
        let bg = self.background();
        (y0..y1)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .filter(|&(x, y)| self.img.at(x, y) != bg)
            .collect()
    }

    /// The ink of rank digit `i` (0 = the top row) and of file letter `i` (0 = the left column).
    fn rank(&self, i: usize) -> Vec<(usize, usize)> {
        let s = self.side / 8;
        self.ink((0, self.x), (self.y + i * s, self.y + (i + 1) * s))
    }

    fn file(&self, i: usize) -> Vec<(usize, usize)> {
        let (s, y) = (self.side / 8, self.y + self.side);
        self.ink((self.x + i * s, self.x + (i + 1) * s), (y, y + self.under))
    }
}

/// The height of some ink, in px.
fn height(ink: &[(usize, usize)]) -> usize {
    let ys = ink.iter().map(|p| p.1);
    ys.clone().max().unwrap_or(0) + 1 - ys.min().unwrap_or(0)
}

#[test]
fn coordinates_stand_in_a_margin_no_piece_covers_and_read_at_every_size() {
    for (px, theme) in [
        (128, Theme::Classic),
        (256, Theme::Classic),
        (256, Theme::Slate),
        (512, Theme::Green),
        (2048, Theme::Classic),
    ] {
        let r = Renderer::new(RenderOptions {
            board_px: px,
            theme,
        })
        .expect("prepared");
        let (full, empty) = (Drawn::of(&r, &start()), Drawn::of(&r, &Scene::default()));
        // Rooks on a1 and h8 and a full board change nothing in the margins.
        assert_eq!(full.margins(), empty.margins(), "{px} px {theme}");
        let s = full.side / 8;
        // Digits stand at least 8 px tall at any size (a 7 px digit vanished in a phone's
        // preview), a sixth of a square on large boards; the letters' x-height at least 6 px.
        let (digits, letters) = (8.max(s / 6), 6.max(s / 8));
        for i in 0..8 {
            for (what, ink, least) in [
                ("rank", full.rank(i), digits),
                ("file", full.file(i), letters),
            ] {
                assert!(
                    height(&ink) >= least,
                    "{px} px {theme}: {what} {i} is {} px tall, {least} wanted",
                    height(&ink)
                );
                // Drawn in the bars' text colour: at least 7:1 against the margin (WCAG AAA).
                let brightest = ink
                    .iter()
                    .map(|&(x, y)| full.img.at(x, y))
                    .max_by(|a, b| luminance(*a).total_cmp(&luminance(*b)))
                    .expect("ink");
                let ratio = contrast(brightest, full.background());
                assert!(
                    ratio >= 7.0,
                    "{px} px {theme}: {what} {i} contrast {ratio:.1}"
                );
            }
        }
        // The margins are no wider than they need.
        assert!(
            full.x <= 18.max(s * 2 / 5) && full.under == full.x,
            "{px} px: {}",
            full.x
        );
    }
}

#[test]
fn coordinates_follow_the_side_at_the_bottom() {
    let r = Renderer::new(RenderOptions::default()).expect("prepared");
    let white = Drawn::of(&r, &start());
    let black = Drawn::of(
        &r,
        &Scene {
            orientation: Color::Black,
            ..start()
        },
    );
    let s = white.side / 8;
    // The same glyph in the same place of its band: White's top digit is Black's bottom one
    // (the 8), White's left letter Black's right one (the a).
    let shifted = |ink: Vec<(usize, usize)>, dx: isize, dy: isize| -> Vec<(usize, usize)> {
        ink.into_iter()
            .map(|(x, y)| (x.wrapping_add_signed(dx), y.wrapping_add_signed(dy)))
            .collect()
    };
    let rows = (7 * s) as isize;
    assert_eq!(shifted(white.rank(0), 0, rows), black.rank(7));
    assert_eq!(shifted(white.file(0), rows, 0), black.file(7));
    assert_ne!(white.rank(0), white.rank(7), "8 and 1 differ");
    assert_ne!(white.margins(), black.margins());
}
