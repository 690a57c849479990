//! Standings drawn as a table, in the boards' look: the title in a bar like the name bars,
//! the rows striped in the theme's square colours, the leaders marked in the accent colour,
//! and for a round robin the cross-table with its diagonal shaded. The palette is fixed (the
//! theme's flat colours and the exact ramps of every ink over them), found once per renderer;
//! a table is composed in palette indices and written as an indexed PNG, as a board is.
//!
//! Long tables are cut into blocks of at most [`ROWS_PER_BLOCK`] rows set side by side (four
//! blocks at most; past 400 players the blocks grow taller), each with its own headings, so
//! 200 players make an image of about 720 × 2 900 px at the default size rather than one
//! 5 700 px tall.

use crate::RenderError;
use crate::canvas::{Canvas, Clip};
use crate::layout::Layout;
use crate::palette::{Histogram, Ink, Palette};
use crate::standings::{
    MAX_CROSS_PLAYERS, MAX_STANDING_ROWS, StandingRow, Standings, halves, quarters,
};
use crate::text::{Line, Style, Text};
use crate::theme::{Colors, Rgb};

/// The most rows of one block before the table is cut into blocks side by side.
const ROWS_PER_BLOCK: usize = 100;

/// The most blocks side by side; more rows make the blocks taller.
const MAX_BLOCKS: usize = 4;

/// Levels of coverage kept for text, as on the boards.
const TEXT_LEVELS: u8 = 8;

/// The colours and inks of every table a renderer draws.
pub(crate) struct TableArt {
    plte: Vec<u8>,
    /// The bars' colour: title bar, headings, the gaps between blocks.
    bar: u8,
    /// The rows' stripes, even and odd.
    rows: [u8; 2],
    /// The cross-table's diagonal.
    diagonal: u8,
    /// The lines between cross-table cells.
    grid: u8,
    /// The mark of the leaders.
    accent: u8,
    /// The line through a withdrawn player's name.
    strike: u8,
    /// The title.
    title: Ink,
    /// The subtitle and headings.
    dim: Ink,
    /// The rows' words and numbers.
    body: Ink,
    /// A withdrawn player's row.
    faded: Ink,
}

/// The colours of a table in `c`'s theme: (bars, stripes, diagonal, grid, faded text).
struct Shades {
    stripes: [Rgb; 2],
    diagonal: Rgb,
    grid: Rgb,
    faded: Rgb,
}

impl Shades {
    fn of(c: &Colors) -> Shades {
        Shades {
            stripes: [c.light, c.light.mix(c.dark, 0.2)],
            diagonal: c.light.mix(c.dark, 0.65),
            grid: c.light.mix(c.dark, 0.4),
            faded: c.bar.mix(c.light, 0.5),
        }
    }
}

impl TableArt {
    /// The palette and inks for tables in the colours `c`.
    pub fn new(c: &Colors) -> TableArt {
        let shades = Shades::of(c);
        let mut fixed = vec![
            c.bar,
            shades.stripes[0],
            shades.stripes[1],
            shades.diagonal,
            shades.grid,
            c.accent,
            shades.faded,
            c.bar_text,
            c.bar_dim,
        ];
        let ramps = [
            (c.bar, c.bar_text),
            (c.bar, c.bar_dim),
            (shades.stripes[0], c.bar),
            (shades.stripes[1], c.bar),
            (shades.stripes[0], shades.faded),
            (shades.stripes[1], shades.faded),
        ];
        for (under, ink) in ramps {
            for step in 1..TEXT_LEVELS {
                fixed.push(under.mix(ink, f32::from(step) / f32::from(TEXT_LEVELS)));
            }
        }
        let palette = Palette::build(&fixed, &Histogram::default(), 256);
        let ink = |color: Rgb| Ink::new(&palette, color, 1.0, TEXT_LEVELS);
        TableArt {
            bar: palette.nearest(c.bar),
            rows: shades.stripes.map(|s| palette.nearest(s)),
            diagonal: palette.nearest(shades.diagonal),
            grid: palette.nearest(shades.grid),
            accent: palette.nearest(c.accent),
            strike: palette.nearest(shades.faded),
            title: ink(c.bar_text),
            dim: ink(c.bar_dim),
            body: ink(c.bar),
            faded: ink(shades.faded),
            plte: palette.plte(),
        }
    }

