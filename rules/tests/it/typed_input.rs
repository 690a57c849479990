//! Input as people type it (docs/rules.md, "Moves as typed"): any letter case where it is
//! unambiguous, `b`/`B` settled as lichess settles them, and promotions without a piece or to
//! a king. The readings are checked against cozy-chess's legal moves (an independent move
//! generator).

use std::collections::BTreeSet;

use rules::{MoveError, Position, Role, Square, Variant};

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
