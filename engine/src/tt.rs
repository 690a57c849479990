//! The transposition table: what the search learnt about a position, found again when
//! the position comes back by another order of turns (very often in Avalanche, where the
//! same move with different pushes, or pushes in another order, meet again). It also gives
//! the best turn of the previous iteration first, which is what makes iterative deepening
//! cheap.

use rules::Turn;

/// How a stored score bounds the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (a beta cut-off).
    Lower,
    /// The true score is at most this (no turn reached alpha).
    Upper,
}

/// One stored result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub key: u64,
    pub best: Option<Turn>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// A fixed-size table, always replacing (the newest result is the most useful one in an
/// iterative-deepening search that starts afresh for every turn).
pub(crate) struct Table {
    entries: Vec<Option<Entry>>,
    mask: usize,
}

impl Table {
    /// The bytes one entry takes.
    pub const ENTRY_BYTES: usize = size_of::<Option<Entry>>();

    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table {
        let size = 1usize << bits.clamp(8, 26);
        Table {
            entries: vec![None; size],
            mask: size - 1,
        }
    }

    /// How many entries the table has (a power of two).
    pub fn size(&self) -> usize {
        self.entries.len()
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & self.mask
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.entries
            .get(self.slot(key))
            .copied()
            .flatten()
            .filter(|e| e.key == key)
    }

    /// Stores `entry`, keeping the old best turn when the new result has none.
    pub fn store(&mut self, mut entry: Entry) {
        let slot = self.slot(entry.key);
        if let Some(cell) = self.entries.get_mut(slot) {
            if entry.best.is_none()
                && let Some(old) = cell.filter(|e| e.key == entry.key)
            {
                entry.best = old.best;
            }
            *cell = Some(entry);
        }
    }

    /// How full the table is, in thousandths, from its first thousand slots.
    pub fn hashfull(&self) -> u32 {
        let sample = self.entries.len().min(1000);
        let used = self
            .entries
            .iter()
            .take(sample)
            .filter(|e| e.is_some())
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}
