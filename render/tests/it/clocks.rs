//! The players' clocks in their name bars (issue 55): drawn at the bar's right end, on a light
//! box while running, red when low, in a box that keeps its width as the time runs, and one
//! per frame of a replay.

use render::{ClockFace, Labels, Scene};
use rules::Color;

use crate::common::{Image, render, start};
use crate::gif::{OPERA_GAME, check_frames, differing_pixels, game, scenes};

fn face(text: &str, running: bool, low: bool) -> ClockFace {
    ClockFace {
        text: text.into(),
        running,
        low,
    }
}

/// The start, Magnus (White) below and Hikaru above, with `white` and `black` as the clocks.
fn with_clocks(white: Option<ClockFace>, black: Option<ClockFace>) -> Scene {
    Scene {
        white: "Magnus".into(),
        black: "Hikaru".into(),
        white_clock: white,
        black_clock: black,
        ..start()
    }
}

/// The pixels of the right quarter of the bar whose top is `y0` (where a clock stands).
fn clock_region(img: &Image, y0: usize) -> Vec<[u8; 3]> {
    let x0 = img.w - img.w / 4;
    (y0..y0 + img.bar())
        .flat_map(|y| (x0..img.w).map(move |x| (x, y)))
        .map(|(x, y)| img.at(x, y))
        .collect()
}

/// The upper bar's clock region and the lower one's.
fn regions(img: &Image) -> (Vec<[u8; 3]>, Vec<[u8; 3]>) {
    (clock_region(img, 0), clock_region(img, img.h - img.bar()))
}

fn is_red([r, g, b]: [u8; 3]) -> bool {
    r > 180 && g < 90 && b < 90
}

/// The light squares' colour: a8's corner, beside its rook (a8 is light).
fn light(img: &Image) -> [u8; 3] {
    img.in_cell(0, 0, 0.04, 0.04)
}

/// The columns of the lower bar that hold the light box (light for half the bar's height or
/// more), left to right.
fn box_columns(img: &Image) -> Vec<usize> {
    let (y0, light) = (img.h - img.bar(), light(img));
    (0..img.w)
        .filter(|&x| {
            let lit = (y0..y0 + img.bar()).filter(|&y| img.at(x, y) == light);
            lit.count() > img.bar() / 2
        })
        .collect()
}

#[test]
fn each_clock_is_drawn_at_the_right_end_of_its_players_bar() {
    let plain = render(&with_clocks(None, None));
    let white = render(&with_clocks(Some(face("3:00", false, false)), None));
    let (top, bottom) = regions(&white);
    assert_eq!(
        top,
        regions(&plain).0,
        "Black has no clock: the upper bar is unchanged"
    );
    let drawn = bottom
        .iter()
        .zip(&regions(&plain).1)
        .filter(|(a, b)| a != b)
        .count();
    assert!(drawn > 40, "White's clock inks {drawn} px of the lower bar");
    // Seen from Black's side, White's bar is the upper one.
    let flipped = render(&Scene {
        orientation: Color::Black,
        ..with_clocks(Some(face("3:00", false, false)), None)
    });
    let unflipped = render(&Scene {
        orientation: Color::Black,
        ..with_clocks(None, None)
    });
    assert_ne!(regions(&flipped).0, regions(&unflipped).0);
    assert_eq!(regions(&flipped).1, regions(&unflipped).1);
}

#[test]
fn the_running_clock_stands_on_a_light_box_and_the_other_on_the_bar() {
    let idle = render(&with_clocks(Some(face("3:00", false, false)), None));
    assert!(box_columns(&idle).is_empty(), "a stopped clock has no box");
    let running = render(&with_clocks(Some(face("3:00", true, false)), None));
    let columns = box_columns(&running);
    let (first, last) = (columns.first().copied(), columns.last().copied());
    assert!(
        columns.len() > 40 && first.is_some_and(|x| x > running.w * 3 / 4),
        "a box of {} columns from {first:?}",
        columns.len()
    );
    assert!(
        last.is_some_and(|x| x < running.w - 2),
        "the box ends inside the bar"
    );
    // Dark digits on the box: the box is not one flat colour.
    let (y0, light) = (running.h - running.bar(), light(&running));
    let dark = (y0..y0 + running.bar())
        .flat_map(|y| columns.iter().map(move |&x| (x, y)))
        .filter(|&(x, y)| running.at(x, y).iter().all(|&c| c < 100))
        .count();
    assert!(dark > 30, "{dark} dark px of digits on the box");
    assert!(!regions(&running).1.iter().any(|&p| is_red(p)));
    assert_ne!(light, [0, 0, 0]);
}

