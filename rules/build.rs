//! Computes the attack tables at build time, so that no program using the rules core pays
//! for them at start-up: knight, king and pawn attacks, the squares between and along two
//! squares, and the sliding attacks of rooks and bishops by magic bitboards (the magic
//! numbers are found here by a deterministic search, then written out as constants).
//!
//! Written by hand rather than taken from a crate: the chess crates that generate these
//! tables are either GPL (shakmaty) or bring a whole move generator we would not use.

use std::fmt::Write as _;
use std::path::PathBuf;

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

/// The square `df` files and `dr` ranks from `sq` (0..64), if on the board.
fn offset(sq: usize, df: i8, dr: i8) -> Option<usize> {
    let f = (sq % 8) as i8 + df;
    let r = (sq / 8) as i8 + dr;
    ((0..8).contains(&f) && (0..8).contains(&r)).then_some((r * 8 + f) as usize)
}

fn steps(sq: usize, deltas: &[(i8, i8)]) -> u64 {
    deltas
        .iter()
        .filter_map(|&(df, dr)| offset(sq, df, dr))
        .fold(0, |bb, to| bb | 1 << to)
}

/// Sliding attacks by walking the rays.
fn ray_attacks(sq: usize, occupied: u64, dirs: &[(i8, i8)]) -> u64 {
    let mut attacks = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = offset(cur, df, dr) {
            attacks |= 1 << next;
            if occupied & (1 << next) != 0 {
                break;
            }
            cur = next;
        }
    }
    attacks
}

/// The squares whose occupancy matters for a slider on `sq` (board edges left out).
fn relevant_mask(sq: usize, dirs: &[(i8, i8)]) -> u64 {
    let mut mask = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = offset(cur, df, dr) {
            if offset(next, df, dr).is_none() {
                break;
            }
            mask |= 1 << next;
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

/// One square's magic: (mask, magic number, shift, offset into the shared attack table).
type Magic = (u64, u64, u32, usize);

fn find_magics(dirs: &[(i8, i8)], sliders: &mut Vec<u64>, rng: &mut Rng) -> Vec<Magic> {
    let mut magics = Vec::with_capacity(64);
    for sq in 0..64 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let size = 1usize << bits;
        let mut occupancies = Vec::with_capacity(size);
        let mut subset = 0u64;
        loop {
            occupancies.push((subset, ray_attacks(sq, subset, dirs)));
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        let shift = 64 - bits;
        let offset = sliders.len();
        sliders.resize(offset + size, 0);
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
        magics.push((mask, magic, shift, offset));
    }
    magics
}

fn write_bitboards(out: &mut String, name: &str, values: &[u64]) {
    let _ = writeln!(out, "static {name}: [u64; {}] = [", values.len());
    for chunk in values.chunks(8) {
        for v in chunk {
            let _ = write!(out, "0x{v:x},");
        }
        out.push('\n');
    }
    out.push_str("];\n");
}

fn write_magics(out: &mut String, name: &str, magics: &[Magic]) {
    let _ = writeln!(out, "static {name}: [Magic; 64] = [");
    for (mask, magic, shift, offset) in magics {
        let _ = writeln!(
            out,
            "Magic {{ mask: 0x{mask:x}, magic: 0x{magic:x}, shift: {shift}, offset: {offset} }},"
        );
    }
    out.push_str("];\n");
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let knight: Vec<u64> = (0..64).map(|sq| steps(sq, &KNIGHT_JUMPS)).collect();
    let king: Vec<u64> = (0..64).map(|sq| steps(sq, &KING_STEPS)).collect();
    let white_pawn: Vec<u64> = (0..64).map(|sq| steps(sq, &[(-1, 1), (1, 1)])).collect();
    let black_pawn: Vec<u64> = (0..64).map(|sq| steps(sq, &[(-1, -1), (1, -1)])).collect();

    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut sliders = Vec::new();
    let rook = find_magics(&ROOK_DIRS, &mut sliders, &mut rng);
    let bishop = find_magics(&BISHOP_DIRS, &mut sliders, &mut rng);

    let mut between = vec![0u64; 64 * 64];
    let mut line = vec![0u64; 64 * 64];
    for a in 0..64 {
        for &(df, dr) in ROOK_DIRS.iter().chain(BISHOP_DIRS.iter()) {
            let forward = ray_attacks(a, 0, &[(df, dr)]);
            let whole = forward | ray_attacks(a, 0, &[(-df, -dr)]) | 1 << a;
            for b in (0..64).filter(|b| forward & (1 << b) != 0) {
                line[a * 64 + b] = whole;
                between[a * 64 + b] = ray_attacks(a, 1 << b, &[(df, dr)]) & !(1 << b);
            }
        }
    }

    let mut out = String::with_capacity(4 << 20);
    out.push_str("// Generated by rules/build.rs: do not edit.\n");
    write_bitboards(&mut out, "KNIGHT", &knight);
    write_bitboards(&mut out, "KING", &king);
    write_bitboards(&mut out, "WHITE_PAWN", &white_pawn);
    write_bitboards(&mut out, "BLACK_PAWN", &black_pawn);
    write_magics(&mut out, "ROOK_MAGICS", &rook);
    write_magics(&mut out, "BISHOP_MAGICS", &bishop);
    write_bitboards(&mut out, "SLIDERS", &sliders);
    write_bitboards(&mut out, "BETWEEN", &between);
    write_bitboards(&mut out, "LINE", &line);

    let Some(dir) = std::env::var_os("OUT_DIR") else {
        panic!("cargo sets OUT_DIR for build scripts");
    };
    let path = PathBuf::from(dir).join("attack_tables.rs");
    if let Err(e) = std::fs::write(&path, out) {
        panic!("cannot write {}: {e}", path.display());
    }
}
