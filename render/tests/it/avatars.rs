//! Players' pictures in the name bars: where they are drawn and what they leave alone, and the
//! files refused before any pixel is decoded.

use std::io::Cursor;

use render::{Avatar, AvatarError, Scene};
use rules::Color;

use crate::common::{Image, RENDERER, render, start};
use crate::gif::{OPERA_GAME, check_frames, differing_pixels, game, scenes};

/// A `w`×`h` RGBA PNG whose pixel at (x, y) is `f(x, y)`.
fn png_of(w: u32, h: u32, f: impl Fn(u32, u32) -> [u8; 4]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, w, h);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().expect("a header");
    let data: Vec<u8> = (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .flat_map(|(x, y)| f(x, y))
        .collect();
    writer.write_image_data(&data).expect("the pixels");
    writer.finish().expect("the end");
    out
}

/// A 96 px picture: a red-to-yellow ramp.
fn warm() -> Avatar {
    let bytes = png_of(96, 96, |x, y| [230, (x * 2) as u8, (y / 2) as u8, 255]);
    Avatar::decode(&bytes).expect("a good PNG decodes")
}

/// A 96 px picture: blue rings on white.
fn cool() -> Avatar {
    let bytes = png_of(96, 96, |x, y| {
        let d = (x as i32 - 48).pow(2) + (y as i32 - 48).pow(2);
        if d / 64 % 2 == 0 {
            [20, 60, 220, 255]
        } else {
            [250, 250, 250, 255]
        }
    });
    Avatar::decode(&bytes).expect("a good PNG decodes")
}

fn named() -> Scene {
    let mut scene = start();
    scene.white = "Magnus".into();
    scene.black = "Hikaru".into();
    scene
}

/// The pixels that differ between two images of the same size, as (x, y).
fn differences(a: &Image, b: &Image) -> Vec<(usize, usize)> {
    assert_eq!((a.w, a.h), (b.w, b.h));
    (0..a.h)
        .flat_map(|y| (0..a.w).map(move |x| (x, y)))
        .filter(|&(x, y)| a.at(x, y) != b.at(x, y))
        .collect()
}

/// The number of entries in a PNG's palette.
fn palette_len(png_bytes: &[u8]) -> usize {
    let reader = png::Decoder::new(Cursor::new(png_bytes))
        .read_info()
        .expect("a PNG header");
    reader.info().palette.as_ref().map_or(0, |p| p.len() / 3)
}

#[test]
fn an_avatar_replaces_only_the_icon_of_its_players_bar() {
    let plain = render(&named());
    let mut scene = named();
    scene.white_avatar = Some(warm());
    let with = render(&scene);
    let bar = plain.bar();
    let changed = differences(&plain, &with);
    assert!(
        changed.len() > bar * bar / 3,
        "the picture shows: {}",
        changed.len()
    );
    // White sits at the bottom: only the icon's square at the left of the lower bar changes.
    let bottom = plain.h - bar;
    assert!(
        changed.iter().all(|&(x, y)| x < bar && y >= bottom),
        "a pixel outside White's icon changed"
    );
    // The middle of the circle shows the picture's red, not the icon's king.
    let [r, g, b] = with.at(bar / 2 - 1, bottom + bar / 2);
    assert!(
        r > 180 && g < 160 && b < 100,
        "the centre is warm: {r},{g},{b}"
    );
}

#[test]
fn two_different_avatars_give_different_name_bars() {
    let mut a = named();
    a.black_avatar = Some(warm());
    let mut b = named();
    b.black_avatar = Some(cool());
    let (a, b) = (render(&a), render(&b));
    let changed = differences(&a, &b);
    let bar = a.bar();
    assert!(
        changed.len() > bar * bar / 3,
        "{} pixels differ",
        changed.len()
    );
    assert!(
        changed.iter().all(|&(x, y)| x < bar && y < bar),
        "Black's bar is on top"
    );
}

#[test]
fn without_avatars_the_image_keeps_the_icons_and_the_renderers_palette() {
    let plain = RENDERER.render_png(&named()).expect("renders");
    let mut cleared = named();
    cleared.white_avatar = Some(warm());
    cleared.white_avatar = None;
    assert_eq!(RENDERER.render_png(&cleared).expect("renders"), plain);
    assert!(
        palette_len(&plain) <= 96,
        "no colour is added without avatars"
    );
    let mut one = named();
    one.black_avatar = Some(cool());
    let one = RENDERER.render_png(&one).expect("renders");
    let added = palette_len(&one) - palette_len(&plain);
    assert!((2..=32).contains(&added), "{added} colours for one avatar");
    // White's bar, with no avatar, is exactly as before.
    let (plain, one) = (Image::decode(&plain), Image::decode(&one));
    let bottom = plain.h - plain.bar();
    assert!(
        differences(&plain, &one).iter().all(|&(_, y)| y < bottom),
        "White's bar changed"
    );
}

