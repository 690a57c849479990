//! Animated GIF output: a replay of a game, one shown frame per scene.
//!
//! Every frame is composed as the PNG path composes its image, in the renderer's one palette,
//! which becomes the GIF's global colour table: no quantising, and each frame equals the PNG
//! of its scene pixel for pixel. The first frame is the whole image; each later one holds only
//! the pixels that changed, the unchanged ones transparent, drawn over the frame before — as
//! lichess's GIF service does. Since both bars change every turn (the mark of the side to
//! move, the status), one rectangle round the changes would be the whole image, so a frame is
//! drawn in parts, one GIF image per cluster of changes ([`changed_regions`]): all but the last
//! stay [`SUB_FRAME_DELAY_CS`], the last the rest of the frame's time. The `gif` crate writes
//! the container; the image data is compressed by [`crate::lzw`], which is several times
//! faster than the crate's own on such frames.

use std::borrow::Cow;

use ::gif::{DisposalMethod, Encoder, Frame, Repeat};

use crate::RenderError;
use crate::lzw::LzwEncoder;

/// How long each frame but the last stays, in hundredths of a second.
pub(crate) const FRAME_DELAY_CS: u16 = 100;
/// How long a part of a frame stays before the next part is drawn, in hundredths of a second:
/// the shortest delay browsers honour (they show frames of 0 or 1 for a tenth of a second).
const SUB_FRAME_DELAY_CS: u16 = 2;
/// The fewest unchanged rows worth cutting a frame's changed part at (columns are cut at a
/// [`BLOCK`] or more): fewer save less than a part's own header and fresh code table cost.
const MIN_GAP: usize = 8;
/// The width of the blocks in which a frame's changes are first located, in px.
const BLOCK: usize = 8;
/// How long the last frame, with the result, stays before the replay starts again.
pub(crate) const LAST_FRAME_DELAY_CS: u16 = 350;

/// Writes an endlessly looping GIF of `w`×`h` frames of palette indices into the palette
/// `plte` (r, g, b per entry, at most 255 entries: one more index marks unchanged pixels).
pub(crate) struct GifWriter {
    encoder: Encoder<Vec<u8>>,
    w: usize,
    h: usize,
    transparent: u8,
    previous: Option<Vec<u8>>,
    lzw: LzwEncoder,
    /// The changed rectangle of the current frame, kept to spare an allocation a frame.
    scratch: Vec<u8>,
    /// The current frame's code stream, likewise kept.
    code_stream: Vec<u8>,
}

impl GifWriter {
    /// Starts a GIF: header, global palette, and the loop-forever extension.
    pub fn new(w: usize, h: usize, plte: &[u8]) -> Result<GifWriter, RenderError> {
        let too_big = || RenderError::GifSize(w, h);
        let (gw, gh) = (
            u16::try_from(w).map_err(|_| too_big())?,
            u16::try_from(h).map_err(|_| too_big())?,
        );
        let colors = plte.len() / 3;
        let transparent = u8::try_from(colors).map_err(|_| RenderError::GifPalette(colors))?;
        let mut global = plte[..colors * 3].to_vec();
        global.extend_from_slice(&[0, 0, 0]);
        // Codes as wide as the indices, the transparent one included (at least 2 bits).
        let min_code_size = (u32::from(transparent) + 1)
            .next_power_of_two()
            .trailing_zeros();
        let mut encoder = Encoder::new(Vec::with_capacity(256 * 1024), gw, gh, &global)?;
        encoder.set_repeat(Repeat::Infinite)?;
        Ok(GifWriter {
            encoder,
            w,
            h,
            transparent,
            previous: None,
            lzw: LzwEncoder::new(min_code_size as u8),
            scratch: Vec::new(),
            code_stream: Vec::new(),
        })
    }

