//! The evaluation graph drawn in the boards' look: the title in a bar like the name bars, the
//! plot framed in the light squares' colour, White's share of the expected score as the
//! white pieces' colour rising from the bottom and Black's as the black pieces' colour from
//! the top, the even line across, the deciding turn as an upright line in the accent colour,
//! the marked turns as dots in their severity's colour, the turn numbers under it; on its
//! left the scale (100%, 50% and 0% of White's winning chances, with ticks at the quarters),
//! and under the numbers a legend of the colours in the caller's words.
//!
//! As for tables, the palette is fixed (flat colours and the exact ramps of every ink over
//! them), found once per renderer; a graph is composed in palette indices and written as an
//! indexed PNG, and its size depends on the renderer's size only.

use crate::canvas::{Canvas, Clip, Coverage};
use crate::graph::EvalGraph;
use crate::layout::Layout;
use crate::palette::{Histogram, Ink, Palette};
use crate::text::{Line, Style, Text};
use crate::theme::{Colors, Rgb};

/// Levels of coverage kept for text, the area's edge and the dots.
const LEVELS: u8 = 8;

/// The dots' colours, mildest first: lichess's blue, orange and red.
const SEVERITY: [Rgb; 3] = [
    Rgb(0x56, 0xb4, 0xe9),
    Rgb(0xe6, 0x9f, 0x00),
    Rgb(0xdf, 0x53, 0x53),
];

/// The colours and inks of every graph a renderer draws.
pub(crate) struct GraphArt {
    plte: Vec<u8>,
    /// The title bar.
    bar: u8,
    /// The frame around the plot.
    frame: u8,
    /// From Black's colour (0) to White's ([`LEVELS`]): the area's edge at each coverage.
    ramp: Vec<u8>,
    /// The even line.
    even: u8,
    /// The deciding turn's line.
    accent: u8,
    /// The title.
    title: Ink,
    /// The subtitle.
    dim: Ink,
    /// The turn numbers.
    body: Ink,
    /// The dots, by severity.
    dots: [Ink; 3],
}

impl GraphArt {
    /// The palette and inks for graphs in the colours `c`.
    pub fn new(c: &Colors) -> GraphArt {
        let (white, black) = (c.white_fill, c.black_fill);
        let mut fixed = vec![
            c.bar, c.light, white, black, c.bar_dim, c.accent, c.bar_text,
        ];
        fixed.extend(SEVERITY);
        let mut ramps = vec![
            (c.bar, c.bar_text),
            (c.bar, c.bar_dim),
            (c.light, c.bar),
            (black, white),
        ];
        for dot in SEVERITY {
            ramps.extend([(white, dot), (black, dot), (c.bar_dim, dot), (c.light, dot)]);
        }
        for (under, ink) in ramps {
            for step in 1..LEVELS {
                fixed.push(under.mix(ink, f32::from(step) / f32::from(LEVELS)));
            }
        }
        let palette = Palette::build(&fixed, &Histogram::default(), 256);
        let ink = |color: Rgb| Ink::new(&palette, color, 1.0, LEVELS);
        GraphArt {
            bar: palette.nearest(c.bar),
            frame: palette.nearest(c.light),
            ramp: (0..=LEVELS)
                .map(|step| palette.nearest(black.mix(white, f32::from(step) / f32::from(LEVELS))))
                .collect(),
            even: palette.nearest(c.bar_dim),
            accent: palette.nearest(c.accent),
            title: ink(c.bar_text),
            dim: ink(c.bar_dim),
            body: ink(c.bar),
            dots: SEVERITY.map(ink),
            plte: palette.plte(),
        }
    }

    /// The palette, as PNG's PLTE wants it.
    pub fn plte(&self) -> &[u8] {
        &self.plte
    }
}

/// Where everything of a graph goes, for one renderer size.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    /// The image's width.
    pub width: usize,
    /// The image's height.
    pub height: usize,
    /// Height of the title bar.
    bar: usize,
    /// Space around words, and the frame's width.
    pad: usize,
    /// The plot: left, top, width, height.
    pub plot: (usize, usize, usize, usize),
    /// Height of the row of turn numbers under the plot.
    axis: usize,
    /// The dots' radius.
    radius: f32,
    /// Width of the deciding turn's line.
    line: usize,
    /// Width of the scale's column left of the plot.
    margin: usize,
    /// Height of the legend's row under the turn numbers.
    legend: usize,
}

