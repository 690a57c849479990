//! The renderer: artwork prepared once, then every board composed from it.

use rules::{Color, Piece, Role, Square};
use tiny_skia::{FillRule, Mask, PathBuilder, Pixmap, Transform};

use crate::RenderError;
use crate::canvas::{Canvas, Clip, Coverage, Tile};
use crate::encode;
use crate::font::Font;
use crate::layout::Layout;
use crate::palette::{Histogram, Ink, Palette};
use crate::scene::Scene;
use crate::sprites::{self, PieceArtist};
use crate::text::{Style, Text};
use crate::theme::{Colors, Rgb, Theme};

/// Size and look of the images a renderer draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RenderOptions {
    /// Width of the board in px (128 to 2048; rounded down to a multiple of 8). The image is
    /// this wide and a little taller, for the name bars.
    pub board_px: u32,
    /// The colour theme.
    pub theme: Theme,
}

impl Default for RenderOptions {
    /// A 512 px board in the classic theme.
    fn default() -> RenderOptions {
        RenderOptions {
            board_px: 512,
            theme: Theme::Classic,
        }
    }
}

/// How a square is marked, which decides its background.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    None,
    Move,
    Push,
    Check,
    Promotion,
}

impl Mark {
    const ALL: [Mark; 5] = [
        Mark::None,
        Mark::Move,
        Mark::Push,
        Mark::Check,
        Mark::Promotion,
    ];
}

/// What stands on a square: nothing, or one of the twelve pieces.
const CONTENTS: usize = 13;

fn content_index(piece: Option<Piece>) -> usize {
    piece.map_or(0, |p| 1 + p.color.index() * 6 + p.role.index())
}

fn content_piece(index: usize) -> Option<Piece> {
    (index > 0).then(|| Piece::new(Color::ALL[(index - 1) / 6], Role::ALL[(index - 1) % 6]))
}

fn tile_index(mark: Mark, light: bool, content: usize) -> usize {
    ((mark as usize) * 2 + usize::from(light)) * CONTENTS + content
}

/// Colours in the palette. Fewer than 256 on purpose: the anti-aliased edges then take fewer
/// distinct values and compress about 10 % smaller, with no difference visible at 100 %.
const PALETTE_SIZE: usize = 96;

/// Levels of coverage kept for text and arrows.
const TEXT_LEVELS: u8 = 8;
const ARROW_LEVELS: u8 = 6;
const ARROW_ALPHA: f32 = 0.8;
const MAX_ARROWS: usize = 16;

struct Inks {
    text: Ink,
    dim: Ink,
    label_on_light: Ink,
    label_on_dark: Ink,
    arrow: Ink,
}

/// Draws boards as PNG. Prepare one per size and theme and share it: it is `Send + Sync`,
/// and all artwork is rasterised once, in [`Renderer::new`].
pub struct Renderer {
    options: RenderOptions,
    layout: Layout,
    plte: Vec<u8>,
    tiles: Vec<Tile>,
    icons: [Tile; 2],
    text: Text,
    inks: Inks,
    bar: u8,
    accent: u8,
}

