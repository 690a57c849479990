//! Zobrist keys: a 64-bit fingerprint of a position, for threefold repetition.

use crate::types::{Color, Piece};

const fn splitmix(state: u64) -> (u64, u64) {
    let next = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = next;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (next, z ^ (z >> 31))
}

const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (next, value) = splitmix(state);
        state = next;
        out[i] = value;
        i += 1;
    }
    out
}

static PIECE_KEYS: [u64; 768] = keys(1);
static CASTLING_KEYS: [u64; 128] = keys(2);
static EP_KEYS: [u64; 8] = keys(3);
const BLACK_KEY: u64 = 0x5d0c_bcf4_9a1e_82e7;

/// The key of `piece` standing on square index `sq`.
#[inline]
pub(crate) fn piece(piece: Piece, sq: usize) -> u64 {
    PIECE_KEYS[(piece.color.index() * 6 + piece.role.index()) * 64 + (sq & 63)]
}

/// The key of a castling right: `color`'s rook on square index `rook_sq`.
#[inline]
pub(crate) fn castling(color: Color, rook_sq: usize) -> u64 {
    CASTLING_KEYS[color.index() * 64 + (rook_sq & 63)]
}

/// The key of an en-passant possibility on `file`.
#[inline]
pub(crate) fn en_passant(file: u8) -> u64 {
    EP_KEYS[(file & 7) as usize]
}

/// The key toggled when Black is to move.
#[inline]
pub(crate) fn black_to_move() -> u64 {
    BLACK_KEY
}
