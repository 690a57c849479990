//! The words on a board image, in every language, fit their bars at every board size the bot
//! draws: every result (every reason a game ends, each winner), every heading (every variant,
//! the largest setup number) and the longest statuses of a game under way.

use domain::messages::Players;
use domain::{Board, Lang};
use render::Typesetter;
use rules::{Color, EndReason, Outcome, Position, Variant};
use strum::VariantArray;

/// A board of `variant` from setup `chess960`, ended with `outcome` if given.
fn board(variant: Variant, chess960: Option<u16>, outcome: Option<Outcome>) -> Board {
    let position = Position::new_game(variant, chess960).expect("a setup");
    Board {
        chess960,
        outcome,
        players: Players {
            white: "alice".into(),
            black: "bob".into(),
        },
        ..Board::of_position(position)
    }
}

/// Every line a board's bars show at their right end in `lang`, with what it is.
fn every_line(lang: Lang) -> Vec<(String, String)> {
    let mut lines = Vec::new();
    for reason in EndReason::ALL {
        for winner in [None, Some(Color::White), Some(Color::Black)] {
            let outcome = Outcome { winner, reason };
            let scene = present::board_scene(board(Variant::Avalanche, None, Some(outcome)), lang);
            let status = scene.labels.expect("labelled").status;
            assert!(!status.is_empty());
            lines.push((format!("{outcome:?}"), status));
        }
    }
    for variant in Variant::ALL {
        for setup in [None, Some(959)] {
            if Position::new_game(variant, setup).is_err() {
                continue;
            }
            let scene = present::board_scene(board(variant, setup, None), lang);
            let heading = scene.labels.expect("labelled").heading;
            lines.push((format!("{variant:?} {setup:?}"), heading));
        }
    }
    // The longest status of a game under way: a promotion to choose at move 999.
    let waiting = Position::from_fen(Variant::Avalanche, "4P1k1/8/8/8/8/8/8/4K3 w - - 0 999")
        .expect("a pawn waiting on e8");
    let scene = present::board_scene(Board::of_position(waiting), lang);
    lines.push(("promotion".into(), scene.labels.expect("labelled").status));
    lines
}

#[test]
fn every_result_and_heading_fits_its_bar_in_every_language_at_every_size() {
    let per_lang: Vec<(Lang, Vec<(String, String)>)> =
        Lang::VARIANTS.iter().map(|&l| (l, every_line(l))).collect();
    let mut two_lines = 0;
    for px in (128..=2048).step_by(8) {
        let t = Typesetter::new(px).expect("fonts load");
        for (lang, lines) in &per_lang {
            for (what, line) in lines {
                let set = t.bar_words(line);
                assert!(
                    !set.cut
                        && set.lines.len() <= 2
                        && set.widths.iter().all(|&w| w <= set.room)
                        && set.room < set.image_width as f32,
                    "{px} px, {lang:?}, {what}: {line:?} → {set:?}"
                );
                two_lines += usize::from(set.lines.len() == 2);
            }
        }
    }
    assert!(two_lines > 0, "the longest results take two lines");
}

#[test]
fn the_avalanche_result_is_said_whole_on_two_lines() {
    let outcome = Outcome {
        winner: Some(Color::White),
        reason: EndReason::ExposedOwnKing,
    };
    let t = Typesetter::new(512).expect("fonts load");
    for lang in Lang::VARIANTS {
        let scene = present::board_scene(board(Variant::Avalanche, None, Some(outcome)), *lang);
        let status = scene.labels.expect("labelled").status;
        let set = t.bar_words(&status);
        assert!(!set.cut, "{lang:?}: {set:?}");
        let drawn: String = set.lines.concat().replace([' ', '·'], "");
        assert_eq!(
            drawn,
            status.replace([' ', '·'], ""),
            "{lang:?}: nothing left out"
        );
    }
}
