//! What a game's boards show: one side all game long in its channel (White's, or the person's
//! against the computer), the result's board and the replay from that side too, `Flip` the
//! other side and only for the one who asked; a castling on the king's squares.

use domain::{Action, Reply};
use rules::{Color, Square};
use testkit::harness::{Harness, text};

/// The side at the bottom of `reply`'s board, which must have one.
fn side(reply: &Reply) -> Color {
    reply
        .board
        .as_ref()
        .unwrap_or_else(|| panic!("a board: {}", text(reply)))
        .orientation
}

fn sq(name: &str) -> Square {
    name.parse().expect("a square")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_between_people_is_shown_from_whites_side_from_start_to_replay() {
    let h = Harness::new().await;
    h.say("bob> challenge alice").await;
    // bob challenged and drew Black or White: the boards follow White either way.
    let first = h.say_undrawn("alice> accept").await;
    assert_eq!(side(&first), Color::White, "{}", text(&first));
    let board = first.board.as_ref().expect("a board");
    let (white, black) = (board.players.white.clone(), board.players.black.clone());
    let mut boards = vec![side(&first)];
    let turns = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O", "Be7"];
    for (i, turn) in turns.iter().enumerate() {
        let mover = if i % 2 == 0 { &white } else { &black };
        let reply = h.say_undrawn(&format!("{mover}> move {turn}")).await;
        assert!(!reply.private, "{turn}: {}", text(&reply));
        boards.push(side(&reply));
        if *turn == "O-O" {
            // Castled: e1 and g1 are marked, not the rook's h1.
            let scene =
                present::board_scene(reply.board.clone().expect("a board"), domain::Lang::En);
            assert_eq!(scene.last_move, Some((sq("e1"), sq("g1"))));
        }
    }
    // The board asked for in the channel: the same side.
    for asker in [&white, &black, &"carol".to_string()] {
        let shown = h.say_undrawn(&format!("{asker}> board")).await;
        assert!(!shown.private);
        boards.push(side(&shown));
        // Flipped: the other side, and only for the asker.
        let flipped = h.say_undrawn(&format!("{asker}> board flip")).await;
        assert!(flipped.private, "a flipped board is private");
        assert_eq!(side(&flipped), Color::Black, "{asker}");
    }
    // Black resigns: the result's board, and the replay, from White's side still.
    let result = h.say_undrawn(&format!("{black}> resign")).await;
    boards.push(side(&result));
    assert_eq!(
        result.replay.as_ref().map(|r| r.orientation),
        Some(Color::White)
    );
    assert!(result.actions.contains(&Action::Flip), "Flip stays");
    assert!(
        boards.iter().all(|&c| c == Color::White),
        "the boards turned: {boards:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_computer_is_shown_from_the_persons_side() {
    let h = Harness::new().await;
    // alice plays Black: the computer moves first, and every board shows Black at the bottom.
    let first = h
        .say_undrawn("alice> challenge computer level 1 black")
        .await;
    assert!(!first.private, "{}", text(&first));
    let mut boards = vec![side(&first)];
    for turn in ["e5", "Nc6", "Nf6", "d6", "a6"] {
        let reply = h.say_undrawn(&format!("alice> move {turn}")).await;
        if reply.private {
            // The computer's turn made this one illegal: enough turns were played.
            break;
        }
        boards.push(side(&reply));
    }
    let shown = h.say_undrawn("carol> board").await;
    boards.push(side(&shown));
    let flipped = h.say_undrawn("alice> board flip").await;
    assert!(flipped.private && side(&flipped) == Color::White);
    let result = h.say_undrawn("alice> resign").await;
    boards.push(side(&result));
    assert_eq!(
        result.replay.as_ref().map(|r| r.orientation),
        Some(Color::Black)
    );
    assert!(
        boards.iter().all(|&c| c == Color::Black),
        "the boards turned: {boards:?}"
    );
}
