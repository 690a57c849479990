//! Tournaments as the service keeps them and every store stores them: the tournament, its
//! players, and each round's boards with the games they started and their results.

use std::time::Duration;

use rules::Variant;

use crate::messages::StandingLine;
use crate::timing::TimeControl;
use crate::{ChannelId, GameId, GuildId, Lang, User};

/// A tournament's id (taken from the same sequence as games).
pub type TournamentId = u64;

/// How players meet.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::VariantArray,
    strum::VariantNames,
)]
#[strum(serialize_all = "kebab-case")]
pub enum TournamentFormat {
    /// Everyone meets everyone once (Berger tables).
    RoundRobin,
    /// Everyone meets everyone twice, colours reversed the second time.
    DoubleRoundRobin,
    /// A fixed number of rounds paired by the FIDE (Dutch) System.
    Swiss,
    /// lichess's arena: for a set time, every free player is paired at once with one of
    /// close score; a win is 2 points, a draw 1, and after two wins in a row each game
    /// scores double until one is not a win.
    Arena,
}

/// Where a tournament is in its life.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::VariantArray,
)]
#[strum(serialize_all = "lowercase")]
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
    /// Not over: open or running.
    pub const fn is_live(self) -> bool {
        matches!(self, TournamentState::Open | TournamentState::Running)
    }
}

/// What a board of a round came to.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::VariantArray,
)]
pub enum BoardResult {
    /// White won over the board.
    #[strum(serialize = "1-0")]
    WhiteWins,
    /// Black won over the board.
    #[strum(serialize = "0-1")]
    BlackWins,
    /// Drawn.
    #[strum(serialize = "1/2-1/2")]
    Draw,
    /// White wins by forfeit (Black withdrew, or missed the deadline without moving).
    #[strum(serialize = "+-")]
    WhiteForfeit,
    /// Black wins by forfeit.
    #[strum(serialize = "-+")]
    BlackForfeit,
    /// Neither played: both lose by forfeit.
    #[strum(serialize = "--")]
    DoubleForfeit,
    /// The pairing-allocated bye (a full point).
    #[strum(serialize = "bye")]
    Bye,
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
    /// Which sides went berserk in the board's game (an arena's), White then Black: stored
    /// with the result.
    pub berserk: [bool; 2],
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
    /// The chess clock of its games, instead of a deadline (an arena's always has one).
    pub time: Option<TimeControl>,
    /// How long an arena lasts from its start.
    pub length: Option<Duration>,
    /// When a running arena stops pairing (Unix ms): set at its start.
    pub ends_ms: Option<i64>,
    /// Whether its games are rated.
    pub rated: bool,
    /// Whether each round's games start from a Chess960 setup drawn for the round: always
    /// in Chess960, asked for in the Avalanche variants.
    pub random_setup: bool,
    /// When it starts by itself (Unix ms), if it was created with a start time; cleared
    /// once that start has been tried.
    pub starts_ms: Option<i64>,
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

/// A tournament's standings as a table to draw: the presentation words its title and headings
/// in the reply's language and draws it as the reply's image (`present::draw`), beside the
/// standings said as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingsTable {
    /// The tournament.
    pub name: String,
    /// Rounds finished.
    pub after: u32,
    /// Rounds in all.
    pub rounds: u32,
    /// How players meet: which tiebreaks the lines hold, and whether there is a cross-table
    /// (a round robin's, with two results a cell in a double round robin).
    pub format: TournamentFormat,
    /// The lines, best first, as the text says them.
    pub lines: Vec<StandingLine>,
    /// In a round robin, each line's results against each line in the same order: the games
    /// played so far, in the order played. Empty for a Swiss.
    pub against: Vec<Vec<Vec<CrossResult>>>,
}

/// One game of a cross-table, from the row player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CrossResult {
    /// Won over the board.
    Win,
    /// Drawn.
    Draw,
    /// Lost over the board.
    Loss,
    /// Won by forfeit.
    ForfeitWin,
    /// Lost by forfeit.
    ForfeitLoss,
}

/// A tournament as a list of them shows it (a front's autocomplete).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentSummary {
    /// The id.
    pub id: TournamentId,
    /// The name.
    pub name: String,
    /// Where it is.
    pub state: TournamentState,
}

