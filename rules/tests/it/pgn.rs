//! The record file of standard and Chess960 games is PGN that other software imports: the
//! Seven Tag Roster in order, the variant, the start as a FEN, and SAN moves. The SAN is read
//! back here by a small independent reader over cozy-chess's move generator (MIT, test-only):
//! each move must name exactly one legal move, with the right capture and check marks.

use cozy_chess::{Board, File, Move, Piece, Rank, Square};
use rules::{Game, Variant};

use crate::common::Rng;

/// Morphy against the Duke of Brunswick and Count Isouard, Paris 1858, as usually printed.
const OPERA_MOVES: &str = "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 \
    7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 \
    14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8#";

/// The tag lines of a record, name and value, in order, and its movetext.
fn split(pgn: &str) -> (Vec<(String, String)>, String) {
    let (head, movetext) = pgn
        .split_once("\n\n")
        .expect("tags, a blank line, then moves");
    let tags = head
        .lines()
        .map(|line| {
            let inner = line
                .strip_prefix('[')
                .and_then(|l| l.strip_suffix("\"]"))
                .expect("a tag line");
            let (name, value) = inner.split_once(" \"").expect("name and quoted value");
            (name.to_string(), value.to_string())
        })
        .collect();
    (tags, movetext.to_string())
}

fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

#[test]
fn a_standard_game_is_exported_with_the_seven_tag_roster_and_its_usual_moves() {
    let (game, _) = Game::from_record(&format!("{OPERA_MOVES} 1-0")).expect("replays");
    let pgn = game.to_record(&[
        ("White".into(), "Paul Morphy".into()),
        ("Black".into(), "Duke Karl / Count Isouard".into()),
        ("Site".into(), "Paris FRA".into()),
        ("Date".into(), "1858.??.??".into()),
        ("Annotator".into(), "nadare".into()),
    ]);
    let (tags, movetext) = split(&pgn);
    let names: Vec<&str> = tags.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "Event",
            "Site",
            "Date",
            "Round",
            "White",
            "Black",
            "Result",
            "Annotator",
            "Variant",
            "Termination"
        ],
        "{pgn}"
    );
    assert_eq!(tag(&tags, "Event"), Some("?"));
    assert_eq!(tag(&tags, "Site"), Some("Paris FRA"));
    assert_eq!(tag(&tags, "Round"), Some("-"));
    assert_eq!(tag(&tags, "Result"), Some("1-0"));
    assert_eq!(tag(&tags, "Variant"), Some("Standard"));
    let words: Vec<&str> = movetext.split_whitespace().collect();
    let expected: Vec<&str> = OPERA_MOVES.split_whitespace().chain(["1-0"]).collect();
    assert_eq!(words, expected);
    assert!(movetext.lines().all(|l| l.len() <= 80), "{movetext}");
}

#[test]
fn a_record_without_tags_still_has_the_roster_and_a_game_without_moves_only_its_result() {
    let game = Game::new(Variant::Standard, None).expect("the usual setup");
    assert_eq!(
        game.to_record(&[]),
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"-\"]\n[White \"?\"]\n\
         [Black \"?\"]\n[Result \"*\"]\n[Variant \"Standard\"]\n\n*\n"
    );
}

#[test]
fn a_chess960_record_names_the_variant_and_its_start_in_x_fen() {
    // Setup 0 is BBQNNRKR: king g1, rooks f1 and h1, so X-FEN castling is KQkq.
    let game = Game::new(Variant::Chess960, Some(0)).expect("setup 0");
    let (tags, _) = split(&game.to_record(&[]));
    assert_eq!(tag(&tags, "Variant"), Some("Chess960"));
    assert_eq!(tag(&tags, "SetUp"), Some("1"));
    assert_eq!(
        tag(&tags, "FEN"),
        Some("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1")
    );
}

#[test]
fn avalanche_records_keep_their_own_variant_and_notation() {
    let mut game = Game::new(Variant::AvalancheBalanced, None).expect("setup");
    for input in ["Nf3//", "Nf6/a3"] {
        game.play_str(input).expect("legal");
    }
    let pgn = game.to_record(&[]);
    let (tags, movetext) = split(&pgn);
    assert_eq!(tag(&tags, "Variant"), Some("avalanche-balanced"));
    assert_eq!(movetext.trim(), "1. Nf3// Nf6/a3 *");
    let (back, _) = Game::from_record(&pgn).expect("reads back");
    assert_eq!(back.turns(), game.turns());
}