impl Frame {
    /// The frame of graphs for a renderer of layout `l`: as wide as its boards (the board, not its margin).
    pub fn new(l: &Layout) -> Frame {
        let sq = l.sq as f32;
        let width = l.board_side();
        let plot_h = (sq * 3.5).round() as usize;
        let axis = (sq * 0.44).round() as usize;
        let plot = (l.pad, l.bar + l.pad, width - 2 * l.pad, plot_h);
        // The scale's column: "100%" in the numbers' size, and a tick.
        let margin = (l.info_px * 3.1).ceil() as usize + l.pad / 2;
        let plot = (
            plot.0 + margin,
            plot.1,
            plot.2.saturating_sub(margin),
            plot.3,
        );
        let legend = 2 * (sq * 0.45).round() as usize;
        Frame {
            margin,
            legend,
            width,
            height: l.bar + l.pad + plot_h + axis + legend,
            bar: l.bar,
            pad: l.pad,
            plot,
            axis,
            radius: (sq * 0.11).max(2.5),
            line: (l.sq / 32).max(2),
        }
    }

    /// The x of position `i` of `n`, in px from the image's left.
    pub fn x_of(&self, i: usize, n: usize) -> f32 {
        let (x0, _, w, _) = self.plot;
        if n < 2 {
            return x0 as f32 + (w as f32 - 1.0) / 2.0;
        }
        x0 as f32 + i.min(n - 1) as f32 * (w as f32 - 1.0) / (n - 1) as f32
    }

    /// The y of an expected score for White of `e`, in px from the image's top: the plot's
    /// bottom for 1, its top for 0.
    pub fn y_of(&self, e: f64) -> f32 {
        let (_, y0, _, h) = self.plot;
        y0 as f32 + (1.0 - e as f32) * h as f32
    }
}

/// `e` within 0–1, a NaN as ½.
fn clean(e: f64) -> f64 {
    if e.is_nan() { 0.5 } else { e.clamp(0.0, 1.0) }
}

/// White's expected score at column `px` of a plot `w` px wide, between the positions.
fn value_at(expected: &[f64], px: usize, w: usize) -> f64 {
    match expected {
        [] => 0.5,
        [only] => clean(*only),
        _ => {
            let t = px as f64 * (expected.len() - 1) as f64 / (w.max(2) - 1) as f64;
            let i = (t.floor() as usize).min(expected.len() - 2);
            let frac = t - i as f64;
            let (a, b) = (clean(expected[i]), clean(expected[i + 1]));
            a + (b - a) * frac
        }
    }
}

/// The graph `g`, composed in `art`'s palette.
pub(crate) fn compose(text: &Text, l: &Layout, art: &GraphArt, g: &EvalGraph) -> Canvas {
    let f = Frame::new(l);
    let mut canvas = Canvas::new(f.width, f.height, art.frame);
    canvas.fill_rect(0, 0, f.width, f.bar, art.bar);
    let cap = l.name_px * 0.73;
    title_bar(text, &mut canvas, &f, art, g, cap);
    area(&mut canvas, &f, art, &g.expected);
    let (x0, y0, w, h) = f.plot;
    let even = f.y_of(0.5).round() as usize;
    canvas.fill_rect(x0, even.min(y0 + h - 1), w, 1, art.even);
    let n = g.expected.len();
    if let Some(ply) = g.decided.filter(|p| p + 1 < n) {
        let x = (f.x_of(ply + 1, n).round() as usize).saturating_sub(f.line / 2);
        canvas.fill_rect(x.max(x0), y0, f.line, h, art.accent);
    }
    let mut marks = g.marks.clone();
    // The worst on top where dots overlap.
    marks.sort_by_key(|m| (m.severity.index(), m.ply));
    for mark in marks.iter().filter(|m| m.ply + 1 < n) {
        let e = g.expected.get(mark.ply + 1).copied().map_or(0.5, clean);
        let centre = (f.x_of(mark.ply + 1, n), f.y_of(e));
        dot(&mut canvas, &f, centre, &art.dots[mark.severity.index()]);
    }
    axis(text, &mut canvas, &f, art, g, cap);
    scale(text, &mut canvas, &f, art, cap);
    legend(text, &mut canvas, &f, art, g, cap);
    canvas
}

