//! The edge weights of one bracket: a field per criterion, most important first, so that the
//! heaviest matching is the pairing the rules prefer.
//!
//! From the top: completion (every player paired, the bye to an eligible player of the
//! lowest possible score); pairs in the current bracket and their scores (C5, C6); pairs in
//! the next bracket and their scores (C7); the bye assignee's played games (C9); the colour
//! criteria (C10–C13); repeated floats (C14–C17) and their scores (C18–C21); and a low area
//! where the engine adds small preferences to fix the order-based choices.

use super::bye::Bye;
use super::seat::{Float, Seat};
use super::wide::{CAPACITY, Fields, Wide};
use crate::model::Points;

/// Bit widths of the fields for one bracket.
#[derive(Debug, Clone)]
pub struct Layout {
    /// Width of a counting field.
    pub count: u32,
    /// The distinct scores of the bracket and the next score group, lowest first: each has a
    /// counting sub-field in the per-score fields.
    pub scores: Vec<Points>,
    /// Width of the C9 field.
    pub ranks: u32,
    /// Width of the low area.
    pub low: u32,
    /// Width of one S1 player's slot in the low area when several choose their opponents in
    /// one matching.
    pub slot: u32,
    /// How many S1 players choose in one matching (their slots fill the low area).
    pub chunk: usize,
}

/// Bits needed to hold `value`.
pub fn bits(value: u64) -> u32 {
    64 - value.leading_zeros()
}

impl Layout {
    /// The layout for `players` players to pair and these scores in the bracket.
    pub fn new(players: usize, mut scores: Vec<Points>) -> Layout {
        scores.sort();
        scores.dedup();
        let count = bits(2 * players as u64 + 2) + 1;
        let slot = bits(players as u64 + 1);
        let mut layout = Layout {
            count,
            scores,
            ranks: bits((players * players) as u64 + 1) + 1,
            low: 3 * count + 1,
            slot,
            chunk: 1,
        };
        // The room left under the capacity goes to the low area, for as many slots as fit.
        let free = layout.top().saturating_sub(layout.below_completion());
        let slots = ((layout.low + free) / slot).clamp(1, 64);
        layout.chunk = slots as usize;
        layout.low = layout.low.max(slots * slot);
        layout
    }

    /// Width of a per-score field.
    fn per_score(&self) -> u32 {
        self.count * self.scores.len() as u32
    }

    /// Bits below the completion field.
    pub fn below_completion(&self) -> u32 {
        self.count * 10 + self.per_score() * 6 + self.ranks + self.low
    }

    /// Where the completion field starts: the same for every bracket of a round, so that
    /// weights of different brackets compare.
    pub fn top(&self) -> u32 {
        CAPACITY - self.count - 1
    }

    /// Whether the weights fit.
    pub fn fits(&self) -> bool {
        self.below_completion() <= self.top()
    }

    /// A one in the sub-field of `score`.
    fn score_bit(&self, score: Points) -> Wide {
        let position = self.scores.iter().position(|&s| s == score).unwrap_or(0) as u32;
        Wide::from_u64(1).shl(position * self.count)
    }

    /// The weight of an edge that only counts for completion.
    pub fn completion(&self, value: u64) -> Wide {
        Fields::default()
            .push(self.count, value)
            .done()
            .shl(self.top())
    }

    /// The low area's bit that counts the remainder pairs whose higher player is in S1 (the
    /// fewer exchanges, the more of them); below it, the S1 positions, then a unit.
    pub fn exchange_bit(&self) -> u32 {
        2 * self.count + 1
    }
}

/// What the edge weight of a pair needs to know beyond the two players.
pub struct Context<'a> {
    /// The layout.
    pub layout: &'a Layout,
    /// How many rounds have been played.
    pub played: usize,
    /// The bye rules.
    pub bye: &'a Bye,
    /// Whether the bye criterion C9 applies in this bracket.
    pub bye_rank_applies: bool,
}

/// The weight of the edge between `higher` (ranked first) and `lower`, who is in the current
/// bracket (`current`) or in the next score group.
pub fn edge(ctx: &Context<'_>, higher: &Seat, lower: &Seat, current: bool) -> Wide {
    let l = ctx.layout;
    let next = !current;
    let completion =
        1 + u64::from(!ctx.bye.candidate(higher)) + u64::from(!ctx.bye.candidate(lower));
    let on = |cond: bool| u64::from(cond);
    let per_score = l.per_score();
    let mut f = Fields::default()
        .push(l.count, completion)
        .push(l.count, on(current))
        .push_wide(
            per_score,
            if current {
                l.score_bit(higher.score)
            } else {
                Wide::ZERO
            },
        )
        .push(l.count, on(next))
        .push_wide(
            per_score,
            if next {
                l.score_bit(higher.score)
            } else {
                Wide::ZERO
            },
        );
    let mut ranks = 0;
    if ctx.bye_rank_applies {
        if higher.score == ctx.bye.score {
            ranks += ctx.bye.rank(higher.played);
        }
        if lower.score == ctx.bye.score {
            ranks += ctx.bye.rank(lower.played);
        }
    }
    f = f.push(l.ranks, ranks);
    // Colours (C10–C13), counted only for pairs inside the bracket.
    let same = lower.preference.is_some() && lower.preference == higher.preference;
    let c10 = !(lower.absolute_imbalance() && higher.absolute_imbalance() && same);
    let c11 = !(lower.absolute && higher.absolute && same) || {
        if lower.imbalance() == higher.imbalance() {
            lower.repeated.is_none() || lower.repeated != higher.repeated
        } else {
            let loser = if lower.imbalance() > higher.imbalance() {
                higher
            } else {
                lower
            };
            loser.repeated != lower.preference.map(|c| c.opposite())
        }
    };
    let c12 = super::colour::compatible(lower.preference, higher.preference);
    let strongish = |s: &Seat| s.strong || s.absolute;
    let c13 =
        !strongish(lower) || !strongish(higher) || (lower.absolute && higher.absolute) || !same;
    for c in [c10, c11, c12, c13] {
        f = f.push(l.count, on(current && c));
    }
    // Repeated floats: counts (C14–C17), then scores (C18–C21).
    let higher_scores_more = higher.score > lower.score;
    for back in 0..2 {
        let active = current && ctx.played > back;
        let down = if active {
            on(lower.floats[back] == Float::Down)
                + on(!higher_scores_more && higher.floats[back] == Float::Down)
        } else {
            0
        };
        let up = on(active && !(higher_scores_more && lower.floats[back] == Float::Up));
        f = f.push(l.count, down).push(l.count, up);
    }
    for back in 0..2 {
        let active = current && ctx.played > back;
        let mut down = Wide::ZERO;
        let mut up = Wide::ZERO;
        if active {
            if lower.floats[back] == Float::Down {
                down = down + l.score_bit(lower.score);
            }
            if higher.floats[back] == Float::Down {
                down = down + l.score_bit(higher.score);
            }
            if !(lower.floats[back] == Float::Up && higher_scores_more) {
                up = l.score_bit(higher.score);
            }
        }
        f = f.push_wide(per_score, down).push_wide(per_score, up);
    }
    f.push(l.low, 0).done()
}