/// The one legal move of `board` that the SAN `san` names, checking its capture and check
/// marks; panics, naming the position, when none or several match.
fn resolve(board: &Board, san: &str) -> Move {
    let mut legal = Vec::new();
    board.generate_moves(|moves| {
        legal.extend(moves);
        false
    });
    let body = san.trim_end_matches(['+', '#']);
    let king = board.king(board.side_to_move());
    let matching: Vec<Move> = if body == "O-O" || body == "O-O-O" {
        // cozy-chess writes castling as the king moving onto its rook.
        let rights = board.castle_rights(board.side_to_move());
        let file = if body == "O-O" {
            rights.short
        } else {
            rights.long
        };
        legal
            .iter()
            .copied()
            .filter(|m| m.from == king && Some(m.to.file()) == file)
            .filter(|m| board.color_on(m.to) == Some(board.side_to_move()))
            .collect()
    } else {
        let (body, promotion) = match body.split_once('=') {
            Some((b, p)) => (b, Some(piece_of(p))),
            None => (body, None),
        };
        let piece = match body.chars().next() {
            Some(c @ ('K' | 'Q' | 'R' | 'B' | 'N')) => piece_of(&c.to_string()),
            _ => Piece::Pawn,
        };
        let rest = if piece == Piece::Pawn {
            body
        } else {
            &body[1..]
        };
        let to: Square = rest[rest.len() - 2..].parse().expect("a destination");
        let hint = rest[..rest.len() - 2].replace('x', "");
        let capture = rest.contains('x');
        let fits_hint = |m: &Move| {
            hint.chars().all(|c| match c {
                'a'..='h' => m.from.file() == File::index(c as usize - 'a' as usize),
                '1'..='8' => m.from.rank() == Rank::index(c as usize - '1' as usize),
                _ => panic!("`{san}`: odd disambiguation `{hint}`"),
            })
        };
        let candidates: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.to == to && m.promotion == promotion)
            .filter(|m| board.piece_on(m.from) == Some(piece))
            .filter(|m| m.from != king || board.color_on(m.to) != Some(board.side_to_move()))
            .collect();
        let chosen: Vec<Move> = candidates.iter().copied().filter(fits_hint).collect();
        // A pawn's capture always names its file; a piece names its square only to tell
        // it from another of its kind.
        if piece != Piece::Pawn && !hint.is_empty() && chosen.len() == 1 {
            assert!(candidates.len() > 1, "`{san}` disambiguates needlessly");
        }
        if let [m] = chosen.as_slice() {
            if piece == Piece::Pawn && capture {
                assert_eq!(hint.len(), 1, "`{san}`: a pawn capture names its file");
            }
            let takes = board.color_on(m.to).is_some()
                || (piece == Piece::Pawn && m.from.file() != m.to.file());
            assert_eq!(capture, takes, "`{san}`: capture mark");
        }
        chosen
    };
    let [mv] = matching.as_slice() else {
        panic!("`{san}` names {} legal moves in {board}", matching.len());
    };
    let mut after = board.clone();
    after.play(*mv);
    let mut replies = 0;
    after.generate_moves(|moves| {
        replies += moves.len();
        false
    });
    let mark = match (after.checkers().is_empty(), replies) {
        (true, _) => "",
        (false, 0) => "#",
        (false, _) => "+",
    };
    assert!(
        san.ends_with(mark) && !san[..san.len() - mark.len()].ends_with(['+', '#']),
        "`{san}`: the check mark should be `{mark}`"
    );
    *mv
}

fn piece_of(letter: &str) -> Piece {
    match letter {
        "K" => Piece::King,
        "Q" => Piece::Queen,
        "R" => Piece::Rook,
        "B" => Piece::Bishop,
        "N" => Piece::Knight,
        other => panic!("`{other}` is not a piece letter"),
    }
}