    /// The palette, as PNG's PLTE wants it.
    pub fn plte(&self) -> &[u8] {
        &self.plte
    }
}

/// What a column holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Column {
    /// The rank.
    Rank,
    /// The name.
    Name,
    /// The cross-table's results against the player of this row.
    Cross(usize),
    /// The points.
    Points,
    /// This tiebreak.
    Tiebreak(usize),
}

/// How a column's words sit in it.
#[derive(Clone, Copy)]
enum Align {
    Left,
    Centre,
    Right,
}

/// A rectangle: x, y, width, height, in px.
type Rect = (usize, usize, usize, usize);

/// How words are drawn in a cell: face, ink, alignment, and the room left on either side.
#[derive(Clone, Copy)]
struct Look<'a> {
    style: Style,
    ink: &'a Ink,
    align: Align,
    pad: usize,
}

/// Where everything of one table goes.
pub(crate) struct Grid {
    /// Space around words.
    pad: usize,
    /// Height of the title bar.
    bar: usize,
    /// Height of the headings and of each row.
    row: usize,
    /// Width of the leaders' mark.
    accent: usize,
    /// The columns of a block: what, where (from the block's left) and how wide.
    columns: Vec<(Column, usize, usize)>,
    /// Width of one block, its mark included.
    block_w: usize,
    /// Rows in a full block.
    per_block: usize,
    /// Blocks side by side.
    blocks: usize,
    /// Players in the cross-table (0: none).
    cross: usize,
    /// Results per cross-table cell.
    meetings: usize,
    /// Width of the room for a name.
    name_room: f32,
    /// The image's size.
    pub width: usize,
    /// The image's height.
    pub height: usize,
}

impl Grid {
    /// The layout of `s` for a renderer of layout `l`.
    fn new(text: &Text, l: &Layout, s: &Standings) -> Grid {
        let sq = l.sq as f32;
        let pad = l.pad;
        let row = (sq * 0.44).round() as usize;
        let width = |style: Style, words: &str| text.line(style, words, f32::MAX).width;
        let widest = |style: Style, words: &mut dyn Iterator<Item = String>| {
            words.map(|w| width(style, &w)).fold(0.0f32, f32::max)
        };
        let heading_room = sq * 2.5;
        let heading = |words: &str| width(Style::Info, words).min(heading_room);
        let n = s.rows.len();
        let cross = if s.meetings > 0 && n <= MAX_CROSS_PLAYERS {
            n
        } else {
            0
        };
        let meetings = usize::from(s.meetings.clamp(1, 2));
        let rank_w = heading(&s.headings.rank).max(widest(
            Style::Info,
            &mut s.rows.iter().map(|r| r.rank.to_string()),
        ));
        let name_w = heading(&s.headings.player)
            .max(widest(
                Style::Name,
                &mut s.rows.iter().map(|r| r.name.clone()),
            ))
            .clamp(sq * 2.0, sq * 3.5);
        let points_w = heading(&s.headings.points).max(widest(
            Style::Info,
            &mut s.rows.iter().map(|r| halves(r.halves)),
        ));
        let sub = (l.info_px * 1.4).round();
        let cell_w = (sub * meetings as f32).max(width(Style::Info, &cross.to_string()) + 6.0);
        let mut columns = Vec::new();
        let mut x = l.accent;
        let mut push = |column: Column, w: f32, padded: bool| {
            let w = if padded {
                w.ceil() as usize + 2 * pad
            } else {
                w.ceil() as usize
            };
            columns.push((column, x, w));
            x += w;
        };
        push(Column::Rank, rank_w, true);
        push(Column::Name, name_w, true);
        for j in 0..cross {
            push(Column::Cross(j), cell_w, false);
        }
        push(Column::Points, points_w, true);
        for (k, words) in s.headings.tiebreaks.iter().enumerate() {
            let values = widest(
                Style::Info,
                &mut s.rows.iter().map(|r| {
                    r.tiebreaks
                        .get(k)
                        .copied()
                        .map_or_else(String::new, quarters)
                }),
            );
            push(Column::Tiebreak(k), heading(words).max(values), true);
        }
        let mut block_w = x + if cross > 0 { pad } else { 0 };
        let (per_block, blocks) = if cross > 0 || n <= ROWS_PER_BLOCK {
            (n.max(1), 1)
        } else {
            let per = ROWS_PER_BLOCK.max(n.div_ceil(MAX_BLOCKS));
            let blocks = n.div_ceil(per);
            (n.div_ceil(blocks), blocks)
        };
        // A narrow table is widened for its title and subtitle (within reason): its name
        // column takes the rest.
        let words = width(Style::Name, &s.title) + width(Style::Info, &s.subtitle);
        let least = (words.ceil() as usize + 3 * pad).clamp(l.sq * 5, l.sq * 9);
        if blocks == 1 && block_w < least {
            let more = least - block_w;
            for (column, at, w) in &mut columns {
                if *column == Column::Name {
                    *w += more;
                } else if *at > l.accent {
                    *at += more;
                }
            }
            block_w = least;
        }
        let name_room = columns
            .iter()
            .find(|(c, _, _)| *c == Column::Name)
            .map_or(0.0, |(_, _, w)| w.saturating_sub(2 * pad) as f32);
        let gap = pad;
        Grid {
            pad,
            bar: l.bar,
            row,
            accent: l.accent,
            block_w,
            per_block,
            blocks,
            cross,
            meetings,
            name_room,
            width: blocks * block_w + (blocks - 1) * gap,
            height: l.bar + row * (per_block + 1) + l.accent,
            columns,
        }
    }

