//! One pairing bracket: its players moved down (MDPs) and residents, with the next score group
//! beside them for C7. The bracket's edges get their full weights; then the choices the rules
//! make by the order of candidates are fixed one at a time, each kept only if the matching
//! still finds an optimal pairing with it:
//!
//! 1. which MDPs are paired (of each score, the highest ranked possible), and with whom (the
//!    highest ranked resident possible);
//! 2. in the remainder, how many players are exchanged between S1 and S2, which S1 players
//!    go down (the lowest possible) and which S2 players come up (the highest possible);
//! 3. each S1 player in order takes the highest S2 player that keeps the pairing optimal (the
//!    first transposition).

use std::ops::Range;

use super::DutchError;
use super::bye::Bye;
use super::engine::Round;
use super::weights::{Context, Layout, edge};
use super::wide::Wide;

/// A bracket being paired.
pub struct Bracket {
    /// MDPs, residents, then the next score group, by rank index.
    players: Vec<usize>,
    /// How many of `players` are MDPs.
    mdps: usize,
    /// Where the next score group starts in `players`.
    next_begin: usize,
    /// The rank indices of the residents.
    residents: Range<usize>,
    /// Base weights by position in `players` (`[lower][higher]`).
    base: Vec<Vec<Wide>>,
    /// The shift that puts a bracket weight's completion field at the round's.
    shift: u32,
    /// Where the low area's exchange-counting bit is.
    exchange_bit: u32,
    /// The width of an S1 player's slot, and how many choose in one matching.
    slot: u32,
    chunk: usize,
    /// Which players are settled (paired, or chosen to be).
    matched: Vec<bool>,
}

impl Bracket {
    /// Opens the bracket of `players` (the first `mdps` of them moved down) with the next
    /// score group `next` (rank indices), giving its edges their weights.
    pub fn open(
        round: &mut Round,
        mut players: Vec<usize>,
        mdps: usize,
        next: Range<usize>,
        played: usize,
        bye: &Bye,
        bye_rank_applies: bool,
    ) -> Result<Bracket, DutchError> {
        let residents = players.get(mdps).copied().unwrap_or(next.start)..next.start;
        let next_begin = players.len();
        players.extend(next);
        let n = round.seats.len();
        let layout = Layout::new(n, players.iter().map(|&v| round.seats[v].score).collect());
        if !layout.fits() {
            return Err(DutchError::TooLarge);
        }
        let ctx = Context {
            layout: &layout,
            played,
            bye,
            bye_rank_applies,
        };
        let shift = layout.top() - layout.below_completion();
        let size = players.len();
        let mut base = vec![vec![Wide::ZERO; size]; size];
        // Two MDPs keep the weight they had: had they been able to meet, their own bracket
        // would have paired them.
        for hi in mdps..size {
            for lo in 0..hi {
                let (a, b) = (players[lo], players[hi]);
                if !round.can_meet[a][b] {
                    continue;
                }
                let w = edge(&ctx, &round.seats[a], &round.seats[b], hi < next_begin);
                base[hi][lo] = w.shl(shift);
                round.set(a, b, base[hi][lo]);
            }
        }
        Ok(Bracket {
            players,
            mdps,
            next_begin,
            residents,
            base,
            shift,
            exchange_bit: layout.exchange_bit(),
            slot: layout.slot,
            chunk: layout.chunk,
            matched: vec![false; n],
        })
    }

    /// A small adjustment in the low area.
    fn small(&self, x: i64) -> Wide {
        let magnitude = Wide::from_u64(x.unsigned_abs()).shl(self.shift);
        if x >= 0 {
            magnitude
        } else {
            Wide::ZERO - magnitude
        }
    }

    fn resident(&self, v: usize) -> bool {
        self.residents.contains(&v)
    }

    /// Pairs the bracket.
    pub fn pair(&mut self, round: &mut Round) {
        round.compute();
        self.choose_mdps(round);
        self.pair_mdps(round);
        let remainder: Vec<usize> = (self.mdps..self.next_begin)
            .filter(|&o| round.m(self.players[o]) >= self.residents.start)
            .collect();
        let pairs = remainder
            .iter()
            .filter(|&&o| round.m(self.players[o]) < self.players[o])
            .count();
        self.exchange(round, &remainder, pairs);
        self.pair_remainder(round, &remainder);
    }