/// The scale left of the plot: "100%" at its top, "50%" at the even line and "0%" at its
/// bottom (White's winning chances: White's area reaches the top at 100%), with ticks at
/// every quarter.
fn scale(text: &Text, canvas: &mut Canvas, f: &Frame, art: &GraphArt, cap: f32) {
    let (x0, y0, _, h) = f.plot;
    let tick = (f.pad / 2).max(2);
    for quarter in 0..=4 {
        let y = (f.y_of(f64::from(quarter) / 4.0).round() as usize).min(y0 + h - 1);
        canvas.fill_rect(x0.saturating_sub(tick), y, tick, 1, art.even);
    }
    let clip = Clip::rect(0, f.bar, x0.saturating_sub(tick), f.height - f.bar);
    let right = x0.saturating_sub(tick + 1) as f32;
    let (top, bottom) = (y0 as f32 + cap, (y0 + h) as f32);
    for (e, words) in [(1.0, "100%"), (0.5, "50%"), (0.0, "0%")] {
        let line = text.line(Style::Info, words, f.margin as f32);
        let baseline = (f.y_of(e) + cap / 2.0).clamp(top, bottom);
        put(
            canvas,
            &line,
            (right - line.width, baseline),
            &art.body,
            clip,
        );
    }
}

/// The legend under the turn numbers, in two rows: what the plot shows (White's area, the
/// deciding line), then the three dots; each with the caller's words, one after the other
/// when they fit, else in equal shares of the row with their words cut. Entries with blank
/// words are left out.
fn legend(text: &Text, canvas: &mut Canvas, f: &Frame, art: &GraphArt, g: &EvalGraph, cap: f32) {
    let words = &g.legend;
    let rows = [
        vec![
            (Key::White, words.white.as_str()),
            (Key::Line, words.decided.as_str()),
        ],
        vec![
            (Key::Dot(0), words.inaccuracy.as_str()),
            (Key::Dot(1), words.mistake.as_str()),
            (Key::Dot(2), words.blunder.as_str()),
        ],
    ];
    let row_h = f.legend / rows.len();
    for (r, row) in rows.into_iter().enumerate() {
        let entries: Vec<(Key, &str)> = row
            .into_iter()
            .filter(|(_, w)| !w.trim().is_empty())
            .collect();
        let top = f.height - f.legend + r * row_h;
        legend_row(text, canvas, f, art, &entries, (top, row_h), cap);
    }
}

/// What a legend entry shows beside its words.
#[derive(Clone, Copy)]
enum Key {
    /// A swatch of White's area.
    White,
    /// A dot of the severity of this index.
    Dot(usize),
    /// The deciding turn's upright line.
    Line,
}

/// One row of the legend, `(top, height)` in px.
fn legend_row(
    text: &Text,
    canvas: &mut Canvas,
    f: &Frame,
    art: &GraphArt,
    entries: &[(Key, &str)],
    (top, height): (usize, usize),
    cap: f32,
) {
    if entries.is_empty() {
        return;
    }
    let middle = top as f32 + height as f32 / 2.0;
    let baseline = middle + cap / 2.0;
    let key = (2.0 * f.radius + 2.0).ceil();
    let gap = f.pad as f32 / 3.0;
    let room = (f.width - 2 * f.pad) as f32;
    let natural: Vec<f32> = entries
        .iter()
        .map(|(_, w)| key + 2.0 * gap + text.line(Style::Info, w, f32::MAX).width.ceil() + 2.0)
        .collect();
    let spacing = 3.0 * gap;
    let fits = natural.iter().sum::<f32>() + spacing * (entries.len() - 1) as f32 <= room;
    let mut left = f.pad as f32;
    for ((kind, words), width) in entries.iter().zip(natural) {
        let share = if fits {
            width
        } else {
            room / entries.len() as f32
        };
        let (kx, ky) = (left.round() as usize, (middle - key / 2.0).round() as usize);
        let side = key as usize;
        match kind {
            Key::White => {
                canvas.fill_rect(kx, ky, side, side, art.bar);
                let white = art.ramp[usize::from(LEVELS)];
                let inner = side.saturating_sub(2);
                canvas.fill_rect(kx + 1, ky + 1, inner, inner, white);
            }
            Key::Dot(severity) => dot(canvas, f, (left + key / 2.0, middle), &art.dots[*severity]),
            Key::Line => {
                let x = kx + side / 2 - f.line / 2;
                canvas.fill_rect(x, ky, f.line, side, art.accent);
            }
        }
        let x = left + key + gap;
        let room = (left + share - x - gap).max(0.0);
        let line = text.line(Style::Info, words, room);
        let clip = Clip::rect(x as usize, top, room.ceil() as usize, height);
        put(canvas, &line, (x, baseline), &art.body, clip);
        left += share + if fits { spacing } else { 0.0 };
    }
}

