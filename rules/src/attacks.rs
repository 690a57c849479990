//! Attack tables: knight, king and pawn attacks, sliding attacks by magic bitboards,
//! and the squares between and along two squares.
//!
//! Written by hand rather than taken from a crate: the chess crates that generate these
//! tables are either GPL (shakmaty) or bring a whole move generator we would not use.
//! The magic numbers are found once at start-up by a deterministic search (a few ms).

use std::sync::LazyLock;

use crate::bitboard::Bitboard;
use crate::types::{Color, Square};

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_JUMPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

#[derive(Clone, Copy, Default)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

impl Magic {
    #[inline]
    fn index(&self, occupied: Bitboard) -> usize {
        self.offset + (((occupied.0 & self.mask).wrapping_mul(self.magic)) >> self.shift) as usize
    }
}

struct Tables {
    knight: [Bitboard; 64],
    king: [Bitboard; 64],
    pawn: [[Bitboard; 64]; 2],
    rook: [Magic; 64],
    bishop: [Magic; 64],
    sliders: Vec<Bitboard>,
    between: Vec<Bitboard>,
    line: Vec<Bitboard>,
}

static TABLES: LazyLock<Tables> = LazyLock::new(build_tables);

fn steps(sq: Square, deltas: &[(i8, i8)]) -> Bitboard {
    deltas
        .iter()
        .filter_map(|&(df, dr)| sq.offset(df, dr))
        .fold(Bitboard::EMPTY, Bitboard::with)
}

/// Sliding attacks by walking the rays: slow, used only to build the tables.
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

/// The squares whose occupancy matters for a slider on `sq` (board edges left out).
fn relevant_mask(sq: Square, dirs: &[(i8, i8)]) -> u64 {
    let mut mask = 0u64;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            if next.offset(df, dr).is_none() {
                break;
            }
            mask |= 1 << next.index();
            cur = next;
        }
    }
    mask
}

/// A small deterministic generator for the magic search (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

fn find_magics(dirs: &[(i8, i8)], sliders: &mut Vec<Bitboard>, rng: &mut Rng) -> [Magic; 64] {
    let mut magics = [Magic::default(); 64];
    for sq in Square::all() {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let size = 1usize << bits;
        let mut occupancies = Vec::with_capacity(size);
        let mut subset = 0u64;
        loop {
            occupancies.push((subset, ray_attacks(sq, Bitboard(subset), dirs)));
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        let shift = 64 - bits;
        let offset = sliders.len();
        sliders.resize(offset + size, Bitboard::EMPTY);
        let mut used = vec![0u32; size];
        let mut attempt = 0u32;
        let magic = loop {
            attempt += 1;
            let candidate = rng.sparse();
            if (mask.wrapping_mul(candidate) >> 56).count_ones() < 6 {
                continue;
            }
            let mut ok = true;
            for &(occ, attacks) in &occupancies {
                let idx = (occ.wrapping_mul(candidate) >> shift) as usize;
                if used[idx] != attempt {
                    used[idx] = attempt;
                    sliders[offset + idx] = attacks;
                } else if sliders[offset + idx] != attacks {
                    ok = false;
                    break;
                }
            }
            if ok {
                break candidate;
            }
        };
        magics[sq.index()] = Magic {
            mask,
            magic,
            shift,
            offset,
        };
    }
    magics
}

fn build_tables() -> Tables {
    let mut knight = [Bitboard::EMPTY; 64];
    let mut king = [Bitboard::EMPTY; 64];
    let mut pawn = [[Bitboard::EMPTY; 64]; 2];
    for sq in Square::all() {
        knight[sq.index()] = steps(sq, &KNIGHT_JUMPS);
        king[sq.index()] = steps(sq, &KING_STEPS);
        pawn[Color::White.index()][sq.index()] = steps(sq, &[(-1, 1), (1, 1)]);
        pawn[Color::Black.index()][sq.index()] = steps(sq, &[(-1, -1), (1, -1)]);
    }
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut sliders = Vec::new();
    let rook = find_magics(&ROOK_DIRS, &mut sliders, &mut rng);
    let bishop = find_magics(&BISHOP_DIRS, &mut sliders, &mut rng);
    let mut between = vec![Bitboard::EMPTY; 64 * 64];
    let mut line = vec![Bitboard::EMPTY; 64 * 64];
    for a in Square::all() {
        for &(df, dr) in ROOK_DIRS.iter().chain(BISHOP_DIRS.iter()) {
            let forward = ray_attacks(a, Bitboard::EMPTY, &[(df, dr)]);
            let whole =
                forward | ray_attacks(a, Bitboard::EMPTY, &[(-df, -dr)]) | Bitboard::from_square(a);
            for b in forward {
                let idx = a.index() * 64 + b.index();
                line[idx] = whole;
                between[idx] = ray_attacks(a, Bitboard::from_square(b), &[(df, dr)]).without(b);
            }
        }
    }
    Tables {
        knight,
        king,
        pawn,
        rook,
        bishop,
        sliders,
        between,
        line,
    }
}

/// Squares a knight on `sq` attacks.
#[inline]
pub fn knight(sq: Square) -> Bitboard {
    TABLES.knight[sq.index()]
}

/// Squares a king on `sq` attacks.
#[inline]
pub fn king(sq: Square) -> Bitboard {
    TABLES.king[sq.index()]
}

/// Squares a pawn of `color` on `sq` attacks.
#[inline]
pub fn pawn(color: Color, sq: Square) -> Bitboard {
    TABLES.pawn[color.index()][sq.index()]
}

/// Squares a rook on `sq` attacks, given the occupied squares.
#[inline]
pub fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = &*TABLES;
    t.sliders[t.rook[sq.index()].index(occupied)]
}

/// Squares a bishop on `sq` attacks, given the occupied squares.
#[inline]
pub fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = &*TABLES;
    t.sliders[t.bishop[sq.index()].index(occupied)]
}

/// Squares a queen on `sq` attacks, given the occupied squares.
#[inline]
pub fn queen(sq: Square, occupied: Bitboard) -> Bitboard {
    rook(sq, occupied) | bishop(sq, occupied)
}

/// The squares strictly between `a` and `b` on a rank, file or diagonal; empty otherwise.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    TABLES.between[a.index() * 64 + b.index()]
}

/// The whole line (edge to edge) through `a` and `b`; empty when they share none.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    TABLES.line[a.index() * 64 + b.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap_or(Square::A1)
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
