//! A player's clock at the right end of their name bar: the time in the names' bold face,
//! every digit at one pitch (tabular figures), right-aligned in a box whose width holds any
//! time under an hour, so the bar does not jiggle from one frame to the next as the time runs.

use std::sync::Arc;

use crate::layout::Layout;
use crate::scene::ClockFace;
use crate::text::{Glyph, Style, Text};

/// The face the box is sized for at least: the widest time under an hour, with tenths.
const TEMPLATE: &str = "00:00.0";

/// The share of the image's width a clock's words may take; longer ones are cut.
const MAX_SHARE: f32 = 0.25;

/// A clock set for its bar.
pub(crate) struct SetClock {
    /// Each glyph with its pen position from the box's left edge.
    pub glyphs: Vec<(Arc<Glyph>, f32)>,
    /// The box's width, in px.
    pub width: usize,
}

/// `face` set as `text` and `l` draw it: its glyphs right-aligned in the box, with half the
/// bar's padding on either side of them.
pub(crate) fn set(text: &Text, l: &Layout, face: &ClockFace) -> SetClock {
    let pitch = ('0'..='9')
        .map(|c| text.glyph(Style::Name, c).advance)
        .fold(0.0, f32::max);
    let advance = |c: char, g: &Glyph| if c.is_ascii_digit() { pitch } else { g.advance };
    let line = text.line(Style::Name, &face.text, l.width() as f32 * MAX_SHARE);
    let own: f32 = line
        .text
        .chars()
        .zip(&line.glyphs)
        .map(|(c, (g, _))| advance(c, g))
        .sum();
    let least: f32 = TEMPLATE
        .chars()
        .map(|c| advance(c, &text.glyph(Style::Name, c)))
        .sum();
    let inner = l.pad / 2;
    let width = own.max(least).ceil() as usize + 2 * inner;
    let mut x = (width - inner) as f32 - own;
    let glyphs = line
        .text
        .chars()
        .zip(&line.glyphs)
        .map(|(c, (g, _))| {
            let step = advance(c, g);
            // A digit narrower than the pitch stands in the middle of its cell.
            let at = x + (step - g.advance) / 2.0;
            x += step;
            (g.clone(), at)
        })
        .collect();
    SetClock { glyphs, width }
}