impl Renderer {
    /// Rasterises the pieces, squares, marks and glyphs for `options`.
    pub fn new(options: RenderOptions) -> Result<Renderer, RenderError> {
        if !(128..=2048).contains(&options.board_px) {
            return Err(RenderError::Size(options.board_px));
        }
        let layout = Layout::new(options.board_px as usize / 8);
        let colors = options.theme.colors();
        let sq = layout.sq as u32;
        let font = Font::sans()?;
        let artist = PieceArtist::new(&font, colors)?;

        let pieces: Vec<Pixmap> = (1..CONTENTS)
            .filter_map(content_piece)
            .map(|p| artist.pixmap(p, sq, 0.84))
            .collect::<Result<_, _>>()?;
        let mut histogram = Histogram::default();
        let mut raw_tiles = Vec::with_capacity(Mark::ALL.len() * 2 * CONTENTS);
        for mark in Mark::ALL {
            for light in [false, true] {
                let (under, over) = backgrounds(&font, &colors, mark, light, sq)?;
                for content in 0..CONTENTS {
                    let mut tile = under.clone();
                    if content > 0 {
                        tile = sprites::over(&tile, &pieces[content - 1]);
                    }
                    if let Some(over) = &over {
                        tile = sprites::over(&tile, over);
                    }
                    histogram.add_pixmap(&tile);
                    raw_tiles.push(tile);
                }
            }
        }
        let icon_px = layout.icon as u32;
        let mut raw_icons = Vec::with_capacity(2);
        for color in Color::ALL {
            let king = artist.pixmap(Piece::new(color, Role::King), icon_px, 0.92)?;
            let chip = sprites::rasterise(
                &format!(
                    r#"<svg xmlns="http://www.w3.org/2000/svg" width="{icon_px}" height="{icon_px}"><rect width="{icon_px}" height="{icon_px}" fill="{}"/><rect width="{icon_px}" height="{icon_px}" rx="{:.2}" fill="{}"/></svg>"#,
                    colors.bar.hex(),
                    f64::from(icon_px) / 5.0,
                    colors.light.hex(),
                ),
                icon_px,
                icon_px,
            )?;
            let icon = sprites::over(&chip, &king);
            histogram.add_pixmap(&icon);
            raw_icons.push(icon);
        }
        let fixed = fixed_colors(&colors);
        add_ramps(&mut histogram, &colors);
        let palette = Palette::build(&fixed, &histogram, PALETTE_SIZE);

        let to_tile = |p: &Pixmap| Tile {
            w: p.width() as usize,
            h: p.height() as usize,
            px: palette.index_pixmap(p),
        };
        let tiles = raw_tiles.iter().map(to_tile).collect();
        let icons = [to_tile(&raw_icons[0]), to_tile(&raw_icons[1])];
        let inks = Inks {
            text: Ink::new(&palette, colors.bar_text, 1.0, TEXT_LEVELS),
            dim: Ink::new(&palette, colors.bar_dim, 1.0, TEXT_LEVELS),
            label_on_light: Ink::new(&palette, colors.dark, 1.0, TEXT_LEVELS),
            label_on_dark: Ink::new(&palette, colors.light, 1.0, TEXT_LEVELS),
            arrow: Ink::new(&palette, colors.arrow, ARROW_ALPHA, ARROW_LEVELS),
        };
        let text = Text::new(layout.name_px, layout.info_px, layout.label_px)?;
        Ok(Renderer {
            options,
            layout,
            bar: palette.nearest(colors.bar),
            accent: palette.nearest(colors.accent),
            plte: palette.plte(),
            tiles,
            icons,
            text,
            inks,
        })
    }

    /// The options this renderer was made with.
    pub fn options(&self) -> RenderOptions {
        self.options
    }

    /// The size of every image this renderer draws, (width, height) in px.
    pub fn image_size(&self) -> (u32, u32) {
        (self.layout.width() as u32, self.layout.height() as u32)
    }

    /// Draws `scene` and encodes it as a PNG.
    pub fn render_png(&self, scene: &Scene) -> Result<Vec<u8>, RenderError> {
        let canvas = self.compose(scene);
        encode::indexed_png(canvas.w as u32, canvas.h as u32, &canvas.px, &self.plte)
    }

    /// Draws `scene` into a canvas of palette indices.
    fn compose(&self, scene: &Scene) -> Canvas {
        let l = &self.layout;
        let mut canvas = Canvas::new(l.width(), l.height(), self.bar);
        let top = scene.orientation.opposite();
        self.draw_bar(
            &mut canvas,
            0,
            scene,
            top,
            &scene.variant_label(),
            &self.inks.dim,
        );
        self.draw_bar(
            &mut canvas,
            l.bottom_bar_y(),
            scene,
            scene.orientation,
            &scene.status(),
            &self.inks.text,
        );
        self.draw_board(&mut canvas, scene);
        self.draw_labels(&mut canvas, scene.orientation);
        self.draw_arrows(&mut canvas, scene);
        canvas
    }

