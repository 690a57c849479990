//! Players' pictures for the name bars: decoded once with the `image` crate under strict
//! limits, then, for each icon size and bar colour a renderer asks for, scaled with a quality
//! filter, cut to an antialiased circle over the bar's colour, and reduced to a few colours of
//! their own, which the renderer appends to its palette for the images that show them.

use std::collections::HashMap;
use std::fmt;
use std::io::Cursor;
use std::sync::{Arc, Mutex, PoisonError};

use image::imageops::{self, FilterType};
use image::{ImageFormat, ImageReader, Limits, RgbaImage};

use crate::palette::{Histogram, Palette};
use crate::theme::Rgb;

/// The longest file accepted, in bytes (Discord serves a 128 px avatar in well under 100 KB).
pub(crate) const MAX_AVATAR_BYTES: usize = 2 * 1024 * 1024;
/// The widest and tallest picture accepted, in px, read from the header before decoding.
pub(crate) const MAX_AVATAR_SIDE: u32 = 1024;
/// The most memory the decoder may allocate, in bytes.
const MAX_DECODE_ALLOC: u64 = 64 * 1024 * 1024;
/// Side of the square kept after decoding: above the largest icon (115 px on a 2048 px board).
const MASTER_SIDE: u32 = 128;
/// Palette entries one avatar takes at most in an image.
const AVATAR_COLORS: usize = 32;
/// How many prepared sizes one avatar keeps (renderers of different sizes or themes).
const PREPARED_KEPT: usize = 8;
/// Marks a prepared pixel outside the circle: the bar shows through.
pub(crate) const OUTSIDE: u8 = u8::MAX;

/// Why a picture was refused.
#[derive(Debug, thiserror::Error)]
pub enum AvatarError {
    /// The file is longer than 2 MiB.
    #[error("a picture of {0} bytes is too long (at most {MAX_AVATAR_BYTES})")]
    TooLong(usize),
    /// The file is not a PNG, JPEG, GIF or WebP picture.
    #[error("the file is not a PNG, JPEG, GIF or WebP picture")]
    Format,
    /// The header announces a picture wider or taller than 1024 px, or an empty one.
    #[error("a {0}×{1} px picture is refused (1 to {MAX_AVATAR_SIDE} px a side)")]
    Dimensions(u32, u32),
    /// The header or the picture data could not be read (truncated or corrupt).
    #[error("the picture could not be decoded: {0}")]
    Malformed(String),
}

/// A player's picture, decoded and ready to be drawn in a name bar at any board size. Cheap to
/// clone (shared); two avatars are equal when they show the same pixels.
#[derive(Clone)]
pub struct Avatar {
    inner: Arc<Inner>,
}

struct Inner {
    /// The picture, cut to its centred square and brought to [`MASTER_SIDE`] at most.
    master: RgbaImage,
    /// Prepared forms by (icon side, bar colour), at most [`PREPARED_KEPT`].
    prepared: Mutex<HashMap<(usize, Rgb), Arc<Prepared>>>,
}

/// An avatar as one renderer draws it: local palette indices (or [`OUTSIDE`]) and their colours.
pub(crate) struct Prepared {
    /// Side in px.
    pub side: usize,
    /// `side`×`side` indices into `colors`, or [`OUTSIDE`].
    pub px: Vec<u8>,
    /// At most [`AVATAR_COLORS`] colours.
    pub colors: Vec<Rgb>,
}

impl fmt::Debug for Avatar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Avatar")
            .field("side", &self.inner.master.width())
            .finish_non_exhaustive()
    }
}

impl PartialEq for Avatar {
    fn eq(&self, other: &Avatar) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner) || self.inner.master == other.inner.master
    }
}

impl Eq for Avatar {}

impl Avatar {
    /// The picture as a PNG, square, as it is kept (at most 128 px a side): for a front that
    /// shows it itself (the web page).
    pub fn png(&self) -> Result<Vec<u8>, crate::RenderError> {
        let master = &self.inner.master;
        crate::encode::rgba_png(master.width(), master.height(), master.as_raw())
    }

