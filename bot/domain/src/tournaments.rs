//! Tournaments as the service keeps them and every store stores them: the tournament, its
//! players, and each round's boards with the games they started and their results.

use std::time::Duration;

use rules::Variant;

use crate::{ChannelId, GameId, GuildId, User};

/// A tournament's id (taken from the same sequence as games).
pub type TournamentId = u64;

/// How players meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TournamentFormat {
    /// Everyone meets everyone once (Berger tables).
    RoundRobin,
    /// Everyone meets everyone twice, colours reversed the second time.
    DoubleRoundRobin,
    /// A fixed number of rounds paired by the FIDE (Dutch) System.
    Swiss,
}

impl TournamentFormat {
    /// Every format.
    pub const ALL: [TournamentFormat; 3] = [
        TournamentFormat::RoundRobin,
        TournamentFormat::DoubleRoundRobin,
        TournamentFormat::Swiss,
    ];

    /// The stored and typed name.
    pub const fn id(self) -> &'static str {
        match self {
            TournamentFormat::RoundRobin => "round-robin",
            TournamentFormat::DoubleRoundRobin => "double-round-robin",
            TournamentFormat::Swiss => "swiss",
        }
    }

    /// The format named `id`.
    pub fn from_id(id: &str) -> Option<TournamentFormat> {
        TournamentFormat::ALL.into_iter().find(|f| f.id() == id)
    }
}

/// Where a tournament is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TournamentState {
    /// Taking players.
    Open,
    /// Rounds being played.
    Running,
    /// Over, with final standings.
    Finished,
    /// Called off.
    Cancelled,
}

impl TournamentState {
    /// Every state.
    pub const ALL: [TournamentState; 4] = [
        TournamentState::Open,
        TournamentState::Running,
        TournamentState::Finished,
        TournamentState::Cancelled,
    ];

    /// The stored name.
    pub const fn id(self) -> &'static str {
        match self {
            TournamentState::Open => "open",
            TournamentState::Running => "running",
            TournamentState::Finished => "finished",
            TournamentState::Cancelled => "cancelled",
        }
    }

    /// The state named `id`.
    pub fn from_id(id: &str) -> Option<TournamentState> {
        TournamentState::ALL.into_iter().find(|s| s.id() == id)
    }
}

/// What a board of a round came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardResult {
    /// White won over the board.
    WhiteWins,
    /// Black won over the board.
    BlackWins,
    /// Drawn.
    Draw,
    /// White wins by forfeit (Black withdrew, or missed the deadline without moving).
    WhiteForfeit,
    /// Black wins by forfeit.
    BlackForfeit,
    /// Neither played: both lose by forfeit.
    DoubleForfeit,
    /// The pairing-allocated bye (a full point).
    Bye,
}

impl BoardResult {
    /// Every result.
    pub const ALL: [BoardResult; 7] = [
        BoardResult::WhiteWins,
        BoardResult::BlackWins,
        BoardResult::Draw,
        BoardResult::WhiteForfeit,
        BoardResult::BlackForfeit,
        BoardResult::DoubleForfeit,
        BoardResult::Bye,
    ];

    /// The stored and shown form (`1-0`, `+-` …).
    pub const fn id(self) -> &'static str {
        match self {
            BoardResult::WhiteWins => "1-0",
            BoardResult::BlackWins => "0-1",
            BoardResult::Draw => "1/2-1/2",
            BoardResult::WhiteForfeit => "+-",
            BoardResult::BlackForfeit => "-+",
            BoardResult::DoubleForfeit => "--",
            BoardResult::Bye => "bye",
        }
    }

    /// The result written `id`.
    pub fn from_id(id: &str) -> Option<BoardResult> {
        BoardResult::ALL.into_iter().find(|r| r.id() == id)
    }
}

/// A player of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    /// Who.
    pub user: User,
    /// The order of joining, from 1: the pairing numbers follow it.
    pub seq: u32,
    /// Left after the start (or removed after two forfeits): paired no more.
    pub withdrawn: bool,
}

/// One board of one round: a game between two players, or a bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentBoard {
    /// The round, from 1.
    pub round: u32,
    /// The board, from 1.
    pub board: u32,
    /// White, or the player with the bye.
    pub white: User,
    /// Black; `None` for a bye.
    pub black: Option<User>,
    /// The id the board's game has (reserved when the round is paired; `None` for a bye or
    /// a board decided without a game).
    pub game: Option<GameId>,
    /// The Chess960 setup of the round's games (one per round), if the variant has one.
    pub setup: Option<u16>,
    /// The result, once known.
    pub result: Option<BoardResult>,
}

/// A tournament with its players and boards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRecord {
    /// The id.
    pub id: TournamentId,
    /// The server.
    pub guild: GuildId,
    /// The channel it was created in: announcements and standings go there.
    pub channel: ChannelId,
    /// The name.
    pub name: String,
    /// The rule set of every game.
    pub variant: Variant,
    /// How players meet.
    pub format: TournamentFormat,
    /// The rounds planned (for round robins, set at the start).
    pub rounds: u32,
    /// The per-turn deadline of its games.
    pub deadline: Option<Duration>,
    /// Whether its games are rated.
    pub rated: bool,
    /// Where it is.
    pub state: TournamentState,
    /// The round being played (0 before the start).
    pub round: u32,
    /// Who created it.
    pub creator: User,
    /// When (Unix ms).
    pub created_ms: i64,
    /// The players, in joining order.
    pub players: Vec<Entrant>,
    /// Every board paired so far, by round and board.
    pub boards: Vec<TournamentBoard>,
}

impl TournamentRecord {
    /// The boards of round `round`.
    pub fn round_boards(&self, round: u32) -> impl Iterator<Item = &TournamentBoard> {
        self.boards.iter().filter(move |b| b.round == round)
    }
}

/// A tournament command. Creating one is for the server's admins: the front checks that
/// before giving the command (as for [`Command::Language`](crate::Command::Language)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentAsk {
    /// Create a tournament in this channel.
    Create {
        /// Its name.
        name: String,
        /// The rule set.
        variant: Variant,
        /// How players meet.
        format: TournamentFormat,
        /// Rounds of a Swiss (`None`: the default); a round robin takes as many as needed.
        rounds: Option<u32>,
        /// The per-turn deadline of its games (`None`: the configured default).
        deadline: Option<Duration>,
        /// Rated (the default) or casual.
        rated: bool,
    },
    /// Join the server's open tournament.
    Join,
    /// Leave it (after the start: withdraw, forfeiting the remaining games).
    Leave,
    /// Start it (its creator): round 1 is paired and its games begin.
    Start,
    /// The standings.
    Standings,
    /// A round's pairings (`None`: the current round).
    Pairings(Option<u32>),
    /// What it is and where it stands.
    Info,
    /// Call it off (its creator).
    Cancel,
}

/// Where tournament games are played: a front opens one room (a Discord thread, a console
/// room) per game, since the service plays one game per channel.
#[async_trait::async_trait]
pub trait GameRooms: Send + Sync {
    /// A channel for the game called `name` (such as `t7-r1-b2`), opened from `parent` (the
    /// tournament's channel) in `guild`; `None` when none could be opened.
    async fn open_room(&self, guild: GuildId, parent: ChannelId, name: &str) -> Option<ChannelId>;
}
