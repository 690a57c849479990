//! The bracket-by-bracket pairing of one round (see the module above for the method).

use std::collections::BTreeMap;

use super::DutchError;
use super::colour::allocate;
use super::seat::{Seat, seat};
use super::weights::{Context, Layout, bits, edge};
use super::wide::Wide;
use crate::matching::max_weight_matching;
use crate::model::{Colour, Pairing, Points, Tournament};

/// The rounds already paired: the last round in which anyone has an opponent or the
/// pairing-allocated bye.
pub fn rounds_paired(tournament: &Tournament) -> usize {
    tournament
        .players
        .iter()
        .flat_map(|p| {
            p.rounds.iter().enumerate().filter(|(_, e)| {
                e.opponent.is_some() || e.outcome == crate::model::Outcome::PairingBye
            })
        })
        .map(|(i, _)| i + 1)
        .max()
        .unwrap_or(0)
}

/// The pairing state of a round: players in rank order, the weights of the edges still
/// open, and the pairs fixed so far.
struct Round {
    seats: Vec<Seat>,
    /// Edge weights by rank indices (`[low][high]`, only `low < high` used); zero is no edge.
    weights: Vec<Vec<Wide>>,
    /// Whether each player is still unpaired.
    open: Vec<bool>,
    /// Each player's fixed opponent.
    fixed: Vec<Option<usize>>,
    /// The latest matching: each open player's mate.
    mate: Vec<Option<usize>>,
}

impl Round {
    fn set(&mut self, a: usize, b: usize, w: Wide) {
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        self.weights[lo][hi] = w;
    }

    fn compute(&mut self) {
        let open: Vec<usize> = (0..self.seats.len()).filter(|&v| self.open[v]).collect();
        let mut edges = Vec::new();
        for (x, &a) in open.iter().enumerate() {
            for (y, &b) in open.iter().enumerate().skip(x + 1) {
                let w = self.weights[a][b];
                if !w.is_zero() {
                    edges.push((x, y, w));
                }
            }
        }
        let matched = max_weight_matching(open.len(), &edges);
        self.mate = vec![None; self.seats.len()];
        for (x, m) in matched.iter().enumerate() {
            if let Some(y) = m {
                self.mate[open[x]] = Some(open[*y]);
            }
        }
    }

    /// The player's mate (fixed, or in the latest matching), or the player itself.
    fn m(&self, v: usize) -> usize {
        self.fixed[v].or(self.mate[v]).unwrap_or(v)
    }

    fn fix(&mut self, a: usize, b: usize) {
        self.fixed[a] = Some(b);
        self.fixed[b] = Some(a);
        self.open[a] = false;
        self.open[b] = false;
    }
}

/// Whether two players may meet at all (C1, C3; C3 is waived for topscorers in the last
/// round).
fn compatible(a: &Seat, b: &Seat, last_round: bool, top_threshold: Points) -> bool {
    if a.met.contains(&b.number) {
        return false;
    }
    let clash = a.absolute && b.absolute && a.preference == b.preference;
    !clash || (last_round && (a.score > top_threshold || b.score > top_threshold))
}

