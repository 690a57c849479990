//! Text in the bars and the board coordinates: a glyph atlas rasterised once, a cache for the
//! rest of Unicode, and one-line layout that never overflows.

use std::collections::HashMap;
use std::sync::{Arc, PoisonError, RwLock};

use tiny_skia::{FillRule, Mask, Transform};
use unicode_bidi::BidiInfo;

use crate::RenderError;
use crate::canvas::Coverage;
use crate::font::Font;

/// The kinds of text the renderer sets, each in one face and size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Style {
    /// Player names (bold).
    Name,
    /// Variant, move number, result (book).
    Info,
    /// Board coordinates (bold, small).
    Label,
}

impl Style {
    const ALL: [Style; 3] = [Style::Name, Style::Info, Style::Label];

    fn index(self) -> usize {
        self as usize
    }
}

/// One rasterised glyph.
#[derive(Debug)]
pub(crate) struct Glyph {
    /// Its coverage.
    pub mask: Coverage,
    /// Mask offset from the pen position, px.
    pub left: i32,
    /// Mask offset from the baseline, px (negative: above it).
    pub top: i32,
    /// How far the pen moves after it, px.
    pub advance: f32,
}

/// A line of text laid out left to right in visual order.
pub(crate) struct Line {
    /// Each glyph with its pen position from the line's start.
    pub glyphs: Vec<(Arc<Glyph>, f32)>,
    /// The width of the whole line.
    pub width: f32,
}

/// Characters that the atlas holds from the start: what the bars say in English, and names
/// in plain Latin script.
const ATLAS_EXTRA: &str = "…·–—#½ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝßàáâãäåæçèéêëìíîïñòóôõöøùúûüýÿ";

/// At most this many glyphs are kept in the on-demand cache; past it the cache starts over.
const CACHE_LIMIT: usize = 4096;

/// At most this many characters of any one text are considered before fitting it to width.
const MAX_CHARS: usize = 64;

/// The renderer's text system; `Send + Sync`.
pub(crate) struct Text {
    regular: Font,
    bold: Font,
    sizes: [f32; 3],
    atlas: HashMap<(Style, char), Arc<Glyph>>,
    cache: RwLock<HashMap<(Style, char), Arc<Glyph>>>,
    tofu: [Arc<Glyph>; 3],
}

impl Text {
    /// Loads the faces and rasterises the atlas for names, info and labels of these px sizes.
    pub fn new(name_px: f32, info_px: f32, label_px: f32) -> Result<Text, RenderError> {
        let mut text = Text {
            regular: Font::sans()?,
            bold: Font::sans_bold()?,
            sizes: [name_px, info_px, label_px],
            atlas: HashMap::new(),
            cache: RwLock::new(HashMap::new()),
            tofu: Style::ALL.map(|s| Arc::new(tofu([name_px, info_px, label_px][s.index()]))),
        };
        let chars: Vec<char> = (' '..='~').chain(ATLAS_EXTRA.chars()).collect();
        for style in Style::ALL {
            for &c in &chars {
                if let Some(g) = text.rasterise(style, c) {
                    text.atlas.insert((style, c), Arc::new(g));
                }
            }
        }
        Ok(text)
    }

    fn font(&self, style: Style) -> &Font {
        match style {
            Style::Info => &self.regular,
            Style::Name | Style::Label => &self.bold,
        }
    }

    /// Rasterises `c` in `style`, falling back to the book face; `None` if neither has it.
    fn rasterise(&self, style: Style, c: char) -> Option<Glyph> {
        let size = self.sizes[style.index()];
        let (font, glyph) = [self.font(style), &self.regular]
            .into_iter()
            .find_map(|f| f.glyph(c).map(|g| (f, g)))?;
        let advance = font.advance(glyph, size);
        let empty = || Glyph {
            mask: Coverage {
                w: 0,
                h: 0,
                data: Vec::new(),
            },
            left: 0,
            top: 0,
            advance,
        };
        let Some((x0, y0, x1, y1)) = font.bounds(glyph) else {
            return Some(empty());
        };
        let scale = size / font.units_per_em();
        let left = (x0 * scale).floor() as i32 - 1;
        let top = (-y1 * scale).floor() as i32 - 1;
        let w = ((x1 * scale).ceil() as i32 + 1 - left).max(1) as u32;
        let h = ((-y0 * scale).ceil() as i32 + 1 - top).max(1) as u32;
        let (Some(path), Some(mut mask)) = (
            font.skia_path(glyph, scale, -left as f32, -top as f32),
            Mask::new(w, h),
        ) else {
            return Some(empty());
        };
        mask.fill_path(&path, FillRule::Winding, true, Transform::identity());
        Some(Glyph {
            mask: Coverage {
                w: w as usize,
                h: h as usize,
                data: mask.take(),
            },
            left,
            top,
            advance,
        })
    }

