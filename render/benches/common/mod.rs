//! What both render benches draw besides positions: players' pictures.

use render::Avatar;

/// A 128 px picture (Discord's avatar size for a bar) whose pixel at (x, y) is `f(x, y)`.
pub fn avatar(f: impl Fn(u32, u32) -> [u8; 3]) -> Avatar {
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, 128, 128);
    encoder.set_color(png::ColorType::Rgb);
    let data: Vec<u8> = (0..128u32)
        .flat_map(|y| (0..128u32).map(move |x| (x, y)))
        .flat_map(|(x, y)| f(x, y))
        .collect();
    if let Err(e) = encoder
        .write_header()
        .and_then(|mut w| w.write_image_data(&data))
    {
        panic!("bench avatar: {e}");
    }
    match Avatar::decode(&bytes) {
        Ok(a) => a,
        Err(e) => panic!("bench avatar: {e}"),
    }
}
