//! The animated replay: decoded with the `gif` crate's decoder, composed frame over frame as a
//! viewer does, and compared pixel for pixel with the PNG the renderer draws for each scene.

use render::{RenderError, Scene};
use rules::{Color, Game, Variant};

use crate::common::{RENDERER, board, render, sq, start};

/// Morphy against the Duke of Brunswick and Count Isouard, Paris 1858: mate on move 17.
pub(crate) const OPERA_GAME: &str = "[White \"Morphy\"]\n[Black \"Duke Karl / Count Isouard\"]\n\
    [Result \"1-0\"]\n\n\
    1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 \
    8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 \
    14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0\n";

/// An Avalanche tournament game (the rules crate's test data), 30 turns ending in resignation.
const AVALANCHE_GAME: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../rules/tests/data/games/salvadori-castelli-1991.txt"
));

pub(crate) fn game(record: &str) -> Game {
    match Game::from_record(record) {
        Ok((game, _)) => game,
        Err(e) => panic!("the record replays: {e}"),
    }
}

/// The replay of `game` with the players' names, seen from `orientation`.
pub(crate) fn scenes(game: &Game, orientation: Color) -> Vec<Scene> {
    let mut scenes = Scene::replay(game);
    for scene in &mut scenes {
        scene.white = "Morphy".into();
        scene.black = "名人 🐉".into();
        scene.orientation = orientation;
    }
    scenes
}

/// One decoded frame: where it goes, its size, its delay and its indices.
struct RawFrame {
    left: usize,
    top: usize,
    width: usize,
    height: usize,
    delay: u16,
    transparent: Option<u8>,
    indices: Vec<u8>,
}

/// A decoded GIF: the canvas size, the global palette, the loop setting and the frames.
pub(crate) struct Animation {
    w: usize,
    h: usize,
    palette: Vec<u8>,
    repeat: gif::Repeat,
    frames: Vec<RawFrame>,
}

fn decode(bytes: &[u8]) -> Animation {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(bytes).expect("a GIF header");
    let palette = decoder.global_palette().expect("a global palette").to_vec();
    let (w, h) = (usize::from(decoder.width()), usize::from(decoder.height()));
    let mut frames = Vec::new();
    while let Some(f) = decoder.read_next_frame().expect("a well-formed frame") {
        assert!(f.palette.is_none(), "every frame uses the global palette");
        frames.push(RawFrame {
            left: usize::from(f.left),
            top: usize::from(f.top),
            width: usize::from(f.width),
            height: usize::from(f.height),
            delay: f.delay,
            transparent: f.transparent,
            indices: f.buffer.to_vec(),
        });
    }
    Animation {
        w,
        h,
        palette,
        repeat: decoder.repeat(),
        frames,
    }
}

/// The delay of every part of a shown frame but its last, in hundredths of a second.
const PART_DELAY: u16 = 2;

impl Animation {
    /// The frames as shown: each run of GIF frames up to and including one that stays longer
    /// than [`PART_DELAY`] (a shown frame drawn in parts), as indices into `frames`.
    fn shown(&self) -> Vec<std::ops::Range<usize>> {
        let mut shown = Vec::new();
        let mut start = 0;
        for (i, f) in self.frames.iter().enumerate() {
            if f.delay > PART_DELAY {
                shown.push(start..i + 1);
                start = i + 1;
            }
        }
        assert_eq!(start, self.frames.len(), "the last part ends a shown frame");
        shown
    }

    /// How long each shown frame stays, in hundredths of a second: its parts' delays added.
    fn delays(&self) -> Vec<u16> {
        self.shown()
            .into_iter()
            .map(|parts| self.frames[parts].iter().map(|f| f.delay).sum())
            .collect()
    }