    /// The left edge of block `b`.
    fn block_x(&self, b: usize) -> usize {
        b * (self.block_w + self.pad)
    }

    /// The rectangle (x, y, w, h) of row `i`'s cell in `column`.
    #[cfg(test)]
    pub fn cell(&self, i: usize, column: Column) -> Option<Rect> {
        let (_, at, w) = self.columns.iter().find(|(c, _, _)| *c == column)?;
        let (b, r) = (i / self.per_block, i % self.per_block);
        Some((
            self.block_x(b) + at,
            self.bar + self.row * (r + 1),
            *w,
            self.row,
        ))
    }
}

/// The table of `s`, composed in `art`'s palette.
pub(crate) fn compose(
    text: &Text,
    l: &Layout,
    art: &TableArt,
    s: &Standings,
) -> Result<(Grid, Canvas), RenderError> {
    if s.rows.len() > MAX_STANDING_ROWS {
        return Err(RenderError::TooManyRows(s.rows.len()));
    }
    let grid = Grid::new(text, l, s);
    let mut canvas = Canvas::new(grid.width, grid.height, art.bar);
    let painter = Painter {
        text,
        grid: &grid,
        art,
        cap: l.name_px * 0.73,
    };
    painter.title_bar(&mut canvas, s);
    for b in 0..grid.blocks {
        painter.headings(&mut canvas, s, b);
    }
    for (i, row) in s.rows.iter().enumerate() {
        painter.row(&mut canvas, i, row);
    }
    Ok((grid, canvas))
}

/// Draws one table.
struct Painter<'a> {
    text: &'a Text,
    grid: &'a Grid,
    art: &'a TableArt,
    /// The height of a capital letter of the names.
    cap: f32,
}

