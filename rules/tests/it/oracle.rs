//! Random playouts checked against an independent move generator (cozy-chess, MIT, a
//! test-only dependency), and round trips of FEN and every notation on the way.

use std::collections::BTreeSet;

use rules::{Move, Position, Turn, Variant};

use crate::common::Rng;
use crate::fuzz_checks::{oracle_moves, our_moves, uci};
use crate::perft::suite;

/// Every notation nadare writes for a turn reads back as the same turn.
fn assert_round_trips(p: &Position, turn: &Turn) {
    let san = p.turn_to_notation(turn);
    assert_eq!(
        p.parse_turn(&san).as_ref(),
        Ok(turn),
        "SAN `{san}` in {}",
        p.to_fen()
    );
    let uci = p.turn_to_uci(turn);
    assert_eq!(
        p.parse_turn(&uci).as_ref(),
        Ok(turn),
        "UCI `{uci}` in {}",
        p.to_fen()
    );
}

/// The FEN reads back as a position with the same FEN and the same legal turns. (Whether
/// an Avalanche game began from a Chess960 setup is not in a FEN without castling rights,
/// and no longer matters then.)
fn assert_fen_round_trips(p: &Position) {
    let fen = p.to_fen();
    let back = Position::from_fen(p.variant(), &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(back.to_fen(), fen);
    assert_eq!(back.legal_turns(), p.legal_turns(), "{fen}");
}

/// The captures and promotions generated apart are cozy-chess's moves that take an enemy
/// piece (en passant too) or promote, in the order the legal moves give them.
fn assert_captures_agree(p: &Position, board: &cozy_chess::Board) {
    let captures = p.legal_captures();
    let in_order: Vec<Move> = p
        .legal_moves()
        .into_iter()
        .filter(|m| captures.contains(m))
        .collect();
    assert_eq!(captures.as_slice(), in_order, "order in {}", p.to_fen());
    let theirs = board.colors(!board.side_to_move());
    let mut oracle = BTreeSet::new();
    board.generate_moves(|moves| {
        for mv in moves {
            let pawn = board.piece_on(mv.from) == Some(cozy_chess::Piece::Pawn);
            let en_passant = pawn && mv.from.file() != mv.to.file() && !board.occupied().has(mv.to);
            if theirs.has(mv.to) || en_passant || mv.promotion.is_some() {
                oracle.insert(mv.to_string());
            }
        }
        false
    });
    let ours: BTreeSet<String> = captures.iter().map(uci).collect();
    assert_eq!(ours, oracle, "captures differ in {}", p.to_fen());
}

fn playouts(variant: Variant, setups: &[Option<u16>], games: usize, seed: u64) -> usize {
    let mut rng = Rng(seed);
    let mut positions = 0;
    for g in 0..games {
        let setup = setups[g % setups.len()];
        let mut p = Position::new_game(variant, setup).unwrap_or_else(|e| panic!("{e}"));
        let shredder = p.is_chess960();
        let mut board =
            cozy_chess::Board::from_fen(&p.to_fen(), shredder).unwrap_or_else(|e| panic!("{e:?}"));
        for _ in 0..200 {
            assert_eq!(
                our_moves(&p),
                oracle_moves(&board),
                "moves differ in {}",
                p.to_fen()
            );
            assert_captures_agree(&p, &board);
            assert_fen_round_trips(&p);
            positions += 1;
            let turns = p.legal_turns();
            if turns.is_empty() {
                break;
            }
            let turn = turns[rng.below(turns.len())];
            assert_round_trips(&p, &turn);
            let Some(mv) = turn.mv else { break };
            let text = uci(&mv);
            let cozy_mv: cozy_chess::Move =
                text.parse().unwrap_or_else(|e| panic!("{text}: {e:?}"));
            board.play(cozy_mv);
            p = p.play(&turn).unwrap_or_else(|e| panic!("{e}"));
        }
    }
    positions
}

#[test]
fn standard_playouts_agree_with_cozy_chess() {
    assert!(playouts(Variant::Standard, &[None], 60, 0x1234_5678) > 5000);
}

#[test]
fn chess960_playouts_agree_with_cozy_chess() {
    let setups: Vec<Option<u16>> = (0..960).step_by(37).map(Some).collect();
    assert!(playouts(Variant::Chess960, &setups, 60, 0x9abc_def0) > 5000);
}

/// Avalanche has no oracle; its turns still round-trip through every notation and FEN, and
/// each turn's move part is an orthodox legal move without en passant.
#[test]
fn avalanche_playouts_round_trip_every_notation() {
    let mut rng = Rng(0x0bad_cafe);
    let starts = [
        (Variant::Avalanche, None),
        (Variant::AvalancheBalanced, None),
        (Variant::AvalancheReversed, None),
        (Variant::Avalanche, Some(177)),
    ];
    let mut checked = 0;
    for g in 0..60 {
        let (variant, setup) = starts[g % starts.len()];
        let mut p = Position::new_game(variant, setup).unwrap_or_else(|e| panic!("{e}"));
        for _ in 0..150 {
            assert_fen_round_trips(&p);
            let turns = p.legal_turns();
            assert_eq!(turns.len() as u64, p.perft(1));
            for turn in &turns {
                assert_round_trips(&p, turn);
                checked += 1;
            }
            let Some(turn) = turns.get(rng.below(turns.len())) else {
                break;
            };
            if p.is_losing_push(turn) || turn.mv.is_none() {
                break;
            }
            p = p.play(turn).unwrap_or_else(|e| panic!("{e}"));
        }
    }
    assert!(checked > 50_000, "only {checked} turns checked");
}

/// The perft suites' positions (en passant, promotions, pins and checks abound there) and
/// every position one and two plies after each: the captures agree with cozy-chess's.
#[test]
fn captures_of_the_perft_positions_agree_with_cozy_chess() {
    let mut checked = 0;
    for (name, variant, shredder) in [
        ("standard.epd", Variant::Standard, false),
        ("chess960-midgame-sample.epd", Variant::Chess960, true),
    ] {
        for case in suite(name) {
            let root = crate::common::pos(variant, &case.fen);
            let mut frontier = vec![root];
            for _ in 0..3 {
                let mut next = Vec::new();
                for p in &frontier {
                    let board = cozy_chess::Board::from_fen(&p.to_fen(), shredder)
                        .unwrap_or_else(|e| panic!("{e:?}"));
                    assert_captures_agree(p, &board);
                    checked += 1;
                    for turn in p.legal_turns() {
                        next.push(p.play(&turn).unwrap_or_else(|e| panic!("{e}")));
                    }
                }
                frontier = next;
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}
