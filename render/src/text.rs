//! Text in the bars and the board coordinates: a glyph atlas rasterised once, a cache for the
//! rest of Unicode (Japanese and emoji from the fallback faces), and one-line layout that never
//! overflows.

use std::collections::HashMap;
use std::sync::{Arc, PoisonError, RwLock};

use tiny_skia::{FillRule, LineJoin, Mask, Stroke, Transform};
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
    /// True when the text was too long and was cut with an ellipsis.
    pub cut: bool,
    /// The characters drawn, in visual order.
    pub text: String,
}

/// Characters that the atlas holds from the start: what the bars say in English, and names
/// in plain Latin script.
const ATLAS_EXTRA: &str = "…·–—#½ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝßàáâãäåæçèéêëìíîïñòóôõöøùúûüýÿ";

/// How much bolder, in em, the bold styles draw the fallback faces, which come in one weight.
const FAKE_BOLD_EM: f32 = 0.035;

/// At most this many glyphs are kept in the on-demand cache; past it the cache starts over.
const CACHE_LIMIT: usize = 4096;

/// At most this many characters of any one text are considered before fitting it to width.
const MAX_CHARS: usize = 64;

/// The renderer's text system; `Send + Sync`.
pub(crate) struct Text {
    regular: Font,
    bold: Font,
    japanese: Font,
    emoji: Font,
    sizes: [f32; 3],
    atlas: HashMap<(Style, char), Arc<Glyph>>,
    cache: RwLock<HashMap<(Style, char), Arc<Glyph>>>,
    tofu: [Arc<Glyph>; 3],
}

