//! Artwork drawn once per size and theme: pieces and square backgrounds, written as small SVG
//! documents and rasterised by resvg.

use rules::{Color, Piece, Role};
use tiny_skia::{Pixmap, PixmapPaint, Transform};

use crate::RenderError;
use crate::font::Font;
use crate::theme::{Colors, Rgb};

/// Rasterises an SVG document of `w`×`h` px.
pub(crate) fn rasterise(svg: &str, w: u32, h: u32) -> Result<Pixmap, RenderError> {
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default())
        .map_err(|e| RenderError::Artwork(e.to_string()))?;
    let mut pixmap = Pixmap::new(w, h).ok_or(RenderError::Size(w))?;
    resvg::render(&tree, Transform::identity(), &mut pixmap.as_mut());
    Ok(pixmap)
}

/// The solid (black) chess glyph of `role`: its outline is the piece's silhouette.
fn solid_char(role: Role) -> char {
    match role {
        Role::King => '\u{265A}',
        Role::Queen => '\u{265B}',
        Role::Rook => '\u{265C}',
        Role::Bishop => '\u{265D}',
        Role::Knight => '\u{265E}',
        Role::Pawn => '\u{265F}',
    }
}

/// The outlined (white) chess glyph of `role`: the outline with the inner drawing.
fn outline_char(role: Role) -> char {
    match role {
        Role::King => '\u{2654}',
        Role::Queen => '\u{2655}',
        Role::Rook => '\u{2656}',
        Role::Bishop => '\u{2657}',
        Role::Knight => '\u{2658}',
        Role::Pawn => '\u{2659}',
    }
}

/// Draws the twelve pieces for squares of `size` px.
pub(crate) struct PieceArtist<'a> {
    font: &'a Font,
    colors: Colors,
    scale: f32,
    baseline: f32,
}

impl<'a> PieceArtist<'a> {
    /// Fits the chess glyphs of `font` into `size` px, all on one baseline and scale.
    pub fn new(font: &'a Font, colors: Colors) -> Result<PieceArtist<'a>, RenderError> {
        let (mut y_min, mut y_max) = (f32::MAX, f32::MIN);
        for role in Role::ALL {
            let glyph = font
                .glyph(solid_char(role))
                .ok_or(RenderError::Font(format!(
                    "the font has no glyph for the {role}"
                )))?;
            let (_, lo, _, hi) = font.bounds(glyph).unwrap_or((0.0, 0.0, 0.0, 0.0));
            y_min = y_min.min(lo);
            y_max = y_max.max(hi);
        }
        Ok(PieceArtist {
            font,
            colors,
            scale: 1.0 / (y_max - y_min),
            baseline: y_max / (y_max - y_min),
        })
    }

    /// The SVG of `piece` on a transparent `size`×`size` square; the piece is `fill` of the
    /// square high.
    pub fn svg(&self, piece: Piece, size: u32, fill: f32) -> String {
        let s = size as f32;
        let scale = self.scale * fill * s;
        let top = (s - fill * s) / 2.0 + s * 0.01;
        let base = top + self.baseline * fill * s;
        let place = |c: char| {
            let glyph = self.font.glyph(c)?;
            let (x0, _, x1, _) = self.font.bounds(glyph)?;
            let x = s / 2.0 - (x0 + x1) / 2.0 * scale;
            self.font.svg_outline(glyph, scale, x, base)
        };
        let c = self.colors;
        let mut svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}">"#
        );
        // Both colours lay a silhouette (the outer contours, no holes) with a stroke around it,
        // then the glyph itself on top: white pieces are a white body under the outlined glyph,
        // black pieces a light body under the solid glyph, whose hollows then show light.
        let silhouette = place(outline_char(piece.role))
            .map(|o| o.outer())
            .unwrap_or_default();
        let (glyph, body, ink, stroke) = match piece.color {
            Color::White => (
                outline_char(piece.role),
                c.white_fill,
                c.white_line,
                s / 40.0,
            ),
            Color::Black => (solid_char(piece.role), c.black_edge, c.black_fill, s / 14.0),
        };
        let edge = match piece.color {
            Color::White => c.white_line,
            Color::Black => c.black_edge,
        };
        let lines = place(glyph).map(|o| o.data()).unwrap_or_default();
        svg.push_str(&format!(
            r#"<path d="{silhouette}" fill="{}" stroke="{}" stroke-width="{stroke:.2}" stroke-linejoin="round"/><path d="{lines}" fill="{}" fill-rule="evenodd"/>"#,
            body.hex(),
            edge.hex(),
            ink.hex(),
        ));
        svg.push_str("</svg>");
        svg
    }

    /// `piece` rasterised on a transparent `size`×`size` pixmap.
    pub fn pixmap(&self, piece: Piece, size: u32, fill: f32) -> Result<Pixmap, RenderError> {
        rasterise(&self.svg(piece, size, fill), size, size)
    }
}

/// A flat `size`×`size` square of `color`.
pub(crate) fn flat(color: Rgb, size: u32) -> Result<Pixmap, RenderError> {
    let mut p = Pixmap::new(size, size).ok_or(RenderError::Size(size))?;
    p.fill(tiny_skia::Color::from_rgba8(color.0, color.1, color.2, 255));
    Ok(p)
}

/// `top` drawn over a copy of `bottom`.
pub(crate) fn over(bottom: &Pixmap, top: &Pixmap) -> Pixmap {
    let mut out = bottom.clone();
    out.draw_pixmap(
        0,
        0,
        top.as_ref(),
        &PixmapPaint::default(),
        Transform::identity(),
        None,
    );
    out
}
