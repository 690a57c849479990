//! Rematches: a finished game's players meet again, colours swapped.

/// What is said about a rematch.
#[derive(Clone, Debug, PartialEq, Eq, strum::IntoStaticStr, strum::EnumCount)]
#[strum(serialize_all = "kebab-case", prefix = "rematch-")]
pub enum RematchMsg {
    /// A player of the finished game asks for a rematch (the challenge follows).
    Asked {
        /// Who asks.
        by: String,
    },
    /// There is no finished game in this channel to play again.
    NoFinishedGame,
    /// An aborted game gets no rematch: start a new challenge instead.
    AfterAbort,
}