/// Pairs round `played + 1`.
pub fn pair(
    tournament: &Tournament,
    played: usize,
    initial: Colour,
) -> Result<Vec<Pairing>, DutchError> {
    let mut seats: Vec<Seat> = tournament
        .players
        .iter()
        .filter(|p| p.rounds.len() <= played)
        .map(|p| seat(tournament, p, played))
        .collect();
    seats.sort_by(|a, b| b.score.cmp(&a.score).then(a.number.cmp(&b.number)));
    let n = seats.len();
    if n < 2 {
        return Err(DutchError::TooFewPlayers);
    }
    let last_round = tournament
        .total_rounds
        .is_some_and(|total| played + 1 >= total as usize);
    let top_threshold = Points(played as u32);
    let can_meet: Vec<Vec<bool>> = (0..n)
        .map(|a| {
            (0..n)
                .map(|b| a != b && compatible(&seats[a], &seats[b], last_round, top_threshold))
                .collect()
        })
        .collect();

    // The bye assignee's score: the lowest score that an eligible player left unpaired can
    // have while everyone else is paired.
    let mut group_of = BTreeMap::new();
    for s in &seats {
        let len = group_of.len();
        group_of.entry(s.score).or_insert(len);
    }
    let groups = group_of.len() as u64;
    let rank_of = |s: &Seat| groups - 1 - group_of.get(&s.score).copied().unwrap_or(0) as u64;
    let width = bits(n as u64 * groups * 2 + 2) + 1;
    let mut edges = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if can_meet[a][b] {
                let w = 1 + u64::from(!seats[a].bye_eligible) + u64::from(!seats[b].bye_eligible);
                let w = (w << width) + rank_of(&seats[a]) + rank_of(&seats[b]);
                edges.push((a, b, w as i64));
            }
        }
    }
    let first = max_weight_matching(n, &edges);
    let unmatched: Vec<usize> = (0..n).filter(|&v| first[v].is_none()).collect();
    if unmatched.len() > n % 2 {
        return Err(DutchError::NoValidPairing);
    }
    let odd = n % 2 == 1;
    let bye_score = unmatched.first().map_or(Points(0), |&v| seats[v].score);
    let top_score = seats[0].score;
    let mut bye_rank_applies = odd
        && bye_score >= top_score
        && (0..n)
            .take_while(|&v| seats[v].score >= top_score)
            .all(|v| first[v].is_none_or(|m| seats[m].score >= top_score));
    let mut played_counts: Vec<u32> = seats
        .iter()
        .filter(|s| s.score == bye_score)
        .map(|s| s.played)
        .collect();
    // C9: the bye goes to the player with the fewest unplayed games, so pairing those who
    // played less weighs more.
    played_counts.sort_by(|a, b| b.cmp(a));
    let ranks: BTreeMap<u32, u64> = played_counts
        .iter()
        .enumerate()
        .map(|(i, &c)| (c, i as u64))
        .collect();
    let bye_rank = |c: u32| ranks.get(&c).copied().unwrap_or(0);
    let bye_candidate = |s: &Seat| s.bye_eligible && s.score <= bye_score;

    let mut round = Round {
        weights: vec![vec![Wide::ZERO; n]; n],
        open: vec![true; n],
        fixed: vec![None; n],
        mate: vec![None; n],
        seats,
    };
    // Completion-only weights for every pair; brackets refine their own edges.
    let base_layout = Layout::new(n, vec![Points(0)]);
    if !base_layout.fits() {
        return Err(DutchError::TooLarge);
    }
    for (a, meets) in can_meet.iter().enumerate() {
        for b in (a + 1..n).filter(|&b| meets[b]) {
            let value = 1
                + u64::from(!bye_candidate(&round.seats[a]))
                + u64::from(!bye_candidate(&round.seats[b]));
            round.weights[a][b] = base_layout.completion(value);
        }
    }

    // The bracket: moved-down players, then residents, then the next score group.
    let mut cur: Vec<usize> = (0..n)
        .take_while(|&v| round.seats[v].score == top_score)
        .collect();
    let mut mdps = 0;
    let mut next_start = cur.len();
    while cur.len() > 1 || next_start < n {
        let next_begin = cur.len();
        let res_lo = cur.get(mdps).copied().unwrap_or(next_start);
        let res_hi = next_start;
        let group_score = round.seats.get(next_start).map(|s| s.score);
        while next_start < n && Some(round.seats[next_start].score) == group_score {
            cur.push(next_start);
            next_start += 1;
        }
        if cur.len() == next_begin && next_begin == mdps {
            // Only moved-down players are left and nobody below: they cannot be paired.
            if cur.len() > 1 {
                return Err(DutchError::NoValidPairing);
            }
            break;
        }
        let layout = Layout::new(n, cur.iter().map(|&v| round.seats[v].score).collect());
        if !layout.fits() {
            return Err(DutchError::TooLarge);
        }
        let ctx = Context {
            layout: &layout,
            played,
            bye_score,
            bye_rank_applies,
            bye_rank: &bye_rank,
            bye_candidate: &bye_candidate,
        };
        // Base weights between bracket positions (higher position first), rescaled so the
        // completion field sits where the base layout put it.
        let size = cur.len();
        let mut base = vec![vec![Wide::ZERO; size]; size];
        let shift = layout.top() - layout.below_completion();
        // Pairs of two moved-down players keep the weight they had: if they could have met,
        // their own bracket would have paired them.
        for hi in mdps..size {
            for lo in 0..hi {
                let (a, b) = (cur[lo], cur[hi]);
                if !can_meet[a][b] {
                    continue;
                }
                let w = edge(&ctx, &round.seats[a], &round.seats[b], hi < next_begin);
                base[hi][lo] = w.shl(shift);
                round.set(a, b, base[hi][lo]);
            }
        }
        let unit = Wide::from_u64(1).shl(shift);
        let small = |x: i64| {
            if x >= 0 {
                Wide::from_u64(x.unsigned_abs()).shl(shift)
            } else {
                Wide::ZERO - Wide::from_u64(x.unsigned_abs()).shl(shift)
            }
        };
        round.compute();
        let in_res = |v: usize| v >= res_lo && v < res_hi;
        let mut matched = vec![false; n];

        // Which moved-down players to pair: of each score, the highest ranked that can be.
        let mut md_score = Points(0);
        let mut remaining = 0usize;
        let mut remaining_matched = 0usize;
        for i in 0..mdps {
            let v = cur[i];
            if i == 0 || round.seats[v].score < md_score {
                md_score = round.seats[v].score;
                remaining = 0;
                remaining_matched = 0;
                for &u in cur[i..mdps]
                    .iter()
                    .take_while(|&&u| round.seats[u].score >= md_score)
                {
                    remaining += 1;
                    if in_res(round.m(u)) {
                        remaining_matched += 1;
                    }
                }
            }
            if remaining_matched == 0 {
                continue;
            }
            if remaining <= remaining_matched {
                matched[v] = true;
                continue;
            }
            remaining -= 1;
            if !in_res(round.m(v)) {
                for o in mdps..next_begin {
                    if !base[o][i].is_zero() {
                        round.set(v, cur[o], base[o][i] + unit);
                    }
                }
                round.compute();
            }
            if in_res(round.m(v)) {
                matched[v] = true;
                remaining_matched -= 1;
                for o in mdps..next_begin {
                    if !base[o][i].is_zero() {
                        round.set(
                            v,
                            cur[o],
                            base[o][i] + small((next_begin - mdps) as i64 + 1),
                        );
                    }
                }
            }
        }
        // Their opponents: the highest ranked resident that keeps the pairing optimal.
        for i in 0..mdps {
            let v = cur[i];
            if !matched[v] {
                continue;
            }
            let mut addend = size as i64;
            for o in (mdps..next_begin).rev() {
                let u = cur[o];
                if matched[u] {
                    continue;
                }
                if !base[o][i].is_zero() {
                    round.set(v, u, base[o][i] + small(addend));
                    addend += 1;
                }
            }
            round.compute();
            let u = round.m(v);
            matched[u] = true;
            round.fix(v, u);
        }

        // The remainder: residents not paired with moved-down players.
        let remainder: Vec<usize> = (mdps..next_begin)
            .filter(|&o| round.m(cur[o]) >= res_lo)
            .collect();
        let pairs = remainder
            .iter()
            .filter(|&&o| round.m(cur[o]) < cur[o])
            .count();
        let exchange_bit = layout.exchange_bit();
        // Prefer few exchanges, then the smallest S1 positions paired as the higher player.
        let ordered = |base: &Vec<Vec<Wide>>, x: usize, y: usize, x_index: usize| -> Wide {
            let w = base[y][x];
            if w.is_zero() {
                return w;
            }
            let bonus = if x_index < pairs {
                Wide::from_u64(1).shl(exchange_bit)
            } else {
                Wide::ZERO
            };
            w + bonus.shl(shift) - small(2 * x_index as i64)
        };
        for (xi, &x) in remainder.iter().enumerate() {
            for &y in &remainder[xi + 1..] {
                let w = ordered(&base, x, y, xi);
                round.set(cur[x], cur[y], w);
            }
        }
        round.compute();
        let acts_high = |round: &Round, v: usize| {
            let m = round.m(v);
            m > v && m < res_hi
        };
        let exchanges = remainder[..pairs]
            .iter()
            .filter(|&&x| !acts_high(&round, cur[x]))
            .count();
        // S1 players to move down to S2: the lowest ones possible.
        let mut left = exchanges;
        let mut xi = pairs;
        while xi > 0 && left > 0 {
            xi -= 1;
            let x = remainder[xi];
            let v = cur[x];
            if acts_high(&round, v) {
                for &y in &remainder[xi + 1..] {
                    let w = ordered(&base, x, y, xi);
                    if !w.is_zero() {
                        round.set(v, cur[y], w - unit);
                    }
                }
                round.compute();
            }
            let exchange = !acts_high(&round, v);
            if exchange {
                left -= 1;
            }
            for &y in &remainder[xi + 1..] {
                if exchange {
                    base[y][x] = Wide::ZERO;
                }
                let w = ordered(&base, x, y, xi);
                round.set(v, cur[y], w);
            }
        }
        // S2 players to move up to S1: the highest ones possible.
        let mut left = exchanges;
        for (yi, &y) in remainder.iter().enumerate().skip(pairs) {
            if left <= 1 {
                break;
            }
            let v = cur[y];
            let already = acts_high(&round, v);
            if !already {
                for &z in &remainder[yi + 1..] {
                    let w = ordered(&base, y, z, yi);
                    if !w.is_zero() {
                        round.set(v, cur[z], w + unit);
                    }
                }
                round.compute();
            }
            if acts_high(&round, v) {
                left -= 1;
                for &z in &remainder[..yi] {
                    base[y][z] = Wide::ZERO;
                    round.set(v, cur[z], Wide::ZERO);
                }
                for o in next_begin..size {
                    base[o][y] = Wide::ZERO;
                    round.set(v, cur[o], Wide::ZERO);
                }
            }
            if !already {
                for &z in &remainder[yi + 1..] {
                    let w = ordered(&base, y, z, yi);
                    round.set(v, cur[z], w);
                }
            }
        }
        // Fix who is exchanged: an S1-acting player is never the lower of a pair, an
        // S2-acting one never the higher.
        for (xi, &x) in remainder.iter().enumerate() {
            let v = cur[x];
            for &y in &remainder[xi + 1..] {
                let u = cur[y];
                if !acts_high(&round, v) || acts_high(&round, u) {
                    base[y][x] = Wide::ZERO;
                }
                round.set(v, u, base[y][x]);
            }
        }
        // Each S1 player in order takes the highest S2 player that keeps the pairing optimal.
        for &x in &remainder {
            let v = cur[x];
            if !acts_high(&round, v) || round.fixed[v].is_some() {
                continue;
            }
            let mut addend = 0i64;
            for &y in remainder.iter().rev() {
                let u = cur[y];
                if y <= x || matched[u] {
                    continue;
                }
                if !base[y][x].is_zero() {
                    round.set(v, u, base[y][x] + small(addend));
                }
                addend += 1;
            }
            round.compute();
            let u = round.m(v);
            matched[v] = true;
            matched[u] = true;
            round.fix(v, u);
        }

        // Carry the unpaired to the next bracket.
        let mut carried = Vec::new();
        let mut new_mdps = 0;
        bye_rank_applies = odd && group_score.is_some() && group_score == Some(bye_score);
        for (pos, &v) in cur.iter().enumerate() {
            if pos < next_begin && matched[v] {
                continue;
            }
            carried.push(v);
            if pos < next_begin {
                new_mdps += 1;
            }
            if round.seats[round.m(v)].score < bye_score {
                bye_rank_applies = false;
            }
        }
        cur = carried;
        mdps = new_mdps;
    }

    let mut pairs = Vec::new();
    let mut byes = Vec::new();
    for v in 0..n {
        match round.fixed[v] {
            Some(u) if v < u => pairs.push((v, u)),
            Some(_) => {}
            None => byes.push(v),
        }
    }
    if byes.len() > 1 {
        return Err(DutchError::NoValidPairing);
    }
    // Published order: higher pair scores first, then the higher player's rank.
    let seats = &round.seats;
    pairs.sort_by(|&(a, b), &(c, d)| {
        let key = |x: usize, y: usize| {
            (
                seats[x].score.max(seats[y].score),
                seats[x].score.min(seats[y].score),
            )
        };
        key(c, d).cmp(&key(a, b)).then(a.min(b).cmp(&c.min(d)))
    });
    let mut out: Vec<Pairing> = pairs
        .into_iter()
        .map(|(v, u)| {
            // `v` ranks higher (lower index).
            let colour = allocate(&seats[v], &seats[u], true, initial);
            let (white, black) = if colour == Colour::White {
                (v, u)
            } else {
                (u, v)
            };
            Pairing::Game {
                white: seats[white].number,
                black: seats[black].number,
            }
        })
        .collect();
    out.extend(byes.into_iter().map(|v| Pairing::Bye(seats[v].number)));
    Ok(out)
}