impl Text {
    /// Loads the faces and rasterises the atlas for names, info and labels of these px sizes.
    pub fn new(name_px: f32, info_px: f32, label_px: f32) -> Result<Text, RenderError> {
        let mut text = Text::lazy(name_px, info_px, label_px)?;
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

    /// Loads the faces for names, info and labels of these px sizes, with no atlas: every
    /// glyph is rasterised when first used. For measuring a few lines.
    pub fn lazy(name_px: f32, info_px: f32, label_px: f32) -> Result<Text, RenderError> {
        Ok(Text {
            regular: Font::sans()?,
            bold: Font::sans_bold()?,
            japanese: Font::japanese()?,
            emoji: Font::emoji()?,
            sizes: [name_px, info_px, label_px],
            atlas: HashMap::new(),
            cache: RwLock::new(HashMap::new()),
            tofu: Style::ALL.map(|s| Arc::new(tofu([name_px, info_px, label_px][s.index()]))),
        })
    }

    /// The faces tried for `style`, in order: DejaVu in the style's face, DejaVu Book, Japanese,
    /// emoji. Each with the stroke, in em, that thickens it to look bold where the style is bold
    /// and the face has no bold of its own.
    fn faces(&self, style: Style) -> [(&Font, f32); 4] {
        let (own, fake_bold) = match style {
            Style::Info => (&self.regular, 0.0),
            Style::Name | Style::Label => (&self.bold, FAKE_BOLD_EM),
        };
        [
            (own, 0.0),
            (&self.regular, 0.0),
            (&self.japanese, fake_bold),
            (&self.emoji, fake_bold),
        ]
    }

    /// Rasterises `c` in `style` from the first face that has it; `None` if none has.
    fn rasterise(&self, style: Style, c: char) -> Option<Glyph> {
        let size = self.sizes[style.index()];
        let (font, glyph, bold_em) = self
            .faces(style)
            .into_iter()
            .find_map(|(f, bold)| f.glyph(c).map(|g| (f, g, bold)))?;
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
        let stroke = bold_em * size;
        // One pixel of margin for anti-aliasing, plus what the stroke adds outside the outline.
        let margin = 1 + (stroke / 2.0).ceil() as i32;
        let left = (x0 * scale).floor() as i32 - margin;
        let top = (-y1 * scale).floor() as i32 - margin;
        let w = ((x1 * scale).ceil() as i32 + margin - left).max(1) as u32;
        let h = ((-y0 * scale).ceil() as i32 + margin - top).max(1) as u32;
        let (Some(path), Some(mut mask)) = (
            font.skia_path(glyph, scale, -left as f32, -top as f32),
            Mask::new(w, h),
        ) else {
            return Some(empty());
        };
        mask.fill_path(&path, FillRule::Winding, true, Transform::identity());
        if stroke > 0.0 {
            let pen = Stroke {
                width: stroke,
                line_join: LineJoin::Round,
                ..Stroke::default()
            };
            if let Some(outline) = path.stroke(&pen, 1.0) {
                mask.fill_path(&outline, FillRule::Winding, true, Transform::identity());
            }
        }
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
        let cut = total > max_width;
        let logical: String = if !cut {
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
        Line {
            glyphs,
            width: x,
            cut,
            text: visual,
        }
    }

    /// Lays out `text` on one line no wider than `max_width` px when it fits, else on two:
    /// broken where a reader expects a break (at a " · " separator, which the break replaces,
    /// or after a colon or a 「・」) when both lines fit there and come out about as even as
    /// they can, else at the space or between the two Japanese characters that keep the
    /// longer line shortest. Only when no break fits is the second line cut with an ellipsis.
    pub fn lines(&self, style: Style, text: &str, max_width: f32) -> Vec<Line> {
        let clean = sanitize(text);
        let chars: Vec<char> = clean.chars().collect();
        let advances: Vec<f32> = chars
            .iter()
            .map(|&c| self.glyph(style, c).advance)
            .collect();
        if advances.iter().sum::<f32>() <= max_width {
            return vec![self.line(style, &clean, max_width)];
        }
        let width = |from: usize, to: usize| -> f32 { advances[from..to].iter().sum() };
        // Each break as (end of the first line, start of the second, a separator's break).
        let breaks = line_breaks(&chars);
        let widths = |&(end, start, strong): &(usize, usize, bool)| {
            (width(0, end), width(start, chars.len()), strong)
        };
        let both_fit = |(a, b, _): &(f32, f32, bool)| *a <= max_width && *b <= max_width;
        let longer = |(a, b, _): &(f32, f32, bool)| a.max(*b);
        // The break that fits both lines with the shorter longer line, and that line's width.
        let best = |strong_only: bool| {
            breaks
                .iter()
                .map(|b| (*b, widths(b)))
                .filter(|(_, w)| both_fit(w) && (w.2 || !strong_only))
                .map(|(b, w)| (b, longer(&w)))
                .min_by(|(_, a), (_, b)| a.total_cmp(b))
        };
        // A separator's break, unless its lines come out much more uneven than another's.
        let chosen = match (best(true), best(false)) {
            (Some((strong, a)), Some((_, b))) if a <= b * STRONG_BREAK_SLACK => Some(strong),
            (_, Some((any, _))) => Some(any),
            (_, None) => breaks
                .iter()
                // No break fits both lines: the longest first line that fits, the rest cut.
                .filter(|(end, _, _)| width(0, *end) <= max_width)
                .max_by_key(|(end, _, _)| *end)
                .copied(),
        };
        match chosen {
            Some((end, start, _)) => {
                let first: String = chars[..end].iter().collect();
                let second: String = chars[start..].iter().collect();
                vec![
                    self.line(style, &first, max_width),
                    self.line(style, &second, max_width),
                ]
            }
            None => vec![self.line(style, &clean, max_width)],
        }
    }
}

/// How much longer than the most even break's longer line a separator's break may make it
/// and still be chosen: "1-0 · White wins:" over "the push exposed the pusher's own king",
/// not "1-0" over all the rest.
const STRONG_BREAK_SLACK: f32 = 1.35;

/// Characters a line may not begin with (Japanese line-breaking rules, kinsoku): closing
/// brackets, punctuation, small kana and the prolonged-sound mark.
const NO_LINE_START: &str =
    "、。，．・：；？！ー）」』】〕〉》ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々)]:;,.!?";

/// Characters a line may not end with: opening brackets.
const NO_LINE_END: &str = "（「『【〔〈《([";

/// True for characters set on a full-width cell, between which Japanese text may break.
fn is_wide(c: char) -> bool {
    matches!(c,
        '\u{1100}'..='\u{115F}'
        | '\u{2E80}'..='\u{A4CF}'
        | '\u{AC00}'..='\u{D7A3}'
        | '\u{F900}'..='\u{FAFF}'
        | '\u{FE30}'..='\u{FE4F}'
        | '\u{FF00}'..='\u{FF60}'
        | '\u{FFE0}'..='\u{FFE6}'
        | '\u{1F300}'..='\u{1FAFF}'
        | '\u{20000}'..='\u{3FFFD}')
}

/// Where `chars` may break, as (end of the first line, start of the second, whether it is a
/// separator's break): at spaces (a " · " separator's break drops it), after a colon or a
/// 「・」, and between full-width characters where the line-breaking rules allow.
fn line_breaks(chars: &[char]) -> Vec<(usize, usize, bool)> {
    let mut breaks = Vec::new();
    let at = |i: usize| chars.get(i).copied();
    for k in 1..chars.len() {
        let (before, here) = (chars[k - 1], chars[k]);
        if here == ' ' {
            if at(k + 1) == Some('·') && at(k + 2) == Some(' ') {
                breaks.push((k, k + 3, true));
            } else if before != '·' {
                breaks.push((k, k + 1, matches!(before, ':' | '：')));
            }
        } else if before == ' ' {
            continue;
        } else if matches!(before, '・' | '：' | ':') && !NO_LINE_START.contains(here) {
            breaks.push((k, k, true));
        } else if (is_wide(before) || is_wide(here))
            && !NO_LINE_START.contains(here)
            && !NO_LINE_END.contains(before)
            && !(before.is_ascii_alphanumeric() && here.is_ascii_alphanumeric())
        {
            breaks.push((k, k, false));
        }
    }
    breaks.retain(|&(end, start, _)| end > 0 && start < chars.len());
    breaks
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
        // Private-use characters, and scripts none of the faces covers (Linear B, Egyptian
        // hieroglyphs).
        let missing = text.line(Style::Name, "\u{E000}\u{F8FF}\u{10000}\u{13000}", 500.0);
        assert_eq!(missing.glyphs.len(), 4);
        assert!(
            missing
                .glyphs
                .iter()
                .all(|(g, _)| Arc::ptr_eq(g, &text.tofu[0]))
        );
    }

    /// The ink of a glyph: the sum of its coverage.
    fn ink(g: &Glyph) -> u32 {
        g.mask.data.iter().map(|&a| u32::from(a)).sum()
    }

    #[test]
    fn japanese_and_emoji_come_from_the_fallback_faces_and_latin_from_dejavu() {
        let Ok(text) = Text::new(16.0, 14.0, 12.0) else {
            panic!("the embedded fonts load");
        };
        // Kana, level 1 and level 2 kanji, the iteration mark, full-width punctuation, emoji.
        for (style, size) in [(Style::Name, 16.0), (Style::Info, 14.0)] {
            let line = text.line(style, "なだれ太郎・山田花子（黒）々🐉🎉", 1000.0);
            assert_eq!(line.glyphs.len(), 16);
            for (i, (g, _)) in line.glyphs.iter().enumerate() {
                assert!(
                    !Arc::ptr_eq(g, &text.tofu[style.index()]),
                    "glyph {i} is a box"
                );
                assert!(ink(g) > 255 * 4, "glyph {i} has ink");
                // Japanese and emoji are set on a full-width (1 em) or wider advance, and stand
                // at most 1.1 em above and 0.3 em below the baseline.
                assert!(g.advance >= size * 0.99, "glyph {i} advances {}", g.advance);
                assert!(g.top as f32 >= -1.1 * size, "glyph {i} top {}", g.top);
                assert!(
                    (g.top + g.mask.h as i32) as f32 <= 0.3 * size + 2.0,
                    "glyph {i} bottom {}",
                    g.top + g.mask.h as i32
                );
            }
        }
        // Two different kanji give two different masks.
        let (a, b) = (text.glyph(Style::Name, '山'), text.glyph(Style::Name, '田'));
        assert_ne!(a.mask.data, b.mask.data);
        // At one size, the bold style draws the one-weight Japanese face thicker than the book.
        let Ok(same_size) = Text::new(16.0, 16.0, 12.0) else {
            panic!("the embedded fonts load");
        };
        let name = ink(&same_size.glyph(Style::Name, '郎'));
        let info = ink(&same_size.glyph(Style::Info, '郎'));
        assert!(name > info * 11 / 10, "bold {name}, book {info}");
        // Latin comes from DejaVu whatever else is loaded: 'A' is as wide as DejaVu Sans Bold's.
        let bold = Font::sans_bold().expect("DejaVu loads");
        let a_glyph = bold.glyph('A').expect("DejaVu has A");
        assert_eq!(
            text.glyph(Style::Name, 'A').advance,
            bold.advance(a_glyph, 16.0)
        );
    }

    #[test]
    fn every_character_of_jis_x_0208_and_every_kana_has_a_glyph_in_every_style() {
        let Ok(text) = Text::new(16.0, 14.0, 12.0) else {
            panic!("the embedded fonts load");
        };
        // Written by render/fonts/subset.py from Python's EUC-JP codec: all 94 × 94 cells.
        let jis: Vec<char> = include_str!("../tests/data/jis_x_0208.txt")
            .trim_end()
            .chars()
            .collect();
        assert_eq!(jis.len(), 6879, "JIS X 0208 has 6,879 graphic characters");
        let kana = ('\u{3041}'..='\u{3096}').chain('\u{30A1}'..='\u{30FA}');
        let missing: Vec<(Style, char)> = Style::ALL
            .into_iter()
            .flat_map(|s| jis.iter().copied().chain(kana.clone()).map(move |c| (s, c)))
            .filter(|&(s, c)| text.faces(s).iter().all(|(f, _)| f.glyph(c).is_none()))
            .collect();
        assert!(missing.is_empty(), "no glyph for {missing:?}");
    }

    /// The two lines `text` breaks into at `brk`.
    fn split(text: &str, (end, start, _): (usize, usize, bool)) -> (String, String) {
        let chars: Vec<char> = text.chars().collect();
        (
            chars[..end].iter().collect(),
            chars[start..].iter().collect(),
        )
    }

    #[test]
    fn lines_break_at_separators_spaces_and_between_japanese_characters_by_the_rules() {
        let english = "1-0 · White wins: the push";
        let breaks = line_breaks(&english.chars().collect::<Vec<_>>());
        let strong: Vec<(String, String)> = breaks
            .iter()
            .filter(|b| b.2)
            .map(|&b| split(english, b))
            .collect();
        // The separator goes with its break; the colon stays at the end of the first line.
        assert_eq!(
            strong,
            [
                ("1-0".into(), "White wins: the push".into()),
                ("1-0 · White wins:".into(), "the push".into())
            ]
        );
        assert!(breaks.iter().all(|&b| {
            let (a, b) = split(english, b);
            !a.ends_with(' ') && !b.starts_with(' ') && !b.starts_with('·') && !a.ends_with('·')
        }));
        let japanese = "0-1・押し出し（黒）ー";
        let lines: Vec<(String, String)> = line_breaks(&japanese.chars().collect::<Vec<_>>())
            .into_iter()
            .map(|b| split(japanese, b))
            .collect();
        assert!(lines.contains(&("0-1・".into(), "押し出し（黒）ー".into())));
        assert!(lines.contains(&("0-1・押し".into(), "出し（黒）ー".into())));
        for (first, second) in &lines {
            let start = second.chars().next().expect("a second line");
            let end = first.chars().last().expect("a first line");
            assert!(!"・）ー".contains(start), "{first} | {second}");
            assert!(end != '（', "{first} | {second}");
        }
    }

    #[test]
    fn long_words_take_two_lines_and_only_a_third_is_cut() {
        let Ok(text) = Text::lazy(16.0, 14.0, 12.0) else {
            panic!("the embedded fonts load");
        };
        let words = "1-0 · White wins on time (missed move deadline)";
        let one = text.line(Style::Info, words, f32::MAX).width;
        let two = text.lines(Style::Info, words, one * 0.7);
        assert_eq!(two.len(), 2);
        assert!(two.iter().all(|l| !l.cut && l.width <= one * 0.7));
        assert_eq!(text.lines(Style::Info, words, one).len(), 1, "fits on one");
        let cut = text.lines(Style::Info, words, one * 0.3);
        assert!(
            cut.len() == 2 && cut[1].cut && !cut[0].cut,
            "no room for two"
        );
    }

    #[test]
    fn right_to_left_names_are_shown_in_visual_order() {
        assert_eq!(visual_order("אבג"), "גבא");
        assert_eq!(visual_order("abc"), "abc");
    }
}
