//! What anyone may look at: a game's heading, its record and position, the games of a server, a
//! Chess960 setup.

use rules::{Color, Square, Variant};

use super::{GameKind, Players, Ply};
use crate::{ChannelId, GameId};

/// What is said when showing a game or a list.
#[derive(Clone, Debug, PartialEq, Eq, strum::IntoStaticStr, strum::EnumCount)]
#[strum(serialize_all = "kebab-case", prefix = "view-")]
pub enum ViewMsg {
    /// The heading of a shown board: the players, the game, the last turn.
    Game {
        /// The players.
        players: Players,
        /// What they play.
        kind: GameKind,
        /// The last turn played, if any.
        last: Option<Ply>,
    },
    /// The record so far, in notation ("1. e4 e5 2. Nf3"); the attached file has all of it.
    Record {
        /// The record, or its end when `clipped`.
        record: String,
        /// Whether only the end of the record is shown.
        clipped: bool,
    },
    /// No turn has been played yet.
    NoTurnsYet,
    /// A game's position as other chess software reads it.
    Position {
        /// Its FEN (Shredder-FEN castling, by the rooks' files, in a Chess960 position).
        fen: String,
        /// Its X-FEN, where it differs from `fen` (a Chess960 position castling with its
        /// outermost rooks).
        xfen: Option<String>,
        /// In a variant with pushes: the side to move and the squares its pushes may send an
        /// enemy pawn to (empty when its turn has no push).
        pushes: Option<(Color, Vec<Square>)>,
    },
    /// The games going on and the challenges open.
    Games {
        /// The games, by id (at most the shown limit).
        games: Vec<GameLine>,
        /// How many more games there are than listed.
        more: usize,
        /// The open challenges (at most the shown limit).
        challenges: Vec<ChallengeLine>,
    },
    /// No games and no challenges.
    NoGames,
    /// A Chess960 setup.
    Chess960Setup {
        /// Its number.
        number: u16,
        /// White's back rank, as letters ("RNBQKBNR").
        back_rank: String,
        /// The starting position's FEN.
        fen: String,
    },
}

/// A game in the list of games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLine {
    /// The game.
    pub id: GameId,
    /// Its players.
    pub players: Players,
    /// What they play.
    pub kind: GameKind,
    /// The full-move number.
    pub move_number: u32,
    /// The player to move.
    pub to_move: String,
    /// Where it is played.
    pub channel: ChannelId,
}

/// An open challenge in the list of games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeLine {
    /// The challenge.
    pub id: GameId,
    /// Who challenges.
    pub challenger: String,
    /// Who is challenged; `None` for anyone.
    pub opponent: Option<String>,
    /// The rule set.
    pub variant: Variant,
    /// Where it stands.
    pub channel: ChannelId,
}
