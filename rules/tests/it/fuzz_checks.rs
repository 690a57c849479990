//! The checks the fuzz targets of `fuzz/` run on each input, shared with
//! `fuzz_regressions`, which replays every input that ever failed one. Each check
//! takes the fuzzer's bytes and panics when a rule is broken; it uses only the public API
//! of the rules core. The fuzz targets include this file with `#[path]`.

use std::collections::BTreeSet;

use rules::{
    Annotation, Color, EndReason, Game, Move, Outcome, ParsedInput, Position, RecordReader, Setups,
    Turn, TurnPrefix, Variant, clk_in_comment,
};

/// The longest walk, in plies: long enough to reach a fifty-move draw.
const MAX_PLIES: usize = 240;

/// The variant a byte names.
fn variant(byte: u8) -> Variant {
    Variant::ALL[usize::from(byte) % Variant::ALL.len()]
}

/// `text` as a Japanese input method types it: ASCII signs, digits and letters at full width,
/// spaces as ideographic spaces.
fn full_width(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            ' ' => '\u{3000}',
            '!'..='~' => char::from_u32(u32::from(c) - 0x21 + 0xFF01).unwrap_or(c),
            _ => c,
        })
        .collect()
}

/// FEN: a position read from any text writes a FEN and an X-FEN that read back as the same
/// position; its turns are listed, legal and playable, and perft 2 runs.
/// Input: a byte naming the variant, then the FEN.
pub fn fen(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Ok(pos) = Position::from_fen(variant(first), text) else {
        return;
    };
    assert_fen_round_trips(&pos);
    let turns = pos.legal_turns();
    assert_eq!(turns.len() as u64, pos.count_turns(), "{text}");
    for turn in &turns {
        assert!(pos.is_legal(turn), "{turn:?} in {text}");
        if let Err(e) = pos.play(turn) {
            panic!("{turn:?} is listed but does not play in {text}: {e}");
        }
    }
    assert_eq!(pos.perft(1), turns.len() as u64, "{text}");
    pos.perft(2);
}

/// The FEN and the X-FEN of `pos` read back as a position that writes them alike and has
/// the same turns, written alike.
fn assert_fen_round_trips(pos: &Position) {
    let fen = pos.to_fen();
    let xfen = pos.to_xfen();
    let turns = pos.legal_turns();
    for written in [&fen, &xfen] {
        let back = Position::from_fen(pos.variant(), written)
            .unwrap_or_else(|e| panic!("`{written}`, written for a position, is refused: {e}"));
        assert_eq!(back.to_fen(), fen, "FEN after reading `{written}`");
        assert_eq!(back.to_xfen(), xfen, "X-FEN after reading `{written}`");
        assert_eq!(back.legal_turns(), turns, "turns after reading `{written}`");
    }
}

/// The positions the turn input target types into, one for each way a turn is written.
const TYPED_IN: [(Variant, &str); 12] = [
    (Variant::Standard, rules::STANDARD_START),
    // Castling both ways, promotions with and without capture, en passant.
    (
        Variant::Standard,
        "r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1",
    ),
    (
        Variant::Chess960,
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ),
    (
        Variant::Chess960,
        "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
    ),
    (Variant::Avalanche, rules::STANDARD_START),
    (Variant::AvalancheBalanced, rules::STANDARD_START),
    (Variant::AvalancheReversed, rules::REVERSED_START),
    // A pawn waiting for its promotion choice, with pushes after the move.
    (Variant::Avalanche, "4P3/8/3p4/8/8/8/8/k6K w - - 0 1"),
    // A promotion choice that checks.
    (Variant::Avalanche, "4P3/8/8/8/k7/8/8/7K w - - 0 1"),
    // A push that exposes the pusher's own king.
    (Variant::Avalanche, "7k/8/3p4/8/4K3/8/8/N7 w - - 0 1"),
    // Castling with pushes, and Black's two-square castling of Reversed Avalanche.
    (
        Variant::Avalanche,
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    ),
    (
        Variant::AvalancheReversed,
        "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1",
    ),
];

