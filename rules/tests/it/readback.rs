//! Records read back as they were written (issue 19): every outcome, tags in any letter case,
//! and errors that quote a huge word only in part.

use rules::{Color, EndReason, Game, Outcome, RecordError, RecordReader, Variant};

use crate::common::pos;

/// A game from `fen` in `variant` with `turns` played.
fn played(variant: Variant, fen: Option<&str>, turns: &[&str]) -> Game {
    let mut game = match fen {
        Some(fen) => Game::from_position(pos(variant, fen)),
        None => Game::new(variant, None).unwrap_or_else(|e| panic!("{e}")),
    };
    for t in turns {
        game.play_str(t).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
    game
}

/// The game `record` reads back as; panics with the record when it does not.
fn read_back(record: &str) -> Game {
    Game::from_record(record)
        .unwrap_or_else(|e| panic!("{e}\n{record}"))
        .0
}

#[test]
fn every_outcome_reads_back_as_written() {
    let mut games = Vec::new();
    // The outcomes the players decide, for each possible winner.
    for reason in [
        EndReason::Resignation,
        EndReason::DrawAgreed,
        EndReason::Aborted,
        EndReason::Timeout,
    ] {
        for winner in [None, Some(Color::White), Some(Color::Black)] {
            if matches!(reason, EndReason::Aborted | EndReason::DrawAgreed) && winner.is_some()
                || reason == EndReason::Resignation && winner.is_none()
            {
                continue;
            }
            let mut game = played(Variant::Standard, None, &["e4"]);
            game.set_outcome(Outcome { winner, reason });
            games.push(game);
        }
    }
    // The outcomes the board decides.
    games.extend([
        played(Variant::Standard, None, &["f3", "e5", "g4", "Qh4"]),
        played(
            Variant::Standard,
            Some("7k/4Q3/6K1/8/8/8/8/8 w - - 0 1"),
            &["Qf7"],
        ),
        played(
            Variant::Standard,
            None,
            &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"],
        ),
        played(
            Variant::Standard,
            Some("7k/8/8/8/8/8/8/R6K w - - 99 80"),
            &["Ra2"],
        ),
        played(
            Variant::Standard,
            Some("7k/8/8/8/8/8/4r3/4K3 w - - 0 1"),
            &["Kxe2"],
        ),
        // White's pawn waits on c8; a queen there attacks the king on a8.
        played(
            Variant::Avalanche,
            Some("k1P5/8/8/8/8/8/8/7K w - - 0 1"),
            &["=Q"],
        ),
        // Kg2 is legal; pushing f4-f3 leaves it attacked by that pawn: White loses.
        played(
            Variant::Avalanche,
            Some("k7/8/8/8/5p2/8/8/7K w - - 0 1"),
            &["Kg2/f3"],
        ),
    ]);
    let reasons: Vec<EndReason> = games
        .iter()
        .filter_map(|g| g.outcome().map(|o| o.reason))
        .collect();
    for reason in [
        EndReason::Checkmate,
        EndReason::Stalemate,
        EndReason::ThreefoldRepetition,
        EndReason::FiftyMoveRule,
        EndReason::InsufficientMaterial,
        EndReason::PromotedIntoCheck,
        EndReason::ExposedOwnKing,
    ] {
        assert!(reasons.contains(&reason), "no game ends by {reason:?}");
    }
    for game in games {
        let record = game.to_record(&[]);
        let back = read_back(&record);
        assert_eq!(back.outcome(), game.outcome(), "{record}");
        assert_eq!(back.notations(), game.notations());
        assert_eq!(back.position(), game.position());
    }
}

#[test]
fn a_foreign_time_forfeit_is_still_a_timeout() {
    let game = read_back("[Result \"1-0\"]\n[Termination \"time forfeit\"]\n\n1. e4 1-0\n");
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Some(Color::White),
            reason: EndReason::Timeout
        })
    );
}

