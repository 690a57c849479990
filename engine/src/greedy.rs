//! The greedy player, the yardstick the levels are measured against: it takes the most
//! material it can this turn (a promotion counts as the material it adds) and otherwise
//! plays at random, pushing a random pawn. It looks no further, so it walks into every
//! recapture, and its random push may even expose its own king.

use rules::{Position, Turn};

use crate::eval::value;
use crate::zobrist::splitmix64;

/// The material `turn` wins at once, in centipawns.
fn gain(pos: &Position, turn: &Turn) -> i32 {
    let Some(mv) = turn.mv else {
        return 0;
    };
    let taken = pos
        .piece_at(mv.to)
        .filter(|p| p.color != pos.side_to_move())
        .map_or(0, |p| value(p.role));
    let promoted = mv
        .promotion
        .map_or(0, |r| value(r) - value(rules::Role::Pawn));
    taken + promoted
}

/// The greedy player's turn in `pos` (`None` when there is no legal turn). The same seed
/// gives the same turn.
pub fn greedy_turn(pos: &Position, seed: u64) -> Option<Turn> {
    let turns = pos.legal_turns();
    let best = turns.iter().map(|t| gain(pos, t)).max()?;
    // First the move among those gaining most, then one of that move's pushes, both at
    // random: every push is as likely as any other.
    let moves: Vec<_> = {
        let mut m: Vec<_> = turns
            .iter()
            .filter(|t| gain(pos, t) == best)
            .map(|t| (t.promotion, t.mv))
            .collect();
        m.dedup();
        m
    };
    let mut state = splitmix64(seed ^ crate::hash(pos));
    let chosen = *moves.get((state % moves.len() as u64) as usize)?;
    let pushes: Vec<&Turn> = turns
        .iter()
        .filter(|t| (t.promotion, t.mv) == chosen)
        .collect();
    state = splitmix64(state);
    pushes
        .get((state % pushes.len() as u64) as usize)
        .map(|t| **t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Variant;

    #[test]
    fn takes_the_queen_rather_than_the_rook() {
        let pos =
            Position::from_fen(Variant::Standard, "4k3/8/2q5/5r2/3N4/8/8/4K3 w - - 0 1").unwrap();
        for seed in 0..8 {
            let turn = greedy_turn(&pos, seed).unwrap();
            assert_eq!(pos.turn_to_notation(&turn), "Nxc6");
        }
    }

    #[test]
    fn pushes_vary_with_the_seed_and_are_legal() {
        let pos = Position::new_game(Variant::Avalanche, None).unwrap();
        let turns: std::collections::HashSet<Turn> =
            (0..40).filter_map(|s| greedy_turn(&pos, s)).collect();
        assert!(turns.len() > 5);
        assert!(turns.iter().all(|t| pos.is_legal(t)));
    }
}