    /// The glyph for `c`: from the atlas, the cache, or rasterised now; a box if no face has it.
    pub fn glyph(&self, style: Style, c: char) -> Arc<Glyph> {
        if let Some(g) = self.atlas.get(&(style, c)) {
            return g.clone();
        }
        if let Some(g) = self
            .cache
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&(style, c))
        {
            return g.clone();
        }
        let glyph = match self.rasterise(style, c) {
            Some(g) => Arc::new(g),
            None => self.tofu[style.index()].clone(),
        };
        let mut cache = self.cache.write().unwrap_or_else(PoisonError::into_inner);
        if cache.len() >= CACHE_LIMIT {
            cache.clear();
        }
        cache.insert((style, c), glyph.clone());
        glyph
    }

    /// Lays out `text` on one line no wider than `max_width` px: cleaned, cut with an ellipsis
    /// when too long, and put in visual order for right-to-left scripts.
    pub fn line(&self, style: Style, text: &str, max_width: f32) -> Line {
        let chars: Vec<char> = sanitize(text).chars().collect();
        let advances: Vec<f32> = chars
            .iter()
            .map(|&c| self.glyph(style, c).advance)
            .collect();
        let total: f32 = advances.iter().sum();
        let logical: String = if total <= max_width {
            chars.iter().collect()
        } else {
            let room = max_width - self.glyph(style, '…').advance;
            let mut width = 0.0;
            let mut keep = 0;
            for &a in &advances {
                if width + a > room {
                    break;
                }
                width += a;
                keep += 1;
            }
            let mut s: String = chars[..keep].iter().collect();
            s.truncate(s.trim_end().len());
            if room > 0.0 {
                s.push('…');
            }
            s
        };
        let visual = visual_order(&logical);
        let mut glyphs = Vec::with_capacity(visual.len());
        let mut x = 0.0;
        for c in visual.chars() {
            let g = self.glyph(style, c);
            let advance = g.advance;
            glyphs.push((g, x));
            x += advance;
        }
        Line { glyphs, width: x }
    }
}

/// `text` in left-to-right display order (right-to-left runs reversed).
fn visual_order(text: &str) -> String {
    let info = BidiInfo::new(text, None);
    if !info.has_rtl() {
        return text.to_string();
    }
    info.paragraphs
        .iter()
        .map(|p| info.reorder_line(p, p.range.clone()).into_owned())
        .collect()
}

/// True for characters that draw nothing on their own or that steer layout: controls,
/// zero-width and bidi formatting characters, variation selectors, emoji modifiers and tags.
fn is_invisible(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{180E}' | '\u{FEFF}'
            | '\u{200B}'..='\u{200F}'
            | '\u{2028}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{1F3FB}'..='\u{1F3FF}'
            | '\u{E0000}'..='\u{E007F}'
            | '\u{E0100}'..='\u{E01EF}')
}

/// `text` without invisible characters, with every run of white space made one space, trimmed,
/// and at most [`MAX_CHARS`] characters long.
pub(crate) fn sanitize(text: &str) -> String {
    let mut out = String::new();
    let mut space = false;
    for c in text
        .chars()
        .filter(|&c| !is_invisible(c) || c.is_whitespace())
    {
        if c.is_whitespace() {
            space = !out.is_empty();
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.push(c);
        if out.chars().count() >= MAX_CHARS {
            break;
        }
    }
    out
}

/// The placeholder for a character no face has: a box the size of a capital letter.
fn tofu(size: f32) -> Glyph {
    let w = (size * 0.5).round().max(3.0) as usize;
    let h = (size * 0.7).round().max(4.0) as usize;
    let t = (size / 14.0).round().max(1.0) as usize;
    let mut data = vec![0u8; w * h];
    for y in 0..h {
        for x in 0..w {
            if x < t || y < t || x + t >= w || y + t >= h {
                data[y * w + x] = 255;
            }
        }
    }
    Glyph {
        mask: Coverage { w, h, data },
        left: (size * 0.08).round() as i32,
        top: -(h as i32),
        advance: w as f32 + (size * 0.16).round(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanitize_strips_controls_and_collapses_space() {
        assert_eq!(sanitize("  a\u{0007}b\n\tc\u{202E}d  "), "ab cd");
        assert_eq!(sanitize("\u{200D}\u{FE0F}"), "");
        assert_eq!(sanitize(&"x".repeat(1000)).len(), MAX_CHARS);
    }

    #[test]
    fn long_lines_fit_with_an_ellipsis_and_missing_glyphs_become_boxes() {
        let Ok(text) = Text::new(16.0, 14.0, 12.0) else {
            panic!("the embedded fonts load");
        };
        let line = text.line(Style::Name, &"W".repeat(40), 120.0);
        assert!(line.width <= 120.0, "{}", line.width);
        let ellipsis = text.glyph(Style::Name, '…');
        assert!(
            line.glyphs
                .last()
                .is_some_and(|(g, _)| Arc::ptr_eq(g, &ellipsis))
        );
        let cjk = text.line(Style::Name, "名人", 500.0);
        assert_eq!(cjk.glyphs.len(), 2);
        assert!(
            cjk.glyphs
                .iter()
                .all(|(g, _)| Arc::ptr_eq(g, &text.tofu[0]))
        );
    }

    #[test]
    fn right_to_left_names_are_shown_in_visual_order() {
        assert_eq!(visual_order("אבג"), "גבא");
        assert_eq!(visual_order("abc"), "abc");
    }
}
