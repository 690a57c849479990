//! The one palette of ≤256 colours a renderer paints with, found once per size and theme, and
//! the lookup tables that blend an ink over any palette colour without leaving the palette.

use std::collections::HashMap;

use tiny_skia::Pixmap;

use crate::theme::Rgb;

/// Colours seen in the artwork, with how many pixels show each.
#[derive(Default)]
pub(crate) struct Histogram {
    counts: HashMap<Rgb, u32>,
}

impl Histogram {
    /// Counts every pixel of an opaque pixmap.
    pub fn add_pixmap(&mut self, pixmap: &Pixmap) {
        for p in pixmap.pixels() {
            let c = p.demultiply();
            *self
                .counts
                .entry(Rgb(c.red(), c.green(), c.blue()))
                .or_default() += 1;
        }
    }

    /// Counts `color` `n` times.
    pub fn add(&mut self, color: Rgb, n: u32) {
        *self.counts.entry(color).or_default() += n;
    }
}

/// An indexed palette: at most 256 colours.
pub(crate) struct Palette {
    colors: Vec<Rgb>,
}

/// Weighted squared distance, roughly as the eye weighs the channels.
fn distance(a: Rgb, b: Rgb) -> u32 {
    let d = |x: u8, y: u8| (i32::from(x) - i32::from(y)).pow(2) as u32;
    2 * d(a.0, b.0) + 4 * d(a.1, b.1) + 3 * d(a.2, b.2)
}

impl Palette {
    /// A palette holding every colour of `fixed` exactly, and up to `size` (≤256) colours in
    /// all: the rest chosen by median cut and a few rounds of k-means over the histogram.
    /// Deterministic.
    pub fn build(fixed: &[Rgb], histogram: &Histogram, size: usize) -> Palette {
        let size = size.min(256);
        let mut colors: Vec<Rgb> = Vec::with_capacity(size);
        for &c in fixed {
            if !colors.contains(&c) && colors.len() < size {
                colors.push(c);
            }
        }
        let mut rest: Vec<(Rgb, u32)> = histogram
            .counts
            .iter()
            .filter(|(c, _)| !colors.contains(c))
            .map(|(&c, &n)| (c, n))
            .collect();
        rest.sort_unstable();
        let free = size - colors.len();
        if rest.len() <= free {
            colors.extend(rest.iter().map(|&(c, _)| c));
            return Palette { colors };
        }
        let first_free = colors.len();
        colors.extend(median_cut(&rest, free));
        let mut palette = Palette { colors };
        palette.refine(&rest, first_free, 4);
        palette
    }

    /// Moves each chosen (not fixed) colour to the mean of the colours nearest to it.
    fn refine(&mut self, samples: &[(Rgb, u32)], first_free: usize, rounds: usize) {
        for _ in 0..rounds {
            let mut sums = vec![[0u64; 4]; self.colors.len()];
            for &(c, n) in samples {
                let i = usize::from(self.nearest(c));
                let n = u64::from(n);
                sums[i][0] += u64::from(c.0) * n;
                sums[i][1] += u64::from(c.1) * n;
                sums[i][2] += u64::from(c.2) * n;
                sums[i][3] += n;
            }
            for (i, s) in sums.iter().enumerate().skip(first_free) {
                if s[3] > 0 {
                    let avg = |v: u64| ((v + s[3] / 2) / s[3]) as u8;
                    self.colors[i] = Rgb(avg(s[0]), avg(s[1]), avg(s[2]));
                }
            }
        }
    }

    /// The index of the palette colour nearest to `c`.
    pub fn nearest(&self, c: Rgb) -> u8 {
        let mut best = (u32::MAX, 0usize);
        for (i, &p) in self.colors.iter().enumerate() {
            let d = distance(c, p);
            if d < best.0 {
                best = (d, i);
                if d == 0 {
                    break;
                }
            }
        }
        best.1 as u8
    }

    /// The colour at `index`.
    pub fn color(&self, index: u8) -> Rgb {
        self.colors
            .get(usize::from(index))
            .copied()
            .unwrap_or(Rgb(0, 0, 0))
    }

    /// The number of colours.
    pub fn len(&self) -> usize {
        self.colors.len()
    }

    /// The palette as PNG's PLTE wants it: r, g, b for each entry.
    pub fn plte(&self) -> Vec<u8> {
        self.colors.iter().flat_map(|c| [c.0, c.1, c.2]).collect()
    }

    /// Maps an opaque pixmap to palette indices.
    pub fn index_pixmap(&self, pixmap: &Pixmap) -> Vec<u8> {
        let mut memo: HashMap<Rgb, u8> = HashMap::new();
        pixmap
            .pixels()
            .iter()
            .map(|p| {
                let c = p.demultiply();
                let c = Rgb(c.red(), c.green(), c.blue());
                *memo.entry(c).or_insert_with(|| self.nearest(c))
            })
            .collect()
    }
}

