//! Evaluation graphs: a PNG of the promised size whatever the game, the same graph gives the
//! same bytes, White's area where White stands better, and the marks in their colours.

use render::{EvalGraph, GraphMark, RenderOptions, Renderer, Severity, Theme};

use crate::common::{Image, RENDERER};

/// A graph of `plies` turns where White's expected score is `e` throughout.
fn flat(plies: usize, e: f64) -> EvalGraph {
    EvalGraph {
        title: "Alice – Bob".into(),
        subtitle: "depth 11".into(),
        expected: vec![e; plies + 1],
        first_turn: 1,
        ..EvalGraph::default()
    }
}

fn draw(graph: &EvalGraph) -> Image {
    let png = RENDERER.render_graph(graph).expect("the graph is drawn");
    Image::decode(&png)
}

/// The pixels of column `x` between the title bar and the turn numbers (over the turn
/// numbers and the legend's two rows).
fn column(image: &Image, x: usize) -> Vec<[u8; 3]> {
    let bar = image.h / 8;
    (bar..image.h * 3 / 4).map(|y| image.at(x, y)).collect()
}

#[test]
fn a_graph_decodes_as_a_png_of_the_promised_size_whatever_the_game() {
    let (w, h) = RENDERER.graph_size();
    assert_eq!(w, 512, "as wide as the boards");
    for plies in [0, 1, 2, 60, 119, 600] {
        let image = draw(&flat(plies, 0.5));
        assert_eq!(
            (image.w, image.h),
            (w as usize, h as usize),
            "{plies} turns"
        );
    }
    let small = Renderer::new(RenderOptions {
        board_px: 256,
        theme: Theme::Slate,
    })
    .expect("a renderer");
    let image = Image::decode(&small.render_graph(&flat(30, 0.5)).expect("drawn"));
    assert_eq!((image.w as u32, image.h as u32), small.graph_size());
    assert_eq!(image.w, 256);
}

#[test]
fn the_same_graph_gives_the_same_bytes_from_two_renderers() {
    let other = Renderer::new(RenderOptions::default()).expect("a renderer");
    let mut graph = flat(40, 0.6);
    graph.marks = vec![GraphMark {
        ply: 7,
        severity: Severity::Mistake,
    }];
    graph.decided = Some(20);
    let bytes = RENDERER.render_graph(&graph).expect("drawn");
    assert_eq!(bytes, other.render_graph(&graph).expect("drawn"));
    assert_eq!(bytes, RENDERER.render_graph(&graph).expect("drawn again"));
}

#[test]
fn the_area_is_whites_as_far_up_as_whites_expected_score() {
    // The white and the black pieces' bodies, in every theme.
    let (white, black) = ([255, 255, 255], [30, 30, 30]);
    let share = |image: &Image, x: usize, colour: [u8; 3]| {
        let column = column(image, x);
        column.iter().filter(|p| **p == colour).count() as f64 / column.len() as f64
    };
    let winning = draw(&flat(20, 0.9));
    let losing = draw(&flat(20, 0.1));
    // Right of the scale's column.
    for x in [70, 256, 490] {
        assert!(share(&winning, x, white) > 0.7, "White winning at {x}");
        assert!(share(&winning, x, black) < 0.2, "White winning at {x}");
        assert!(share(&losing, x, black) > 0.7, "Black winning at {x}");
        assert!(share(&losing, x, white) < 0.2, "Black winning at {x}");
    }
    // White stands better on the left, Black on the right.
    let mut turning = flat(20, 0.9);
    for e in turning.expected.iter_mut().skip(11) {
        *e = 0.1;
    }
    let turning = draw(&turning);
    assert!(share(&turning, 70, white) > 0.7 && share(&turning, 490, black) > 0.7);
}

#[test]
fn marked_turns_are_dots_of_three_colours() {
    let reddish = |p: &[u8; 3]| p[0] > 200 && p[1] < 110 && p[2] < 110;
    let bluish = |p: &[u8; 3]| p[2] > 200 && p[0] < 120;
    let has = |image: &Image, f: &dyn Fn(&[u8; 3]) -> bool| {
        image.rgb.chunks_exact(3).any(|p| f(&[p[0], p[1], p[2]]))
    };
    let plain = draw(&flat(30, 0.5));
    assert!(!has(&plain, &reddish) && !has(&plain, &bluish));
    let mut graph = flat(30, 0.5);
    graph.marks = vec![GraphMark {
        ply: 9,
        severity: Severity::Blunder,
    }];
    let blunder = draw(&graph);
    assert!(has(&blunder, &reddish) && !has(&blunder, &bluish));
    graph.marks[0].severity = Severity::Inaccuracy;
    let inaccuracy = draw(&graph);
    assert!(has(&inaccuracy, &bluish) && !has(&inaccuracy, &reddish));
}
