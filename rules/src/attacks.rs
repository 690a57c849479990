//! Attack tables: knight, king and pawn attacks, sliding attacks by magic bitboards,
//! and the squares between and along two squares. The tables are computed at build time
//! (`build.rs`), so looking them up costs nothing at start-up.

use crate::bitboard::Bitboard;
use crate::types::{Color, Square};

/// One square's magic: the relevant occupancy, the multiplier, the shift and where the
/// square's attacks start in `SLIDERS`.
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

impl Magic {
    #[inline]
    fn index(&self, occupied: Bitboard) -> usize {
        self.offset + ((occupied.0 & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

include!(concat!(env!("OUT_DIR"), "/attack_tables.rs"));

/// Squares a knight on `sq` attacks.
#[inline]
pub fn knight(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}

/// Squares a king on `sq` attacks.
#[inline]
pub fn king(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// Squares a pawn of `color` on `sq` attacks.
#[inline]
pub fn pawn(color: Color, sq: Square) -> Bitboard {
    Bitboard(match color {
        Color::White => WHITE_PAWN[sq.index()],
        Color::Black => BLACK_PAWN[sq.index()],
    })
}

/// Squares the pawns of `color` on `pawns` attack, all at once (two shifts, not a lookup a
/// pawn).
#[inline]
pub fn pawns(color: Color, pawns: Bitboard) -> Bitboard {
    let (west, east) = (
        pawns.0 & !Bitboard::file(0).0,
        pawns.0 & !Bitboard::file(7).0,
    );
    Bitboard(match color {
        Color::White => (west << 7) | (east << 9),
        Color::Black => (west >> 9) | (east >> 7),
    })
}

/// Squares a rook on `sq` attacks, given the occupied squares.
#[inline]
pub fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(SLIDERS[ROOK_MAGICS[sq.index()].index(occupied)])
}

/// Squares a bishop on `sq` attacks, given the occupied squares.
#[inline]
pub fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(SLIDERS[BISHOP_MAGICS[sq.index()].index(occupied)])
}

/// Squares a queen on `sq` attacks, given the occupied squares.
#[inline]
pub fn queen(sq: Square, occupied: Bitboard) -> Bitboard {
    rook(sq, occupied) | bishop(sq, occupied)
}

/// The squares strictly between `a` and `b` on a rank, file or diagonal; empty otherwise.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN[a.index() * 64 + b.index()])
}

/// The whole line (edge to edge) through `a` and `b`; empty when they share none.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINE[a.index() * 64 + b.index()])
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

    /// Sliding attacks by walking the rays: the slow, plain reference for the tables.
    fn ray_attacks(sq: Square, occupied: Bitboard, dirs: &[(i8, i8)]) -> Bitboard {
        let mut attacks = Bitboard::EMPTY;
        for &(df, dr) in dirs {
            let mut cur = sq;
            while let Some(next) = cur.offset(df, dr) {
                attacks = attacks.with(next);
                if occupied.contains(next) {
                    break;
                }
                cur = next;
            }
        }
        attacks
    }

    /// A small deterministic generator of occupancies (xorshift64).
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    fn sq(s: &str) -> Square {
        s.parse().unwrap_or(Square::A1)
    }

    #[test]
    fn pawns_attack_together_what_each_attacks() {
        // Pawns on every file and on the first and last ranks, where attacks fall off.
        let many = Bitboard(0x8100_4224_1881_4201);
        for color in Color::ALL {
            let one_by_one = many.fold(Bitboard::EMPTY, |acc, sq| acc | pawn(color, sq));
            assert_eq!(pawns(color, many), one_by_one);
        }
    }

    #[test]
    fn magic_lookups_match_ray_walking_on_many_occupancies() {
        let mut rng = Rng(12345);
        for _ in 0..2000 {
            let occ = Bitboard(rng.next() & rng.next());
            for s in Square::all() {
                assert_eq!(rook(s, occ), ray_attacks(s, occ, &ROOK_DIRS));
                assert_eq!(bishop(s, occ), ray_attacks(s, occ, &BISHOP_DIRS));
            }
        }
    }

    #[test]
    fn between_and_line_are_right_on_examples() {
        assert_eq!(
            between(sq("a1"), sq("a4")),
            Bitboard::EMPTY.with(sq("a2")).with(sq("a3"))
        );
        assert_eq!(between(sq("a1"), sq("c3")), Bitboard::from_square(sq("b2")));
        assert_eq!(between(sq("a1"), sq("b3")), Bitboard::EMPTY);
        assert_eq!(line(sq("c3"), sq("d4")).count(), 8);
        assert!(line(sq("c3"), sq("d4")).contains(sq("a1")));
        assert!(line(sq("c3"), sq("d4")).contains(sq("h8")));
        assert_eq!(line(sq("b1"), sq("b5")), Bitboard::file(1));
        assert_eq!(line(sq("a1"), sq("b3")), Bitboard::EMPTY);
        assert_eq!(knight(sq("a1")).count(), 2);
        assert_eq!(king(sq("e4")).count(), 8);
        assert_eq!(
            pawn(Color::White, sq("a2")),
            Bitboard::from_square(sq("b3"))
        );
    }
}
