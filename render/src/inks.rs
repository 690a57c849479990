//! The inks laid through masks (text, coordinates, arrows), and the colours the palette
//! must serve for them.

use crate::palette::{Histogram, Ink, Palette};
use crate::theme::{Colors, Rgb};

/// Levels of coverage kept for text and coordinates.
const TEXT_LEVELS: u8 = 8;
/// Levels of coverage kept for arrows.
const ARROW_LEVELS: u8 = 6;
/// Opacity of the arrows.
const ARROW_ALPHA: f32 = 0.8;

/// Every ink of a renderer, as blend tables over its palette.
pub(crate) struct Inks {
    /// Names and the status.
    pub text: Ink,
    /// The variant label.
    pub dim: Ink,
    /// The coordinates in their margin.
    pub label: Ink,
    /// Arrows.
    pub arrow: Ink,
    /// A running clock's time, on its light box.
    pub clock: Ink,
    /// A clock's time when little is left.
    pub low: Ink,
}

impl Inks {
    /// The blend tables of every ink over `palette`.
    pub fn new(palette: &Palette, c: &Colors) -> Inks {
        Inks {
            text: Ink::new(palette, c.bar_text, 1.0, TEXT_LEVELS),
            dim: Ink::new(palette, c.bar_dim, 1.0, TEXT_LEVELS),
            label: Ink::new(palette, c.bar_text, 1.0, TEXT_LEVELS),
            arrow: Ink::new(palette, c.arrow, ARROW_ALPHA, ARROW_LEVELS),
            clock: Ink::new(palette, c.bar, 1.0, TEXT_LEVELS),
            low: Ink::new(palette, c.check, 1.0, TEXT_LEVELS),
        }
    }
}

/// Colours the palette must hold exactly: flat areas and the text ramps over the bars.
pub(crate) fn fixed_colors(c: &Colors) -> Vec<Rgb> {
    let mut fixed = vec![
        c.light,
        c.dark,
        c.light.mix(c.move_tint, c.tint_alpha),
        c.dark.mix(c.move_tint, c.tint_alpha),
        c.light.mix(c.push_tint, c.tint_alpha),
        c.dark.mix(c.push_tint, c.tint_alpha),
        c.light.mix(c.promo, 0.3),
        c.dark.mix(c.promo, 0.3),
        c.light.mix(c.promo, c.tint_alpha),
        c.dark.mix(c.promo, c.tint_alpha),
        c.promo,
        c.check,
        c.white_fill,
        c.white_line,
        c.black_fill,
        c.black_edge,
        c.bar,
        c.bar_text,
        c.bar_dim,
        c.accent,
        c.light.mix(c.arrow, ARROW_ALPHA),
        c.dark.mix(c.arrow, ARROW_ALPHA),
    ];
    for step in 1..TEXT_LEVELS {
        let a = f32::from(step) / f32::from(TEXT_LEVELS);
        fixed.push(c.bar.mix(c.bar_text, a));
        fixed.push(c.bar.mix(c.bar_dim, a));
    }
    fixed
}

/// Blends the palette should serve well, though not exactly: arrows over squares and pieces.
pub(crate) fn add_ramps(h: &mut Histogram, c: &Colors) {
    for under in [
        c.light,
        c.dark,
        c.white_fill,
        c.black_fill,
        c.white_line,
        c.black_edge,
    ] {
        for step in 1..=ARROW_LEVELS {
            let a = ARROW_ALPHA * f32::from(step) / f32::from(ARROW_LEVELS);
            h.add(under.mix(c.arrow, a), 60);
        }
    }
}
