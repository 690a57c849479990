//! What the service says, as data: one enum per area of the game, gathered in [`Message`].
//! Each front words a message from the catalogs (see the `present` crate); nothing here is
//! prose. Names are as the users chose them, notation as the rules write it.
//!
//! Each variant names its catalog message ([`Keyed`]): strum's `IntoStaticStr` writes it in
//! kebab case after its area's prefix (`#[strum(serialize_all = "kebab-case", prefix = …)]`).

mod archive;
mod challenge;
mod info;
mod notice;
mod offers;
mod privacy;
mod rating;
mod refusal;
mod rematch;
mod review;
mod tournament;
mod turn;
mod vacation;
mod view;

use rules::{Color, Variant};

pub use archive::{ArchiveLine, ArchiveMsg};
pub use challenge::ChallengeMsg;
pub use info::InfoMsg;
pub use notice::NoticeMsg;
pub use offers::OfferMsg;
pub use privacy::{ForgetPlan, PrivacyMsg};
pub use rating::{
    PROVISIONAL_DEVIATION, Place, RatingMsg, SettingsMsg, Shown, ShownChange, ShownRating,
};
pub use refusal::Refusal;
pub use rematch::RematchMsg;
pub use review::{LISTED_MARKS, MarkLine, ReviewMsg, ReviewStep, ReviewSummary};
pub use tournament::{BoardLine, EarlyEnd, StandingLine, TournamentMsg};
pub use turn::{PushChoice, TurnMsg};
pub use vacation::VacationMsg;
pub use view::{ChallengeLine, GameLine, ViewMsg};

/// A message whose variant names its catalog message: `OfferMsg::DrawOffered { .. }` is
/// worded by `offer-draw-offered`; a variant worded in several forms by that key, a dash and
/// the form (`challenge-answer-within-anyone`).
///
/// ```
/// use domain::messages::{Keyed, RematchMsg};
/// assert_eq!(RematchMsg::NoFinishedGame.key(), "rematch-no-finished-game");
/// ```
pub trait Keyed {
    /// The catalog key of this message's variant.
    fn key(&self) -> &'static str;
}

/// Declares [`Message`] with one variant per area, `From` each area's enum, so a reply takes
/// an area's message as it is, and [`Keyed`] for each area's enum. A new area is one more line
/// here.
macro_rules! areas {
    ($($(#[$doc:meta])* $area:ident($ty:ty),)*) => {
        /// One thing a reply says, by area.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Message {
            $($(#[$doc])* $area($ty),)*
        }

        $(impl From<$ty> for Message {
            fn from(message: $ty) -> Message {
                Message::$area(message)
            }
        }

        impl Keyed for $ty {
            fn key(&self) -> &'static str {
                self.into()
            }
        })*
    };
}

areas! {
    /// Challenges made, answered, withdrawn; games started.
    Challenge(ChallengeMsg),
    /// Turns played, whose turn it is, steps of a turn.
    Turn(TurnMsg),
    /// Resignations, draws, takebacks, aborts.
    Offer(OfferMsg),
    /// Boards, records, lists of games, Chess960 setups.
    View(ViewMsg),
    /// Help and the rules.
    Info(InfoMsg),
    /// What the service says unasked: reminders, timeouts, expiries, restarts.
    Notice(NoticeMsg),
    /// Why nothing happened.
    Refusal(Refusal),
    /// Finished games: pages, games shown again, replays, analysis links.
    Archive(ArchiveMsg),
    /// Rematches.
    Rematch(RematchMsg),
    /// Vacations.
    Vacation(VacationMsg),
    /// Rating changes, ratings and leaderboards.
    Rating(RatingMsg),
    /// A server's settings.
    Settings(SettingsMsg),
    /// Tournaments.
    Tournament(TournamentMsg),
    /// Reviews of finished games.
    Review(ReviewMsg),
    /// Users' data: what is stored, forgetting it, a copy of it.
    Privacy(PrivacyMsg),
}

/// The two players of a game: "alice (White) vs bob (Black)".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Players {
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
}

/// What is played: the variant, and the Chess960 setup it started from, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameKind {
    /// The rule set.
    pub variant: Variant,
    /// The setup number, for a game from a Chess960 setup.
    pub chess960: Option<u16>,
    /// Whether the game started from a position the challenger gave.
    pub from_position: bool,
}

/// One turn of a record: "12. e4" for White, "12... e5" for Black.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The full-move number.
    pub number: u32,
    /// Who played it.
    pub mover: Color,
    /// The turn in canonical notation.
    pub notation: String,
}
