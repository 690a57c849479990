//! Links that open a position on an analysis board elsewhere.

use crate::position::Position;
use crate::variant::Variant;

/// The lichess analysis board at `pos`, for orthodox chess:
/// `https://lichess.org/analysis/standard/<FEN>`, or `…/chess960/<FEN>` for a Chess960
/// position, the FEN written as X-FEN (which lichess reads for both) with its spaces as `_`.
/// Every character of the link is safe in a URL path as it is. `None` for the Avalanche
/// variants, which no analysis site plays.
///
/// ```
/// use rules::{Position, Variant, analysis_url};
///
/// let start = Position::new_game(Variant::Standard, None)?;
/// assert_eq!(
///     analysis_url(&start).as_deref(),
///     Some("https://lichess.org/analysis/standard/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR_w_KQkq_-_0_1")
/// );
/// assert_eq!(analysis_url(&Position::new_game(Variant::Avalanche, None)?), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn analysis_url(pos: &Position) -> Option<String> {
    let board = match pos.variant() {
        Variant::Standard => "standard",
        Variant::Chess960 => "chess960",
        Variant::Avalanche | Variant::AvalancheBalanced | Variant::AvalancheReversed => {
            return None;
        }
    };
    let fen = pos.to_xfen().replace(' ', "_");
    Some(format!("https://lichess.org/analysis/{board}/{fen}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn chess960_links_go_to_the_chess960_board_with_x_fen_castling() {
        // Setup 0 after 1. b3 b6 2. Bb2 Bb7: White's bishop left a1, Black's a8.
        let mut game = Game::new(Variant::Chess960, Some(0)).expect("setup 0");
        for input in ["b3", "b6", "Bb2", "Bb7"] {
            game.play_str(input).expect("legal");
        }
        assert_eq!(
            analysis_url(game.position()).as_deref(),
            Some(
                "https://lichess.org/analysis/chess960/\
                 1bqnnrkr/pbpppppp/1p6/8/8/1P6/PBPPPPPP/1BQNNRKR_w_KQkq_-_2_3"
            )
        );
    }

    #[test]
    fn links_hold_only_url_safe_characters_and_avalanche_has_none() {
        for (variant, setup) in [(Variant::Standard, None), (Variant::Chess960, Some(411))] {
            let pos = Position::new_game(variant, setup).expect("setup");
            let url = analysis_url(&pos).expect("a link");
            let path = url.trim_start_matches("https://lichess.org/analysis/");
            assert!(
                path.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "/_-".contains(c)),
                "{url}"
            );
        }
        for variant in [
            Variant::Avalanche,
            Variant::AvalancheBalanced,
            Variant::AvalancheReversed,
        ] {
            let pos = Position::new_game(variant, None).expect("setup");
            assert_eq!(analysis_url(&pos), None);
        }
    }
}
