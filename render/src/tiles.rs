//! The tiles every board is built from: each square colour under each mark, with each
//! piece or none, rasterised once.

use rules::{Color, Piece, Role, Square};
use tiny_skia::Pixmap;

use crate::RenderError;
use crate::font::Font;
use crate::scene::Scene;
use crate::sprites::{self, PieceArtist};
use crate::theme::Colors;

/// How a square is marked, which decides its background.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mark {
    /// Nothing.
    None,
    /// A square of the last move.
    Move,
    /// A square of the last push.
    Push,
    /// A king in check.
    Check,
    /// A pawn waiting for its promotion.
    Promotion,
    /// A pawn a push had brought to its last rank, just promoted by its owner.
    Promoted,
}

impl Mark {
    /// Every mark, in tile order.
    pub const ALL: [Mark; 6] = [
        Mark::None,
        Mark::Move,
        Mark::Push,
        Mark::Check,
        Mark::Promotion,
        Mark::Promoted,
    ];

    /// How `scene` marks `sq`; a check outranks a pending promotion, which outranks a push, a
    /// promotion just chosen and the last move, in that order (a piece promoted and moved on
    /// in one turn leaves its gold behind on the move's first square).
    pub fn of(scene: &Scene, sq: Square) -> Mark {
        let on = |pair: Option<(Square, Square)>| pair.is_some_and(|(a, b)| a == sq || b == sq);
        if scene.check == Some(sq) {
            Mark::Check
        } else if scene.pending_promotion == Some(sq) {
            Mark::Promotion
        } else if on(scene.last_push) {
            Mark::Push
        } else if scene.promoted == Some(sq) {
            Mark::Promoted
        } else if on(scene.last_move) {
            Mark::Move
        } else {
            Mark::None
        }
    }
}

/// What stands on a square: nothing, or one of the twelve pieces.
const CONTENTS: usize = 13;

/// The content index of what stands on a square.
pub(crate) fn content_index(piece: Option<Piece>) -> usize {
    piece.map_or(0, |p| 1 + p.color.index() * 6 + p.role.index())
}

fn content_piece(index: usize) -> Option<Piece> {
    (index > 0).then(|| Piece::new(Color::ALL[(index - 1) / 6], Role::ALL[(index - 1) % 6]))
}

/// Where the tile of a square with this mark, colour and content sits in the tile set.
pub(crate) fn tile_index(mark: Mark, light: bool, content: usize) -> usize {
    ((mark as usize) * 2 + usize::from(light)) * CONTENTS + content
}

/// The twelve pieces on transparent squares of `size` px, in content order (the piece of
/// content index `i` at `i - 1`).
pub(crate) fn rasterise_pieces(
    artist: &PieceArtist,
    size: u32,
) -> Result<Vec<Pixmap>, RenderError> {
    (1..CONTENTS)
        .filter_map(content_piece)
        .map(|p| artist.pixmap(p, size, 0.84))
        .collect()
}

/// Every tile for squares of `size` px, in [`tile_index`] order.
pub(crate) fn rasterise_tiles(
    font: &Font,
    pieces: &[Pixmap],
    colors: &Colors,
    size: u32,
) -> Result<Vec<Pixmap>, RenderError> {
    let mut tiles = Vec::with_capacity(Mark::ALL.len() * 2 * CONTENTS);
    for mark in Mark::ALL {
        for light in [false, true] {
            let (under, over) = square_art(font, colors, mark, light, size)?;
            for content in 0..CONTENTS {
                let mut tile = under.clone();
                if content > 0 {
                    tile = sprites::over(&tile, &pieces[content - 1]);
                }
                if let Some(over) = &over {
                    tile = sprites::over(&tile, over);
                }
                tiles.push(tile);
            }
        }
    }
    Ok(tiles)
}

/// The bars' icon for `color`: its king on a rounded chip of the light square colour.
pub(crate) fn icon(
    artist: &PieceArtist,
    colors: &Colors,
    color: Color,
    size: u32,
) -> Result<Pixmap, RenderError> {
    let king = artist.pixmap(Piece::new(color, Role::King), size, 0.92)?;
    let chip = sprites::rasterise(
        &format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}"><rect width="{size}" height="{size}" fill="{}"/><rect width="{size}" height="{size}" rx="{:.2}" fill="{}"/></svg>"#,
            colors.bar.hex(),
            f64::from(size) / 5.0,
            colors.light.hex(),
        ),
        size,
        size,
    )?;
    Ok(sprites::over(&chip, &king))
}

/// The background under the piece, and the mark drawn over it, of a square.
fn square_art(
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
        Mark::Promoted => (sprites::flat(base.mix(c.promo, c.tint_alpha), size)?, None),
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
