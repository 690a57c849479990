//! Tiebreaks by the FIDE definitions (C.07) and the standings they order.
//!
//! - Buchholz Cut-1: the sum of the opponents' final scores, less the lowest one. A round
//!   without a game played over the board (a bye, a forfeit either way, an absence) counts as
//!   a game against a virtual opponent with the player's own final score (C.07 Art. 16), and
//!   such a virtual opponent is the one cut first.
//! - Sonneborn-Berger: for each game, the opponent's final score times the points the player
//!   scored in it; unplayed rounds count their points against the same virtual opponent.
//! - Direct encounter: among players tied on points who have all met each other, the points
//!   each scored against the others; otherwise it does not separate them.
//!
//! Standings: points, then the system's tiebreaks in order (Swiss: Buchholz Cut-1, then
//! Sonneborn-Berger; round robin: direct encounter, then Sonneborn-Berger), then pairing
//! number.

use std::cmp::Ordering;
use std::fmt;

use crate::model::{Player, Points, Tournament};

/// A tiebreak value in quarter points (a draw against an opponent on 1½ is worth ¾).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Value(pub u32);

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:02}", self.0 / 4, (self.0 % 4) * 25)
    }
}

/// The kind of tournament, which decides the tiebreaks used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum System {
    /// A Swiss tournament: Buchholz Cut-1, then Sonneborn-Berger.
    Swiss,
    /// A round robin (single or double): direct encounter, then Sonneborn-Berger.
    RoundRobin,
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    /// The rank, from 1 (players still tied after every tiebreak share it).
    pub rank: u32,
    /// The pairing number.
    pub number: u32,
    /// The points.
    pub points: Points,
    /// The system's tiebreaks in order, as quarter points (direct encounter: the points
    /// against the other tied players, when it applies).
    pub tiebreaks: Vec<Value>,
}

/// What each round of `player` contributes: the opponent's (or the virtual opponent's) final
/// score, the points scored, and whether the opponent was virtual.
fn contributions(t: &Tournament, player: &Player) -> Vec<(Points, Points, bool)> {
    let own = player.score();
    (0..t.rounds_played())
        .map(|round| match player.rounds.get(round) {
            Some(e) if e.played() => {
                let opponent = e
                    .opponent
                    .and_then(|o| t.player(o))
                    .map_or(own, Player::score);
                (opponent, e.outcome.points(), false)
            }
            Some(e) => (own, e.outcome.points(), true),
            None => (own, Points(0), true),
        })
        .collect()
}

/// Buchholz Cut-1 of `player`, in quarter points.
pub fn buchholz_cut1(t: &Tournament, player: &Player) -> Value {
    let mut parts = contributions(t, player);
    // The one cut: a virtual opponent if there is one, else the lowest.
    parts.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
    let total: u32 = parts.iter().skip(1).map(|p| p.0.0).sum();
    Value(total * 2)
}

/// Sonneborn-Berger of `player`, in quarter points.
pub fn sonneborn_berger(t: &Tournament, player: &Player) -> Value {
    Value(
        contributions(t, player)
            .iter()
            .map(|(opponent, scored, _)| opponent.0 * scored.0)
            .sum(),
    )
}

/// The points `player` scored against the players in `group`, if all of `group` met each
/// other (in a game or by forfeit); `None` when direct encounter does not apply.
pub fn direct_encounter(t: &Tournament, player: &Player, group: &[u32]) -> Option<Points> {
    let met = |a: &Player, b: u32| a.rounds.iter().any(|e| e.opponent == Some(b));
    let all_met = group.iter().all(|&a| {
        t.player(a)
            .is_some_and(|pa| group.iter().all(|&b| a == b || met(pa, b)))
    });
    all_met.then(|| {
        player
            .rounds
            .iter()
            .filter(|e| {
                e.opponent
                    .is_some_and(|o| o != player.number && group.contains(&o))
            })
            .map(|e| e.outcome.points())
            .sum()
    })
}

/// The standings of `t` with the tiebreaks of `system`.
pub fn standings(t: &Tournament, system: System) -> Vec<Standing> {
    let mut lines: Vec<Standing> = t
        .players
        .iter()
        .map(|p| {
            let points = p.score();
            let tied: Vec<u32> = t
                .players
                .iter()
                .filter(|q| q.score() == points)
                .map(|q| q.number)
                .collect();
            let sb = sonneborn_berger(t, p);
            let tiebreaks = match system {
                System::Swiss => vec![buchholz_cut1(t, p), sb],
                System::RoundRobin => {
                    let de = if tied.len() > 1 {
                        direct_encounter(t, p, &tied).map_or(0, |d| d.0 * 2)
                    } else {
                        0
                    };
                    vec![Value(de), sb]
                }
            };
            Standing {
                rank: 0,
                number: p.number,
                points,
                tiebreaks,
            }
        })
        .collect();
    let order = |a: &Standing, b: &Standing| -> Ordering {
        b.points
            .cmp(&a.points)
            .then_with(|| b.tiebreaks.cmp(&a.tiebreaks))
    };
    lines.sort_by(|a, b| order(a, b).then(a.number.cmp(&b.number)));
    for i in 0..lines.len() {
        let rank = match i.checked_sub(1).and_then(|j| lines.get(j)) {
            Some(prev) if order(prev, &lines[i]) == Ordering::Equal => prev.rank,
            _ => i as u32 + 1,
        };
        lines[i].rank = rank;
    }
    lines
}