#[test]
fn tag_names_are_case_sensitive_and_a_written_record_reads_back() {
    let game = played(Variant::Standard, None, &["e4", "e5", "Nf3"]);
    let tags = [
        ("variant".to_string(), "avalanche".to_string()),
        ("fen".to_string(), "8/8/8/8/8/8/8/8 w - - 0 1".to_string()),
        ("result".to_string(), "0-1".to_string()),
    ];
    let record = game.to_record(&tags);
    let (back, read_tags) = Game::from_record(&record).unwrap_or_else(|e| panic!("{e}\n{record}"));
    assert_eq!(back.variant(), Variant::Standard);
    assert_eq!(back.notations(), game.notations());
    assert_eq!(back.outcome(), None);
    for (name, value) in &tags {
        assert!(read_tags.contains(&(name.clone(), value.clone())), "{name}");
    }
    // A lower-case `variant` is another tag: the game is standard chess.
    let lower = read_back("[variant \"avalanche\"]\n\n1. e4 e5 *\n");
    assert_eq!(lower.variant(), Variant::Standard);
}

/// The longest text an error may quote from its input, ellipsis included, with room for the
/// rest of the message.
const QUOTED: usize = 200;

#[test]
fn a_huge_word_is_refused_with_a_short_message() {
    let huge = "N".repeat(8 << 20);
    let inputs = [
        format!("1. e4 {huge} *\n"),
        format!("1. {huge}\n"),
        format!("[Event \"{huge}\"]\n\n1. e4 *\n"),
        format!("[{huge}]\n\n1. e4 *\n"),
        format!("[SetUp \"1\"]\n[FEN \"{huge}\"]\n\n*\n"),
        format!("[Variant \"{huge}\"]\n\n*\n"),
    ];
    for (i, record) in inputs.iter().enumerate() {
        let error = RecordReader::new(record.as_bytes()).and_then(|r| r.finish().map(|_| ()));
        match error {
            Ok(()) if i == 2 => {}
            Ok(()) => panic!("record {i} was read"),
            Err(e) => {
                let message = e.to_string();
                assert!(
                    message.len() < QUOTED,
                    "record {i}: an error of {} bytes: {}…",
                    message.len(),
                    message.get(..QUOTED).unwrap_or_default()
                );
                assert!(message.contains('…'), "record {i}: {message}");
            }
        }
    }
    let error = RecordReader::new(inputs[1].as_bytes()).and_then(RecordReader::finish);
    assert!(
        matches!(error, Err(RecordError::Read(_) | RecordError::Turn { .. })),
        "{error:?}"
    );
}

#[test]
fn fen_and_turn_errors_quote_a_huge_field_in_part() {
    let huge = "x".repeat(1 << 20);
    let fens = [
        format!("8/8/8/8/8/8/8/{huge} w - - 0 1"),
        format!("4k3/8/8/8/8/8/8/4K3 {huge} - - 0 1"),
        format!("4k3/8/8/8/8/8/8/4K3 w {huge} - 0 1"),
        format!("4k3/8/8/8/8/8/8/4K3 w - {huge} 0 1"),
        format!("4k3/8/8/8/8/8/8/4K3 w - - {huge} 1"),
        format!("4k3/8/8/8/8/8/8/4K3 w - - 0 {huge}"),
    ];
    for fen in &fens {
        assert_refused_in_short(rules::Position::from_fen(Variant::Standard, fen).err());
    }
    let start = pos(Variant::Avalanche, rules::STANDARD_START);
    for input in [huge.clone(), format!("e4/{huge}"), format!("=Q {huge}")] {
        assert_refused_in_short(start.parse_turn(&input).err());
    }
}

/// Asserts that `error` is there and says what it refuses in under [`QUOTED`] bytes.
fn assert_refused_in_short(error: Option<impl std::fmt::Display>) {
    let message = error.map(|e| e.to_string()).unwrap_or_default();
    assert!(
        !message.is_empty() && message.len() < QUOTED,
        "{}",
        message.get(..QUOTED).unwrap_or_default()
    );
}
