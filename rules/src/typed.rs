//! Input as people type it, before it is matched against the legal moves: any letter case
//! where it is unambiguous (phones capitalise the first letter: `E4`, `Exd5`, `NXE5`), the
//! pawn named (`Pe5`), the one letter that is two things (`b`: the b-file or the bishop,
//! settled as lichess settles it), and a space where the slash goes between an Avalanche move
//! and its push (`Nf5 c5`). docs/rules.md states these rules ("Moves as typed", and
//! "Notation" under Avalanche).

use crate::error::MoveError;
use crate::position::Position;
use crate::types::Square;

/// True for the characters of annotation glyphs and check marks.
pub(crate) fn is_mark(c: char) -> bool {
    matches!(c, '!' | '?' | '+' | '#')
}

/// The spellings a move part (marks removed) may stand for, in canonical letter case (piece
/// letters upper case; files, `x` and the promotion letter lower case), the likelier first.
///
/// Only `b` has two: the b-file and the bishop. The case typed decides which is tried first
/// (`B` the bishop, `b` the b-pawn), as lichess's keyboard input does; the other is tried when
/// the first is not a legal move.
pub(crate) fn spellings(text: &str) -> Vec<String> {
    let lower = text.to_ascii_lowercase();
    // `P` names the pawn, which SAN leaves out: `Pe5`, `Pxd5`, `Pe2e4`.
    if let Some(rest) = lower.strip_prefix('p')
        && rest.starts_with(|c: char| matches!(c, 'a'..='h' | 'x'))
    {
        return vec![rest.to_owned()];
    }
    let mut chars = lower.chars();
    match chars.next() {
        Some(c @ ('n' | 'r' | 'q' | 'k')) => {
            vec![format!("{}{}", c.to_ascii_uppercase(), chars.as_str())]
        }
        Some('b') => {
            let bishop = format!("B{}", chars.as_str());
            if text.starts_with('B') {
                vec![bishop, lower]
            } else {
                vec![lower, bishop]
            }
        }
        _ => vec![lower],
    }
}

/// True for a refusal that found nothing fitting what was typed (not notation, no such piece,
/// no way there), as opposed to one about a move it did find (a pin, a missing promotion, a
/// king for a promotion…).
pub(crate) fn finds_nothing(error: &MoveError) -> bool {
    matches!(
        error,
        MoveError::Unparseable { .. }
            | MoveError::NoPieceCanReach { .. }
            | MoveError::NoPieceOn(_)
            | MoveError::CannotMoveThere { .. }
    )
}

/// The first reading that is a legal move; when none is, the refusal of the first reading
/// that found a move, or else of the first reading. `None` for no readings at all.
pub(crate) fn first_legal<T>(
    readings: impl IntoIterator<Item = Result<T, MoveError>>,
) -> Option<Result<T, MoveError>> {
    let mut refusal: Option<MoveError> = None;
    for reading in readings {
        match reading {
            Ok(found) => return Some(Ok(found)),
            Err(e) => match &refusal {
                Some(kept) if !finds_nothing(kept) || finds_nothing(&e) => {}
                _ => refusal = Some(e),
            },
        }
    }
    refusal.map(Err)
}

/// The square a push lands on, written as that square (`a3`) or as the pawn's two squares
/// (`a4a3`, `a4-a3`), either case, marks after it ignored; `None` when the text is not that.
pub(crate) fn push_square(text: &str) -> Option<Square> {
    let t: String = text
        .trim()
        .trim_end_matches(is_mark)
        .chars()
        .filter(|c| *c != '-')
        .collect();
    match t.len() {
        2 => t.parse().ok(),
        4 => {
            t.get(..2)?.parse::<Square>().ok()?;
            t.get(2..)?.parse().ok()
        }
        _ => None,
    }
}

impl Position {
    /// The move and the push of a turn's text (after any promotion choice): split at the
    /// slash, or at the last space when a square follows it (`Nf5 c5`, `e4 d6`). A space
    /// inside the move itself stays there (`e2 e4`, `Ng1 f3`): the text is split only when
    /// the part before the space is a legal move, or when neither reading is and the whole
    /// text does not fit a move better. Without a push, the whole text is the move.
    pub(crate) fn split_turn_text<'t>(&self, text: &'t str) -> (&'t str, Option<&'t str>) {
        if let Some((mv, push)) = text.split_once('/') {
            return (mv, Some(push));
        }
        let Some((head, last)) = text.trim().rsplit_once(char::is_whitespace) else {
            return (text, None);
        };
        if head.trim().is_empty() || push_square(last).is_none() {
            return (text, None);
        }
        let spaced = match self.parse_move(head) {
            Ok(_) => return (head, Some(last)),
            Err(e) => e,
        };
        match self.parse_move(text) {
            Ok(_) => (text, None),
            Err(whole) if finds_nothing(&spaced) && !finds_nothing(&whole) => (text, None),
            Err(_) => (head, Some(last)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_put_piece_letters_up_and_the_rest_down() {
        assert_eq!(spellings("E4"), ["e4"]);
        assert_eq!(spellings("Exd5"), ["exd5"]);
        assert_eq!(spellings("NXE5"), ["Nxe5"]);
        assert_eq!(spellings("nc6"), ["Nc6"]);
        assert_eq!(spellings("Pe5"), ["e5"]);
        assert_eq!(spellings("pxd5"), ["xd5"]);
        assert_eq!(spellings("E8=q"), ["e8=q"]);
        assert_eq!(spellings("O-O"), ["o-o"]);
    }

    #[test]
    fn b_is_tried_both_ways_in_the_order_of_its_case() {
        assert_eq!(spellings("Bc4"), ["Bc4", "bc4"]);
        assert_eq!(spellings("bxc3"), ["bxc3", "Bxc3"]);
        assert_eq!(spellings("BXA8=K"), ["Bxa8=k", "bxa8=k"]);
        // A named pawn is the pawn.
        assert_eq!(spellings("Pb4"), ["b4"]);
    }

    #[test]
    fn push_squares_read_in_every_form() {
        let c5: Square = "c5".parse().unwrap_or_else(|e| panic!("{e}"));
        for text in ["c5", "C5", " c5+ ", "c6c5", "c6-c5", "C6C5"] {
            assert_eq!(push_square(text), Some(c5), "{text}");
        }
        for text in ["", "c", "c9", "zzc5", "c5c", "Nf5", "/c5"] {
            assert_eq!(push_square(text), None, "{text}");
        }
    }
}
