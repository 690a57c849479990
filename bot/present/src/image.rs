//! The words drawn on a board image: its heading and status line, the colours' names for
//! blank player names, a forgotten player's name in the image's language, and the players'
//! clocks.

use domain::timing::{Clocks, clock_face};
use render::{ClockFace, Labels, Scene};
use rules::{Color, Outcome, Variant};

use super::Say;
use crate::fluent_args;
use crate::i18n::{Lang, Surface};

/// The labels of `scene` in `lang`; `outcome` is the game's result, once it is over.
pub fn labels(scene: &Scene, outcome: Option<&Outcome>, lang: Lang) -> Labels {
    // The image uses shared messages only, which every surface has.
    let say = Say::new(lang, Surface::Console);
    let heading = match (scene.variant, scene.chess960) {
        (Variant::Chess960, Some(n)) => {
            say.text("image-heading-chess960", &fluent_args![("number", n)])
        }
        (Variant::Standard, _) | (_, None) => say.variant(scene.variant),
        (v, Some(n)) => say.text(
            "image-heading-960",
            &fluent_args![("variant", say.variant(v)), ("number", n)],
        ),
    };
    let status = match outcome {
        Some(o) => say.text(
            "image-status-result",
            &fluent_args![("result", o.result_str()), ("outcome", say.outcome(o))],
        ),
        None => {
            let key = if scene.pending_promotion.is_some() {
                "image-status-promote"
            } else {
                "image-status-move"
            };
            say.text(
                key,
                &fluent_args![
                    ("number", scene.move_number),
                    ("side", say.color(scene.side_to_move))
                ],
            )
        }
    };
    Labels {
        heading,
        status,
        white: say.color(Color::White),
        black: say.color(Color::Black),
    }
}

/// A clock under this many milliseconds is drawn red: the tenths show from here on.
const LOW_MS: i64 = 10_000;

/// Puts `clocks` in `scene`'s name bars (none without): each time as
/// [`clock_face`] words it, the side to move's clock running while no result is shown, and
/// red under ten seconds.
pub fn set_clocks(scene: &mut Scene, clocks: Option<Clocks>) {
    let face = |side: Color| {
        clocks.map(|c| ClockFace {
            text: clock_face(c.of(side)),
            running: scene.result.is_none() && scene.side_to_move == side,
            low: c.of(side) < LOW_MS,
        })
    };
    (scene.white_clock, scene.black_clock) = (face(Color::White), face(Color::Black));
}

/// A player's name as a picture shows it in `lang`: a forgotten player's as "deleted user".
pub fn person(name: &str, lang: Lang) -> String {
    Say::new(lang, Surface::Console).person(name)
}

#[cfg(test)]
mod tests {
    use rules::{Color, EndReason, Position};

    use super::*;

    /// The English labels say what the renderer's own English labels say.
    #[test]
    fn english_labels_match_the_renderers() {
        let mut scene = Scene::from_position(
            &Position::new_game(Variant::Avalanche, Some(518)).expect("setup"),
        );
        scene.chess960 = Some(518);
        assert_eq!(labels(&scene, None, Lang::En), Labels::english(&scene));
        let outcome = Outcome {
            winner: Some(Color::Black),
            reason: EndReason::Checkmate,
        };
        scene.result = Some("0-1 · Black wins by checkmate".into());
        assert_eq!(
            labels(&scene, Some(&outcome), Lang::En),
            Labels::english(&scene)
        );
    }

    #[test]
    fn a_forgotten_players_name_is_worded_in_the_images_language() {
        assert_eq!(person(domain::FORGOTTEN_NAME, Lang::En), "deleted user");
        assert_eq!(
            person(domain::FORGOTTEN_NAME, Lang::Ja),
            "削除されたユーザー"
        );
        assert_eq!(person("alice", Lang::Ja), "alice");
    }

    #[test]
    fn japanese_labels_are_japanese() {
        let mut scene =
            Scene::from_position(&Position::new_game(Variant::Chess960, Some(518)).expect("setup"));
        scene.chess960 = Some(518);
        let ja = labels(&scene, None, Lang::Ja);
        assert_eq!(ja.heading, "チェス960 #518");
        assert_eq!(ja.status, "1手目・白の手番");
        assert_eq!((ja.white.as_str(), ja.black.as_str()), ("白", "黒"));
    }
}