    /// Of each score among the MDPs, pairs the highest ranked that can be.
    fn choose_mdps(&mut self, round: &mut Round) {
        let mut score = None;
        let mut remaining = 0usize;
        let mut remaining_matched = 0usize;
        for i in 0..self.mdps {
            let v = self.players[i];
            let s = round.seats[v].score;
            if score != Some(s) {
                score = Some(s);
                let same: Vec<usize> = self.players[i..self.mdps]
                    .iter()
                    .copied()
                    .take_while(|&u| round.seats[u].score == s)
                    .collect();
                remaining = same.len();
                remaining_matched = same.iter().filter(|&&u| self.resident(round.m(u))).count();
            }
            if remaining_matched == 0 {
                continue;
            }
            if remaining <= remaining_matched {
                self.matched[v] = true;
                continue;
            }
            remaining -= 1;
            if !self.resident(round.m(v)) {
                let unit = self.small(1);
                for o in self.mdps..self.next_begin {
                    if !self.base[o][i].is_zero() {
                        round.set(v, self.players[o], self.base[o][i] + unit);
                    }
                }
                round.compute();
            }
            if self.resident(round.m(v)) {
                self.matched[v] = true;
                remaining_matched -= 1;
                let lock = self.small((self.next_begin - self.mdps) as i64 + 1);
                for o in self.mdps..self.next_begin {
                    if !self.base[o][i].is_zero() {
                        round.set(v, self.players[o], self.base[o][i] + lock);
                    }
                }
            }
        }
    }

    /// Gives each chosen MDP the highest ranked resident that keeps the pairing optimal.
    fn pair_mdps(&mut self, round: &mut Round) {
        for i in 0..self.mdps {
            let v = self.players[i];
            if !self.matched[v] {
                continue;
            }
            let mut addend = self.players.len() as i64;
            let mut first = None;
            for o in (self.mdps..self.next_begin).rev() {
                let u = self.players[o];
                if self.matched[u] {
                    continue;
                }
                if !self.base[o][i].is_zero() {
                    round.set(v, u, self.base[o][i] + self.small(addend));
                    addend += 1;
                    first = Some(u);
                }
            }
            // Raising v's edges, its current one most, keeps the matching optimal: only
            // recompute when v is not already with the first choice.
            if first != Some(round.m(v)) {
                round.compute();
            }
            let u = round.m(v);
            self.matched[u] = true;
            round.fix(v, u);
        }
    }

    /// The weight of the remainder edge from position `x` (index `xi` in the remainder) down
    /// to `y`: fewer exchanges first, then the higher players of the pairs as high as can be.
    fn ordered(&self, x: usize, y: usize, xi: usize, pairs: usize) -> Wide {
        let w = self.base[y][x];
        if w.is_zero() {
            return w;
        }
        let bonus = if xi < pairs {
            Wide::from_u64(1).shl(self.exchange_bit + self.shift)
        } else {
            Wide::ZERO
        };
        w + bonus - self.small(2 * xi as i64)
    }

    /// Whether `v` is the higher player of a pair inside the bracket in the latest matching.
    fn acts_high(&self, round: &Round, v: usize) -> bool {
        let m = round.m(v);
        m > v && m < self.residents.end
    }

