//! The pairing of one round: the players to pair in rank order, the matching over those not
//! yet paired, the brackets from the top score down, and the pairs published with colours.

use super::DutchError;
use super::bracket::Bracket;
use super::bye::Bye;
use super::colour::allocate;
use super::seat::{Seat, seat, takes_part};
use super::weights::Layout;
use super::wide::Wide;
use crate::matching::Matcher;
use crate::model::{Colour, Outcome, Pairing, Points, Tournament};

/// The most players a round pairs: the edge weights of a round take n² · 80 bytes (80 MB here).
pub const MAX_PLAYERS: usize = 1000;

/// The rounds already paired: the last round in which anyone has an opponent or the
/// pairing-allocated bye.
pub fn rounds_paired(tournament: &Tournament) -> usize {
    tournament
        .players
        .iter()
        .flat_map(|p| {
            p.rounds
                .iter()
                .enumerate()
                .filter(|(_, e)| e.opponent.is_some() || e.outcome == Outcome::PairingBye)
        })
        .map(|(i, _)| i + 1)
        .max()
        .unwrap_or(0)
}

/// The pairing state of a round: players in rank order, the matcher over all of them (its
/// edge weights the criteria of the bracket being paired), and the pairs fixed so far.
pub struct Round {
    /// The players to pair, in rank order (score, then pairing number).
    pub seats: Vec<Seat>,
    /// Which pairs may meet at all.
    pub can_meet: Vec<Vec<bool>>,
    /// The heaviest matching, kept up to date as weights change; a fixed pair keeps only its
    /// own edge.
    matcher: Matcher<Wide>,
    /// Each player's fixed opponent.
    pub fixed: Vec<Option<usize>>,
}

impl Round {
    /// Sets the weight of the edge between `a` and `b` (zero: no edge).
    pub fn set(&mut self, a: usize, b: usize, w: Wide) {
        self.matcher.set(a, b, w);
    }

    /// Brings the heaviest matching up to date with the weights.
    pub fn compute(&mut self) {
        self.matcher.solve();
    }

    /// The player's mate (fixed, or in the latest matching), or the player itself.
    pub fn m(&self, v: usize) -> usize {
        self.fixed[v].or(self.matcher.mate(v)).unwrap_or(v)
    }

    /// Fixes `a` and `b` (a pair of the latest matching) as a pair: every other edge of
    /// theirs goes, so the matching keeps them together.
    pub fn fix(&mut self, a: usize, b: usize) {
        self.fixed[a] = Some(b);
        self.fixed[b] = Some(a);
        for u in 0..self.seats.len() {
            if u != b {
                self.matcher.set(a, u, Wide::ZERO);
            }
            if u != a {
                self.matcher.set(b, u, Wide::ZERO);
            }
        }
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
        .filter(|p| takes_part(p, played))
        .zip(1..)
        .filter(|(p, _)| p.rounds.len() <= played)
        .map(|(p, effective)| seat(tournament, p, effective, played))
        .collect();
    seats.sort_by(|a, b| b.score.cmp(&a.score).then(a.number.cmp(&b.number)));
    let n = seats.len();
    if n < 2 {
        return Err(DutchError::TooFewPlayers);
    }
    if n > MAX_PLAYERS {
        return Err(DutchError::TooLarge);
    }
    let last_round = tournament
        .total_rounds
        .is_some_and(|total| played + 1 >= total as usize);
    // Topscorers: more than half the points possible so far.
    let top_threshold = Points(played as u32);
    let can_meet: Vec<Vec<bool>> = (0..n)
        .map(|a| {
            (0..n)
                .map(|b| a != b && compatible(&seats[a], &seats[b], last_round, top_threshold))
                .collect()
        })
        .collect();
    let bye = Bye::assign(&seats, &can_meet)?;
    let layout = Layout::new(n, vec![Points(0)]);
    if !layout.fits() {
        return Err(DutchError::TooLarge);
    }
    let mut matcher = Matcher::new(n);
    for (a, meets) in can_meet.iter().enumerate() {
        for b in (a + 1..n).filter(|&b| meets[b]) {
            let value =
                1 + u64::from(!bye.candidate(&seats[a])) + u64::from(!bye.candidate(&seats[b]));
            matcher.set(a, b, layout.completion(value));
        }
    }
    let mut round = Round {
        matcher,
        fixed: vec![None; n],
        can_meet,
        seats,
    };

    // Each bracket: players moved down, then the residents, with the next score group.
    let top_score = round.seats[0].score;
    let mut players: Vec<usize> = (0..n)
        .take_while(|&v| round.seats[v].score == top_score)
        .collect();
    let mut mdps = 0;
    let mut next_start = players.len();
    let mut bye_rank_applies = bye.applies_first;
    while players.len() > 1 || next_start < n {
        let next_score = round.seats.get(next_start).map(|s| s.score);
        let mut group_end = next_start;
        while group_end < n && Some(round.seats[group_end].score) == next_score {
            group_end += 1;
        }
        if next_start == group_end && players.len() == mdps {
            // Only players moved down are left, with nobody below to pair them with.
            return Err(DutchError::NoValidPairing);
        }
        let mut bracket = Bracket::open(
            &mut round,
            players,
            mdps,
            next_start..group_end,
            played,
            &bye,
            bye_rank_applies,
        )?;
        bracket.pair(&mut round);
        (players, mdps) = bracket.unpaired(&round);
        next_start = group_end;
        // C9 weighs in the next bracket when the bye goes to its score or above (players
        // below who may not have the bye leave it there) and none of its players is bound to
        // float further down.
        bye_rank_applies = bye.odd
            && next_score.is_some_and(|next| {
                bye.score >= next
                    && players
                        .iter()
                        .all(|&v| round.seats[round.m(v)].score >= next)
            });
    }
    publish(&round, initial)
}

/// The pairs with their colours, in the order pairing programs print them (higher pair scores
/// first, without acceleration, then the higher player's pairing number), the bye last.
fn publish(round: &Round, initial: Colour) -> Result<Vec<Pairing>, DutchError> {
    let seats = &round.seats;
    let mut pairs = Vec::new();
    let mut byes = Vec::new();
    for (v, fixed) in round.fixed.iter().enumerate() {
        match *fixed {
            Some(u) if v < u => pairs.push((v, u)),
            Some(_) => {}
            None => byes.push(v),
        }
    }
    if byes.len() > 1 {
        return Err(DutchError::NoValidPairing);
    }
    // By points without acceleration: the higher player by points, then pairing number.
    let key = |(a, b): (usize, usize)| {
        let (x, y) = (&seats[a], &seats[b]);
        let rank = |s: &Seat| (s.points, std::cmp::Reverse(s.number));
        let (high, low) = if rank(x) >= rank(y) { (x, y) } else { (y, x) };
        (
            std::cmp::Reverse(high.points),
            std::cmp::Reverse(low.points),
            high.number,
        )
    };
    pairs.sort_by_key(|&pair| key(pair));
    let mut out: Vec<Pairing> = pairs
        .into_iter()
        .map(|(v, u)| {
            // `v` ranks higher.
            let (white, black) = if allocate(&seats[v], &seats[u], true, initial) == Colour::White {
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