    /// The RGB image of each shown frame: each GIF frame drawn over the last, its transparent
    /// pixels leaving what was there (the "keep" disposal every frame asks for).
    pub(crate) fn composed(&self) -> Vec<Vec<u8>> {
        let mut canvas = vec![0u8; self.w * self.h * 3];
        let mut shown = Vec::new();
        for parts in self.shown() {
            for f in &self.frames[parts] {
                assert!(f.left + f.width <= self.w && f.top + f.height <= self.h);
                for y in 0..f.height {
                    for x in 0..f.width {
                        let index = f.indices[y * f.width + x];
                        if Some(index) == f.transparent {
                            continue;
                        }
                        let i = usize::from(index) * 3;
                        let at = ((f.top + y) * self.w + f.left + x) * 3;
                        canvas[at..at + 3].copy_from_slice(&self.palette[i..i + 3]);
                    }
                }
            }
            shown.push(canvas.clone());
        }
        shown
    }
}

/// How many pixels of two RGB images differ.
pub(crate) fn differing_pixels(a: &[u8], b: &[u8]) -> usize {
    a.chunks_exact(3)
        .zip(b.chunks_exact(3))
        .filter(|(p, q)| p != q)
        .count()
}

/// Checks that every frame of the replay of `game` shows what the PNG of its scene shows.
fn check_replay(game: &Game, orientation: Color) -> Animation {
    let scenes = scenes(game, orientation);
    assert_eq!(scenes.len(), game.turns().len() + 1);
    check_frames(&scenes)
}

/// Checks that every frame of the GIF of `scenes` shows what the PNG of its scene shows.
pub(crate) fn check_frames(scenes: &[Scene]) -> Animation {
    let bytes = RENDERER.render_gif(scenes).expect("the GIF is written");
    let animation = decode(&bytes);
    assert_eq!(
        (animation.w as u32, animation.h as u32),
        RENDERER.image_size()
    );
    assert_eq!(
        animation.shown().len(),
        scenes.len(),
        "one shown frame per scene"
    );
    for (i, (shown, scene)) in animation.composed().iter().zip(scenes).enumerate() {
        let png = render(scene);
        assert_eq!((png.w, png.h), (animation.w, animation.h));
        assert_eq!(
            differing_pixels(shown, &png.rgb),
            0,
            "frame {i} differs from the PNG of its scene"
        );
    }
    animation
}

#[test]
fn every_frame_of_a_standard_game_equals_the_png_of_its_scene() {
    let game = game(OPERA_GAME);
    assert_eq!(game.turns().len(), 33);
    let scenes = Scene::replay(&game);
    assert_eq!(scenes[0], start());
    assert_eq!(
        scenes.last().and_then(|s| s.result.as_deref()),
        Some("1-0 · White wins by checkmate"),
        "the last scene shows the result"
    );
    check_replay(&game, Color::White);
}

#[test]
fn every_frame_of_an_avalanche_game_seen_from_black_equals_the_png_of_its_scene() {
    let game = game(AVALANCHE_GAME);
    assert_eq!(game.variant(), Variant::AvalancheBalanced);
    let scenes = Scene::replay(&game);
    // 1. Nf3// Nf6/a3: a move without a push, then Black's knight move and its push of
    // White's a-pawn.
    assert_eq!(scenes[1].last_move, Some((sq("g1"), sq("f3"))));
    assert_eq!(scenes[1].last_push, None);
    assert_eq!(scenes[2].last_move, Some((sq("g8"), sq("f6"))));
    assert_eq!(scenes[2].last_push, Some((sq("a2"), sq("a3"))));
    check_replay(&game, Color::Black);
}

#[test]
fn the_last_frame_stays_longer_and_the_replay_loops_forever() {
    let animation = decode(
        &RENDERER
            .render_gif(&scenes(&game(OPERA_GAME), Color::White))
            .expect("the GIF is written"),
    );
    let delays = animation.delays();
    let (last, rest) = delays.split_last().expect("frames");
    assert!(rest.iter().all(|&d| d == 100), "a second per turn");
    assert!(
        (300..=400).contains(last),
        "the result shows for 3–4 s, not {last} cs"
    );
    assert_eq!(animation.repeat, gif::Repeat::Infinite);
}

