//! Perft: counting the distinct sequences of turns to a depth, the standard check of a
//! move generator. For Avalanche, each turn (promotion choice, move and push) counts once,
//! and a turn that ends the game has no turns after it (docs/rules.md).

use crate::position::Position;

impl Position {
    /// The number of distinct sequences of `depth` turns from this position.
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_turns(),
            _ if !self.rules().push => self
                .legal_moves()
                .into_iter()
                .map(|mv| {
                    let mut child = self.clone();
                    child.apply_move(mv);
                    child.end_turn();
                    child.perft(depth - 1)
                })
                .sum(),
            _ => {
                let mut total = 0;
                self.visit_turns(&mut |step| {
                    if !step.ends_game {
                        total += step.after.perft(depth - 1);
                    }
                });
                total
            }
        }
    }

    /// Perft split by first turn: each legal turn in UCI-style notation with its count.
    pub fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        let mut out = Vec::new();
        self.visit_turns(&mut |step| {
            let count = match depth {
                0 | 1 => 1,
                _ if step.ends_game => 0,
                _ => step.after.perft(depth - 1),
            };
            out.push((self.turn_to_uci(&step.turn), count));
        });
        out
    }
}