/// White's area from the bottom, Black's from the top, the edge between them blended.
fn area(canvas: &mut Canvas, f: &Frame, art: &GraphArt, expected: &[f64]) {
    let (x0, y0, w, h) = f.plot;
    let levels = f32::from(LEVELS);
    for px in 0..w {
        let edge = (1.0 - value_at(expected, px, w) as f32) * h as f32;
        for row in 0..h {
            let white = (row as f32 + 1.0 - edge).clamp(0.0, 1.0);
            let level = (white * levels).round() as usize;
            let index = art.ramp.get(level).copied().unwrap_or(art.frame);
            canvas.px[(y0 + row) * canvas.w + x0 + px] = index;
        }
    }
}

/// A round dot centred at `(cx, cy)`, its edge smoothed.
fn dot(canvas: &mut Canvas, f: &Frame, (cx, cy): (f32, f32), ink: &Ink) {
    let r = f.radius;
    let side = (2.0 * r + 3.0).ceil() as usize;
    let (left, top) = ((cx - r - 1.0).floor(), (cy - r - 1.0).floor());
    let mut data = vec![0u8; side * side];
    for (i, cov) in data.iter_mut().enumerate() {
        let (x, y) = (
            left + (i % side) as f32 + 0.5,
            top + (i / side) as f32 + 0.5,
        );
        let d = ((x - cx).powi(2) + (y - cy).powi(2)).sqrt();
        *cov = ((r + 0.5 - d).clamp(0.0, 1.0) * 255.0).round() as u8;
    }
    let mask = Coverage {
        w: side,
        h: side,
        data,
    };
    let clip = Clip::rect(0, f.bar, f.width, f.height - f.bar);
    canvas.draw_mask(left as i32, top as i32, &mask, ink, clip);
}

/// The title on the left of the bar, the subtitle on its right.
fn title_bar(text: &Text, canvas: &mut Canvas, f: &Frame, art: &GraphArt, g: &EvalGraph, cap: f32) {
    let baseline = (f.bar as f32 + cap) / 2.0;
    let sub = text.line(Style::Info, &g.subtitle, f.width as f32 * 0.5);
    let sub_x = f.width as f32 - f.pad as f32 - sub.width;
    let bar = Clip::rect(0, 0, f.width, f.bar);
    put(canvas, &sub, (sub_x, baseline), &art.dim, bar);
    let room = (sub_x - 2.0 * f.pad as f32).max(0.0);
    let title = text.line(Style::Name, &g.title, room);
    let clip = Clip::rect(0, 0, sub_x.max(0.0) as usize, f.bar);
    put(canvas, &title, (f.pad as f32, baseline), &art.title, clip);
}

/// The turn numbers under the plot, at the position each turn starts from, spaced so they
/// never crowd.
fn axis(text: &Text, canvas: &mut Canvas, f: &Frame, art: &GraphArt, g: &EvalGraph, cap: f32) {
    let n = g.expected.len();
    if n < 2 {
        return;
    }
    let first = g.first_turn.max(1) as usize;
    let black_first = usize::from(g.black_first);
    let (_, y0, w, h) = f.plot;
    let turns = (n + black_first).div_ceil(2);
    let per_turn = 2.0 * (w as f32 - 1.0) / (n - 1) as f32;
    let widest = text
        .line(Style::Info, &(first + turns).to_string(), f32::MAX)
        .width;
    let step = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]
        .into_iter()
        .find(|s| *s as f32 * per_turn >= 2.5 * widest)
        .unwrap_or(1000);
    let top = y0 + h;
    let baseline = top as f32 + (f.axis as f32 + cap) / 2.0;
    let clip = Clip::rect(0, top, f.width, f.axis);
    let last = first + turns;
    for number in (first..=last).filter(|t| t % step == 0) {
        let Some(ply) = (2 * (number - first)).checked_sub(black_first) else {
            continue;
        };
        if ply >= n {
            break;
        }
        let line = text.line(Style::Info, &number.to_string(), f32::MAX);
        let x = f.x_of(ply, n) - line.width / 2.0;
        put(canvas, &line, (x, baseline), &art.body, clip);
    }
}

