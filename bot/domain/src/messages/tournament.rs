//! Tournaments: created, joined, started, paired round by round, standings, finished; and
//! why a tournament command did nothing.

use std::time::Duration;

use rules::Variant;

use crate::timing::TimeControl;
use crate::{BoardResult, TournamentFormat, TournamentId, TournamentState};

/// One board of a round as shown: "1. alice – bob 1-0".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardLine {
    /// The board number.
    pub board: u32,
    /// White, or the player with the bye.
    pub white: String,
    /// Black; `None` for a bye.
    pub black: Option<String>,
    /// The result, once known.
    pub result: Option<BoardResult>,
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingLine {
    /// The rank (tied players share it).
    pub rank: u32,
    /// The player.
    pub name: String,
    /// The points, in half points.
    pub halves: u32,
    /// The tiebreaks in order, in quarter points: Buchholz Cut-1 and Sonneborn-Berger for a
    /// Swiss, direct encounter and Sonneborn-Berger for a round robin.
    pub tiebreaks: Vec<u32>,
    /// Withdrawn (or removed).
    pub withdrawn: bool,
}

/// Why a tournament ended before the rounds planned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EarlyEnd {
    /// No pairing of the next round keeps to the rules' absolute criteria (no rematch, no
    /// second pairing-allocated bye, the colour limits).
    NoPairing,
    /// Fewer than two players are left to pair.
    TooFewLeft,
    /// The field is beyond what the pairing program pairs (more than 1 000 players, or too
    /// many scores in one bracket).
    TooLarge,
}

impl EarlyEnd {
    /// The id the catalogs select the words by.
    pub fn id(self) -> &'static str {
        match self {
            EarlyEnd::NoPairing => "no-pairing",
            EarlyEnd::TooFewLeft => "too-few-left",
            EarlyEnd::TooLarge => "too-large",
        }
    }
}

