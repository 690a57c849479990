//! Input as people type it (docs/rules.md, "Notation"): any letter case where it is
//! unambiguous, `b`/`B` settled as lichess settles them, a space for the Avalanche slash, a
//! half-entered turn typed again, and promotions without a piece or to a king. The readings
//! are checked against cozy-chess's legal moves (an independent move generator).

use std::collections::BTreeSet;

use rules::{MoveError, NoPush, ParsedInput, Position, Push, Role, Square, TurnPrefix, Variant};

use crate::common::{Rng, pos};
use crate::fuzz_checks::{oracle_moves, uci};
use crate::perft::suite;

fn sq(s: &str) -> Square {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// The move `input` reads as, in UCI.
fn reads(p: &Position, input: &str) -> String {
    p.parse_move(input)
        .map(|m| uci(&m))
        .unwrap_or_else(|e| panic!("`{input}` in {}: {e}", p.to_fen()))
}

fn pushes_to(pushes: &[Push]) -> Vec<String> {
    pushes.iter().map(|p| p.to.to_string()).collect()
}

#[test]
fn any_letter_case_reads_where_it_is_unambiguous() {
    let start = Position::new_game(Variant::Standard, None).unwrap_or_else(|e| panic!("{e}"));
    for input in ["E4", "e4", "Pe4", "PE4", "pe4", "E2E4", "e2-E4", "Ｅ４"] {
        assert_eq!(reads(&start, input), "e2e4", "{input}");
    }
    for input in ["NF3", "nf3", "Nf3", "NG1F3", "ng1-f3"] {
        assert_eq!(reads(&start, input), "g1f3", "{input}");
    }
    // 1. e4 d5: the capture, however it is capitalised.
    let p = pos(
        Variant::Standard,
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    );
    for input in [
        "Exd5", "EXD5", "exD5", "E:d5", "Pxd5", "PXD5", "Pexd5", "ed5",
    ] {
        assert_eq!(reads(&p, input), "e4d5", "{input}");
    }
    // 1. e4 e5 2. Nf3 Nc6: the knight takes on e5.
    let p = pos(
        Variant::Standard,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    );
    for input in ["NXE5", "nxe5", "Nxe5", "NE5", "N:E5"] {
        assert_eq!(reads(&p, input), "f3e5", "{input}");
    }
    // Black to move: `nc6` always worked; so do its capitals and `Pe5`.
    let p = pos(
        Variant::Standard,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    );
    for (input, want) in [
        ("nc6", "b8c6"),
        ("NC6", "b8c6"),
        ("Pe5", "e7e5"),
        ("E5", "e7e5"),
    ] {
        assert_eq!(reads(&p, input), want, "{input}");
    }
    // Castling and promotion letters in either case.
    let p = pos(Variant::Standard, "4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(reads(&p, "o-o"), "e1h1");
    assert_eq!(reads(&p, "O-O-O"), "e1a1");
    for input in ["b8=q", "B8=Q", "b8Q", "b8q", "B7B8Q", "b7b8=q", "Pb8=Q"] {
        assert_eq!(reads(&p, input), "b7b8q", "{input}");
    }
    assert_eq!(reads(&p, "b8=n"), "b7b8n");
    assert_eq!(reads(&p, "B8=B"), "b7b8b");
}

#[test]
fn b_and_capital_b_are_settled_as_lichess_settles_them() {
    // lichess's own test position (ui/keyboardMove tests): the b-pawn and the bishop can both
    // take on c3. The case typed decides: `b` the pawn, `B` the bishop.
    let both = pos(Variant::Standard, "4k3/8/8/8/8/2r5/1P1B4/4K3 w - - 0 1");
    for input in ["bc3", "bxc3", "bXC3", "b2c3", "Pbxc3"] {
        assert_eq!(reads(&both, input), "b2c3", "{input}");
    }
    for input in ["Bc3", "Bxc3", "BXC3", "BC3", "Bdxc3"] {
        assert_eq!(reads(&both, input), "d2c3", "{input}");
    }
    // Only one of them can: either case reads as that one.
    let bishop_only = pos(Variant::Standard, "4k3/8/8/8/8/2r5/3B4/4K3 w - - 0 1");
    for input in ["bc3", "bxc3", "Bxc3", "BXC3"] {
        assert_eq!(reads(&bishop_only, input), "d2c3", "{input}");
    }
    let pawn_only = pos(Variant::Standard, "4k3/8/8/8/8/2r5/1P6/4K3 w - - 0 1");
    for input in ["bc3", "bxc3", "Bxc3", "BXC3"] {
        assert_eq!(reads(&pawn_only, input), "b2c3", "{input}");
    }
    // A phone's capital on a b-pawn's move.
    let start = Position::new_game(Variant::Standard, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(reads(&start, "B4"), "b2b4");
    assert_eq!(reads(&start, "B3"), "b2b3");
    // Neither: the refusal is about the reading that found a piece.
    assert_eq!(
        start.parse_move("Bc4"),
        Err(MoveError::NoPieceCanReach {
            role: Role::Bishop,
            to: sq("c4")
        })
    );
}

/// Every legal move's SAN, lower case, upper case and capitalised (and with `P` for a
/// pawn), reads as a move cozy-chess finds legal: that move, or where `b` and `B` both fit,
/// the one the case of that letter names. Returns how many spellings were read, and how many
/// of them both `b` and `B` fit.
fn assert_every_case_reads(p: &Position, board: &cozy_chess::Board) -> (usize, usize) {
    let legal = oracle_moves(board);
    let moves = p.legal_moves();
    let sans: Vec<(String, rules::Move)> = moves.iter().map(|m| (p.move_to_san(m), *m)).collect();
    let (mut read, mut collisions) = (0, 0);
    for (san, mv) in &sans {
        let pawn = p.piece_at(mv.from).is_some_and(|pc| pc.role == Role::Pawn);
        let mut spellings = vec![
            san.to_ascii_lowercase(),
            san.to_ascii_uppercase(),
            capitalised(san),
        ];
        if pawn {
            spellings.push(format!("P{san}"));
        }
        for typed in spellings {
            let got = p
                .parse_move(&typed)
                .unwrap_or_else(|e| panic!("`{typed}` ({san}) in {}: {e}", p.to_fen()));
            assert!(
                legal.contains(&uci(&got)),
                "`{typed}` read as {} in {}",
                uci(&got),
                p.to_fen()
            );
            let fits: Vec<&rules::Move> = sans
                .iter()
                .filter(|(s, _)| s.eq_ignore_ascii_case(typed.trim_start_matches('P')))
                .map(|(_, m)| m)
                .collect();
            let want = match fits.as_slice() {
                [one] => **one,
                _ if typed.starts_with('P') => *mv,
                _ => {
                    collisions += 1;
                    let bishop = typed.starts_with('B');
                    **fits
                        .iter()
                        .find(|m| {
                            let role = p.piece_at(m.from).map(|pc| pc.role);
                            role == Some(if bishop { Role::Bishop } else { Role::Pawn })
                        })
                        .unwrap_or_else(|| panic!("`{typed}` fits {fits:?}"))
                }
            };
            assert_eq!(got, want, "`{typed}` ({san}) in {}", p.to_fen());
            read += 1;
        }
    }
    (read, collisions)
}

/// The first letter upper case, the rest as written.
fn capitalised(san: &str) -> String {
    let mut chars = san.chars();
    chars
        .next()
        .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

#[test]
fn every_legal_move_reads_in_any_case_as_cozy_chess_agrees() {
    let mut rng = Rng(0x5eed_ca5e);
    let (mut read, mut collisions) = (0, 0);
    let mut count = |(r, c): (usize, usize)| {
        read += r;
        collisions += c;
    };
    for g in 0..24 {
        let setup = (g % 3 == 2).then_some((g * 83 % 960) as u16);
        let variant = if setup.is_some() {
            Variant::Chess960
        } else {
            Variant::Standard
        };
        let mut p = Position::new_game(variant, setup).unwrap_or_else(|e| panic!("{e}"));
        let mut board = cozy_chess::Board::from_fen(&p.to_fen(), p.is_chess960())
            .unwrap_or_else(|e| panic!("{e:?}"));
        for _ in 0..120 {
            count(assert_every_case_reads(&p, &board));
            let moves = p.legal_moves();
            let Some(mv) = moves.get(rng.below(moves.len())).copied() else {
                break;
            };
            let text = uci(&mv);
            board.play(text.parse().unwrap_or_else(|e| panic!("{text}: {e:?}")));
            p = p
                .play(&rules::Turn::from_move(mv))
                .unwrap_or_else(|e| panic!("{e}"));
        }
    }
    // The perft suite's positions are rich in promotions, pins and b-file captures.
    for case in suite("standard.epd") {
        let p = pos(Variant::Standard, &case.fen);
        let board =
            cozy_chess::Board::from_fen(&case.fen, false).unwrap_or_else(|e| panic!("{e:?}"));
        count(assert_every_case_reads(&p, &board));
    }
    assert!(read > 100_000, "only {read} spellings read");
    assert!(
        collisions > 20,
        "only {collisions} readings where `b` and `B` both fit"
    );
}

#[test]
fn a_pawn_without_a_piece_or_made_a_king_is_offered_its_promotions() {
    // lichess's promotion test position: the b-pawn may advance or take on a8.
    let p = pos(Variant::Standard, "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let takes: Vec<String> = ["Q", "R", "B", "N"]
        .iter()
        .map(|r| format!("bxa8={r}"))
        .collect();
    let advances: Vec<String> = ["Q", "R", "B", "N"]
        .iter()
        .map(|r| format!("b8={r}"))
        .collect();
    for input in [
        "bxa8=K",
        "BXA8=K",
        "bxa8k",
        "b7a8k",
        "b7a8=K",
        "Pbxa8=K",
        "ｂｘａ８＝Ｋ",
    ] {
        assert_eq!(
            p.parse_move(input),
            Err(MoveError::PromotionToKing {
                promotions: takes.clone()
            }),
            "{input}"
        );
    }
    for input in ["b7a8", "bxa8", "BXA8", "b7xa8", "bxa8=P"] {
        assert_eq!(
            p.parse_move(input),
            Err(MoveError::PromotionMissing {
                promotions: takes.clone()
            }),
            "{input}"
        );
    }
    assert_eq!(
        p.parse_move("b8=K"),
        Err(MoveError::PromotionToKing {
            promotions: advances.clone()
        })
    );
    assert_eq!(
        p.parse_move("b8"),
        Err(MoveError::PromotionMissing {
            promotions: advances
        })
    );
    assert_eq!(
        p.parse_move("bxa8=K").map_err(|e| e.to_string()),
        Err(
            "a pawn cannot become a king: write `bxa8=Q`, `bxa8=R`, `bxa8=B` or `bxa8=N`"
                .to_owned()
        )
    );
    assert_eq!(
        p.parse_move("b7a8").map_err(|e| e.to_string()),
        Err(
            "a pawn reaching its last rank must become a piece: write `bxa8=Q`, `bxa8=R`, \
             `bxa8=B` or `bxa8=N`"
                .to_owned()
        )
    );
    // A move that is no promotion says so; a pinned pawn gives the pin as the reason.
    let start = Position::new_game(Variant::Standard, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        start.parse_move("e4=K"),
        Err(MoveError::PromotionNotAllowed)
    );
    let pinned = pos(Variant::Standard, "rq2k3/1P6/8/8/8/8/8/1K6 w - - 0 1");
    assert_eq!(
        pinned.parse_move("bxa8=K"),
        Err(MoveError::LeavesKingInCheck { in_check: false })
    );
    // A pawn pushed to its last rank waits for its owner's choice: `=K` is no choice either.
    // (Here a bishop or a queen on e8 would attack the king on a4 and win at once; a rook or a
    // knight leaves king moves: all four make a turn.)
    let waiting = pos(Variant::Avalanche, "4P3/8/8/8/k7/8/8/7K w - - 0 1");
    for input in ["=K", "=k Kg2//", "＝Ｋ"] {
        assert_eq!(
            waiting.parse_turn(input),
            Err(MoveError::PromotionToKing {
                promotions: ["=Q", "=R", "=B", "=N"].map(String::from).to_vec()
            }),
            "{input}"
        );
    }
    assert_eq!(
        Position::new_game(Variant::Avalanche, None)
            .unwrap_or_else(|e| panic!("{e}"))
            .parse_turn("=K Nf3/a6"),
        Err(MoveError::NoPendingPromotion)
    );
    // In Avalanche the same, and the turn reader says it too.
    let av = pos(Variant::Avalanche, "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        av.parse_turn("bxa8=K//"),
        Err(MoveError::PromotionToKing { promotions: takes })
    );
}

/// Every legal promotion in and near the perft suite's positions: written with `=K` it is
/// refused for the king, written without a piece for the missing piece, and both offer the
/// four promotions cozy-chess finds legal for that pawn and square.
#[test]
fn every_promotion_refused_without_a_piece_offers_what_cozy_chess_allows() {
    // The suite's positions and every position one and two plies after each.
    let mut positions: Vec<Position> = suite("standard.epd")
        .iter()
        .map(|case| pos(Variant::Standard, &case.fen))
        .collect();
    let mut frontier = positions.clone();
    for _ in 0..2 {
        frontier = frontier
            .iter()
            .flat_map(|p| {
                p.legal_turns()
                    .into_iter()
                    .map(move |turn| p.play(&turn).unwrap_or_else(|e| panic!("{e}")))
            })
            .collect();
        positions.extend(frontier.iter().cloned());
    }
    let mut checked = 0;
    for p in positions {
        let promoting: Vec<rules::Move> = p
            .legal_moves()
            .into_iter()
            .filter(|m| m.promotion == Some(Role::Queen))
            .collect();
        if promoting.is_empty() {
            continue;
        }
        let fen = p.to_fen();
        let board = cozy_chess::Board::from_fen(&fen, false).unwrap_or_else(|e| panic!("{e:?}"));
        let legal = oracle_moves(&board);
        for mv in &promoting {
            let san = p.move_to_san(mv);
            let stem = san.trim_end_matches("=Q");
            let offered: BTreeSet<String> = ["q", "r", "b", "n"]
                .iter()
                .map(|r| format!("{}{}{r}", mv.from, mv.to))
                .filter(|u| legal.contains(u))
                .collect();
            assert_eq!(offered.len(), 4, "{san} in {fen}");
            for (typed, king) in [
                (format!("{stem}=K"), true),
                (stem.to_owned(), false),
                (format!("{}{}", mv.from, mv.to), false),
                (format!("{}{}k", mv.from, mv.to), true),
            ] {
                let promotions = match p.parse_move(&typed) {
                    Err(MoveError::PromotionToKing { promotions }) if king => promotions,
                    Err(MoveError::PromotionMissing { promotions }) if !king => promotions,
                    other => panic!("`{typed}` in {fen}: {other:?}"),
                };
                let read: BTreeSet<String> = promotions
                    .iter()
                    .map(|s| uci(&p.parse_move(s).unwrap_or_else(|e| panic!("{s}: {e}"))))
                    .collect();
                assert_eq!(read, offered, "`{typed}` in {fen}");
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "only {checked} promotions");
}

#[test]
fn a_space_for_the_slash_reads_as_the_push() {
    let start = Position::new_game(Variant::Avalanche, None).unwrap_or_else(|e| panic!("{e}"));
    for (spaced, slashed) in [
        ("Nf3 a6", "Nf3/a6"),
        ("NF3 A6", "Nf3/a6"),
        ("e4 d6", "e4/d6"),
        ("E4 D6", "e4/d6"),
        ("g1f3 h6", "g1f3/h6"),
        ("Nf3 a7a6", "Nf3/a6"),
        ("Nf3 a6+", "Nf3/a6"),
        ("Ｎｆ３　ａ６", "Nf3/a6"),
    ] {
        assert_eq!(
            start.parse_turn(spaced),
            start.parse_turn(slashed),
            "{spaced}"
        );
        assert!(start.parse_turn(spaced).is_ok(), "{spaced}");
    }
    // A space inside the move stays a move: the push is still to come.
    for (spaced, mv) in [("e2 e4", "e2e4"), ("Ng1 f3", "g1f3"), ("g1 f3", "g1f3")] {
        match start.parse_turn_input(spaced, &TurnPrefix::default()) {
            Ok(ParsedInput::NeedsPush { prefix, .. }) => {
                assert_eq!(prefix.mv.map(|m| uci(&m)).as_deref(), Some(mv), "{spaced}");
            }
            other => panic!("{spaced}: {other:?}"),
        }
    }
    // The knight that cannot go to f5 is the reason, not a knight on f5.
    assert_eq!(
        start.parse_turn("Nf5 c5"),
        Err(MoveError::NoPieceCanReach {
            role: Role::Knight,
            to: sq("f5")
        })
    );
    assert!(matches!(
        start.parse_turn("Nf3 c5"),
        Err(MoveError::CannotPush { to, .. }) if to == sq("c5")
    ));
    let balanced =
        Position::new_game(Variant::AvalancheBalanced, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        balanced.parse_turn("e4 e5"),
        Err(MoveError::NoPushAllowed {
            reason: NoPush::BalancedFirstTurn
        })
    );
    // In orthodox chess a move and a square after it: there is no push.
    let standard = Position::new_game(Variant::Standard, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        standard.parse_turn("Nf3 e5"),
        Err(MoveError::NoPushAllowed {
            reason: NoPush::NotAvalanche
        })
    );
    assert!(standard.parse_turn("e2 e4").is_ok());
}

/// A knight on e3 may go to f5; Black's pawns stand on the 7th rank, so the pushes land on
/// the 6th.
const KNIGHT_TO_F5: &str = "rnbqkbnr/pppppppp/8/8/8/4N3/PPPPPPPP/R1BQKBNR w KQkq - 0 1";

#[test]
fn a_half_entered_turn_typed_again_gets_the_reason_it_gets_fresh() {
    let p = pos(Variant::Avalanche, KNIGHT_TO_F5);
    let noted = match p.parse_turn_input("Nf5", &TurnPrefix::default()) {
        Ok(ParsedInput::NeedsPush { prefix, pushes }) => {
            assert_eq!(pushes.len(), 8);
            prefix
        }
        other => panic!("{other:?}"),
    };
    let fresh = p.parse_turn("Nf5/c5");
    assert!(
        matches!(&fresh, Err(MoveError::CannotPush { to, pushable }) if *to == sq("c5") && pushable.len() == 8),
        "{fresh:?}"
    );
    for input in ["Nf5/c5", "Nf5 c5", "nf5/C5", "c5", "/c5", "c6c5"] {
        assert_eq!(
            p.parse_turn_input(input, &noted).map(|_| ()),
            fresh.clone().map(|_| ()),
            "{input}"
        );
    }
    for input in ["Nf5/c6", "Nf5 c6", "c6", "/C6", "Ne3f5/c6"] {
        match p.parse_turn_input(input, &noted) {
            Ok(ParsedInput::Complete(turn)) => {
                assert_eq!(p.turn_to_notation(&turn), "Nf5/c6", "{input}");
            }
            other => panic!("{input}: {other:?}"),
        }
    }
    // Something that is no push names the pushes open.
    let unreadable = p.parse_turn_input("xyz", &noted);
    match &unreadable {
        Err(MoveError::UnreadablePush { input, pushable }) => {
            assert_eq!(input, "xyz");
            assert_eq!(
                pushes_to(pushable),
                ["a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6"]
            );
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        unreadable.map(|_| ()).map_err(|e| e.to_string()),
        Err(
            "`xyz` is not a push I can read: give the square the pushed pawn lands on, a6, b6, \
             c6, d6, e6, f6, g6 or h6 (e.g. `/a6`)"
                .to_owned()
        )
    );
    assert!(matches!(
        p.parse_turn("Nf5/zz"),
        Err(MoveError::UnreadablePush { input, .. }) if input == "zz"
    ));
    // Another move is not the push awaited (the service then reads it afresh).
    assert!(matches!(
        p.parse_turn_input("Nd5/c6", &noted),
        Err(MoveError::UnreadablePush { .. })
    ));
    // Outside Avalanche a push is no push at all.
    let standard = pos(Variant::Standard, KNIGHT_TO_F5);
    assert_eq!(
        standard.parse_turn("Nf5/zz"),
        Err(MoveError::NoPushAllowed {
            reason: NoPush::NotAvalanche
        })
    );
}
