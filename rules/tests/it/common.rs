//! Helpers shared by the rules' integration tests.

use rules::{Position, Variant};

/// A small deterministic generator (xorshift), so a failure can be replayed from its seed.
pub struct Rng(pub u64);

impl Rng {
    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// The position `fen` describes in `variant`; panics, naming the FEN, when it is refused.
pub fn pos(variant: Variant, fen: &str) -> Position {
    Position::from_fen(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The path of `name` under the test data directory of the rules crate, `rules/tests/data`.
pub fn data_path(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}