/// A tournament command. Creating one is for organisers: those who may manage the server,
/// and the members of the role they chose ([`TournamentAsk::Organisers`]).
///
/// [`TournamentAskKind`] names each variant without its data, so that a test can go through
/// every one (`TournamentAskKind::iter()`): each front has one checking that it can ask for
/// each.
///
/// The asks that name a tournament (`Some(id)`) are about that one, which must be of the
/// asking server; without one, about the server's current tournament (the open or running
/// one, else the latest).
#[derive(Clone, Debug, PartialEq, Eq, strum::EnumDiscriminants)]
#[strum_discriminants(
    name(TournamentAskKind),
    derive(Hash, strum::EnumIter),
    doc = "Which [`TournamentAsk`] it is, without its data."
)]
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
        /// A chess clock for its games instead (an arena's default is 3+2).
        time: Option<TimeControl>,
        /// How long an arena lasts (`None`: an hour).
        length: Option<Duration>,
        /// Rated (the default) or casual.
        rated: bool,
        /// Each round from a Chess960 setup drawn for it (implied by Chess960; the Avalanche
        /// variants allow it; standard chess does not).
        random_setup: bool,
        /// Starts by itself this long after its creation (`None`: when its creator says).
        start: Option<Duration>,
        /// Who asks, as the front knows them: creating is for organisers.
        by: Organiser,
    },
    /// Sets (or with `None`, clears) the role whose members may create tournaments besides
    /// those who may manage the server. The front lets only the latter ask.
    Organisers(Option<Role>),
    /// Join the server's open tournament, or the one named (its announcement's Join button).
    Join(Option<TournamentId>),
    /// Leave it; after the start, withdraw, forfeiting the remaining games. With a
    /// tournament named (its announcement's Leave button) only before the start: an old
    /// button never withdraws anyone.
    Leave(Option<TournamentId>),
    /// Start it (its creator): round 1 is paired and its games begin.
    Start,
    /// The standings.
    Standings(Option<TournamentId>),
    /// A round's pairings.
    Pairings {
        /// The round (`None`: the current one).
        round: Option<u32>,
        /// The tournament.
        tournament: Option<TournamentId>,
    },
    /// What it is and where it stands.
    Info(Option<TournamentId>),
    /// Call it off (its creator).
    Cancel,
}

/// How long an arena lasts when its creator says nothing.
pub const DEFAULT_ARENA_LENGTH: Duration = Duration::from_secs(60 * 60);
/// The shortest arena.
pub const MIN_ARENA_LENGTH: Duration = Duration::from_secs(5 * 60);
/// The longest arena.
pub const MAX_ARENA_LENGTH: Duration = Duration::from_secs(24 * 60 * 60);

/// The most rounds a Swiss may have.
pub const MAX_SWISS_ROUNDS: u32 = 30;

/// The longest tournament name, in characters: Discord's limit on `/tournament create`'s
/// `name` option, which the console keeps too.
pub const MAX_TOURNAMENT_NAME: u16 = 50;

/// A server role's id.
pub type RoleId = u64;

/// A server role as named when it was chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Role {
    /// Its id.
    pub id: RoleId,
    /// Its name.
    pub name: String,
}

/// What the front knows of the member asking to create a tournament.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Organiser {
    /// They may manage the server (the console's user always may).
    pub manages_server: bool,
    /// Their roles in the server.
    pub roles: Vec<RoleId>,
}

impl TournamentAsk {
    /// The tournament the ask names, if it names one.
    pub fn tournament(&self) -> Option<TournamentId> {
        match self {
            TournamentAsk::Join(id)
            | TournamentAsk::Leave(id)
            | TournamentAsk::Standings(id)
            | TournamentAsk::Pairings { tournament: id, .. }
            | TournamentAsk::Info(id) => *id,
            TournamentAsk::Create { .. }
            | TournamentAsk::Organisers(_)
            | TournamentAsk::Start
            | TournamentAsk::Cancel => None,
        }
    }
}

/// A tournament game's room to open: where, and what it is for, to name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Room<'a> {
    /// The server.
    pub guild: GuildId,
    /// The tournament's channel, the room's parent.
    pub parent: ChannelId,
    /// The tournament.
    pub tournament: TournamentId,
    /// The tournament's name.
    pub name: &'a str,
    /// The round.
    pub round: u32,
    /// The board.
    pub board: u32,
    /// White's name.
    pub white: &'a str,
    /// Black's name.
    pub black: &'a str,
    /// The server's language, for the room's name.
    pub lang: Lang,
}

impl Room<'_> {
    /// A short code for the room, `t7-r1-b2` (tournament, round, board).
    pub fn code(&self) -> String {
        format!("t{}-r{}-b{}", self.tournament, self.round, self.board)
    }
}

/// Where tournament games are played: a front opens one room (a Discord thread, a console
/// room) per game, since the service plays one game per channel.
#[async_trait::async_trait]
pub trait GameRooms: Send + Sync {
    /// A channel for the game of `room`; `None` when none could be opened (the service tries
    /// again at its next sweep).
    async fn open_room(&self, room: &Room<'_>) -> Option<ChannelId>;
}

/// How far a tournament's announcements have been shown: the start of round `round` (its
/// pairings), and its end when `over`. What a delivered notice shows is marked so; what was
/// stored and not marked is announced again after a restart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundShown {
    /// The tournament.
    pub tournament: TournamentId,
    /// The round whose start was shown (0: none yet).
    pub round: u32,
    /// Whether its end was shown.
    pub over: bool,
}

/// Why a player stopped playing a running tournament before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Withdrawal {
    /// They withdrew (by themselves, or by forgetting their data).
    Withdrew,
    /// They were removed after two forfeits.
    Removed,
}

impl Withdrawal {
    /// The stable id stored for it.
    pub fn id(self) -> &'static str {
        match self {
            Withdrawal::Withdrew => "withdrew",
            Withdrawal::Removed => "removed",
        }
    }

    /// The withdrawal stored as `id`.
    pub fn from_id(id: &str) -> Option<Withdrawal> {
        match id {
            "withdrew" => Some(Withdrawal::Withdrew),
            "removed" => Some(Withdrawal::Removed),
            _ => None,
        }
    }
}
