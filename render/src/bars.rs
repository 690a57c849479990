//! The words at the right end of a name bar (the heading above the board, the status below
//! it): set on one line, or on two when one is too short for them, so that a long result
//! ("1-0 · White wins: the push exposed the pusher's own king") is never cut. The renderer
//! draws them with these functions, and [`Typesetter`] measures them the same way without
//! drawing, so a test can check every message of a catalog at every board size.

use crate::RenderError;
use crate::layout::Layout;
use crate::text::{Line, Style, Text};

/// The share of the image's width the words at a bar's right end may take; the name takes
/// the rest.
const RIGHT_SHARE: f32 = 0.6;

/// How far apart two lines of words are, in their size.
const LINE_PITCH: f32 = 1.18;

/// How wide the words at a bar's right end may be, in px.
pub(crate) fn right_room(l: &Layout) -> f32 {
    l.width() as f32 * RIGHT_SHARE
}

/// `words` set for the right end of a bar: one line, or two.
pub(crate) fn right_lines(text: &Text, l: &Layout, words: &str) -> Vec<Line> {
    text.lines(Style::Info, words, right_room(l))
}

/// The baselines of `n` lines of the bar's right end in the bar whose top is `y`: one line
/// shares the name's baseline; two are centred in the bar one under the other, descenders
/// included.
pub(crate) fn baselines(l: &Layout, y: usize, n: usize) -> Vec<i32> {
    let bar = l.bar as f32;
    if n <= 1 {
        let cap = l.name_px * 0.73;
        return vec![(y as f32 + (bar + cap) / 2.0).round() as i32];
    }
    // The block from the first line's capitals to the second line's descenders is centred.
    let (cap, descent) = (l.info_px * 0.73, l.info_px * 0.22);
    let pitch = (l.info_px * LINE_PITCH).round();
    let first = y as f32 + (bar - cap - pitch - descent) / 2.0 + cap;
    (0..n)
        .map(|i| (first + pitch * i as f32).round() as i32)
        .collect()
}

/// Sets the words of the name bars as a [`Renderer`](crate::Renderer) of one board size does,
/// without preparing its artwork: cheap enough to check a message catalog at every size.
pub struct Typesetter {
    text: Text,
    layout: Layout,
}

/// Words as a bar's right end sets them.
#[derive(Clone, Debug, PartialEq)]
pub struct SetWords {
    /// Each line, as drawn (a line cut short ends with "…").
    pub lines: Vec<String>,
    /// The width of each line, in px.
    pub widths: Vec<f32>,
    /// How wide a line may be, in px.
    pub room: f32,
    /// The image's width, in px.
    pub image_width: u32,
    /// True when a line was cut short: the words did not fit in two lines.
    pub cut: bool,
}

impl Typesetter {
    /// The typesetter of a renderer of `board_px` (as [`RenderOptions::board_px`]).
    ///
    /// [`RenderOptions::board_px`]: crate::RenderOptions::board_px
    pub fn new(board_px: u32) -> Result<Typesetter, RenderError> {
        let layout = Layout::of(board_px)?;
        Ok(Typesetter {
            text: Text::lazy(layout.name_px, layout.info_px, layout.label_px)?,
            layout,
        })
    }

    /// How a bar's right end sets `words` (a status line or a heading).
    pub fn bar_words(&self, words: &str) -> SetWords {
        set_words(&self.text, &self.layout, words)
    }
}

/// How `text` and `l` set `words` at a bar's right end.
pub(crate) fn set_words(text: &Text, l: &Layout, words: &str) -> SetWords {
    let lines = right_lines(text, l, words);
    SetWords {
        lines: lines.iter().map(|line| line.text.clone()).collect(),
        widths: lines.iter().map(|line| line.width).collect(),
        room: right_room(l),
        image_width: l.width() as u32,
        cut: lines.iter().any(|line| line.cut),
    }
}