    fn mark(scene: &Scene, sq: Square) -> Mark {
        let on = |pair: Option<(Square, Square)>| pair.is_some_and(|(a, b)| a == sq || b == sq);
        if scene.check == Some(sq) {
            Mark::Check
        } else if scene.pending_promotion == Some(sq) {
            Mark::Promotion
        } else if on(scene.last_push) {
            Mark::Push
        } else if on(scene.last_move) {
            Mark::Move
        } else {
            Mark::None
        }
    }

    fn draw_board(&self, canvas: &mut Canvas, scene: &Scene) {
        let l = &self.layout;
        for sq in Square::all() {
            let (x, y) = l.square_origin(sq, scene.orientation);
            let content = content_index(scene.squares[sq.index()]);
            let tile = &self.tiles[tile_index(Self::mark(scene, sq), sq.is_light(), content)];
            canvas.copy_tile(x, l.board_y() + y, tile);
        }
    }

    /// Rank digits in the top-left corner of the left column, file letters in the bottom-right
    /// corner of the bottom row, each in the other square colour.
    fn draw_labels(&self, canvas: &mut Canvas, orientation: Color) {
        let l = &self.layout;
        let s = l.sq as i32;
        let pad = (l.sq as f32 * 0.05).round() as i32;
        let cap = (l.label_px * 0.73).round() as i32;
        let descent = (l.label_px * 0.22).round() as i32;
        let board = Clip::rect(0, l.board_y(), l.width(), l.width());
        for i in 0..8u8 {
            let ranks = Layout::square_at(0, i, orientation).map(|sq| (sq, sq.rank_char(), true));
            let files = Layout::square_at(i, 7, orientation).map(|sq| (sq, sq.file_char(), false));
            for (sq, ch, is_rank) in ranks.into_iter().chain(files) {
                let (x, y) = l.square_origin(sq, orientation);
                let (x, y) = (x as i32, (l.board_y() + y) as i32);
                let g = self.text.glyph(Style::Label, ch);
                let (pen, baseline) = if is_rank {
                    (x + pad, y + pad + cap)
                } else {
                    (
                        x + s - pad - g.advance.round() as i32,
                        y + s - pad - descent,
                    )
                };
                let ink = if sq.is_light() {
                    &self.inks.label_on_light
                } else {
                    &self.inks.label_on_dark
                };
                canvas.draw_mask(pen + g.left, baseline + g.top, &g.mask, ink, board);
            }
        }
    }

    fn draw_bar(
        &self,
        canvas: &mut Canvas,
        y: usize,
        scene: &Scene,
        color: Color,
        right: &str,
        right_ink: &Ink,
    ) {
        let l = &self.layout;
        let w = l.width();
        if scene.result.is_none() && scene.side_to_move == color {
            canvas.fill_rect(0, y, l.accent, l.bar, self.accent);
        }
        let icon_x = l.accent + l.pad / 2;
        canvas.copy_tile(icon_x, y + (l.bar - l.icon) / 2, &self.icons[color.index()]);
        let cap = l.name_px * 0.73;
        let baseline = (y as f32 + (l.bar as f32 + cap) / 2.0).round() as i32;
        let info = self.text.line(Style::Info, right, w as f32 * 0.6);
        let right_x = w as f32 - l.pad as f32 - info.width;
        let gap = l.pad / 2;
        let info_x0 = (right_x as usize).saturating_sub(gap);
        let info_clip = Clip::rect(info_x0, y, w - info_x0, l.bar);
        self.draw_line(canvas, &info, right_x, baseline, right_ink, info_clip);
        let name_x0 = icon_x + l.icon;
        let name_x = (name_x0 + gap) as f32;
        let room = right_x - l.pad as f32 - name_x;
        let name = self.text.line(Style::Name, scene.name(color), room);
        let name_clip = Clip::rect(name_x0, y, info_x0.saturating_sub(name_x0), l.bar);
        self.draw_line(canvas, &name, name_x, baseline, &self.inks.text, name_clip);
    }

