//! The image being composed: one palette index per pixel.

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

    /// Lays `ink` through `mask` with the mask's top-left corner at (`x`, `y`), clipped to
    /// the canvas and to `clip_x1` on the right.
    pub fn draw_mask(&mut self, x: i32, y: i32, mask: &Coverage, ink: &Ink, clip_x1: usize) {
        let right = clip_x1.min(self.w) as i32;
        for row in 0..mask.h as i32 {
            let cy = y + row;
            if cy < 0 || cy >= self.h as i32 {
                continue;
            }
            let src = &mask.data[row as usize * mask.w..(row as usize + 1) * mask.w];
            let base = cy as usize * self.w;
            for (col, &cov) in src.iter().enumerate() {
                let cx = x + col as i32;
                if cov == 0 || cx < 0 || cx >= right {
                    continue;
                }
                let p = &mut self.px[base + cx as usize];
                *p = ink.over(cov, *p);
            }
        }
    }
}
