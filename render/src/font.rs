//! The faces nadare draws with, and their glyph outlines: DejaVu Sans for pieces and Latin text,
//! and two embedded fallbacks (subsets made by `render/fonts/subset.sh`, SIL OFL 1.1, licence in
//! `render/fonts/OFL.txt`) for Japanese and emoji.

use std::fmt::Write as _;

use ttf_parser::{Face, GlyphId, OutlineBuilder};

use crate::RenderError;

/// A parsed font face with the few queries the renderer needs.
pub(crate) struct Font {
    face: Face<'static>,
    units_per_em: f32,
}

/// A glyph outline placed in pixel space (y down), as SVG path data, one entry per contour
/// with its bounding box (x0, y0, x1, y1).
pub(crate) struct SvgOutline {
    contours: Vec<(String, [f32; 4])>,
}

impl SvgOutline {
    /// All contours: the glyph as the font draws it.
    pub fn data(&self) -> String {
        self.contours.iter().map(|(d, _)| d.as_str()).collect()
    }

    /// Only the contours that lie inside no other: the glyph's silhouette, without holes.
    pub fn outer(&self) -> String {
        let inside = |a: &[f32; 4], b: &[f32; 4]| {
            a != b && a[0] >= b[0] && a[1] >= b[1] && a[2] <= b[2] && a[3] <= b[3]
        };
        self.contours
            .iter()
            .filter(|(_, bb)| !self.contours.iter().any(|(_, other)| inside(bb, other)))
            .map(|(d, _)| d.as_str())
            .collect()
    }
}

impl Font {
    /// DejaVu Sans Book, which also holds the chess glyphs U+2654–U+265F.
    pub fn sans() -> Result<Font, RenderError> {
        Font::parse(dejavu::sans::regular())
    }

    /// DejaVu Sans Bold, for the players' names.
    pub fn sans_bold() -> Result<Font, RenderError> {
        Font::parse(dejavu::sans::bold())
    }

    /// Noto Sans CJK JP Regular, cut to JIS X 0208, kana and full-width forms: the fallback for
    /// Japanese.
    pub fn japanese() -> Result<Font, RenderError> {
        Font::parse(include_bytes!("../fonts/NotoSansCJKjp-Regular.subset.otf"))
    }

    /// Noto Emoji (monochrome) at weight 400: the fallback for emoji.
    pub fn emoji() -> Result<Font, RenderError> {
        Font::parse(include_bytes!("../fonts/NotoEmoji-Regular.subset.ttf"))
    }

    fn parse(data: &'static [u8]) -> Result<Font, RenderError> {
        let face = Face::parse(data, 0).map_err(|e| RenderError::Font(e.to_string()))?;
        let units_per_em = f32::from(face.units_per_em());
        Ok(Font { face, units_per_em })
    }

    /// The glyph for `c`, if the face has one.
    pub fn glyph(&self, c: char) -> Option<GlyphId> {
        self.face.glyph_index(c).filter(|g| g.0 != 0)
    }

    /// The advance of `glyph` at `size` px.
    pub fn advance(&self, glyph: GlyphId, size: f32) -> f32 {
        f32::from(self.face.glyph_hor_advance(glyph).unwrap_or(0)) * size / self.units_per_em
    }

    /// The glyph's bounding box in font units: (x_min, y_min, x_max, y_max), y up.
    pub fn bounds(&self, glyph: GlyphId) -> Option<(f32, f32, f32, f32)> {
        self.face.glyph_bounding_box(glyph).map(|r| {
            (
                f32::from(r.x_min),
                f32::from(r.y_min),
                f32::from(r.x_max),
                f32::from(r.y_max),
            )
        })
    }

    /// Units per em: the scale of [`Font::bounds`].
    pub fn units_per_em(&self) -> f32 {
        self.units_per_em
    }

    /// The outline of `glyph` as SVG path data, scaled by `scale` px per unit and with the
    /// glyph origin (on the baseline) at (`x`, `y`) in pixel space.
    pub fn svg_outline(&self, glyph: GlyphId, scale: f32, x: f32, y: f32) -> Option<SvgOutline> {
        let mut sink = SvgSink {
            contours: Vec::new(),
            scale,
            x,
            y,
        };
        self.face.outline_glyph(glyph, &mut sink)?;
        Some(SvgOutline {
            contours: sink.contours,
        })
    }

    /// The outline of `glyph` as a tiny-skia path, placed like [`Font::svg_outline`].
    pub fn skia_path(&self, glyph: GlyphId, scale: f32, x: f32, y: f32) -> Option<tiny_skia::Path> {
        let mut sink = SkiaSink {
            builder: tiny_skia::PathBuilder::new(),
            scale,
            x,
            y,
        };
        self.face.outline_glyph(glyph, &mut sink)?;
        sink.builder.finish()
    }
}

struct SvgSink {
    contours: Vec<(String, [f32; 4])>,
    scale: f32,
    x: f32,
    y: f32,
}

impl SvgSink {
    /// Appends a command and its points to the current contour, growing its bounding box.
    fn command(&mut self, cmd: char, points: &[(f32, f32)]) {
        if cmd == 'M' || self.contours.is_empty() {
            self.contours
                .push((String::new(), [f32::MAX, f32::MAX, f32::MIN, f32::MIN]));
        }
        let (x0, y0, scale) = (self.x, self.y, self.scale);
        if let Some((data, bb)) = self.contours.last_mut() {
            data.push(cmd);
            for &(px, py) in points {
                let (x, y) = (x0 + px * scale, y0 - py * scale);
                *bb = [bb[0].min(x), bb[1].min(y), bb[2].max(x), bb[3].max(y)];
                let _ = write!(data, "{x:.2} {y:.2} ");
            }
        }
    }
}

impl OutlineBuilder for SvgSink {
    fn move_to(&mut self, x: f32, y: f32) {
        self.command('M', &[(x, y)]);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.command('L', &[(x, y)]);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.command('Q', &[(x1, y1), (x, y)]);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.command('C', &[(x1, y1), (x2, y2), (x, y)]);
    }
    fn close(&mut self) {
        self.command('Z', &[]);
    }
}

struct SkiaSink {
    builder: tiny_skia::PathBuilder,
    scale: f32,
    x: f32,
    y: f32,
}

impl SkiaSink {
    fn map(&self, px: f32, py: f32) -> (f32, f32) {
        (self.x + px * self.scale, self.y - py * self.scale)
    }
}

impl OutlineBuilder for SkiaSink {
    fn move_to(&mut self, x: f32, y: f32) {
        let (x, y) = self.map(x, y);
        self.builder.move_to(x, y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        let (x, y) = self.map(x, y);
        self.builder.line_to(x, y);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let (x1, y1) = self.map(x1, y1);
        let (x, y) = self.map(x, y);
        self.builder.quad_to(x1, y1, x, y);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let (x1, y1) = self.map(x1, y1);
        let (x2, y2) = self.map(x2, y2);
        let (x, y) = self.map(x, y);
        self.builder.cubic_to(x1, y1, x2, y2, x, y);
    }
    fn close(&mut self) {
        self.builder.close();
    }
}