#[test]
fn a_low_clock_is_red_running_or_not() {
    for running in [false, true] {
        let calm = render(&with_clocks(None, Some(face("0:12", running, false))));
        let low = render(&with_clocks(None, Some(face("0:07.3", running, true))));
        let red = |img: &Image| regions(img).0.iter().filter(|&&p| is_red(p)).count();
        assert_eq!(red(&calm), 0, "running: {running}");
        assert!(red(&low) > 30, "running: {running}: {} red px", red(&low));
        assert_eq!(
            red(&low),
            regions(&low).0.iter().filter(|&&p| is_red(p)).count()
        );
        assert!(
            !regions(&low).1.iter().any(|&p| is_red(p)),
            "only Black's clock"
        );
    }
}

#[test]
fn the_clocks_box_and_the_words_beside_it_stay_put_as_the_time_runs() {
    let labels = Labels {
        status: "Move 12 · White to move".into(),
        ..Labels::default()
    };
    let mut boxes = Vec::new();
    let mut words = Vec::new();
    for text in ["10:00", "9:59", "1:11", "0:09.9", "0:00.0"] {
        let img = render(&Scene {
            labels: Some(labels.clone()),
            ..with_clocks(Some(face(text, true, false)), None)
        });
        let columns = box_columns(&img);
        let left = columns.first().copied().expect("a box");
        boxes.push((left, columns.last().copied()));
        // The status's ink: light pixels left of the box, right of the middle.
        let y0 = img.h - img.bar();
        let ink: Vec<usize> = (img.w / 3..left)
            .filter(|&x| (y0..y0 + img.bar()).any(|y| img.at(x, y).iter().all(|&c| c > 200)))
            .collect();
        assert!(!ink.is_empty(), "{text}: the status is drawn");
        words.push((ink.first().copied(), ink.last().copied()));
        assert!(
            ink.last().is_some_and(|&x| x + 2 < left),
            "{text}: the status ends before the box"
        );
    }
    assert!(boxes.windows(2).all(|w| w[0] == w[1]), "{boxes:?}");
    assert!(words.windows(2).all(|w| w[0] == w[1]), "{words:?}");
}

#[test]
fn a_long_or_hostile_clock_text_never_reaches_the_board_or_the_icons() {
    let plain = render(&with_clocks(None, None));
    let img = render(&with_clocks(
        Some(face(&"9".repeat(200), true, true)),
        Some(face("\u{202e}1:00\u{0}\n名人", false, false)),
    ));
    // The board and the names' side are untouched.
    let (x0, y0, side) = crate::common::board();
    for y in (y0..y0 + side).step_by(7) {
        for x in (x0..x0 + side).step_by(7) {
            assert_eq!(img.at(x, y), plain.at(x, y), "({x}, {y})");
        }
    }
    for y in 0..img.h {
        assert_eq!(img.at(0, y), plain.at(0, y), "the left edge at {y}");
    }
}

#[test]
fn every_frame_of_a_replay_shows_its_own_clocks() {
    let game = game(OPERA_GAME);
    let mut scenes = scenes(&game, Color::White);
    let mut white = 180_000_i64;
    let mut black = 180_000_i64;
    for (ply, scene) in scenes.iter_mut().enumerate() {
        if ply % 2 == 1 {
            white -= 4_300;
        } else if ply > 0 {
            black -= 9_100;
        }
        let running = |side: Color| scene.result.is_none() && scene.side_to_move == side;
        let text = |ms: i64| format!("{}:{:02}", ms / 60_000, ms / 1000 % 60);
        scene.white_clock = Some(face(&text(white), running(Color::White), false));
        scene.black_clock = Some(face(&text(black), running(Color::Black), black < 100_000));
    }
    let animation = check_frames(&scenes);
    let frames = animation.composed();
    for (i, pair) in frames.windows(2).enumerate() {
        let (a, b) = (&pair[0], &pair[1]);
        assert!(differing_pixels(a, b) > 0, "frame {} changes", i + 1);
    }
    let last = render(scenes.last().expect("frames"));
    assert!(
        box_columns(&last).is_empty(),
        "no clock runs once the game is over"
    );
    assert!(
        regions(&last).0.iter().any(|&p| is_red(p)),
        "Black's low clock"
    );
}
