//! The domain shared by nadare's layers: ids and users, the commands a front sends, the
//! replies and messages the service answers with (data, never words), the records and the
//! store traits storage implements, games' reviews, languages, durations and rating maths.
//!
//! Nothing here does input or output: the service, storage and the fronts build on it.

pub mod clock;
pub mod commands;
mod ids;
pub mod input;
mod lang;
pub mod messages;
mod model;
mod players;
pub mod rating;
mod records;
mod redact;
mod review;
mod sight;
mod store;
pub mod suggest;
pub mod timing;
mod tournaments;
mod types;

pub use ids::Id;
pub use lang::Lang;
pub use model::{
    ChallengeEnd, ChallengeRecord, DamagedGame, Finished, GameRecord, GameState, StoredGame,
    Unfinished,
};
pub use players::{
    COMPUTER_ID_BASE, Computer, DEFAULT_LEVEL, DEFAULT_STOCKFISH_ELO, FORGOTTEN_ID_BASE,
    FORGOTTEN_NAME, LEVELS, STOCKFISH_ELO_STEP, STOCKFISH_ELOS, computer, computer_at,
    computer_level, computer_player, forgotten, is_computer, is_forgotten, stockfish,
};
pub use records::{
    ArchivePage, ArchiveQuery, ArchivedGame, Extras, GameRatingChange, GuildSettings, Leaderboard,
    PlayerRating, Ranked, RatingChange, RatingUpdate, UserData, Vacation, VacationAllowance,
    VacationDays,
};
pub use redact::{Redacted, has_user_info};
pub use review::{Eval, GameReview, Judgement, Mark, ReviewSheet, ReviewStatus, StoredReview};
pub use sight::{PLAY_LINK_MINUTES, Sight, SightClocks, WebLinks};
pub use store::{
    Archive, ChallengeEntry, GameStore, Games, Heard, Privacy, Ratings, Reviews, Settings,
    ShardSet, StoreError, Tournaments, Transfer, Vacations, Web,
};
pub use tournaments::{
    BoardResult, CrossResult, DEFAULT_ARENA_LENGTH, Entrant, GameRooms, MAX_ARENA_LENGTH,
    MAX_SWISS_ROUNDS, MAX_TOURNAMENT_NAME, MIN_ARENA_LENGTH, Organiser, Role, RoleId, Room,
    RoundShown, StandingsTable, TournamentAsk, TournamentAskKind, TournamentBoard,
    TournamentFormat, TournamentId, TournamentRecord, TournamentState, TournamentSummary,
    Withdrawal,
};
pub use types::{
    Action, Board, ChannelId, ColorChoice, Command, CommandKind, DrawAction, EarlyPrivacy, Faces,
    ForgetAsk, GameId, GuildId, Locale, Notice, Origin, Owed, PageRef, Progress, Replay, Reply,
    Request, SetupChoice, Shown, StepRef, TakebackAction, Tone, User, UserId, VacationAsk,
};
