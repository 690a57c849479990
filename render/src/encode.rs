//! PNG output.
//!
//! Images are always written indexed: the renderer composes in one palette of at most 256
//! colours, so a pixel is one byte where RGB needs three. The settings were measured on 512 px
//! boards: the Up filter turns the many rows that repeat the row above into zeros, and zlib-rs
//! at level 2 compresses a start position to about 20 KB in a few hundred microseconds; level 1
//! is faster but about 25 % larger, fdeflate faster still but 70 % larger, and levels 3–6 gain
//! under 5 % for twice the time.

use crate::RenderError;

/// Encodes a `w`×`h` image of palette indices with the palette `plte` (r, g, b per entry).
pub(crate) fn indexed_png(w: u32, h: u32, px: &[u8], plte: &[u8]) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(32 * 1024);
    let mut encoder = png::Encoder::new(&mut out, w, h);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(plte);
    encoder.set_deflate_compression(png::DeflateCompression::Level(2));
    encoder.set_filter(png::Filter::Up);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(px)?;
    writer.finish()?;
    Ok(out)
}

/// Encodes a `w`×`h` RGBA image (a player's picture, for a front that shows it as it is).
pub(crate) fn rgba_png(w: u32, h: u32, px: &[u8]) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(px.len() / 2);
    let mut encoder = png::Encoder::new(&mut out, w, h);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_deflate_compression(png::DeflateCompression::Level(2));
    let mut writer = encoder.write_header()?;
    writer.write_image_data(px)?;
    writer.finish()?;
    Ok(out)
}