impl Painter<'_> {
    /// The baseline of words centred in a band of height `h` from `y`.
    fn baseline(&self, y: usize, h: usize) -> i32 {
        (y as f32 + (h as f32 + self.cap) / 2.0).round() as i32
    }

    /// Draws `words` in `cell` as `look` says, cut to the cell less its padding.
    fn words(&self, canvas: &mut Canvas, cell: Rect, words: &str, look: Look) -> Line {
        let (x, y, w, h) = cell;
        let room = w.saturating_sub(2 * look.pad) as f32;
        let line = self.text.line(look.style, words, room);
        let left = match look.align {
            Align::Left => (x + look.pad) as f32,
            Align::Centre => x as f32 + (w as f32 - line.width) / 2.0,
            Align::Right => (x + w - look.pad) as f32 - line.width,
        };
        let baseline = self.baseline(y, h);
        let clip = Clip::rect(x, y, w, h);
        for (g, gx) in &line.glyphs {
            let pen = (left + gx).round() as i32;
            canvas.draw_mask(pen + g.left, baseline + g.top, &g.mask, look.ink, clip);
        }
        line
    }

    /// The title bar: the name on the left, the subtitle on the right.
    fn title_bar(&self, canvas: &mut Canvas, s: &Standings) {
        let g = self.grid;
        let sub = self
            .text
            .line(Style::Info, &s.subtitle, g.width as f32 * 0.6);
        let sub_w = sub.width.ceil() as usize;
        let sub_x = g.width.saturating_sub(g.pad + sub_w);
        let look = Look {
            style: Style::Info,
            ink: &self.art.dim,
            align: Align::Left,
            pad: 0,
        };
        self.words(canvas, (sub_x, 0, sub_w + g.pad, g.bar), &s.subtitle, look);
        let look = Look {
            style: Style::Name,
            ink: &self.art.title,
            align: Align::Left,
            pad: g.pad,
        };
        let title_w = sub_x.saturating_sub(g.pad);
        self.words(canvas, (0, 0, title_w, g.bar), &s.title, look);
    }

    /// The headings of block `b`.
    fn headings(&self, canvas: &mut Canvas, s: &Standings, b: usize) {
        let g = self.grid;
        for &(column, at, w) in &g.columns {
            let (words, align, pad) = match column {
                Column::Rank => (s.headings.rank.clone(), Align::Centre, g.pad),
                Column::Name => (s.headings.player.clone(), Align::Left, g.pad),
                Column::Cross(j) => ((j + 1).to_string(), Align::Centre, 0),
                Column::Points => (s.headings.points.clone(), Align::Right, g.pad),
                Column::Tiebreak(k) => (
                    s.headings.tiebreaks.get(k).cloned().unwrap_or_default(),
                    Align::Right,
                    g.pad,
                ),
            };
            let look = Look {
                style: Style::Info,
                ink: &self.art.dim,
                align,
                pad,
            };
            self.words(canvas, (g.block_x(b) + at, g.bar, w, g.row), &words, look);
        }
    }

    /// Row `i`: its stripe, the leaders' mark, its cells.
    fn row(&self, canvas: &mut Canvas, i: usize, row: &StandingRow) {
        let g = self.grid;
        let art = self.art;
        let (b, r) = (i / g.per_block, i % g.per_block);
        let (x0, y) = (g.block_x(b), g.bar + g.row * (r + 1));
        canvas.fill_rect(
            x0 + g.accent,
            y,
            g.block_w - g.accent,
            g.row,
            art.rows[r % 2],
        );
        if row.rank == 1 {
            canvas.fill_rect(x0, y, g.accent, g.row, art.accent);
        }
        let ink = if row.withdrawn { &art.faded } else { &art.body };
        let look = |style: Style, align: Align| Look {
            style,
            ink,
            align,
            pad: g.pad,
        };
        for &(column, at, w) in &g.columns {
            let cell = (x0 + at, y, w, g.row);
            match column {
                Column::Rank => {
                    let rank = row.rank.to_string();
                    self.words(canvas, cell, &rank, look(Style::Info, Align::Centre));
                }
                Column::Name => {
                    let line = self.words(canvas, cell, &row.name, look(Style::Name, Align::Left));
                    if row.withdrawn {
                        self.strike(canvas, cell, line.width);
                    }
                }
                Column::Cross(j) => self.cross_cell(canvas, cell, (i, j), row, ink),
                Column::Points => {
                    let points = halves(row.halves);
                    self.words(canvas, cell, &points, look(Style::Info, Align::Right));
                }
                Column::Tiebreak(k) => {
                    let value = row
                        .tiebreaks
                        .get(k)
                        .copied()
                        .map_or_else(String::new, quarters);
                    self.words(canvas, cell, &value, look(Style::Info, Align::Right));
                }
            }
        }
    }

    /// A line through a name `width` px long drawn in `cell`, at the middle of its lowercase
    /// letters.
    fn strike(&self, canvas: &mut Canvas, (x, y, _, h): Rect, width: f32) {
        let g = self.grid;
        let thick = (self.cap / 8.0).round().max(1.0) as usize;
        let mid = self.baseline(y, h) - (self.cap * 0.4).round() as i32;
        let long = (width.ceil() as usize).min(g.name_room as usize).max(g.pad);
        let top = usize::try_from(mid).unwrap_or(y);
        canvas.fill_rect(x + g.pad, top, long, thick, self.art.strike);
    }

    /// Row `i`'s cell against row `j`: the diagonal shaded, else the results side by side.
    fn cross_cell(
        &self,
        canvas: &mut Canvas,
        (x, y, w, h): Rect,
        (i, j): (usize, usize),
        row: &StandingRow,
        ink: &Ink,
    ) {
        let g = self.grid;
        let last = usize::from(j + 1 == g.cross);
        canvas.fill_rect(x, y, 1, h, self.art.grid);
        if last == 1 {
            canvas.fill_rect(x + w - 1, y, 1, h, self.art.grid);
        }
        if i == j {
            let inside = w.saturating_sub(1 + last);
            canvas.fill_rect(x + 1, y, inside, h, self.art.diagonal);
            return;
        }
        let sub = w / g.meetings;
        let results = row.against.get(j).map_or(&[][..], Vec::as_slice);
        let look = Look {
            style: Style::Info,
            ink,
            align: Align::Centre,
            pad: 0,
        };
        for (k, result) in results.iter().take(g.meetings).enumerate() {
            self.words(canvas, (x + k * sub, y, sub, h), result.sign(), look);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standings::{CrossResult, Headings};
    use crate::theme::Theme;

    fn art() -> (Text, Layout, TableArt) {
        let l = Layout::new(64);
        let text = Text::new(l.name_px, l.info_px, l.label_px).expect("fonts load");
        (text, l, TableArt::new(&Theme::Classic.colors()))
    }

    fn table(n: usize, meetings: u8) -> Standings {
        let rows = (0..n)
            .map(|i| StandingRow {
                rank: i as u32 + 1,
                name: format!("player {i}"),
                halves: (n - i) as u32,
                tiebreaks: vec![3, 10],
                withdrawn: i == 2,
                against: (0..n)
                    .filter(|_| meetings > 0)
                    .map(|j| match j.cmp(&i) {
                        std::cmp::Ordering::Less => vec![CrossResult::Loss; usize::from(meetings)],
                        std::cmp::Ordering::Equal => Vec::new(),
                        std::cmp::Ordering::Greater => vec![CrossResult::Win],
                    })
                    .collect(),
            })
            .collect();
        Standings {
            title: "Club".into(),
            subtitle: "After round 7".into(),
            headings: Headings {
                rank: "#".into(),
                player: "Player".into(),
                points: "Pts".into(),
                tiebreaks: vec!["DE".into(), "SB".into()],
            },
            rows,
            meetings,
        }
    }

    /// The palette index near the top left corner of a cell.
    fn corner(grid: &Grid, canvas: &Canvas, i: usize, column: Column) -> u8 {
        let (x, y, _, _) = grid.cell(i, column).expect("a cell");
        canvas.px[(y + 2) * canvas.w + x + 2]
    }

    #[test]
    fn the_diagonal_is_shaded_and_other_cells_are_not() {
        let (text, l, art) = art();
        for meetings in [1, 2] {
            let (grid, canvas) = compose(&text, &l, &art, &table(8, meetings)).expect("drawn");
            for i in 0..8 {
                for j in 0..8 {
                    let (x, y, w, h) = grid.cell(i, Column::Cross(j)).expect("a cell");
                    let inner = (y + 2..y + h - 2)
                        .flat_map(|py| (x + 2..x + w - 2).map(move |px| (px, py)))
                        .map(|(px, py)| canvas.px[py * canvas.w + px]);
                    let shaded = inner.clone().all(|p| p == art.diagonal);
                    assert_eq!(shaded, i == j, "cell {i},{j} of {meetings}");
                    assert!(i == j || inner.clone().all(|p| p != art.diagonal));
                }
            }
        }
    }

    #[test]
    fn a_withdrawn_row_is_struck_through_and_faded_and_leaders_are_marked() {
        let (text, l, art) = art();
        let s = table(8, 1);
        let (grid, canvas) = compose(&text, &l, &art, &s).expect("drawn");
        let has = |i: usize, column: Column, index: u8| {
            let (x, y, w, h) = grid.cell(i, column).expect("a cell");
            (y..y + h)
                .any(|py| canvas.px[py * canvas.w + x..py * canvas.w + x + w].contains(&index))
        };
        let strike_row = |i: usize| {
            let (x, y, w, h) = grid.cell(i, Column::Name).expect("a cell");
            (y..y + h).any(|py| {
                let line = &canvas.px[py * canvas.w + x + grid.pad..py * canvas.w + x + w / 2];
                line.iter().filter(|&&p| p == art.strike).count() * 10 >= line.len() * 9
            })
        };
        assert!(
            strike_row(2),
            "the withdrawn player's name is struck through"
        );
        assert!(!strike_row(1) && !strike_row(3));
        // The full ink of the body is in every other row's name, never in the faded one's.
        let body = art.body.over(255, art.rows[0]);
        assert!(has(0, Column::Name, body) && has(4, Column::Name, body));
        assert!(!has(2, Column::Points, body) && !has(2, Column::Name, body));
        assert!(has(2, Column::Points, art.faded.over(255, art.rows[0])));
        // The leader's row has the accent mark at its left edge, the others not.
        let (_, y0, _, _) = grid.cell(0, Column::Rank).expect("a cell");
        let (_, y1, _, _) = grid.cell(1, Column::Rank).expect("a cell");
        assert_eq!(canvas.px[(y0 + 3) * canvas.w], art.accent);
        assert_ne!(canvas.px[(y1 + 3) * canvas.w], art.accent);
        // Rows are striped, the cross-table's cells too.
        assert_eq!(corner(&grid, &canvas, 1, Column::Cross(3)), art.rows[1]);
        assert_eq!(corner(&grid, &canvas, 2, Column::Cross(3)), art.rows[0]);
    }

    #[test]
    fn long_tables_are_cut_into_blocks_side_by_side() {
        let (text, l, art) = art();
        let mut s = table(200, 0);
        s.headings.tiebreaks = vec!["BH-C1".into(), "SB".into()];
        let (grid, canvas) = compose(&text, &l, &art, &s).expect("drawn");
        assert_eq!((grid.blocks, grid.per_block, grid.cross), (2, 100, 0));
        assert!(
            canvas.h < 4000 && canvas.w < 1200,
            "{}×{}",
            canvas.w,
            canvas.h
        );
        let (x100, y100, _, _) = grid.cell(100, Column::Rank).expect("a cell");
        let (x0, y0, _, _) = grid.cell(0, Column::Rank).expect("a cell");
        assert!(x100 > x0 && y100 == y0);
        let (grid, _) = compose(&text, &l, &art, &table(1000, 0)).expect("drawn");
        assert_eq!((grid.blocks, grid.per_block), (4, 250));
        assert!(matches!(
            compose(&text, &l, &art, &table(1001, 0)),
            Err(RenderError::TooManyRows(1001))
        ));
    }
}