/// Lays `line` with its pen at `(x, baseline)`, inside `clip`.
fn put(canvas: &mut Canvas, line: &Line, (x, baseline): (f32, f32), ink: &Ink, clip: Clip) {
    let baseline = baseline.round() as i32;
    for (glyph, gx) in &line.glyphs {
        let pen = (x + gx).round() as i32;
        canvas.draw_mask(
            pen + glyph.left,
            baseline + glyph.top,
            &glyph.mask,
            ink,
            clip,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{GraphMark, Severity};
    use crate::theme::Theme;

    fn art() -> (Text, Layout, GraphArt) {
        let l = Layout::new(64);
        let text = Text::new(l.name_px, l.info_px, l.label_px).expect("fonts load");
        (text, l, GraphArt::new(&Theme::Classic.colors()))
    }

    fn graph(expected: Vec<f64>) -> EvalGraph {
        EvalGraph {
            title: "Alice – Bob".into(),
            subtitle: "depth 11".into(),
            expected,
            first_turn: 1,
            ..EvalGraph::default()
        }
    }

    fn at(canvas: &Canvas, x: f32, y: f32) -> u8 {
        canvas.px[y.round() as usize * canvas.w + x.round() as usize]
    }

    #[test]
    fn white_rises_from_the_bottom_as_far_as_its_expected_score() {
        let (text, l, art) = art();
        let f = Frame::new(&l);
        let (white, black) = (art.ramp[usize::from(LEVELS)], art.ramp[0]);
        let canvas = compose(&text, &l, &art, &graph(vec![0.5, 0.8, 0.2]));
        for (i, e) in [(0, 0.5), (1, 0.8), (2, 0.2)] {
            let x = f
                .x_of(i, 3)
                .clamp(f.plot.0 as f32 + 1.0, (f.plot.0 + f.plot.2) as f32 - 2.0);
            assert_eq!(at(&canvas, x, f.y_of(e) + 3.0), white, "below position {i}");
            assert_eq!(at(&canvas, x, f.y_of(e) - 3.0), black, "above position {i}");
        }
        // Between positions the edge goes straight from one to the next.
        let mid = (f.x_of(0, 3) + f.x_of(1, 3)) / 2.0;
        assert_eq!(at(&canvas, mid, f.y_of(0.65) + 3.0), white);
        assert_eq!(at(&canvas, mid, f.y_of(0.65) - 3.0), black);
    }

    #[test]
    fn marks_are_dots_of_their_severity_and_the_decision_a_line() {
        let (text, l, art) = art();
        let f = Frame::new(&l);
        let mut g = graph(vec![0.5, 0.5, 0.3, 0.3, 0.05, 0.0]);
        g.marks = vec![
            GraphMark {
                ply: 1,
                severity: Severity::Mistake,
            },
            GraphMark {
                ply: 3,
                severity: Severity::Blunder,
            },
        ];
        g.decided = Some(3);
        let canvas = compose(&text, &l, &art, &g);
        let full = |ink: &Ink, under: u8| ink.over(255, under);
        let n = g.expected.len();
        let mistake = at(&canvas, f.x_of(2, n), f.y_of(0.3));
        assert_eq!(mistake, full(&art.dots[1], art.ramp[0]));
        let blunder = at(&canvas, f.x_of(4, n), f.y_of(0.05));
        assert_eq!(blunder, full(&art.dots[2], art.ramp[0]));
        // The decision's line runs the plot's height over position 4, under the dot.
        let (_, y0, _, h) = f.plot;
        let x = f.x_of(4, n);
        assert_eq!(at(&canvas, x, y0 as f32 + 2.0), art.accent);
        assert_eq!(at(&canvas, x, (y0 + h / 4) as f32), art.accent);
        // Nothing is drawn in a dot's colour where there is no mark.
        let unmarked = compose(&text, &l, &art, &graph(g.expected.clone()));
        let colours = |c: &Canvas, ink: &Ink| c.px.contains(&full(ink, art.ramp[0]));
        assert!(!colours(&unmarked, &art.dots[2]) && !colours(&unmarked, &art.dots[1]));
        assert!(!unmarked.px.contains(&art.accent));
    }

    /// The scale's percentages stand left of the plot, inked at the heights of 100%, 50% and
    /// 0%, with a tick at each quarter; the plot's own pixels start right of them.
    #[test]
    fn the_scale_is_labelled_left_of_the_plot() {
        let (text, l, art) = art();
        let f = Frame::new(&l);
        let canvas = compose(&text, &l, &art, &graph(vec![0.5, 0.6]));
        let (x0, _, _, _) = f.plot;
        assert!(x0 > f.pad + 10, "a column for the scale");
        let inked = |y0: f32, y1: f32| {
            (y0.max(f.bar as f32) as usize..(y1 as usize).min(canvas.h)).any(|y| {
                (0..x0 - 3).any(|x| {
                    let p = canvas.px[y * canvas.w + x];
                    p != art.frame && p != art.even
                })
            })
        };
        let cap = l.name_px * 0.73;
        for e in [1.0, 0.5, 0.0] {
            let y = f.y_of(e);
            assert!(inked(y - cap * 1.5, y + cap * 1.5), "a label at {e}");
        }
        // Between the labels, the column is empty but for the ticks.
        assert!(!inked(f.y_of(0.8) - 2.0, f.y_of(0.7) + 2.0));
        for quarter in [0.25, 0.75] {
            let y = f.y_of(quarter).round() as usize;
            assert_eq!(
                canvas.px[y * canvas.w + x0 - 1],
                art.even,
                "a tick at {quarter}"
            );
        }
    }

    /// The legend names each colour with the caller's words, under the turn numbers: a dot of
    /// each severity and the deciding line's colour are drawn there, and blank words leave
    /// their entry out.
    #[test]
    fn the_legend_shows_each_colour_with_its_words() {
        let (text, l, art) = art();
        let f = Frame::new(&l);
        let mut g = graph(vec![0.5, 0.5]);
        let row = |c: &Canvas| -> Vec<u8> { c.px[(f.height - f.legend) * c.w..].to_vec() };
        let empty = row(&compose(&text, &l, &art, &g));
        assert!(empty.iter().all(|p| *p == art.frame), "no words, no legend");
        g.legend = crate::graph::GraphLegend {
            white: "White's winning chances".into(),
            inaccuracy: "Inaccuracy".into(),
            mistake: "Mistake".into(),
            blunder: "Blunder".into(),
            decided: "Deciding mistake".into(),
        };
        let full = row(&compose(&text, &l, &art, &g));
        for ink in &art.dots {
            assert!(
                full.contains(&ink.over(255, art.frame)),
                "a dot of each severity"
            );
        }
        assert!(full.contains(&art.accent));
        assert!(
            full.contains(&art.ramp[usize::from(LEVELS)]),
            "White's swatch"
        );
        assert!(full.contains(&art.body.over(255, art.frame)), "words");
        g.legend.decided.clear();
        let without = row(&compose(&text, &l, &art, &g));
        assert!(!without.contains(&art.accent));
    }

    #[test]
    fn any_number_of_positions_and_any_value_is_drawn_in_the_same_frame() {
        let (text, l, art) = art();
        let f = Frame::new(&l);
        let mut g = graph(Vec::new());
        g.marks = vec![GraphMark {
            ply: 40,
            severity: Severity::Blunder,
        }];
        g.decided = Some(99);
        for expected in [
            Vec::new(),
            vec![0.7],
            vec![f64::NAN, -3.0, 7.0, f64::INFINITY],
            (0..1200).map(|i| f64::from(i % 7) / 6.0).collect(),
        ] {
            g.expected = expected;
            g.first_turn = 0;
            g.black_first = true;
            let canvas = compose(&text, &l, &art, &g);
            assert_eq!((canvas.w, canvas.h), (f.width, f.height));
        }
    }
}
