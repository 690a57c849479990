//! Users' data: what is stored and how to remove it, forgetting a user, their data as a file.

/// What forgetting a user does, or did: counted before it is done (the question) and as it
/// was done (the answer).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ForgetPlan {
    /// Their games, kept with their moves and results under "deleted user".
    pub games: usize,
    /// Of those, games under way they resign (they have played a turn in them, or they are
    /// tournament games).
    pub resigned: usize,
    /// Of those, games under way that are aborted (no turn of theirs yet).
    pub aborted: usize,
    /// Their open challenges, made or received, withdrawn or declined.
    pub challenges: usize,
    /// Their ratings (one per server and variant family), deleted.
    pub ratings: usize,
    /// The tournaments they leave, withdraw from, or (open ones they created) cancel.
    pub tournaments: usize,
}

/// What is said about users' data.
#[derive(Clone, Debug, PartialEq, Eq, strum::IntoStaticStr, strum::EnumCount)]
#[strum(serialize_all = "kebab-case", prefix = "privacy-")]
pub enum PrivacyMsg {
    /// What nadare stores about its users, for how long, and how to have it removed.
    Policy,
    /// Before forgetting the caller: what it will do, and that it cannot be undone.
    Confirm(ForgetPlan),
    /// The caller is forgotten: what was done. They may play again as a new player.
    Forgotten(ForgetPlan),
    /// Nothing is stored about the caller: there is nothing to forget.
    NothingStored,
    /// The caller chose not to be forgotten: nothing changed.
    Kept,
    /// Not everything could be forgotten (a game or challenge of theirs could not be ended,
    /// or began meanwhile): the games and challenges already ended stay ended, everything
    /// else is kept as it was; asking again finishes it.
    NotForgotten {
        /// How many games and challenges were ended before it stopped.
        ended: usize,
    },
    /// The caller's stored data, attached as a file: what it holds.
    Export {
        /// Their games.
        games: usize,
        /// Their ratings.
        ratings: usize,
        /// Their tournaments.
        tournaments: usize,
    },
}