    fn draw_line(
        &self,
        canvas: &mut Canvas,
        line: &crate::text::Line,
        x: f32,
        baseline: i32,
        ink: &Ink,
        clip: Clip,
    ) {
        for (g, gx) in &line.glyphs {
            let pen = (x + gx).round() as i32;
            canvas.draw_mask(pen + g.left, baseline + g.top, &g.mask, ink, clip);
        }
    }

    fn draw_arrows(&self, canvas: &mut Canvas, scene: &Scene) {
        let l = &self.layout;
        let s = l.sq as f32;
        let mut pb = PathBuilder::new();
        let centre = |sq: Square| {
            let (x, y) = l.square_origin(sq, scene.orientation);
            (x as f32 + s / 2.0, y as f32 + s / 2.0)
        };
        for &(from, to) in scene.arrows.iter().take(MAX_ARROWS) {
            if from == to {
                continue;
            }
            let (ax, ay) = centre(from);
            let (bx, by) = centre(to);
            let len = ((bx - ax).powi(2) + (by - ay).powi(2)).sqrt();
            let (dx, dy) = ((bx - ax) / len, (by - ay) / len);
            let (nx, ny) = (-dy, dx);
            let (shaft, head, head_len) = (s * 0.075, s * 0.2, s * 0.38);
            let (tx, ty) = (bx - dx * s * 0.12, by - dy * s * 0.12);
            let (hx, hy) = (tx - dx * head_len, ty - dy * head_len);
            let (sx, sy) = (ax + dx * s * 0.18, ay + dy * s * 0.18);
            pb.move_to(sx + nx * shaft, sy + ny * shaft);
            pb.line_to(hx + nx * shaft, hy + ny * shaft);
            pb.line_to(hx + nx * head, hy + ny * head);
            pb.line_to(tx, ty);
            pb.line_to(hx - nx * head, hy - ny * head);
            pb.line_to(hx - nx * shaft, hy - ny * shaft);
            pb.line_to(sx - nx * shaft, sy - ny * shaft);
            pb.close();
        }
        // Rasterise only the arrows' bounding box, not the whole board.
        let Some(path) = pb.finish() else {
            return;
        };
        let b = path.bounds();
        let (x0, y0) = (b.left().floor().max(0.0), b.top().floor().max(0.0));
        let w = (b.right().ceil() - x0).max(1.0) as u32;
        let h = (b.bottom().ceil() - y0).max(1.0) as u32;
        let Some(mut mask) = Mask::new(w, h) else {
            return;
        };
        mask.fill_path(
            &path,
            FillRule::Winding,
            true,
            Transform::from_translate(-x0, -y0),
        );
        let cov = Coverage {
            w: w as usize,
            h: h as usize,
            data: mask.take(),
        };
        let y = l.board_y() as i32 + y0 as i32;
        let board = Clip::rect(0, l.board_y(), l.width(), l.width());
        canvas.draw_mask(x0 as i32, y, &cov, &self.inks.arrow, board);
    }
}