    /// Adds a frame (`w`×`h` palette indices) shown for `delay_cs` hundredths of a second.
    pub fn add(&mut self, px: Vec<u8>, delay_cs: u16) -> Result<(), RenderError> {
        if px.len() != self.w * self.h {
            return Err(RenderError::GifSize(self.w, self.h));
        }
        let full = Bounds {
            x: 0,
            y: 0,
            w: self.w,
            h: self.h,
        };
        let Some(previous) = self.previous.take() else {
            // Runs of the bars' colour, in the top-left corner, are the commonest.
            let corner = px.first().copied().unwrap_or(0);
            self.lzw.encode(&px, corner, &mut self.code_stream);
            self.write(full, None, delay_cs)?;
            self.previous = Some(px);
            return Ok(());
        };
        let mut regions = changed_regions(&previous, &px, self.w);
        if regions.is_empty() {
            regions.push(Bounds { w: 1, h: 1, ..full });
        }
        let count = regions.len() as u16;
        let shown = delay_cs.saturating_sub(SUB_FRAME_DELAY_CS * (count - 1));
        for (i, bounds) in regions.into_iter().enumerate() {
            self.scratch.clear();
            self.scratch.reserve(bounds.w * bounds.h);
            for row in bounds.y..bounds.y + bounds.h {
                let start = row * self.w + bounds.x;
                let old = &previous[start..start + bounds.w];
                let new = &px[start..start + bounds.w];
                if old == new {
                    let len = self.scratch.len();
                    self.scratch.resize(len + bounds.w, self.transparent);
                } else {
                    let t = self.transparent;
                    self.scratch.extend(
                        old.iter()
                            .zip(new)
                            .map(|(&o, &n)| if o == n { t } else { n }),
                    );
                }
            }
            self.lzw
                .encode(&self.scratch, self.transparent, &mut self.code_stream);
            let last = i + 1 == usize::from(count);
            let delay = if last { shown } else { SUB_FRAME_DELAY_CS };
            self.write(bounds, Some(self.transparent), delay)?;
        }
        self.previous = Some(px);
        Ok(())
    }

    /// Writes the code stream in hand as the image `bounds`, shown for `delay` cs.
    fn write(
        &mut self,
        bounds: Bounds,
        transparent: Option<u8>,
        delay: u16,
    ) -> Result<(), RenderError> {
        let frame = Frame {
            delay,
            dispose: DisposalMethod::Keep,
            transparent,
            left: bounds.x as u16,
            top: bounds.y as u16,
            width: bounds.w as u16,
            height: bounds.h as u16,
            buffer: Cow::Borrowed(&self.code_stream),
            ..Frame::default()
        };
        let written = self.encoder.write_lzw_pre_encoded_frame(&frame);
        self.code_stream.clear();
        Ok(written?)
    }

    /// Ends the GIF and returns its bytes.
    pub fn finish(self) -> Result<Vec<u8>, RenderError> {
        Ok(self.encoder.into_inner()?)
    }
}

/// A rectangle of pixels: x, y, width, height.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Bounds {
    x: usize,
    y: usize,
    w: usize,
    h: usize,
}

/// The smallest rectangle within `within` holding every pixel where `a` and `b` (images `w`
/// px wide) differ.
fn changed_box(a: &[u8], b: &[u8], w: usize, within: Bounds) -> Option<Bounds> {
    let (mut x0, mut x1, mut y0, mut y1) = (usize::MAX, 0, usize::MAX, 0);
    for y in within.y..within.y + within.h {
        let start = y * w + within.x;
        let (ra, rb) = (&a[start..start + within.w], &b[start..start + within.w]);
        if ra == rb {
            continue;
        }
        let first = ra.iter().zip(rb).position(|(p, q)| p != q).unwrap_or(0);
        let last = ra
            .iter()
            .zip(rb)
            .rposition(|(p, q)| p != q)
            .unwrap_or(within.w - 1);
        x0 = x0.min(within.x + first);
        x1 = x1.max(within.x + last + 1);
        y0 = y0.min(y);
        y1 = y + 1;
    }
    (y0 < y1).then(|| Bounds {
        x: x0,
        y: y0,
        w: x1 - x0,
        h: y1 - y0,
    })
}