#[test]
fn frames_after_the_first_mark_unchanged_pixels_transparent_and_cost_little() {
    let scenes = scenes(&game(OPERA_GAME), Color::White);
    let bytes = RENDERER.render_gif(&scenes).expect("the GIF is written");
    let animation = decode(&bytes);
    let full = animation.w * animation.h;
    let first = &animation.frames[0];
    assert_eq!(
        (first.width * first.height, first.transparent),
        (full, None)
    );
    for (i, parts) in animation.shown().into_iter().enumerate().skip(1) {
        let drawn: usize = animation.frames[parts]
            .iter()
            .map(|f| {
                assert!(f.transparent.is_some(), "frame {i} marks unchanged pixels");
                f.indices
                    .iter()
                    .filter(|&&p| Some(p) != f.transparent)
                    .count()
            })
            .sum();
        assert!(
            drawn * 10 < full,
            "frame {i}: most of the image is unchanged"
        );
    }
    let one_frame = RENDERER
        .render_gif(&scenes[..1])
        .expect("the GIF is written")
        .len();
    let budget = one_frame + (scenes.len() - 1) * one_frame / 5;
    assert!(
        bytes.len() < budget,
        "each frame after the first costs under a fifth of the first ({one_frame} bytes): \
         {} bytes in all",
        bytes.len()
    );
}

#[test]
fn when_little_changes_a_frame_holds_only_the_changed_rectangle() {
    let start = start();
    let marked = Scene {
        last_move: Some((sq("d4"), sq("e5"))),
        ..start.clone()
    };
    let animation = decode(
        &RENDERER
            .render_gif(&[start, marked.clone()])
            .expect("the GIF is written"),
    );
    let second = &animation.frames[1];
    // d4 and e5 are diagonal neighbours in the middle of the board: a two-by-two block of
    // squares at most, however the tint is drawn.
    let (board_x, _, side) = board();
    let square = side / 8;
    assert!(second.width <= 2 * square && second.height <= 2 * square);
    assert!(
        second.left >= board_x + 3 * square && second.left + second.width <= board_x + 5 * square
    );
    let composed = animation.composed();
    assert_eq!(differing_pixels(&composed[1], &render(&marked).rgb), 0);
}

#[test]
fn a_frame_whose_changes_lie_far_apart_is_drawn_in_small_parts_shown_at_once() {
    // 1. e4: the mark of the side to move leaves the upper bar for the lower one, e2 and e4
    // are tinted two squares apart, and the status changes at the lower bar's right end.
    let scenes = scenes(&game(OPERA_GAME), Color::White);
    let animation = check_frames(&scenes[..3]);
    let shown = animation.shown();
    let parts = &animation.frames[shown[1].clone()];
    assert!(
        parts.len() >= 4,
        "bars, squares and status apart: {}",
        parts.len()
    );
    let (last, rest) = parts.split_last().expect("parts");
    assert!(rest.iter().all(|f| f.delay == PART_DELAY));
    assert_eq!(last.delay + PART_DELAY * rest.len() as u16, 100);
    assert!(parts.iter().any(|f| f.top == 0), "the upper bar's mark");
    assert!(
        parts.iter().any(|f| f.top + f.height == animation.h),
        "the lower bar's mark"
    );
    let area: usize = parts.iter().map(|f| f.width * f.height).sum();
    assert!(
        area * 10 < animation.w * animation.h,
        "the parts cover {area} px, not the whole image"
    );
    for (i, a) in parts.iter().enumerate() {
        for b in &parts[i + 1..] {
            let apart = a.left + a.width <= b.left
                || b.left + b.width <= a.left
                || a.top + a.height <= b.top
                || b.top + b.height <= a.top;
            assert!(apart, "parts do not overlap");
        }
    }
}

#[test]
fn a_scene_shown_twice_adds_a_frame_of_one_transparent_pixel() {
    let start = start();
    let animation = decode(
        &RENDERER
            .render_gif(&[start.clone(), start])
            .expect("the GIF is written"),
    );
    let second = &animation.frames[1];
    assert_eq!((second.width, second.height), (1, 1));
    assert_eq!(Some(second.indices[0]), second.transparent);
}

#[test]
fn no_scene_is_an_error() {
    assert!(matches!(
        RENDERER.render_gif(&[]),
        Err(RenderError::NoScenes)
    ));
}
