//! Full-width forms, as Japanese input methods type them (`Ｎｆ３`, `Ｏ－Ｏ`), read as ASCII.
//!
//! Only the full-width block U+FF01–U+FF5E (the ASCII signs, digits and letters at double
//! width) and the ideographic space U+3000 are mapped. Full NFKC normalisation would also
//! fold compatibility characters nobody types as a move into letters and digits (`ℕ` to `N`,
//! `①` to `1`, `²` to `2`, `ﬀ` to `ff`), so odd input would turn into a legal move instead
//! of being refused, and it would bring Unicode's decomposition tables into the rules core.

use std::borrow::Cow;

/// The first full-width character, `！`, which stands for `!`.
const FULL_WIDTH_FIRST: u32 = 0xFF01;
/// The last full-width character, `～`, which stands for `~`.
const FULL_WIDTH_LAST: u32 = 0xFF5E;
/// How far the full-width block lies above ASCII.
const FULL_WIDTH_OFFSET: u32 = 0xFF01 - 0x21;
/// The ideographic (full-width) space.
const IDEOGRAPHIC_SPACE: char = '\u{3000}';

/// The ASCII character a full-width character stands for, or `c` itself.
pub fn ascii_width_char(c: char) -> char {
    let code = u32::from(c);
    if c == IDEOGRAPHIC_SPACE {
        ' '
    } else if (FULL_WIDTH_FIRST..=FULL_WIDTH_LAST).contains(&code) {
        char::from_u32(code - FULL_WIDTH_OFFSET).unwrap_or(c)
    } else {
        c
    }
}

/// `text` with its full-width characters written as ASCII; borrowed when there are none.
pub fn ascii_width(text: &str) -> Cow<'_, str> {
    if text.chars().all(|c| ascii_width_char(c) == c) {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(text.chars().map(ascii_width_char).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_width_letters_digits_and_signs_become_ascii() {
        assert_eq!(ascii_width("Ｎｆ３"), "Nf3");
        assert_eq!(ascii_width("ｅ４"), "e4");
        assert_eq!(ascii_width("Ｏ－Ｏ"), "O-O");
        assert_eq!(ascii_width("＝Ｑ　Ｋｄ２／ｅ６"), "=Q Kd2/e6");
        // The ends of the block.
        assert_eq!(ascii_width("！～"), "!~");
    }

    #[test]
    fn everything_else_is_left_alone() {
        assert!(matches!(ascii_width("Nf3/a3"), Cow::Borrowed("Nf3/a3")));
        // Neighbours of the block, and compatibility forms NFKC would fold.
        for c in ['\u{FF00}', '\u{FF5F}', 'ー', '①', 'ℕ', '²', 'ｱ', 'ä'] {
            assert_eq!(ascii_width_char(c), c, "{c}");
        }
    }
}
