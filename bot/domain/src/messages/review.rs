//! Reviews of finished games: the figures of a review, how far one has come, and why none
//! was made.

use super::{GameKind, Players, Ply};
use crate::{Eval, GameId, Judgement};

/// What is said about reviews.
#[derive(Clone, Debug, PartialEq, Eq, strum::IntoStaticStr, strum::EnumCount)]
#[strum(serialize_all = "kebab-case", prefix = "review-")]
pub enum ReviewMsg {
    /// A game reviewed: its figures; the graph and the annotated record go with it.
    Summary(Box<ReviewSummary>),
    /// One position of a reviewed game, stepped to: its board goes with it.
    Step(Box<ReviewStep>),
    /// The turn asked for is past the game's end.
    NoSuchTurn {
        /// The game.
        id: GameId,
        /// Its turns.
        turns: usize,
    },
    /// Another review is being made first (one at a time); this one waits.
    Waiting {
        /// The game to review.
        id: GameId,
    },
    /// How far a review has come: positions searched of all.
    Progress {
        /// The game reviewed.
        id: GameId,
        /// Positions searched.
        done: usize,
        /// Positions in all.
        total: usize,
    },
    /// The game asked for is not over: only finished games are reviewed.
    NotFinished {
        /// The game.
        id: GameId,
    },
    /// No game was named, and there is no finished game here to review.
    NoGame,
    /// The game has no turns to review.
    NoTurns {
        /// The game.
        id: GameId,
    },
    /// The review could not be made or kept (the engine or the database failed, or the bot
    /// is stopping: a review under way is made again after a restart).
    Failed {
        /// The game.
        id: GameId,
    },
}

/// A review's figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewSummary {
    /// The game.
    pub id: GameId,
    /// Its players.
    pub players: Players,
    /// What they played.
    pub kind: GameKind,
    /// The depth each position was searched to.
    pub depth: u32,
    /// White's and Black's accuracy in tenths of a percent; `None` for a player without turns.
    pub accuracy: [Option<u16>; 2],
    /// White's and Black's marked turns: `[inaccuracies, mistakes, blunders]` each.
    pub counts: [[u32; 3]; 2],
    /// The worst marked turns (at most [`LISTED_MARKS`]), in the order played.
    pub marks: Vec<MarkLine>,
    /// The marked turns left out of `marks` (all are in the annotated record).
    pub unlisted: usize,
    /// The turn that decided the game, if one did.
    pub decided: Option<Ply>,
}

/// One position of a reviewed game, after some of its turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewStep {
    /// The game.
    pub id: GameId,
    /// The turns played to reach it (0: the start).
    pub turn: usize,
    /// The game's turns in all.
    pub turns: usize,
    /// The turn that led to it, if any.
    pub played: Option<Ply>,
    /// The evaluation of the position.
    pub eval: Eval,
    /// The turn that led to it, when the review marked it.
    pub mark: Option<MarkLine>,
    /// Whether that turn decided the game.
    pub decided: bool,
}

/// The most marked turns a summary lists; the record has them all.
pub const LISTED_MARKS: usize = 8;

/// A marked turn, as listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarkLine {
    /// The turn played.
    pub played: Ply,
    /// How bad it was.
    pub judgement: Judgement,
    /// The mover's loss of expected score, in tenths of a percentage point.
    pub loss: u16,
    /// The better turn (at the same ply) and the line after it, in notation.
    pub better: Vec<String>,
}
