//! Zobrist keys: a 64-bit fingerprint of a position for the transposition table and for
//! repetitions.
//!
//! The key covers what makes two positions the same for the rules: the placement (a
//! pending Avalanche promotion is a pawn standing on its last rank, so it is part of the
//! placement and needs no key of its own), the side to move, the castling rights (by rook
//! square, which covers Chess960) and the en-passant square. The rules crate keeps its
//! position fields private, so the key is computed from the public accessors: in full at the
//! root, and for each position the search reaches from the one before it, from what the turn
//! changed.

use rules::{CastleSide, Color, Position, Role};

/// One step of splitmix64. Written by hand because the keys are built at compile time (a
/// `const fn`), so every run and every build uses the same keys and searches stay
/// reproducible.
pub const fn splitmix64(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Keys per colour, role and square (768), per castling rook square and colour (128),
/// per en-passant file (8) and one for Black to move.
const PIECE_KEYS: usize = 2 * 6 * 64;
const CASTLE_KEYS: usize = 2 * 64;
const EP_KEYS: usize = 8;
const KEY_COUNT: usize = PIECE_KEYS + CASTLE_KEYS + EP_KEYS + 1;

const KEYS: [u64; KEY_COUNT] = {
    let mut keys = [0u64; KEY_COUNT];
    let mut i = 0;
    while i < KEY_COUNT {
        keys[i] = splitmix64(0x6e61_6461_7265_0000 ^ (i as u64 * 0x1000_0001));
        i += 1;
    }
    keys
};

/// The key of `pos`.
pub fn hash(pos: &Position) -> u64 {
    let mut h = 0;
    for color in Color::ALL {
        for role in Role::ALL {
            let base = (color.index() * 6 + role.index()) * 64;
            for sq in pos.pieces(color, role) {
                h ^= KEYS[base + sq.index()];
            }
        }
        for side in CastleSide::ALL {
            if let Some(rook) = pos.castling_rook(color, side) {
                h ^= KEYS[PIECE_KEYS + color.index() * 64 + rook.index()];
            }
        }
    }
    if let Some(ep) = pos.en_passant() {
        h ^= KEYS[PIECE_KEYS + CASTLE_KEYS + usize::from(ep.file())];
    }
    if pos.side_to_move() == Color::Black {
        h ^= KEYS[KEY_COUNT - 1];
    }
    h
}

/// The key of `after`, a position reached from `before` (whose key is `key`) by one turn:
/// [`hash`] of `after`, from what the turn changed alone (a few squares, a castling right,
/// the en-passant square, the side to move) rather than from every piece.
pub(crate) fn hash_after(key: u64, before: &Position, after: &Position) -> u64 {
    let mut h = key;
    for color in Color::ALL {
        for role in Role::ALL {
            let base = (color.index() * 6 + role.index()) * 64;
            for sq in before.pieces(color, role) ^ after.pieces(color, role) {
                h ^= KEYS[base + sq.index()];
            }
        }
        for side in CastleSide::ALL {
            let (old, new) = (
                before.castling_rook(color, side),
                after.castling_rook(color, side),
            );
            if old != new {
                for rook in [old, new].into_iter().flatten() {
                    h ^= KEYS[PIECE_KEYS + color.index() * 64 + rook.index()];
                }
            }
        }
    }
    let (old, new) = (before.en_passant(), after.en_passant());
    if old != new {
        for ep in [old, new].into_iter().flatten() {
            h ^= KEYS[PIECE_KEYS + CASTLE_KEYS + usize::from(ep.file())];
        }
    }
    if before.side_to_move() != after.side_to_move() {
        h ^= KEYS[KEY_COUNT - 1];
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Variant;

    #[test]
    fn the_key_after_a_turn_is_the_key_computed_in_full() {
        // Every turn of short games in every variant from positions with castling rights,
        // en passant and promotions about: the key from the change is the full key.
        let starts = [
            (
                Variant::Standard,
                "r3k2r/1P3p2/8/3pP3/8/8/5p2/R3K2R w KQkq d6 0 1",
            ),
            (
                Variant::Chess960,
                "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1",
            ),
            (
                Variant::Avalanche,
                "r3k2r/pP3ppp/8/3pP3/8/8/PPP2p1P/R3K2R w KQkq - 0 1",
            ),
        ];
        for (variant, fen) in starts {
            let mut pos = Position::from_fen(variant, fen).unwrap();
            for ply in 0..12 {
                let mut steps = Vec::new();
                pos.visit_turns(&mut |step| steps.push(step));
                if steps.is_empty() {
                    break;
                }
                let key = hash(&pos);
                for step in &steps {
                    assert_eq!(
                        hash_after(key, &pos, &step.after),
                        hash(&step.after),
                        "{fen}, ply {ply}: {:?}",
                        step.turn
                    );
                }
                let pick = (ply * 7 + 3) % steps.len();
                pos = steps.swap_remove(pick).after;
            }
        }
    }

    #[test]
    fn transpositions_share_a_key_and_side_to_move_changes_it() {
        let start = Position::new_game(Variant::Standard, None).unwrap();
        let a = start
            .play(&start.parse_turn("Nf3").unwrap())
            .and_then(|p| p.play(&p.parse_turn("Nf6").unwrap()))
            .and_then(|p| p.play(&p.parse_turn("Nc3").unwrap()))
            .unwrap();
        let b = start
            .play(&start.parse_turn("Nc3").unwrap())
            .and_then(|p| p.play(&p.parse_turn("Nf6").unwrap()))
            .and_then(|p| p.play(&p.parse_turn("Nf3").unwrap()))
            .unwrap();
        assert_eq!(hash(&a), hash(&b));
        let white = Position::from_fen(Variant::Standard, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let black = Position::from_fen(Variant::Standard, "4k3/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
        assert_ne!(hash(&white), hash(&black));
    }

    #[test]
    fn a_pending_promotion_differs_from_the_promoted_piece() {
        let pending =
            Position::from_fen(Variant::Avalanche, "P7/8/8/7k/8/8/8/4K3 w - - 0 1").unwrap();
        let queen =
            Position::from_fen(Variant::Avalanche, "Q7/8/8/7k/8/8/8/4K3 w - - 0 1").unwrap();
        assert!(pending.pending_promotion().is_some());
        assert_ne!(hash(&pending), hash(&queen));
    }
}
