//! The pairing-allocated bye: whose score it goes to (the lowest score an eligible player can
//! have while everyone else is paired, C2 and C4), and the C9 preference among players of that
//! score for the one with the fewest unplayed games.

use std::collections::BTreeMap;

use super::DutchError;
use super::seat::Seat;
use super::weights::bits;
use crate::matching::max_weight_matching;
use crate::model::Points;

/// What the bye rules need during the bracket loop.
pub struct Bye {
    /// Whether the number of players is odd.
    pub odd: bool,
    /// The bye assignee's score.
    pub score: Points,
    /// Whether C9 applies in the first bracket.
    pub applies_first: bool,
    /// Each played-games count's C9 rank among the players of the bye score.
    ranks: BTreeMap<u32, u64>,
}

impl Bye {
    /// Finds the bye score for `seats` (in rank order) that may meet as `can_meet` says;
    /// fails when the round cannot be paired at all.
    pub fn assign(seats: &[Seat], can_meet: &[Vec<bool>]) -> Result<Bye, DutchError> {
        let n = seats.len();
        let mut group_of = BTreeMap::new();
        for s in seats {
            let len = group_of.len();
            group_of.entry(s.score).or_insert(len);
        }
        let groups = group_of.len() as u64;
        let rank_of = |s: &Seat| groups - 1 - group_of.get(&s.score).copied().unwrap_or(0) as u64;
        let width = bits(n as u64 * groups * 2 + 2) + 1;
        // Everyone paired first, the ineligible most of all; then the higher scores.
        let mut edges = Vec::new();
        for (a, meets) in can_meet.iter().enumerate() {
            for b in (a + 1..n).filter(|&b| meets[b]) {
                let w = 1 + u64::from(!seats[a].bye_eligible) + u64::from(!seats[b].bye_eligible);
                let w = (w << width) + rank_of(&seats[a]) + rank_of(&seats[b]);
                edges.push((a, b, w as i64));
            }
        }
        let first = max_weight_matching(n, &edges);
        let unmatched: Vec<usize> = (0..n).filter(|&v| first[v].is_none()).collect();
        // The matching leaves out an eligible player whenever one can be (C2 is absolute).
        if unmatched.len() > n % 2 || unmatched.iter().any(|&v| !seats[v].bye_eligible) {
            return Err(DutchError::NoValidPairing);
        }
        let odd = n % 2 == 1;
        let score = unmatched.first().map_or(Points(0), |&v| seats[v].score);
        let top = seats.first().map_or(Points(0), |s| s.score);
        let applies_first = odd
            && score >= top
            && (0..n)
                .take_while(|&v| seats[v].score >= top)
                .all(|v| first[v].is_none_or(|m| seats[m].score >= top));
        let mut counts: Vec<u32> = seats
            .iter()
            .filter(|s| s.score == score)
            .map(|s| s.played)
            .collect();
        // Pairing those who played less weighs more, so the bye goes to one who played most.
        counts.sort_by(|a, b| b.cmp(a));
        let ranks = counts
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, i as u64))
            .collect();
        Ok(Bye {
            odd,
            score,
            applies_first,
            ranks,
        })
    }

    /// The C9 rank of a player who played `played` games.
    pub fn rank(&self, played: u32) -> u64 {
        self.ranks.get(&played).copied().unwrap_or(0)
    }

    /// Whether the bye may go to `seat`.
    pub fn candidate(&self, seat: &Seat) -> bool {
        seat.bye_eligible && seat.score <= self.score
    }
}
