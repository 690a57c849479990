//! A finished game's review as the bot keeps and shows it: the evaluation of every position,
//! the turns marked with the better line in notation, each player's accuracy and the turn that
//! decided the game; what the store keeps of it, and what a reply carries for the
//! presentation to draw (the graph) and write (the annotated record).

use rules::{Color, Game, Tags};

use crate::GameId;
use crate::messages::{GameKind, Players};

/// What the engine says of a position, for White.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// A score in centipawns (positive: White stands better).
    Centipawns(i32),
    /// A forced mate, or a game already won on the board (`turns` 0).
    Mate {
        /// Who mates.
        winner: Color,
        /// In how many of the winner's turns; 0 when the game is over.
        turns: u32,
    },
}

impl Eval {
    /// White's expected score, 0–1: lichess's win percentage over 100, a score kept within
    /// ±1000 centipawns and a mate counted as ±1000 (so 0.975 at most), the scale the
    /// engine's review judges turns by (a test checks that the two agree).
    pub fn white_expectation(self) -> f64 {
        let cp = match self {
            Eval::Centipawns(cp) => cp.clamp(-1000, 1000),
            Eval::Mate {
                winner: Color::White,
                ..
            } => 1000,
            Eval::Mate { .. } => -1000,
        };
        1.0 / (1.0 + (-0.003_682_08 * f64::from(cp)).exp())
    }
}

/// How bad a marked turn was, by the mover's loss of expected score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Judgement {
    /// An inaccuracy.
    Inaccuracy,
    /// A mistake.
    Mistake,
    /// A blunder.
    Blunder,
}

/// A turn the review marked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// Its ply, from 0.
    pub ply: usize,
    /// How bad it was.
    pub judgement: Judgement,
    /// The mover's loss of expected score, in tenths of a percentage point (0–1000).
    pub loss: u16,
    /// The better turn, then the line after it, in the notation of the game's record.
    pub better: Vec<String>,
}

/// A game reviewed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReview {
    /// The depth every position was searched to.
    pub depth: u32,
    /// The evaluation of each position, from the start to the end (one more than the turns).
    pub evals: Vec<Eval>,
    /// White's and Black's accuracy, in tenths of a percent (0–1000); `None` for a player
    /// who made no turn.
    pub accuracy: [Option<u16>; 2],
    /// The marked turns, in the order played.
    pub marks: Vec<Mark>,
    /// The ply of the turn that decided the game, if one did.
    pub decided: Option<usize>,
}

impl GameReview {
    /// How many turns of each judgement each player made: `[White, Black]`, each
    /// `[inaccuracies, mistakes, blunders]`. `first` is who made the game's first turn.
    pub fn counts(&self, first: Color) -> [[u32; 3]; 2] {
        let mut counts = [[0; 3]; 2];
        for mark in &self.marks {
            let mover = if mark.ply % 2 == 0 {
                first
            } else {
                first.opposite()
            };
            let kind = match mark.judgement {
                Judgement::Inaccuracy => 0,
                Judgement::Mistake => 1,
                Judgement::Blunder => 2,
            };
            counts[mover.index()][kind] += 1;
        }
        counts
    }
}

/// Where a stored review stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewStatus {
    /// Begun and not finished: the process reviewing it may have stopped, so it is restarted.
    UnderWay,
    /// Finished.
    Done {
        /// When (Unix ms).
        finished_ms: i64,
        /// The review.
        review: GameReview,
    },
}

/// A game's review as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredReview {
    /// The game reviewed.
    pub game: GameId,
    /// The depth it searches each position to.
    pub depth: u32,
    /// When it was begun (Unix ms).
    pub started_ms: i64,
    /// Under way or done.
    pub status: ReviewStatus,
}

/// A review to show: what the presentation needs to draw its graph and write its annotated
/// record in the reply's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewSheet {
    /// The game's id (it names the files).
    pub id: GameId,
    /// The game, with its outcome.
    pub game: Game,
    /// The record's tags (event, site, date, players).
    pub tags: Tags,
    /// Its players.
    pub players: Players,
    /// What they played.
    pub kind: GameKind,
    /// The review.
    pub review: GameReview,
}
