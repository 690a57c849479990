//! Helpers shared by the renderer's integration tests: one renderer for all, and PNG images
//! decoded to RGB pixels.

use std::io::Cursor;
use std::sync::LazyLock;

use render::{RenderOptions, Renderer, Scene};
use rules::{Position, Square, Variant};

/// The renderer with the default options, prepared once for every test.
pub static RENDERER: LazyLock<Renderer> =
    LazyLock::new(|| match Renderer::new(RenderOptions::default()) {
        Ok(r) => r,
        Err(e) => panic!("the default renderer is prepared: {e}"),
    });

/// A decoded image: RGB bytes.
pub struct Image {
    /// Width in pixels.
    pub w: usize,
    /// Height in pixels.
    pub h: usize,
    /// Three bytes per pixel, row by row from the top left.
    pub rgb: Vec<u8>,
}

impl Image {
    /// Decodes the PNG `png_bytes`, which must be a palette or RGB image.
    pub fn decode(png_bytes: &[u8]) -> Image {
        let mut decoder = png::Decoder::new(Cursor::new(png_bytes));
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().expect("a PNG header");
        let mut buf = vec![0; reader.output_buffer_size().expect("a sane size")];
        let info = reader.next_frame(&mut buf).expect("image data");
        assert_eq!(
            info.color_type,
            png::ColorType::Rgb,
            "a palette image expands to RGB"
        );
        buf.truncate(info.buffer_size());
        Image {
            w: info.width as usize,
            h: info.height as usize,
            rgb: buf,
        }
    }

    /// The pixel at column `x`, row `y`.
    pub fn at(&self, x: usize, y: usize) -> [u8; 3] {
        let i = (y * self.w + x) * 3;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }

    /// Height of each name bar of an image of the shared renderer: the board's top.
    pub fn bar(&self) -> usize {
        board().1
    }

    /// The pixel at fraction (`fx`, `fy`) of the square in column `col`, row `row` (0,0 = top
    /// left) of an image of the shared renderer.
    pub fn in_cell(&self, col: usize, row: usize, fx: f32, fy: f32) -> [u8; 3] {
        let (x0, y0, side) = board();
        let s = side / 8;
        let x = x0 + col * s + (fx * s as f32) as usize;
        let y = y0 + row * s + (fy * s as f32) as usize;
        self.at(x, y)
    }
}

/// Where the shared renderer puts the board: its left edge, its top and its side, in px.
pub fn board() -> (usize, usize, usize) {
    let (x, y, side) = RENDERER.board_rect();
    (x as usize, y as usize, side as usize)
}

impl Image {}

/// The PNG the shared renderer draws for `scene`, decoded.
pub fn render(scene: &Scene) -> Image {
    Image::decode(&RENDERER.render_png(scene).expect("renders"))
}

/// The square named `name`, such as `e4`.
pub fn sq(name: &str) -> Square {
    name.parse().expect("a square")
}

/// The scene of standard chess's usual start.
pub fn start() -> Scene {
    Scene::from_position(&Position::new_game(Variant::Standard, None).expect("the usual setup"))
}