/// The background under the piece, and the mark drawn over it, of a square.
fn backgrounds(
    font: &Font,
    c: &Colors,
    mark: Mark,
    light: bool,
    size: u32,
) -> Result<(Pixmap, Option<Pixmap>), RenderError> {
    let base = if light { c.light } else { c.dark };
    let s = size as f32;
    Ok(match mark {
        Mark::None => (sprites::flat(base, size)?, None),
        Mark::Move => (
            sprites::flat(base.mix(c.move_tint, c.tint_alpha), size)?,
            None,
        ),
        Mark::Push => (
            sprites::flat(base.mix(c.push_tint, c.tint_alpha), size)?,
            None,
        ),
        Mark::Check => {
            let svg = format!(
                r##"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}"><defs><radialGradient id="g" cx="50%" cy="50%" r="70%"><stop offset="0" stop-color="{red}"/><stop offset="0.3" stop-color="{red}"/><stop offset="0.9" stop-color="{red}" stop-opacity="0"/></radialGradient></defs><rect width="{size}" height="{size}" fill="{base}"/><rect width="{size}" height="{size}" fill="url(#g)"/></svg>"##,
                red = c.check.hex(),
                base = base.hex(),
            );
            (sprites::rasterise(&svg, size, size)?, None)
        }
        Mark::Promotion => {
            let t = s / 16.0;
            let (cx, cy, r) = (s * 0.80, s * 0.20, s * 0.165);
            let crown = font
                .glyph('\u{265B}')
                .and_then(|g| {
                    let (x0, y0, x1, y1) = font.bounds(g)?;
                    let scale = r * 1.25 / (y1 - y0).max(x1 - x0);
                    let x = cx - (x0 + x1) / 2.0 * scale;
                    let y = cy + (y0 + y1) / 2.0 * scale;
                    font.svg_outline(g, scale, x, y)
                })
                .map(|o| o.data())
                .unwrap_or_default();
            let svg = format!(
                r##"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}"><rect x="{h:.2}" y="{h:.2}" width="{inner:.2}" height="{inner:.2}" rx="{rx:.2}" fill="none" stroke="{gold}" stroke-width="{t:.2}"/><circle cx="{cx:.2}" cy="{cy:.2}" r="{r:.2}" fill="{gold}" stroke="{line}" stroke-width="{sw:.2}"/><path d="{crown}" fill="{line}"/></svg>"##,
                h = t / 2.0,
                inner = s - t,
                rx = s / 10.0,
                gold = c.promo.hex(),
                line = c.white_line.hex(),
                sw = s / 48.0,
            );
            (
                sprites::flat(base.mix(c.promo, 0.3), size)?,
                Some(sprites::rasterise(&svg, size, size)?),
            )
        }
    })
}

/// Colours the palette must hold exactly: flat areas and the text ramps over the bars.
fn fixed_colors(c: &Colors) -> Vec<Rgb> {
    let mut fixed = vec![
        c.light,
        c.dark,
        c.light.mix(c.move_tint, c.tint_alpha),
        c.dark.mix(c.move_tint, c.tint_alpha),
        c.light.mix(c.push_tint, c.tint_alpha),
        c.dark.mix(c.push_tint, c.tint_alpha),
        c.light.mix(c.promo, 0.3),
        c.dark.mix(c.promo, 0.3),
        c.promo,
        c.check,
        c.white_fill,
        c.white_line,
        c.black_fill,
        c.black_edge,
        c.bar,
        c.bar_text,
        c.bar_dim,
        c.accent,
        c.light.mix(c.arrow, ARROW_ALPHA),
        c.dark.mix(c.arrow, ARROW_ALPHA),
    ];
    for step in 1..TEXT_LEVELS {
        let a = f32::from(step) / f32::from(TEXT_LEVELS);
        fixed.push(c.bar.mix(c.bar_text, a));
        fixed.push(c.bar.mix(c.bar_dim, a));
    }
    fixed
}

/// Blends the palette should serve well, though not exactly: coordinates over the squares and
/// arrows over squares and pieces.
fn add_ramps(h: &mut Histogram, c: &Colors) {
    let squares = [
        (c.light, c.dark),
        (c.light.mix(c.move_tint, c.tint_alpha), c.dark),
        (c.dark, c.light),
        (c.dark.mix(c.move_tint, c.tint_alpha), c.light),
    ];
    for (under, ink) in squares {
        for step in 1..TEXT_LEVELS {
            h.add(under.mix(ink, f32::from(step) / f32::from(TEXT_LEVELS)), 40);
        }
    }
    for under in [
        c.light,
        c.dark,
        c.white_fill,
        c.black_fill,
        c.white_line,
        c.black_edge,
    ] {
        for step in 1..=ARROW_LEVELS {
            let a = ARROW_ALPHA * f32::from(step) / f32::from(ARROW_LEVELS);
            h.add(under.mix(c.arrow, a), 60);
        }
    }
}
