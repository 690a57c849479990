//! Animated GIF output: a replay of a game, one frame per scene.
//!
//! Every frame is composed as the PNG path composes its image, in the renderer's one palette,
//! which becomes the GIF's global colour table: no quantising, and each frame equals the PNG
//! of its scene pixel for pixel. The first frame is the whole image; each later one only the
//! smallest rectangle holding the pixels that changed, with the unchanged pixels inside it
//! transparent (they compress to almost nothing), drawn over the frame before — as lichess's
//! GIF service does. The `gif` crate writes the container; the image data is compressed by
//! [`crate::lzw`], which is several times faster than the crate's own on such frames.

use std::borrow::Cow;

use ::gif::{DisposalMethod, Encoder, Frame, Repeat};

use crate::RenderError;
use crate::lzw::LzwEncoder;

/// How long each frame but the last stays, in hundredths of a second.
pub(crate) const FRAME_DELAY_CS: u16 = 100;
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
        let (bounds, transparent) = match &self.previous {
            None => {
                // Runs of the bars' colour, in the top-left corner, are the commonest.
                let corner = px.first().copied().unwrap_or(0);
                self.lzw.encode(&px, corner, &mut self.code_stream);
                (full, None)
            }
            Some(previous) => {
                let bounds =
                    changed_box(previous, &px, self.w).unwrap_or(Bounds { w: 1, h: 1, ..full });
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
                (bounds, Some(self.transparent))
            }
        };
        let frame = Frame {
            delay: delay_cs,
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
        written?;
        self.previous = Some(px);
        Ok(())
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

/// The smallest rectangle holding every pixel where `a` and `b` (images `w` px wide) differ.
fn changed_box(a: &[u8], b: &[u8], w: usize) -> Option<Bounds> {
    let (mut x0, mut x1, mut y0, mut y1) = (usize::MAX, 0, usize::MAX, 0);
    for (y, (ra, rb)) in a.chunks_exact(w).zip(b.chunks_exact(w)).enumerate() {
        if ra == rb {
            continue;
        }
        let first = ra.iter().zip(rb).position(|(p, q)| p != q).unwrap_or(0);
        let last = ra
            .iter()
            .zip(rb)
            .rposition(|(p, q)| p != q)
            .unwrap_or(w - 1);
        x0 = x0.min(first);
        x1 = x1.max(last + 1);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_changed_box_spans_exactly_the_differing_pixels() {
        let w = 6;
        let a = vec![0u8; w * 5];
        let mut b = a.clone();
        assert_eq!(changed_box(&a, &b, w), None);
        b[w + 4] = 1; // (4, 1)
        b[3 * w + 2] = 1; // (2, 3)
        assert_eq!(
            changed_box(&a, &b, w),
            Some(Bounds {
                x: 2,
                y: 1,
                w: 3,
                h: 3
            })
        );
        b[4 * w + 5] = 2; // (5, 4): the bottom-right corner
        assert_eq!(
            changed_box(&a, &b, w),
            Some(Bounds {
                x: 2,
                y: 1,
                w: 4,
                h: 4
            })
        );
    }
}