/// What is said about tournaments.
#[derive(Clone, Debug, PartialEq, Eq, strum::IntoStaticStr, strum::EnumCount)]
#[strum(serialize_all = "kebab-case", prefix = "tournament-")]
pub enum TournamentMsg {
    /// A tournament was created and takes players.
    Created {
        /// Its name.
        name: String,
        /// The rule set.
        variant: Variant,
        /// How players meet.
        format: TournamentFormat,
        /// Rounds of a Swiss (0 for a round robin: as many as the players need).
        rounds: u32,
        /// Rated or casual.
        rated: bool,
        /// The per-turn deadline.
        deadline: Option<Duration>,
        /// Each round from a Chess960 setup drawn for it.
        random_setup: bool,
        /// Starts by itself in this long (`None`: when its creator says).
        start: Option<Duration>,
        /// The clock of its games, if any.
        time: Option<TimeControl>,
        /// How long an arena lasts.
        length: Option<Duration>,
    },
    /// The role whose members may create tournaments was set (or, `None`, cleared).
    Organisers {
        /// The role's name.
        role: Option<String>,
    },
    /// The start time came with fewer than 2 players: it stays open for its creator to
    /// start.
    NotStarted {
        /// The tournament.
        name: String,
        /// Players in it.
        players: usize,
    },
    /// A player joined.
    Joined {
        /// The tournament.
        name: String,
        /// The player.
        player: String,
        /// Players in it now.
        players: usize,
    },
    /// A player left before the start.
    Left {
        /// The tournament.
        name: String,
        /// The player.
        player: String,
        /// Players in it now.
        players: usize,
    },
    /// A player withdrew after the start: their remaining games are forfeited.
    Withdrew {
        /// The tournament.
        name: String,
        /// The player.
        player: String,
    },
    /// A player paused in a running arena: paired no more until they join again.
    Paused {
        /// The arena.
        name: String,
        /// The player.
        player: String,
    },
    /// A player came back to a running arena (or joined it late).
    Returned {
        /// The arena.
        name: String,
        /// The player.
        player: String,
    },
    /// A player of an arena game went berserk: half their clock, no increment, a point more
    /// for a win.
    Berserk {
        /// The player.
        player: String,
    },
    /// An arena's length is out of range.
    BadLength {
        /// The shortest.
        min: Duration,
        /// The longest.
        max: Duration,
    },
    /// Berserk is for arena games only.
    NotArenaGame,
    /// Berserk is only before one's first turn, and once.
    TooLateToBerserk,
    /// A player was removed after forfeiting two games (lost on time without moving).
    Removed {
        /// The tournament.
        name: String,
        /// The player.
        player: String,
    },
    /// A round's pairings (a new round, or asked for).
    Round {
        /// The tournament.
        name: String,
        /// The round (an arena's wave).
        round: u32,
        /// Rounds in all; 0 for an arena, which pairs in waves until its time is up.
        rounds: u32,
        /// Its boards.
        boards: Vec<BoardLine>,
    },
    /// In a game's room: which tournament, round and board this game is.
    Game {
        /// The tournament.
        name: String,
        /// The round.
        round: u32,
        /// The board.
        board: u32,
    },
    /// The standings after the rounds finished so far.
    Standings {
        /// The tournament.
        name: String,
        /// Rounds finished.
        after: u32,
        /// How players meet (the tiebreaks differ).
        format: TournamentFormat,
        /// The lines, best first.
        lines: Vec<StandingLine>,
    },
    /// What a tournament is and where it stands.
    Info {
        /// Its id, by which a front may name it.
        id: TournamentId,
        /// Its name.
        name: String,
        /// The rule set.
        variant: Variant,
        /// How players meet.
        format: TournamentFormat,
        /// Rounds planned (0 while a round robin is open).
        rounds: u32,
        /// Where it is.
        state: TournamentState,
        /// The round being played.
        round: u32,
        /// Rated or casual.
        rated: bool,
        /// The players, in joining order.
        players: Vec<String>,
    },
    /// The last round ended.
    Finished {
        /// The tournament.
        name: String,
        /// The winner, or the players sharing first place.
        winners: Vec<String>,
    },
    /// The final notice carries every game's record, in one file.
    Records {
        /// The games in it.
        games: usize,
    },
    /// The next round could not be paired, so the tournament ended after the last round
    /// played, as an arbiter ends it; the final notice follows.
    EndedEarly {
        /// The tournament.
        name: String,
        /// The last round played.
        played: u32,
        /// The rounds planned.
        planned: u32,
        /// Why the next round could not be paired.
        why: EarlyEnd,
    },
    /// A Swiss of this many rounds is sure to be paired to its end with at least this many
    /// players; with fewer it may end early.
    RoundsNeedPlayers {
        /// The rounds planned.
        rounds: u32,
        /// The fewest players sure to play them all.
        players: u32,
    },
    /// A Swiss started with fewer players than its rounds are sure of: it may end early.
    MayEndEarly {
        /// The tournament.
        name: String,
        /// Its players at the start.
        players: usize,
        /// The rounds planned.
        rounds: u32,
        /// The rounds its players are sure to be paired for.
        sure: u32,
    },
    /// The tournament was called off.
    Cancelled {
        /// The tournament.
        name: String,
    },
    /// Tournaments are run in a server only.
    NoServer,
    /// No tournament in this server.
    NoTournament,
    /// One tournament at a time in a server: this one is not over.
    OneAtATime {
        /// The one under way.
        name: String,
    },
    /// The tournament has started (or is over): nobody joins or leaves that way now.
    NotOpen {
        /// The tournament.
        name: String,
    },
    /// The tournament is not running.
    NotRunning {
        /// The tournament.
        name: String,
    },
    /// The player is in it already.
    AlreadyIn {
        /// The tournament.
        name: String,
    },
    /// The player is not in it.
    NotIn {
        /// The tournament.
        name: String,
    },
    /// Too few players to start.
    TooFew {
        /// The tournament.
        name: String,
        /// Players in it.
        players: usize,
    },
    /// Only its creator may start or cancel it.
    NotCreator {
        /// The creator.
        creator: String,
    },
    /// Creating tournaments is for those who may manage the server, or have the role its
    /// admins chose.
    NotOrganiser,
    /// The variant plays from its one setup only (standard chess).
    FixedSetup {
        /// The variant.
        variant: Variant,
    },
    /// A start time must be from a minute to this many days ahead.
    BadStart {
        /// The most days ahead.
        max_days: u64,
    },
    /// No such round yet.
    NoRound {
        /// The round asked for.
        round: u32,
    },
    /// The rounds of a Swiss must be between 1 and the limit.
    BadRounds {
        /// The highest allowed.
        max: u32,
    },
    /// A tournament's name must have from 1 to this many characters, once control characters
    /// and direction changes are left out.
    BadName {
        /// The most characters.
        max: u16,
    },
    /// This front cannot open a room per game.
    NoRooms,
    /// The round could not be paired (no pairing respects the rules, or too large).
    Unpairable {
        /// The tournament.
        name: String,
    },
    /// No tournament of this id in this server.
    Unknown {
        /// The id asked for.
        id: TournamentId,
    },
}