    /// Decodes a PNG, JPEG, GIF or WebP picture (the first frame of an animated one). The
    /// length, the format and the dimensions in the header are checked before any pixel is
    /// decoded, so a decompression bomb or a file that is not a picture costs nothing.
    pub fn decode(bytes: &[u8]) -> Result<Avatar, AvatarError> {
        if bytes.len() > MAX_AVATAR_BYTES {
            return Err(AvatarError::TooLong(bytes.len()));
        }
        // The first reader only reads the header, and reports its dimensions whatever they
        // are; the second decodes, within limits that would refuse a lying header too.
        let reader = |bytes, strict: bool| -> Result<ImageReader<Cursor<&[u8]>>, AvatarError> {
            let mut reader = ImageReader::new(Cursor::new(bytes))
                .with_guessed_format()
                .map_err(|e| AvatarError::Malformed(e.to_string()))?;
            match reader.format() {
                Some(
                    ImageFormat::Png | ImageFormat::Jpeg | ImageFormat::Gif | ImageFormat::WebP,
                ) => {}
                _ => return Err(AvatarError::Format),
            }
            if strict {
                let mut limits = Limits::default();
                limits.max_image_width = Some(MAX_AVATAR_SIDE);
                limits.max_image_height = Some(MAX_AVATAR_SIDE);
                limits.max_alloc = Some(MAX_DECODE_ALLOC);
                reader.limits(limits);
            } else {
                reader.no_limits();
            }
            Ok(reader)
        };
        let (w, h) = reader(bytes, false)?
            .into_dimensions()
            .map_err(|e| AvatarError::Malformed(e.to_string()))?;
        if w == 0 || h == 0 || w > MAX_AVATAR_SIDE || h > MAX_AVATAR_SIDE {
            return Err(AvatarError::Dimensions(w, h));
        }
        let picture = reader(bytes, true)?
            .decode()
            .map_err(|e| AvatarError::Malformed(e.to_string()))?
            .into_rgba8();
        let side = picture.width().min(picture.height());
        let (x, y) = ((picture.width() - side) / 2, (picture.height() - side) / 2);
        let square = imageops::crop_imm(&picture, x, y, side, side).to_image();
        let master = if side > MASTER_SIDE {
            imageops::resize(&square, MASTER_SIDE, MASTER_SIDE, FilterType::Lanczos3)
        } else {
            square
        };
        Ok(Avatar {
            inner: Arc::new(Inner {
                master,
                prepared: Mutex::new(HashMap::new()),
            }),
        })
    }

    /// The avatar as a `side` px circle over `bar`, prepared on first use and kept.
    pub(crate) fn prepared(&self, side: usize, bar: Rgb) -> Arc<Prepared> {
        let mut kept = self
            .inner
            .prepared
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(p) = kept.get(&(side, bar)) {
            return Arc::clone(p);
        }
        let p = Arc::new(prepare(&self.inner.master, side, bar));
        if kept.len() >= PREPARED_KEPT {
            kept.clear();
        }
        kept.insert((side, bar), Arc::clone(&p));
        p
    }
}

/// Scales `master` to `side` px (Lanczos3), lays it over `bar` inside an antialiased circle,
/// and reduces it to [`AVATAR_COLORS`] colours (median cut and k-means).
fn prepare(master: &RgbaImage, side: usize, bar: Rgb) -> Prepared {
    let n = u32::try_from(side).unwrap_or(1).max(1);
    let scaled = imageops::resize(master, n, n, FilterType::Lanczos3);
    let r = side as f32 / 2.0;
    let mut colors: Vec<Option<Rgb>> = Vec::with_capacity(side * side);
    let mut histogram = Histogram::default();
    for (x, y, p) in scaled.enumerate_pixels() {
        let (dx, dy) = (x as f32 + 0.5 - r, y as f32 + 0.5 - r);
        let coverage = (r - (dx * dx + dy * dy).sqrt() + 0.5).clamp(0.0, 1.0);
        let [red, green, blue, alpha] = p.0;
        let a = coverage * f32::from(alpha) / 255.0;
        let c = (coverage > 0.0).then(|| bar.mix(Rgb(red, green, blue), a));
        if let Some(c) = c {
            histogram.add(c, 1);
        }
        colors.push(c);
    }
    let palette = Palette::build(&[], &histogram, AVATAR_COLORS);
    let mut memo: HashMap<Rgb, u8> = HashMap::new();
    let px = colors
        .iter()
        .map(|c| match c {
            Some(c) => *memo.entry(*c).or_insert_with(|| palette.nearest(*c)),
            None => OUTSIDE,
        })
        .collect();
    Prepared {
        side,
        px,
        colors: (0..palette.len()).map(|i| palette.color(i as u8)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prepared_avatar_is_a_circle_in_few_colours() {
        let mut master = RgbaImage::new(64, 64);
        for (x, y, p) in master.enumerate_pixels_mut() {
            p.0 = [(x * 4) as u8, (y * 4) as u8, 128, 255];
        }
        let p = prepare(&master, 29, Rgb(0x2b, 0x29, 0x26));
        assert_eq!(p.px.len(), 29 * 29);
        assert!(p.colors.len() <= AVATAR_COLORS);
        assert_eq!(p.px[0], OUTSIDE, "the corner is outside the circle");
        assert_ne!(p.px[14 * 29 + 14], OUTSIDE, "the centre is inside");
        assert!(
            p.px.iter()
                .all(|&i| i == OUTSIDE || usize::from(i) < p.colors.len())
        );
    }
}