    /// Decides which remainder players are exchanged between S1 (the first `pairs`) and S2.
    fn exchange(&mut self, round: &mut Round, remainder: &[usize], pairs: usize) {
        for (xi, &x) in remainder.iter().enumerate() {
            for &y in &remainder[xi + 1..] {
                let w = self.ordered(x, y, xi, pairs);
                round.set(self.players[x], self.players[y], w);
            }
        }
        round.compute();
        let exchanges = remainder[..pairs]
            .iter()
            .filter(|&&x| !self.acts_high(round, self.players[x]))
            .count();
        let unit = self.small(1);
        // S1 players to move to S2: the lowest ones possible.
        let mut left = exchanges;
        let mut xi = pairs;
        while xi > 0 && left > 0 {
            xi -= 1;
            let x = remainder[xi];
            let v = self.players[x];
            if self.acts_high(round, v) {
                for &y in &remainder[xi + 1..] {
                    let w = self.ordered(x, y, xi, pairs);
                    if !w.is_zero() {
                        round.set(v, self.players[y], w - unit);
                    }
                }
                round.compute();
            }
            let exchange = !self.acts_high(round, v);
            if exchange {
                left -= 1;
            }
            for &y in &remainder[xi + 1..] {
                if exchange {
                    self.base[y][x] = Wide::ZERO;
                }
                let w = self.ordered(x, y, xi, pairs);
                round.set(v, self.players[y], w);
            }
        }
        // S2 players to move to S1: the highest ones possible (the last is then forced).
        let mut left = exchanges;
        for (yi, &y) in remainder.iter().enumerate().skip(pairs) {
            if left <= 1 {
                break;
            }
            let v = self.players[y];
            let already = self.acts_high(round, v);
            if !already {
                for &z in &remainder[yi + 1..] {
                    let w = self.ordered(y, z, yi, pairs);
                    if !w.is_zero() {
                        round.set(v, self.players[z], w + unit);
                    }
                }
                round.compute();
            }
            if self.acts_high(round, v) {
                left -= 1;
                for &z in &remainder[..yi] {
                    self.base[y][z] = Wide::ZERO;
                    round.set(v, self.players[z], Wide::ZERO);
                }
                for o in self.next_begin..self.players.len() {
                    self.base[o][y] = Wide::ZERO;
                    round.set(v, self.players[o], Wide::ZERO);
                }
            }
            if !already {
                for &z in &remainder[yi + 1..] {
                    let w = self.ordered(y, z, yi, pairs);
                    round.set(v, self.players[z], w);
                }
            }
        }
        // Settle it: an S1 player is never the lower of a pair, an S2 player never the higher.
        for (xi, &x) in remainder.iter().enumerate() {
            let v = self.players[x];
            for &y in &remainder[xi + 1..] {
                let u = self.players[y];
                if !self.acts_high(round, v) || self.acts_high(round, u) {
                    self.base[y][x] = Wide::ZERO;
                }
                round.set(v, u, self.base[y][x]);
            }
        }
    }

    /// Each S1 player in order takes the highest S2 player that keeps the pairing optimal.
    /// Several S1 players choose in one matching: each has a slot in the low area, the first
    /// the most significant, so the heaviest matching gives the first its best possible
    /// opponent, then the second, as one at a time would.
    fn pair_remainder(&mut self, round: &mut Round, remainder: &[usize]) {
        let s1: Vec<usize> = remainder
            .iter()
            .copied()
            .filter(|&x| self.acts_high(round, self.players[x]))
            .collect();
        for chunk in s1.chunks(self.chunk) {
            let mut all_first = true;
            for (i, &x) in chunk.iter().enumerate() {
                let v = self.players[x];
                let slot = (chunk.len() - 1 - i) as u32 * self.slot;
                let mut addend = 0u64;
                let mut first = None;
                for &y in remainder.iter().rev() {
                    let u = self.players[y];
                    if y <= x || self.matched[u] {
                        continue;
                    }
                    if !self.base[y][x].is_zero() {
                        let bonus = Wide::from_u64(addend).shl(slot + self.shift);
                        round.set(v, u, self.base[y][x] + bonus);
                        first = Some(u);
                    }
                    addend += 1;
                }
                all_first &= first == Some(round.m(v));
            }
            // Raising each player's edges, its current one most, keeps the matching optimal:
            // only recompute when someone is not already with its first choice.
            if !all_first {
                round.compute();
            }
            for &x in chunk {
                let v = self.players[x];
                let u = round.m(v);
                self.matched[v] = true;
                self.matched[u] = true;
                round.fix(v, u);
            }
        }
    }

    /// The players left for the next bracket (the unpaired, then the next score group) and
    /// how many of them are moved down.
    pub fn unpaired(self, round: &Round) -> (Vec<usize>, usize) {
        let mut carried = Vec::new();
        let mut mdps = 0;
        for (pos, &v) in self.players.iter().enumerate() {
            if pos < self.next_begin && round.fixed[v].is_some() {
                continue;
            }
            carried.push(v);
            if pos < self.next_begin {
                mdps += 1;
            }
        }
        (carried, mdps)
    }
}
