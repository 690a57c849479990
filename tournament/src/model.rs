//! The tournament as the pairing rules see it: players by pairing number, each with one entry
//! per round (opponent, colour, outcome), and scores in half points.

use std::collections::BTreeMap;
use std::fmt;

/// A score in half points, so that draws stay exact: `Points(3)` is 1½.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Points(pub u32);

impl Points {
    /// A whole point.
    pub const WIN: Points = Points(2);
    /// Half a point.
    pub const DRAW: Points = Points(1);
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points(0), |a, b| a + b)
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 2, if self.0 % 2 == 1 { 5 } else { 0 })
    }
}

/// A side of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    /// The first to move.
    White,
    /// The second.
    Black,
}

impl Colour {
    /// The other side.
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// What a round brought a player, in the TRF's result letters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `1`: a game won.
    Win,
    /// `=`: a game drawn.
    Draw,
    /// `0`: a game lost.
    Loss,
    /// `+`: won by forfeit (the opponent did not play).
    ForfeitWin,
    /// `-`: lost by forfeit (or absent without a pairing: opponent `0000`).
    ForfeitLoss,
    /// `H`: a half-point bye.
    HalfBye,
    /// `F`: a full-point bye (not allocated by the pairing).
    FullBye,
    /// `U`: the pairing-allocated bye.
    PairingBye,
    /// `Z`: a zero-point bye (absent, not paired).
    ZeroBye,
}

impl Outcome {
    /// The points this outcome is worth.
    pub fn points(self) -> Points {
        match self {
            Outcome::Win | Outcome::ForfeitWin | Outcome::FullBye | Outcome::PairingBye => {
                Points::WIN
            }
            Outcome::Draw | Outcome::HalfBye => Points::DRAW,
            Outcome::Loss | Outcome::ForfeitLoss | Outcome::ZeroBye => Points(0),
        }
    }

    /// Whether a game was actually played over the board.
    pub fn played(self) -> bool {
        matches!(self, Outcome::Win | Outcome::Draw | Outcome::Loss)
    }

    /// The TRF letter.
    pub fn letter(self) -> char {
        match self {
            Outcome::Win => '1',
            Outcome::Draw => '=',
            Outcome::Loss => '0',
            Outcome::ForfeitWin => '+',
            Outcome::ForfeitLoss => '-',
            Outcome::HalfBye => 'H',
            Outcome::FullBye => 'F',
            Outcome::PairingBye => 'U',
            Outcome::ZeroBye => 'Z',
        }
    }
}

/// One round of one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The opponent's pairing number; `None` for a bye or an absence.
    pub opponent: Option<u32>,
    /// The colour played; `None` without an opponent.
    pub colour: Option<Colour>,
    /// What the round brought.
    pub outcome: Outcome,
}

impl Entry {
    /// Whether a game with an opponent was played over the board.
    pub fn played(&self) -> bool {
        self.opponent.is_some() && self.outcome.played()
    }
}

/// A player: pairing number, name, rating and the rounds so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// The pairing number (TPN), from 1.
    pub number: u32,
    /// The name as written.
    pub name: String,
    /// The rating, if any.
    pub rating: Option<u32>,
    /// One entry per round played so far (or decided, such as a bye).
    pub rounds: Vec<Entry>,
}

impl Player {
    /// The score after every round in `rounds`.
    pub fn score(&self) -> Points {
        self.rounds.iter().map(|e| e.outcome.points()).sum()
    }

    /// The score after the first `rounds` rounds.
    pub fn score_after(&self, rounds: usize) -> Points {
        self.rounds
            .iter()
            .take(rounds)
            .map(|e| e.outcome.points())
            .sum()
    }
}

/// A tournament: its players, the planned number of rounds, the first player's colour in
/// round 1, and any accelerated rounds.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tournament {
    /// The tournament's name, if known.
    pub name: Option<String>,
    /// The total number of rounds planned, if known.
    pub total_rounds: Option<u32>,
    /// The colour the top seed had (or gets) in round 1; white when unknown.
    pub initial_colour: Option<Colour>,
    /// The players, by pairing number.
    pub players: Vec<Player>,
    /// Points added to a player's score for pairing only (accelerated rounds, as the TRF's
    /// `XXA` and `250` lines give them): by pairing number, one entry per round from round 1;
    /// a missing entry is no acceleration.
    pub accelerations: BTreeMap<u32, Vec<Points>>,
}

impl Tournament {
    /// The number of rounds with any entry.
    pub fn rounds_played(&self) -> usize {
        self.players
            .iter()
            .map(|p| p.rounds.len())
            .max()
            .unwrap_or(0)
    }

    /// The player with pairing number `number`.
    pub fn player(&self, number: u32) -> Option<&Player> {
        self.players.iter().find(|p| p.number == number)
    }

    /// The points added for pairing to player `number`'s score in round `round` (from 0).
    pub fn acceleration(&self, number: u32, round: usize) -> Points {
        self.accelerations
            .get(&number)
            .and_then(|a| a.get(round))
            .copied()
            .unwrap_or_default()
    }
}

/// One board of a round: who has white and who black, or a bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Pairing {
    /// A game: white's and black's pairing numbers.
    Game {
        /// White's pairing number.
        white: u32,
        /// Black's pairing number.
        black: u32,
    },
    /// The pairing-allocated bye for this player.
    Bye(u32),
}