/// Random games exported as PGN and read back move by move by the independent reader: the
/// same positions as nadare's, and the records replay in nadare's own reader too.
#[test]
fn random_standard_and_chess960_pgns_read_back_through_an_independent_san_reader() {
    let mut rng = Rng(0x5eed_0f9a_3e17);
    let mut plies = 0;
    for (variant, setup) in [
        (Variant::Standard, None),
        (Variant::Chess960, Some(0)),
        (Variant::Chess960, Some(411)),
        (Variant::Chess960, Some(959)),
    ] {
        for _ in 0..6 {
            let mut game = Game::new(variant, setup).expect("setup");
            while game.outcome().is_none() && game.turns().len() < 160 {
                let turns = game.position().legal_turns();
                game.play(turns[rng.below(turns.len())]).expect("legal");
            }
            let pgn = game.to_record(&[("White".into(), "A".into())]);
            let (tags, movetext) = split(&pgn);
            let start = game.start();
            let mut board = Board::from_fen(&start.to_fen(), start.is_chess960())
                .expect("cozy-chess reads the start");
            if variant == Variant::Chess960 {
                assert_eq!(tag(&tags, "FEN"), Some(start.to_xfen().as_str()));
            }
            let words = movetext
                .split_whitespace()
                .filter(|w| !w.ends_with('.'))
                .collect::<Vec<_>>();
            let (result, sans) = words.split_last().expect("a result");
            assert_eq!(Some(*result), tag(&tags, "Result"));
            assert_eq!(sans.len(), game.turns().len());
            for (ply, san) in sans.iter().enumerate() {
                let mv = resolve(&board, san);
                board.play(mv);
                let ours = game.position_at(ply + 1).expect("a position").to_fen();
                let theirs = if start.is_chess960() {
                    format!("{board:#}")
                } else {
                    format!("{board}")
                };
                // All but the en passant field, which the two write under different rules.
                let fields = |fen: &str| {
                    let mut f: Vec<String> = fen.split(' ').map(String::from).collect();
                    f.remove(3);
                    f
                };
                assert_eq!(
                    fields(&theirs),
                    fields(&ours),
                    "after `{san}` (ply {})",
                    ply + 1
                );
            }
            plies += sans.len();
            let (back, _) = Game::from_record(&pgn).expect("nadare reads it back");
            assert_eq!(back.turns(), game.turns());
        }
    }
    assert!(plies > 1000, "only {plies} plies checked");
}

#[test]
fn an_annotated_record_has_glyphs_and_comments_and_reads_back_as_the_same_game() {
    use rules::Annotation;
    let mut game = Game::new(Variant::Standard, None).expect("the usual setup");
    for turn in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"] {
        game.play_str(turn).expect("a legal turn");
    }
    let notes = [
        Annotation {
            ply: 2,
            nag: Some(6),
            comment: "Dubious: early queen {sortie}".into(),
        },
        Annotation {
            ply: 5,
            nag: Some(4),
            comment: "Blunder. Better 3...g6 4.Qf3 Nf6".into(),
        },
        Annotation {
            ply: 6,
            nag: None,
            comment: "悪手の後の詰み".into(),
        },
        Annotation {
            ply: 40,
            nag: Some(2),
            comment: "past the end".into(),
        },
    ];
    let pgn = game.to_annotated_record(&[], &notes);
    let (_, movetext) = split(&pgn);
    let flat = movetext.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(
        flat,
        "1. e4 e5 2. Qh5 $6 {Dubious: early queen {sortie)} 2... Nc6 3. Bc4 Nf6 $4 \
         {Blunder. Better 3...g6 4.Qf3 Nf6} 4. Qxf7# {悪手の後の詰み} 1-0"
    );
    assert!(
        movetext.lines().all(|l| l.chars().count() <= 80),
        "{movetext}"
    );
    let (read, _) = Game::from_record(&pgn).expect("the annotated record reads back");
    assert_eq!(read.turns(), game.turns());
    assert_eq!(read.outcome(), game.outcome());
    assert_eq!(game.to_annotated_record(&[], &[]), game.to_record(&[]));

    // Avalanche: nadare's notation, the same comments.
    let mut avalanche = Game::new(Variant::Avalanche, None).expect("the setup");
    for turn in ["e4/e6", "d5/d3"] {
        avalanche.play_str(turn).expect("a legal turn");
    }
    let note = Annotation {
        ply: 1,
        nag: Some(2),
        comment: "Mistake".into(),
    };
    let pgn = avalanche.to_annotated_record(&[], &[note]);
    assert!(pgn.contains("$2 {Mistake}"), "{pgn}");
    let (read, _) = Game::from_record(&pgn).expect("reads back");
    assert_eq!(read.turns(), avalanche.turns());
}