/// Turn input: text typed in a position reads the same at full width, every turn it reads
/// as is legal and reads back from its notation, and typed step by step (steps apart on
/// lines) every step stays within the legal turns. Then the canonical notation of one legal
/// turn, typed in its steps (`=N`, `Kd2`, `/e6`), ASCII and full width, gives that turn.
/// Input: a byte choosing the position, a byte choosing the turn, then the text.
pub fn turn_input(data: &[u8]) {
    let [which, pick, rest @ ..] = data else {
        return;
    };
    let (variant, fen) = TYPED_IN[usize::from(*which) % TYPED_IN.len()];
    let pos = Position::from_fen(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let turns = pos.legal_turns();
    if let Some(turn) = turns.get(usize::from(*pick) % turns.len().max(1)) {
        let notation = pos.turn_to_notation(turn);
        assert_steps_give(&pos, &notation, turn);
        assert_steps_give(&pos, &full_width(&notation), turn);
    }
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let whole = pos.parse_turn(text);
    if let Ok(turn) = &whole {
        assert!(turns.contains(turn), "`{text}` read as {turn:?} in {fen}");
        assert_notations_read_back(&pos, turn);
    }
    assert_eq!(
        pos.parse_turn(&full_width(text)),
        whole,
        "`{text}` at full width"
    );
    let mut prefix = TurnPrefix::default();
    for step in text.split('\n') {
        match pos.parse_turn_input(step, &prefix) {
            Ok(ParsedInput::Complete(turn)) => {
                assert!(turns.contains(&turn), "`{text}` read as {turn:?} in {fen}");
                assert_keeps(&prefix, &turn, text);
                break;
            }
            Ok(ParsedInput::NeedsMove { promotion }) => {
                assert_eq!(prefix, TurnPrefix::default(), "`{text}` chose twice");
                assert!(
                    turns.iter().any(|t| t.promotion == Some(promotion)),
                    "`{text}`: no turn chooses {promotion:?}"
                );
                prefix.promotion = Some(promotion);
            }
            Ok(ParsedInput::NeedsPush {
                prefix: now,
                pushes,
            }) => {
                assert!(!pushes.is_empty(), "`{text}` waits for no push");
                for push in pushes {
                    let turn = Turn {
                        promotion: now.promotion,
                        mv: now.mv,
                        push: Some(push),
                    };
                    assert!(turns.contains(&turn), "`{text}` offers {turn:?} in {fen}");
                }
                prefix = now;
            }
            // A player may type again after a refusal.
            Err(_) => {}
        }
    }
}

/// Typing the parts of `notation` one at a time in `pos` ends with `turn`.
fn assert_steps_give(pos: &Position, notation: &str, turn: &Turn) {
    let text = rules::ascii_width(notation);
    let (choice, rest) = match text.strip_prefix('=') {
        Some(_) if turn.mv.is_none() => (Some(&*text), ""),
        Some(_) => match text.split_once(' ') {
            Some((choice, rest)) => (Some(choice), rest),
            None => panic!("`{notation}` has a promotion choice but no move"),
        },
        None => (None, &*text),
    };
    let (mv, push) = match rest.find('/') {
        Some(at) => rest.split_at(at),
        None => (rest, ""),
    };
    // Each step as typed: from the original text, so full-width input stays full width.
    let width = |part: &str| {
        if notation.is_ascii() {
            part.to_string()
        } else {
            full_width(part)
        }
    };
    let mut steps: Vec<String> = choice.into_iter().map(width).collect();
    steps.extend([mv, push].into_iter().filter(|s| !s.is_empty()).map(width));
    let mut prefix = TurnPrefix::default();
    for (i, step) in steps.iter().enumerate() {
        match pos.parse_turn_input(step, &prefix) {
            Ok(ParsedInput::Complete(got)) => {
                assert_eq!(&got, turn, "`{notation}` step by step");
                let after: Vec<&String> = steps.iter().skip(i + 1).collect();
                assert!(
                    after
                        .iter()
                        .all(|s| rules::ascii_width(s).trim_end_matches(['+', '#']) == "//"),
                    "`{notation}` complete before {after:?}"
                );
                return;
            }
            Ok(ParsedInput::NeedsMove { promotion }) => prefix.promotion = Some(promotion),
            Ok(ParsedInput::NeedsPush { prefix: now, .. }) => prefix = now,
            Err(e) => panic!("`{notation}`, step `{step}`: {e}"),
        }
    }
    panic!("`{notation}` typed in steps {steps:?} never completes");
}

/// A turn completed from `prefix` keeps what the prefix chose.
fn assert_keeps(prefix: &TurnPrefix, turn: &Turn, text: &str) {
    if prefix.promotion.is_some() {
        assert_eq!(
            prefix.promotion, turn.promotion,
            "`{text}` changed the choice"
        );
    }
    if prefix.mv.is_some() {
        assert_eq!(prefix.mv, turn.mv, "`{text}` changed the move");
    }
}

/// The canonical notation and the UCI-style notation of `turn`, ASCII and full width, read
/// back as `turn`.
fn assert_notations_read_back(pos: &Position, turn: &Turn) {
    for written in [pos.turn_to_notation(turn), pos.turn_to_uci(turn)] {
        for typed in [written.clone(), full_width(&written)] {
            assert_eq!(
                pos.parse_turn(&typed).as_ref(),
                Ok(turn),
                "`{typed}` in {}",
                pos.to_fen()
            );
        }
    }
}

/// Record: a record that reads is written again, and what is written reads back as the same
/// game and is written the same; its turns' comments, written as annotations, read back the
/// same (a `}` written `)`), and a clock is looked for in each. Input: the record's text.
pub fn record(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok((game, tags)) = Game::from_record(text) else {
        return;
    };
    assert_record_round_trips(&game, &tags);
    let notes = turn_comments(text);
    for note in &notes {
        let _ = clk_in_comment(&note.comment);
    }
    let annotated = game.to_annotated_record(&tags, &notes);
    let expected: Vec<Annotation> = notes
        .into_iter()
        .map(|n| Annotation {
            comment: n.comment.replace('}', ")"),
            ..n
        })
        .collect();
    assert_eq!(
        turn_comments(&annotated),
        expected,
        "comments of\n{annotated}"
    );
}

/// Each commented turn's comment in `record`, a record that reads.
fn turn_comments(record: &str) -> Vec<Annotation> {
    let mut reader = RecordReader::new(record.as_bytes()).expect("the record read before");
    let mut notes = Vec::new();
    while let Some(read) = reader.next_turn().expect("the record read before") {
        if let Some(comment) = read.comment {
            notes.push(Annotation {
                ply: read.ply - 1,
                nag: None,
                comment,
            });
        }
    }
    notes
}

/// `game` written as a record with `tags` reads back as the same game, written the same.
fn assert_record_round_trips(game: &Game, tags: &[(String, String)]) {
    let written = game.to_record(tags);
    let (back, back_tags) = Game::from_record(&written)
        .unwrap_or_else(|e| panic!("a written record is refused: {e}\n{written}"));
    assert_eq!(back.variant(), game.variant(), "variant of\n{written}");
    assert_eq!(
        back.start().to_fen(),
        game.start().to_fen(),
        "start of\n{written}"
    );
    assert_eq!(back.turns(), game.turns(), "turns of\n{written}");
    assert_eq!(
        back.position().to_fen(),
        game.position().to_fen(),
        "end of\n{written}"
    );
    assert_eq!(back.outcome(), game.outcome(), "outcome of\n{written}");
    assert_eq!(
        back.chess960_number(),
        game.chess960_number(),
        "Chess960 setup of\n{written}"
    );
    assert_eq!(back.to_record(&back_tags), written, "written again");
}

/// The ends a game can be given by the players rather than by the rules.
const CALLED: [(Option<Color>, EndReason); 6] = [
    (Some(Color::White), EndReason::Resignation),
    (Some(Color::Black), EndReason::Resignation),
    (Some(Color::White), EndReason::Timeout),
    (Some(Color::Black), EndReason::Timeout),
    (None, EndReason::DrawAgreed),
    (None, EndReason::Aborted),
];

/// Walk: a game of any variant from any setup, its turns chosen by the input. Every ply, the
/// notations of the turn played read back (also at full width), the FEN reads back, and
/// taking the turn back restores the game. The final position's FEN reads back, and the
/// game's record reads back (replaying every ply from the notation it was written in); then
/// the game is called (resigned, lost on time, drawn, aborted) where no rule ended it, and
/// its record still reads back.
/// Input: a byte naming the variant, two bytes naming the setup, a byte naming how the game
/// is called (one of `CALLED`, or, for 6 and 7 modulo 8, not at all), then one byte per ply.
pub fn walk(data: &[u8]) {
    let [v, hi, lo, call, plies @ ..] = data else {
        return;
    };
    let variant = variant(*v);
    let number = u16::from_be_bytes([*hi & 0x7f, *lo]) % 960;
    let setup = match variant.rules().setups {
        Setups::Usual => None,
        Setups::UsualOrChess960 => (*hi & 0x80 != 0).then_some(number),
        Setups::Chess960 => Some(number),
    };
    let mut game =
        Game::new(variant, setup).unwrap_or_else(|e| panic!("{variant} setup {setup:?}: {e}"));
    let mut plies = plies.iter().take(MAX_PLIES);
    while game.outcome().is_none() {
        let Some(&pick) = plies.next() else { break };
        let pos = game.position().clone();
        assert_fen_round_trips(&pos);
        let turns = pos.legal_turns();
        let Some(&turn) = turns.get(usize::from(pick) % turns.len().max(1)) else {
            panic!("no turns but no outcome in {}", pos.to_fen());
        };
        assert_notations_read_back(&pos, &turn);
        let before = game.clone();
        game.play(turn)
            .unwrap_or_else(|e| panic!("{turn:?} in {}: {e}", pos.to_fen()));
        assert_eq!(game.take_back(), Some(turn), "take back");
        assert_eq!(
            game.position(),
            before.position(),
            "position after take back"
        );
        assert_eq!(game.outcome(), before.outcome(), "outcome after take back");
        game.play(turn)
            .unwrap_or_else(|e| panic!("{turn:?} again in {}: {e}", pos.to_fen()));
    }
    // Every position a game can end in can be stated as a FEN.
    assert_fen_round_trips(game.position());
    // The record replays every ply from its notation, so one round trip covers them all.
    assert_record_round_trips(&game, &[]);
    if game.outcome().is_none()
        && let Some(&(winner, reason)) = CALLED.get(usize::from(*call) % 8)
    {
        game.set_outcome(Outcome { winner, reason });
        assert_record_round_trips(&game, &[]);
    }
}

/// Differential: a FEN that both nadare and cozy-chess read, as standard chess (`KQkq`) or
/// Chess960 (Shredder-FEN), has the same legal moves and the same perft 2 in both.
/// Input: a byte choosing the rules (even: standard), then the FEN.
pub fn differential(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let shredder = first % 2 == 1;
    let variant = if shredder {
        Variant::Chess960
    } else {
        Variant::Standard
    };
    let Ok(ours) = Position::from_fen(variant, text) else {
        return;
    };
    // cozy-chess is given the FEN nadare writes: nadare also reads FENs without the two
    // clocks, which cozy-chess does not. The clocks are the one field nadare reads more
    // widely (a halfmove clock past 100 from a tool that plays on to the 75-move rule, move
    // numbers past cozy-chess's u16): past cozy-chess's range, it gets the position alone.
    let written = ours.to_fen();
    let cozy = |fen: &str| cozy_chess::Board::from_fen(fen, shredder);
    let theirs = match cozy(&written) {
        Ok(theirs) => theirs,
        Err(
            cozy_chess::FenParseError::InvalidHalfMoveClock
            | cozy_chess::FenParseError::InvalidFullmoveNumber,
        ) => {
            let fields: Vec<&str> = written.split(' ').take(4).collect();
            match cozy(&format!("{} 0 1", fields.join(" "))) {
                Ok(theirs) => theirs,
                Err(e) => panic!("nadare accepts a FEN cozy-chess refuses ({e:?}): {written}"),
            }
        }
        Err(e) => panic!("nadare accepts a FEN cozy-chess refuses ({e:?}): {written}"),
    };
    assert_eq!(our_moves(&ours), oracle_moves(&theirs), "moves in {text}");
    assert_eq!(ours.perft(2), oracle_perft(&theirs, 2), "perft 2 in {text}");
}

/// A move in UCI, castling as the king taking its rook (as cozy-chess writes it).
pub fn uci(m: &Move) -> String {
    let promo = m
        .promotion
        .map(|r| r.upper_char().to_ascii_lowercase().to_string())
        .unwrap_or_default();
    format!("{}{}{promo}", m.from, m.to)
}

/// nadare's legal moves in UCI, castling as the king taking its rook.
pub fn our_moves(p: &Position) -> BTreeSet<String> {
    p.legal_moves().iter().map(uci).collect()
}

/// cozy-chess's legal moves in UCI (castling, as in nadare, the king taking its rook).
pub fn oracle_moves(board: &cozy_chess::Board) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    board.generate_moves(|moves| {
        out.extend(moves.into_iter().map(|mv| mv.to_string()));
        false
    });
    out
}

/// cozy-chess's perft.
fn oracle_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            total += oracle_perft(&child, depth - 1);
        }
        false
    });
    total
}
