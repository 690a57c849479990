//! The words at a bar's right end: every result fits, on one line or two, at every board size
//! the renderer draws, and a long one is drawn on two lines inside the lower bar.

use render::{Labels, RenderOptions, Renderer, Scene, Theme, Typesetter};
use rules::{Color, EndReason, Outcome};

use crate::common::Image;

/// Every result line the English labels show ([`Scene::from_game`]'s), each winner and none.
fn english_results() -> Vec<String> {
    EndReason::ALL
        .into_iter()
        .flat_map(|reason| {
            [None, Some(Color::White), Some(Color::Black)].map(|winner| Outcome { winner, reason })
        })
        .map(|o| format!("{} · {o}", o.result_str()))
        .collect()
}

/// Every board size a renderer draws: 128 to 2048 px in steps of 8.
fn every_size() -> impl Iterator<Item = u32> {
    (128..=2048).step_by(8)
}

#[test]
fn every_english_result_fits_its_bar_at_every_size() {
    let mut lines = english_results();
    lines.push("Move 999 · Black to promote".into());
    lines.push("Reversed Avalanche 960 #959".into());
    let mut two_lines = 0;
    for px in every_size() {
        let t = Typesetter::new(px).expect("fonts load");
        for line in &lines {
            let set = t.bar_words(line);
            assert!(
                !set.cut && set.lines.len() <= 2,
                "{px} px: {line:?} → {set:?}"
            );
            assert!(
                set.widths.iter().all(|&w| w <= set.room) && set.room < set.image_width as f32,
                "{px} px: {line:?} → {set:?}"
            );
            // Every word is drawn (a break at " · " drops the separator).
            let words = |s: &str| -> Vec<String> {
                s.split_whitespace()
                    .filter(|w| *w != "·")
                    .map(str::to_owned)
                    .collect()
            };
            assert_eq!(
                set.lines.iter().flat_map(|l| words(l)).collect::<Vec<_>>(),
                words(line),
                "{px} px"
            );
            two_lines += usize::from(set.lines.len() == 2);
        }
    }
    assert!(two_lines > 0, "some results need two lines");
}

#[test]
fn a_long_result_is_set_on_two_lines_inside_the_lower_bar() {
    let long = "1-0 · White wins: the push exposed the pusher's own king";
    for px in [128, 256, 512, 2048] {
        let r = Renderer::new(RenderOptions {
            board_px: px,
            theme: Theme::Classic,
        })
        .expect("prepared");
        let set = r.bar_words(long);
        assert_eq!(
            set.lines,
            [
                "1-0 · White wins:",
                "the push exposed the pusher's own king"
            ],
            "{px} px: broken after the colon"
        );
        let scene = |status: &str| Scene {
            result: Some(status.into()),
            labels: Some(Labels {
                status: status.into(),
                ..Labels::default()
            }),
            white: "Alice".into(),
            ..Scene::default()
        };
        let img = Image::decode(&r.render_png(&scene(long)).expect("renders"));
        let plain = Image::decode(&r.render_png(&scene("")).expect("renders"));
        let (_, top, side) = r.board_rect();
        let bar = top as usize;
        let y0 = img.h - bar;
        // Everything that differs is in the lower bar, right of the name.
        let changed: Vec<(usize, usize)> = (0..img.h)
            .flat_map(|y| (0..img.w).map(move |x| (x, y)))
            .filter(|&(x, y)| img.at(x, y) != plain.at(x, y))
            .collect();
        assert!(
            changed.iter().all(|&(_, y)| y >= y0),
            "{px} px: only the lower bar"
        );
        let rows: Vec<usize> = (y0..img.h)
            .filter(|&y| changed.iter().any(|p| p.1 == y))
            .collect();
        // Inside the bar, with a margin from 256 px up (at 128 px the words are 4 px high
        // in a 10 px bar).
        let (first, last) = (rows[0], rows[rows.len() - 1]);
        let margin = usize::from(px >= 256);
        assert!(
            first >= y0 + margin && last + margin < img.h,
            "{px} px: rows {first}..={last} inside the bar {y0}..{}",
            img.h
        );
        // Two lines: a gap of blank rows between two runs of inked rows.
        let gaps = rows.windows(2).filter(|w| w[1] > w[0] + 1).count();
        assert!(gaps >= 1, "{px} px: rows {rows:?}");
        let x_max = changed.iter().map(|p| p.0).max().unwrap_or(0);
        assert!(x_max < img.w - 2, "{px} px: ends at {x_max}");
        assert!(side as usize <= img.w);
    }
}
