//! What the squares mark after a turn: a castling where the king went (in every way it can be
//! entered, in standard chess, Chess960 and reversed Avalanche), and an Avalanche pawn a push
//! brought to its last rank once its owner has promoted it.

use render::Scene;
use rules::{Game, Position, Role, Square, Turn, Variant};

use crate::common::{Image, render, sq};

/// The scene after `game`'s last turn.
fn last_scene(game: &Game) -> Scene {
    Scene::from_game(game, game.turns().len()).expect("a scene per position")
}

/// The game of `variant` (from `setup`) after `turns`.
fn played(variant: Variant, setup: Option<u16>, turns: &[&str]) -> Game {
    let mut game = Game::new(variant, setup).expect("a setup");
    for turn in turns {
        game.play_str(turn)
            .unwrap_or_else(|e| panic!("{turn} is legal: {e}"));
    }
    game
}

/// The position of `fen` and `turn` read there as a player entered it.
fn from_fen(variant: Variant, fen: &str, turn: &str) -> (Position, Turn) {
    let before = Position::from_fen(variant, fen).expect("a legal FEN");
    let turn = before
        .parse_turn(turn)
        .unwrap_or_else(|e| panic!("{turn} reads: {e}"));
    (before, turn)
}

/// The scene after `turn` from `before`.
fn after(before: &Position, turn: &Turn) -> Scene {
    let mut scene = Scene::from_position(&before.play(turn).expect("legal"));
    scene.set_last_turn(before, turn);
    scene
}

/// The pixel in the middle of the left edge of `square`, seen from White: beside any piece.
fn beside(img: &Image, square: Square) -> [u8; 3] {
    let (col, row) = (usize::from(square.file()), 7 - usize::from(square.rank()));
    img.in_cell(col, row, 0.04, 0.5)
}

#[test]
fn castling_marks_the_kings_start_and_destination_not_the_rooks_square() {
    for (turns, king_to, rook) in [
        (
            &["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O"][..],
            "g1",
            "h1",
        ),
        (
            &[
                "d4", "d5", "Nc3", "Nc6", "Bf4", "Bf5", "Qd2", "Qd7", "O-O-O",
            ][..],
            "c1",
            "a1",
        ),
    ] {
        let game = played(Variant::Standard, None, turns);
        let scene = last_scene(&game);
        assert_eq!(scene.last_move, Some((sq("e1"), sq(king_to))), "{turns:?}");
        let img = render(&scene);
        let plain = render(&Scene {
            last_move: None,
            ..scene.clone()
        });
        for tinted in ["e1", king_to] {
            assert_ne!(
                beside(&img, sq(tinted)),
                beside(&plain, sq(tinted)),
                "{tinted} is marked"
            );
        }
        assert_eq!(
            beside(&img, sq(rook)),
            beside(&plain, sq(rook)),
            "{rook}, where the rook stood, is not"
        );
    }
}

#[test]
fn a_castling_entered_any_way_is_marked_the_same() {
    // Chess960 setup 518 is the usual start: O-O, the king onto its rook, the king's two
    // squares.
    let opening = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6"];
    let scenes: Vec<Scene> = ["O-O", "e1h1", "e1g1"]
        .iter()
        .map(|castle| {
            let mut turns = opening.to_vec();
            turns.push(castle);
            last_scene(&played(Variant::Chess960, Some(518), &turns))
        })
        .collect();
    for scene in &scenes {
        assert_eq!(scene.last_move, Some((sq("e1"), sq("g1"))));
        assert_eq!(scene, &scenes[0]);
    }
    // A king on b1 castling with its rook on a1: the king goes to c1, the rook to d1.
    let fen = "1k6/8/8/8/8/8/8/RK5R w HA - 0 1";
    for entered in ["O-O-O", "b1a1"] {
        let (before, turn) = from_fen(Variant::Chess960, fen, entered);
        assert_eq!(
            after(&before, &turn).last_move,
            Some((sq("b1"), sq("c1"))),
            "{entered}"
        );
    }
    // A king already on g1 castling with its rook on h1 stays: the rook's squares show what
    // moved.
    for entered in ["O-O", "g1h1"] {
        let (before, turn) = from_fen(
            Variant::Chess960,
            "6k1/8/8/8/8/8/8/R5KR w HA - 0 1",
            entered,
        );
        assert_eq!(
            after(&before, &turn).last_move,
            Some((sq("h1"), sq("f1"))),
            "{entered}"
        );
    }
}