/// Where two frames differ, coarsely: for each row, which [`BLOCK`]-px-wide blocks of it hold
/// a differing pixel. Cutting a frame into parts on this map costs a pass over the frame;
/// only the final parts are measured to the pixel.
struct ChangeMap {
    /// Blocks per row.
    blocks: usize,
    /// `changed[y * blocks + block]`.
    changed: Vec<bool>,
}

impl ChangeMap {
    /// The map of where `a` and `b`, images `w` px wide, differ.
    fn new(a: &[u8], b: &[u8], w: usize) -> ChangeMap {
        let blocks = w.div_ceil(BLOCK);
        let mut changed = vec![false; a.len() / w.max(1) * blocks];
        for ((ra, rb), row) in a
            .chunks_exact(w)
            .zip(b.chunks_exact(w))
            .zip(changed.chunks_exact_mut(blocks))
        {
            if ra == rb {
                continue;
            }
            for ((ba, bb), cell) in ra.chunks(BLOCK).zip(rb.chunks(BLOCK)).zip(row.iter_mut()) {
                *cell = ba != bb;
            }
        }
        ChangeMap { blocks, changed }
    }

    /// Whether row `y` differs within blocks `x0..x1`.
    fn row(&self, y: usize, x0: usize, x1: usize) -> bool {
        self.changed[y * self.blocks + x0..y * self.blocks + x1].contains(&true)
    }

    /// Appends to `out` boxes, in block columns and pixel rows, within `cells` that together
    /// hold every differing block: the smallest box holding them, cut in two along the widest
    /// band of at least [`MIN_GAP`] unchanged rows, or else of unchanged block columns, and so
    /// on while such bands remain.
    fn regions(&self, cells: Bounds, out: &mut Vec<Bounds>) {
        let rows: Vec<bool> = (cells.y..cells.y + cells.h)
            .map(|y| self.row(y, cells.x, cells.x + cells.w))
            .collect();
        let Some((top, bottom)) = ends(&rows) else {
            return;
        };
        let mut columns = vec![false; cells.w];
        for y in cells.y + top..cells.y + bottom {
            let start = y * self.blocks + cells.x;
            for (column, &c) in columns
                .iter_mut()
                .zip(&self.changed[start..start + cells.w])
            {
                *column |= c;
            }
        }
        let Some((left, right)) = ends(&columns) else {
            return;
        };
        let cells = Bounds {
            x: cells.x + left,
            y: cells.y + top,
            w: right - left,
            h: bottom - top,
        };
        let rows = &rows[top..bottom];
        let columns = &columns[left..right];
        if let Some((from, to)) = widest_gap(rows, MIN_GAP) {
            self.regions(Bounds { h: from, ..cells }, out);
            let rest = Bounds {
                y: cells.y + to,
                h: cells.h - to,
                ..cells
            };
            self.regions(rest, out);
        } else if let Some((from, to)) = widest_gap(columns, 1) {
            self.regions(Bounds { w: from, ..cells }, out);
            let rest = Bounds {
                x: cells.x + to,
                w: cells.w - to,
                ..cells
            };
            self.regions(rest, out);
        } else {
            out.push(cells);
        }
    }
}

/// Rectangles that together hold every pixel where `a` and `b` (images `w` px wide) differ,
/// each the smallest holding its own: the changed box cut along bands of unchanged rows and
/// columns (see [`ChangeMap::regions`]). Empty when the images are equal.
fn changed_regions(a: &[u8], b: &[u8], w: usize) -> Vec<Bounds> {
    let map = ChangeMap::new(a, b, w);
    let mut cells = Vec::new();
    let all = Bounds {
        x: 0,
        y: 0,
        w: map.blocks,
        h: a.len() / w.max(1),
    };
    map.regions(all, &mut cells);
    cells
        .into_iter()
        .filter_map(|c| {
            let x = c.x * BLOCK;
            let within = Bounds {
                x,
                w: ((c.x + c.w) * BLOCK).min(w) - x,
                ..c
            };
            changed_box(a, b, w, within)
        })
        .collect()
}

/// The first and one past the last `true` in `flags`, if any.
fn ends(flags: &[bool]) -> Option<(usize, usize)> {
    let first = flags.iter().position(|&f| f)?;
    let last = flags.iter().rposition(|&f| f)?;
    Some((first, last + 1))
}

