//! The image being composed: one palette index per pixel.

use crate::avatar::{OUTSIDE, Prepared};
use crate::palette::Ink;

/// A rectangle of palette indices, drawn once and copied into every image.
#[derive(Clone)]
pub(crate) struct Tile {
    pub w: usize,
    pub h: usize,
    pub px: Vec<u8>,
}

/// A coverage mask (0 = nothing, 255 = full), e.g. a glyph or an arrow.
#[derive(Clone, Debug)]
pub(crate) struct Coverage {
    pub w: usize,
    pub h: usize,
    pub data: Vec<u8>,
}

/// An indexed image under composition.
pub(crate) struct Canvas {
    pub w: usize,
    pub h: usize,
    pub px: Vec<u8>,
}

impl Canvas {
    /// A `w`×`h` canvas filled with index `fill`.
    pub fn new(w: usize, h: usize, fill: u8) -> Canvas {
        Canvas {
            w,
            h,
            px: vec![fill; w * h],
        }
    }

    /// Fills a rectangle (clipped to the canvas).
    pub fn fill_rect(&mut self, x: usize, y: usize, w: usize, h: usize, index: u8) {
        let x1 = (x + w).min(self.w);
        for row in y..(y + h).min(self.h) {
            if x < x1 {
                self.px[row * self.w + x..row * self.w + x1].fill(index);
            }
        }
    }

    /// Copies `tile` with its top-left corner at (`x`, `y`), clipped to the canvas.
    pub fn copy_tile(&mut self, x: usize, y: usize, tile: &Tile) {
        let w = tile.w.min(self.w.saturating_sub(x));
        for row in 0..tile.h.min(self.h.saturating_sub(y)) {
            let dst = (y + row) * self.w + x;
            self.px[dst..dst + w].copy_from_slice(&tile.px[row * tile.w..row * tile.w + w]);
        }
    }

    /// Draws an avatar with its top-left corner at (`x`, `y`), clipped to the canvas: its
    /// local index `i` becomes palette index `at + i`, and pixels outside its circle are left.
    pub fn draw_avatar(&mut self, x: usize, y: usize, face: &Prepared, at: u8) {
        if x >= self.w {
            return;
        }
        let w = face.side.min(self.w.saturating_sub(x));
        for row in 0..face.side.min(self.h.saturating_sub(y)) {
            let dst = (y + row) * self.w + x;
            let src = &face.px[row * face.side..row * face.side + w];
            for (p, &i) in self.px[dst..dst + w].iter_mut().zip(src) {
                if i != OUTSIDE {
                    *p = at.saturating_add(i);
                }
            }
        }
    }

    /// Lays `ink` through `mask` with the mask's top-left corner at (`x`, `y`), drawing only
    /// inside `clip` (and the canvas).
    pub fn draw_mask(&mut self, x: i32, y: i32, mask: &Coverage, ink: &Ink, clip: Clip) {
        let (x0, y0) = (clip.x0.max(0), clip.y0.max(0));
        let (x1, y1) = (clip.x1.min(self.w as i32), clip.y1.min(self.h as i32));
        for row in 0..mask.h as i32 {
            let cy = y + row;
            if cy < y0 || cy >= y1 {
                continue;
            }
            let src = &mask.data[row as usize * mask.w..(row as usize + 1) * mask.w];
            let base = cy as usize * self.w;
            for (col, &cov) in src.iter().enumerate() {
                let cx = x + col as i32;
                if cov == 0 || cx < x0 || cx >= x1 {
                    continue;
                }
                let p = &mut self.px[base + cx as usize];
                *p = ink.over(cov, *p);
            }
        }
    }
}

/// A rectangle that drawing stays inside: x0..x1 × y0..y1, in canvas pixels.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Clip {
    pub x0: i32,
    pub y0: i32,
    pub x1: i32,
    pub y1: i32,
}

impl Clip {
    /// The rectangle at (`x`, `y`) of `w`×`h` px.
    pub fn rect(x: usize, y: usize, w: usize, h: usize) -> Clip {
        Clip {
            x0: x as i32,
            y0: y as i32,
            x1: (x + w) as i32,
            y1: (y + h) as i32,
        }
    }
}