#[test]
fn reversed_avalanche_castling_marks_the_kings_two_squares() {
    // Black's king goes two squares toward its rook: d8 to f8, the rook h8 to e8.
    let before = Position::from_fen(
        Variant::AvalancheReversed,
        "r2k3r/8/8/8/8/8/8/4K3 b kq - 0 1",
    )
    .expect("a legal FEN");
    let castle = before
        .legal_turns()
        .into_iter()
        .find(|t| t.mv.is_some_and(|m| (m.from, m.to) == (sq("d8"), sq("h8"))))
        .expect("O-O, the king onto its rook");
    assert_eq!(
        after(&before, &castle).last_move,
        Some((sq("d8"), sq("f8")))
    );
}

#[test]
fn a_pawn_pushed_to_its_last_rank_is_marked_once_its_owner_promotes_it() {
    // Black's push took White's e-pawn to e8; White chooses a knight, then plays and pushes.
    let before = Position::from_fen(
        Variant::Avalanche,
        "r3P1k1/pp3ppp/2b5/8/4p3/2N5/PPP2PPP/R1BQKBNR w KQ - 0 14",
    )
    .expect("a legal FEN");
    assert_eq!(before.pending_promotion(), Some(sq("e8")));
    let turn = before
        .legal_turns()
        .into_iter()
        .find(|t| t.promotion == Some(Role::Knight) && t.mv.is_some_and(|m| m.from == sq("c3")))
        .expect("=N, then the other knight's move");
    let scene = after(&before, &turn);
    assert_eq!(scene.promoted, Some(sq("e8")));
    assert_eq!(scene.pending_promotion, None);
    let img = render(&scene);
    let unmarked = render(&Scene {
        promoted: None,
        ..scene.clone()
    });
    let (gold, plain) = (beside(&img, sq("e8")), beside(&unmarked, sq("e8")));
    assert_ne!(gold, plain, "e8 is marked");
    // Gold: warmer than the square, and not the last move's colour on a square like it.
    assert!(
        gold[2] + 40 < plain[2] && gold[0] >= gold[1] && gold[1] > gold[2],
        "e8 {gold:?}, unmarked {plain:?}"
    );
    let mv = turn.mv.expect("a move");
    if let Some(square) = [mv.from, mv.to]
        .into_iter()
        .find(|s| s.is_light() == sq("e8").is_light())
    {
        assert_ne!(gold, beside(&img, square), "unlike the move's tint");
    }
    // The replay marks it too, and the board after a turn without a promotion does not.
    let mut game = Game::from_position(before.clone());
    game.play(turn).expect("legal");
    assert_eq!(last_scene(&game).promoted, Some(sq("e8")));
    let promoted = before.play(&turn).expect("legal");
    let quiet = promoted
        .legal_turns()
        .into_iter()
        .next()
        .expect("Black has a turn");
    assert_eq!(after(&promoted, &quiet).promoted, None);
    // A queen there attacks the king on g8 and wins at once: the square is marked beside the
    // king's red glow.
    let wins = before
        .legal_turns()
        .into_iter()
        .find(|t| t.promotion == Some(Role::Queen))
        .expect("=Q");
    assert_eq!(wins.mv, None, "a promotion into check is the whole turn");
    let scene = after(&before, &wins);
    assert_eq!(
        (scene.promoted, scene.check),
        (Some(sq("e8")), Some(sq("g8")))
    );
    assert_eq!(beside(&render(&scene), sq("e8")), gold);
}