/// The widest run of `false` in `changed` (whose ends are `true`), as the range `from..to`,
/// if it is at least `min` long.
fn widest_gap(changed: &[bool], min: usize) -> Option<(usize, usize)> {
    let mut best: Option<(usize, usize)> = None;
    let mut start = None;
    for (i, &c) in changed.iter().enumerate() {
        match (c, start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                if i - s >= min && best.is_none_or(|(f, t)| t - f < i - s) {
                    best = Some((s, i));
                }
                start = None;
            }
            _ => {}
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// All of a 6×5 image.
    const FULL: Bounds = Bounds {
        x: 0,
        y: 0,
        w: 6,
        h: 5,
    };

    #[test]
    fn the_changed_box_spans_exactly_the_differing_pixels() {
        let w = 6;
        let a = vec![0u8; w * 5];
        let mut b = a.clone();
        assert_eq!(changed_box(&a, &b, w, FULL), None);
        b[w + 4] = 1; // (4, 1)
        b[3 * w + 2] = 1; // (2, 3)
        assert_eq!(
            changed_box(&a, &b, w, FULL),
            Some(Bounds {
                x: 2,
                y: 1,
                w: 3,
                h: 3
            })
        );
        b[4 * w + 5] = 2; // (5, 4): the bottom-right corner
        assert_eq!(
            changed_box(&a, &b, w, FULL),
            Some(Bounds {
                x: 2,
                y: 1,
                w: 4,
                h: 4
            })
        );
    }

    /// A `w`×`h` image of zeros with ones at `points` (x, y).
    fn dots(w: usize, h: usize, points: &[(usize, usize)]) -> Vec<u8> {
        let mut px = vec![0; w * h];
        for &(x, y) in points {
            px[y * w + x] = 1;
        }
        px
    }

    fn bounds(x: usize, y: usize, w: usize, h: usize) -> Bounds {
        Bounds { x, y, w, h }
    }

    #[test]
    fn changes_far_apart_become_separate_regions_each_measured_to_the_pixel() {
        let (w, h) = (100, 60);
        let blank = dots(w, h, &[]);
        assert_eq!(changed_regions(&blank, &blank, w), vec![]);
        // Two corners of a bar and two dots in the middle, 20 px apart: the rows around the
        // middle are cut from the bars, then the middle's columns from each other.
        let changed = dots(w, h, &[(0, 0), (99, 2), (40, 30), (60, 31), (0, 59)]);
        assert_eq!(
            changed_regions(&blank, &changed, w),
            vec![
                bounds(0, 0, 1, 1),
                bounds(99, 2, 1, 1),
                bounds(40, 30, 1, 1),
                bounds(60, 31, 1, 1),
                bounds(0, 59, 1, 1),
            ]
        );
        // Changes fewer than MIN_GAP rows or a block apart stay together.
        let near = dots(w, h, &[(10, 10), (14, 16), (20, 12)]);
        assert_eq!(
            changed_regions(&blank, &near, w),
            vec![bounds(10, 10, 11, 7)]
        );
    }

    #[test]
    fn the_regions_hold_every_changed_pixel_and_do_not_overlap() {
        let (w, h) = (61, 47);
        let mut seed = 7u32;
        let mut next = |n: usize| {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (seed >> 16) as usize % n
        };
        for _ in 0..50 {
            let points: Vec<_> = (0..next(12)).map(|_| (next(w), next(h))).collect();
            let (a, b) = (dots(w, h, &[]), dots(w, h, &points));
            let regions = changed_regions(&a, &b, w);
            for &(x, y) in &points {
                let holding = regions
                    .iter()
                    .filter(|r| (r.x..r.x + r.w).contains(&x) && (r.y..r.y + r.h).contains(&y))
                    .count();
                assert_eq!(holding, 1, "({x}, {y}) in {regions:?}");
            }
            for r in &regions {
                assert_eq!(changed_box(&a, &b, w, *r), Some(*r), "{r:?} is tight");
            }
        }
    }
}