#[test]
fn a_file_that_is_not_a_picture_is_refused() {
    let err = Avatar::decode(b"<html>404 not found</html>").expect_err("not a picture");
    assert!(matches!(err, AvatarError::Format), "{err:?}");
    let err = Avatar::decode(&[]).expect_err("empty");
    assert!(matches!(err, AvatarError::Format), "{err:?}");
}

#[test]
fn a_header_announcing_a_huge_picture_is_refused_before_decoding() {
    // The signature, the header, the start of the data and the end: 20000×20000 px
    // announced in under 100 bytes.
    let mut bomb = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bomb, 20_000, 20_000);
        encoder.set_color(png::ColorType::Rgba);
        let mut writer = encoder.write_header().expect("a header");
        writer
            .write_chunk(png::chunk::IDAT, &[0x78, 0x01])
            .expect("a chunk");
    }
    assert!(bomb.len() < 100, "{} bytes", bomb.len());
    let err = Avatar::decode(&bomb).expect_err("too large");
    assert!(
        matches!(err, AvatarError::Dimensions(20_000, 20_000)),
        "{err:?}"
    );
}

#[test]
fn a_file_over_the_byte_limit_is_refused() {
    let mut long = png_of(8, 8, |_, _| [1, 2, 3, 255]);
    long.resize(3 * 1024 * 1024, 0);
    let err = Avatar::decode(&long).expect_err("too long");
    assert!(
        matches!(err, AvatarError::TooLong(n) if n == long.len()),
        "{err:?}"
    );
}

#[test]
fn a_truncated_png_is_refused() {
    let whole = png_of(64, 64, |x, y| [(x * 4) as u8, (y * 4) as u8, 99, 255]);
    let cut = &whole[..whole.len() / 2];
    let err = Avatar::decode(cut).expect_err("truncated");
    assert!(matches!(err, AvatarError::Malformed(_)), "{err:?}");
}

/// A GIF of one 16 px frame per colour.
fn gif_of(colors: &[[u8; 3]]) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let palette: Vec<u8> = colors.iter().flatten().copied().collect();
        let mut encoder = gif::Encoder::new(&mut out, 16, 16, &palette).expect("a header");
        for i in 0..colors.len() {
            let frame = gif::Frame {
                width: 16,
                height: 16,
                delay: 10,
                buffer: vec![i as u8; 256].into(),
                ..gif::Frame::default()
            };
            encoder.write_frame(&frame).expect("a frame");
        }
    }
    out
}

#[test]
fn an_animated_gif_gives_its_first_frame() {
    let (red, blue) = ([220, 20, 20], [20, 20, 220]);
    let animated = Avatar::decode(&gif_of(&[red, blue])).expect("decodes");
    assert_eq!(animated, Avatar::decode(&gif_of(&[red])).expect("decodes"));
    assert_ne!(animated, Avatar::decode(&gif_of(&[blue])).expect("decodes"));
}

#[test]
fn jpeg_and_webp_pictures_are_read() {
    let picture = image::RgbImage::from_fn(40, 30, |x, _| image::Rgb([200, (x * 5) as u8, 40]));
    for format in [image::ImageFormat::Jpeg, image::ImageFormat::WebP] {
        let mut bytes = Cursor::new(Vec::new());
        picture.write_to(&mut bytes, format).expect("encodes");
        let avatar = Avatar::decode(bytes.get_ref());
        assert!(avatar.is_ok(), "{format:?}: {avatar:?}");
    }
}

#[test]
fn the_replay_carries_the_avatars_in_every_frame() {
    let game = game(OPERA_GAME);
    let mut with = scenes(&game, Color::White);
    for scene in &mut with {
        scene.white_avatar = Some(warm());
        scene.black_avatar = Some(cool());
    }
    let animation = check_frames(&with);
    let plain = check_frames(&scenes(&game, Color::White));
    let (first, plain_first) = (&animation.composed()[0], &plain.composed()[0]);
    let bar = Image::decode(&RENDERER.render_png(&with[0]).expect("renders")).bar();
    assert!(differing_pixels(first, plain_first) > 2 * bar * bar / 3);
}