/// Splits the colour space of `samples` into `n` boxes and returns each box's weighted mean.
fn median_cut(samples: &[(Rgb, u32)], n: usize) -> Vec<Rgb> {
    let mut boxes: Vec<Vec<(Rgb, u32)>> = vec![samples.to_vec()];
    while boxes.len() < n {
        let Some((pick, _)) = boxes
            .iter()
            .enumerate()
            .filter(|(_, b)| b.len() > 1)
            .map(|(i, b)| (i, score(b)))
            .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)))
        else {
            break;
        };
        let mut b = boxes.swap_remove(pick);
        let channel = widest_channel(&b);
        b.sort_unstable_by_key(|&(c, _)| (channel_of(c, channel), c));
        let total: u64 = b.iter().map(|&(_, n)| u64::from(n)).sum();
        let mut acc = 0u64;
        let mut cut = 1;
        for (i, &(_, n)) in b.iter().enumerate() {
            acc += u64::from(n);
            if acc * 2 >= total {
                cut = (i + 1).clamp(1, b.len() - 1);
                break;
            }
        }
        let upper = b.split_off(cut);
        boxes.push(b);
        boxes.push(upper);
    }
    boxes.iter().map(|b| mean(b)).collect()
}

fn channel_of(c: Rgb, channel: usize) -> u8 {
    match channel {
        0 => c.0,
        1 => c.1,
        _ => c.2,
    }
}

fn range(b: &[(Rgb, u32)], channel: usize) -> u8 {
    let (lo, hi) = b.iter().fold((255u8, 0u8), |(lo, hi), &(c, _)| {
        let v = channel_of(c, channel);
        (lo.min(v), hi.max(v))
    });
    hi.saturating_sub(lo)
}

fn widest_channel(b: &[(Rgb, u32)]) -> usize {
    let weights = [2u32, 4, 3];
    (0..3)
        .max_by_key(|&ch| u32::from(range(b, ch)) * weights[ch])
        .unwrap_or(0)
}

/// How much a box wants splitting: its spread, weighted by how many pixels it holds.
fn score(b: &[(Rgb, u32)]) -> f64 {
    let spread = f64::from(range(b, widest_channel(b)));
    let count: f64 = b.iter().map(|&(_, n)| f64::from(n)).sum();
    spread * count.sqrt()
}

fn mean(b: &[(Rgb, u32)]) -> Rgb {
    let mut s = [0u64; 4];
    for &(c, n) in b {
        let n = u64::from(n);
        s[0] += u64::from(c.0) * n;
        s[1] += u64::from(c.1) * n;
        s[2] += u64::from(c.2) * n;
        s[3] += n;
    }
    let total = s[3].max(1);
    let avg = |v: u64| ((v + total / 2) / total) as u8;
    Rgb(avg(s[0]), avg(s[1]), avg(s[2]))
}

/// An ink: a colour laid over the canvas through a coverage mask. Its table gives, for every
/// coverage (0..=255) and every palette index under it, the palette index of the blend.
pub(crate) struct Ink {
    table: Vec<u8>,
}

impl Ink {
    /// `color` at opacity `alpha`, with coverage quantised to `levels` steps.
    pub fn new(palette: &Palette, color: Rgb, alpha: f32, levels: u8) -> Ink {
        let steps = u32::from(levels.max(1));
        let n = palette.len();
        let mut per_step: Vec<Vec<u8>> = Vec::with_capacity(steps as usize + 1);
        for step in 0..=steps {
            let a = alpha * step as f32 / steps as f32;
            per_step.push(
                (0..n)
                    .map(|i| palette.nearest(palette.color(i as u8).mix(color, a)))
                    .collect(),
            );
        }
        let mut table = vec![0u8; 256 * 256];
        for cov in 0..256u32 {
            let step = ((cov * steps + 127) / 255) as usize;
            for i in 0..256 {
                table[(cov as usize) << 8 | i] = if i < n { per_step[step][i] } else { i as u8 };
            }
        }
        Ink { table }
    }

    /// The palette index of this ink at `coverage` over palette index `under`.
    #[inline]
    pub fn over(&self, coverage: u8, under: u8) -> u8 {
        self.table[usize::from(coverage) << 8 | usize::from(under)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_colours_are_kept_exactly_and_the_palette_never_exceeds_256() {
        let mut h = Histogram::default();
        for r in 0..=255u8 {
            for g in (0..=255u8).step_by(5) {
                h.add(Rgb(r, g, 128), 1 + u32::from(r % 7));
            }
        }
        let fixed = [Rgb(1, 2, 3), Rgb(250, 251, 252)];
        let p = Palette::build(&fixed, &h, 256);
        assert_eq!(p.len(), 256);
        assert_eq!(p.color(p.nearest(Rgb(1, 2, 3))), Rgb(1, 2, 3));
        assert_eq!(p.color(p.nearest(Rgb(250, 251, 252))), Rgb(250, 251, 252));
        let err = distance(p.color(p.nearest(Rgb(100, 100, 128))), Rgb(100, 100, 128));
        assert!(err < 400, "median cut left a large error: {err}");
    }

    #[test]
    fn small_histograms_are_kept_exactly() {
        let mut h = Histogram::default();
        h.add(Rgb(9, 9, 9), 3);
        h.add(Rgb(200, 10, 10), 1);
        let p = Palette::build(&[Rgb(0, 0, 0)], &h, 256);
        assert_eq!(p.len(), 3);
        assert_eq!(p.color(p.nearest(Rgb(200, 10, 10))), Rgb(200, 10, 10));
    }
}
