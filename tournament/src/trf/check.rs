//! What a TRF's player lines must agree on, checked once every line is read: no one paired
//! with themself, both sides of a game naming each other with opposite
//! colours and results that fit (one win and one loss, two draws, a forfeit won and lost or
//! lost by both), and a points column (81–84), where given, equal to the points of the
//! results: of them all, or of the rounds paired so far (without an absence or bye entered
//! ahead for the round to pair, as pairing programs write it).

use std::collections::HashMap;

use super::{Line, ROUND_WIDTH, ROUNDS_COLUMN, TrfError, TrfErrorKind};
use crate::model::{Outcome, Player, Points, Tournament};

/// The points column.
const POINTS_COLUMN: usize = 81;

/// Where a player line was read, and the points its column gives.
pub(super) struct Seen {
    /// The player's pairing number.
    pub(super) number: u32,
    /// The line, from 1.
    pub(super) line: usize,
    /// The points column, when not blank.
    pub(super) points: Option<Points>,
}

/// The points at columns 81–84 of a player line (`3.5`, `3,5`, `3` or `3.0`), or `None` when
/// blank.
pub(super) fn points(line: &Line) -> Result<Option<Points>, TrfError> {
    let text = line.field(POINTS_COLUMN, POINTS_COLUMN + 3);
    if text.is_empty() {
        return Ok(None);
    }
    let bad = || line.error(POINTS_COLUMN, TrfErrorKind::BadNumber(text.clone()));
    let (whole, half) = match text.split_once(['.', ',']) {
        Some((whole, "5" | "50")) => (whole, 1),
        Some((whole, "" | "0" | "00")) => (whole, 0),
        Some(_) => return Err(bad()),
        None => (text.as_str(), 0),
    };
    let whole: u32 = whole.parse().map_err(|_| bad())?;
    whole
        .checked_mul(2)
        .and_then(|h| h.checked_add(half))
        .map(|h| Some(Points(h)))
        .ok_or_else(bad)
}

/// Whether two results can be the two sides of one game.
fn fit(mine: Outcome, theirs: Outcome) -> bool {
    use Outcome::{Draw, ForfeitLoss, ForfeitWin, Loss, Win};
    matches!(
        (mine, theirs),
        (Win, Loss)
            | (Loss, Win)
            | (Draw, Draw)
            | (ForfeitWin, ForfeitLoss)
            | (ForfeitLoss, ForfeitWin)
            | (ForfeitLoss, ForfeitLoss)
    )
}

/// Checks the player lines of `tournament` against each other; `seen` says where each was
/// read. The first contradiction is the error, at the line of the player read first.
pub(super) fn agree(tournament: &Tournament, seen: &[Seen]) -> Result<(), TrfError> {
    let by_number: HashMap<u32, &Player> =
        tournament.players.iter().map(|p| (p.number, p)).collect();
    let paired = tournament
        .players
        .iter()
        .filter_map(|p| {
            p.rounds
                .iter()
                .rposition(|e| e.opponent.is_some() || e.outcome == Outcome::PairingBye)
        })
        .max()
        .map_or(0, |last| last + 1);
    for at in seen {
        let Some(&player) = by_number.get(&at.number) else {
            continue;
        };
        let error = |column, kind| TrfError {
            line: at.line,
            column,
            kind,
        };
        for (index, entry) in player.rounds.iter().enumerate() {
            let Some(opponent) = entry.opponent else {
                continue;
            };
            let round = index + 1;
            let column = ROUNDS_COLUMN + index * ROUND_WIDTH;
            if opponent == at.number {
                return Err(error(
                    column,
                    TrfErrorKind::PairedWithSelf {
                        player: at.number,
                        round,
                    },
                ));
            }
            let pair = Pair {
                player: at.number,
                opponent,
                round,
            };
            let theirs = by_number
                .get(&opponent)
                .and_then(|o| o.rounds.get(index))
                .filter(|e| e.opponent == Some(at.number));
            let Some(theirs) = theirs else {
                return Err(error(column, TrfErrorKind::OpponentDisagrees(pair)));
            };
            if entry.colour.is_some() && entry.colour == theirs.colour {
                return Err(error(column + 5, TrfErrorKind::ColoursDisagree(pair)));
            }
            if !fit(entry.outcome, theirs.outcome) {
                return Err(error(column + 7, TrfErrorKind::ResultsDisagree(pair)));
            }
        }
        let counted = player.score();
        let before = player.score_after(paired);
        if let Some(given) = at.points.filter(|&p| p != counted && p != before) {
            return Err(error(
                POINTS_COLUMN,
                TrfErrorKind::ScoreMismatch {
                    player: at.number,
                    given,
                    counted,
                },
            ));
        }
    }
    Ok(())
}

/// Two players of one round, for the errors about their game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pair {
    /// The player whose line names the game.
    pub player: u32,
    /// The opponent it names.
    pub opponent: u32,
    /// The round, from 1.
    pub round: usize,
}

impl std::fmt::Display for Pair {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "round {}, players {} and {}",
            self.round, self.player, self.opponent
        )
    }
}
