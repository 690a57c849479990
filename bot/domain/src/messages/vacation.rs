//! Vacations: a player's deadlines paused for some days.

/// What is said about vacations.
#[derive(Clone, Debug, PartialEq, Eq, strum::IntoStaticStr, strum::EnumCount)]
#[strum(serialize_all = "kebab-case", prefix = "vacation-")]
pub enum VacationMsg {
    /// A player's vacation began.
    Started {
        /// The player.
        player: String,
        /// Its length in days.
        days: u32,
        /// How many of their games with deadlines it pauses.
        games: usize,
        /// Days of this year's allowance left after it.
        left: u32,
    },
    /// In a game's channel: a player's vacation pauses this game's deadlines.
    Paused {
        /// The player.
        player: String,
        /// For how many days at most.
        days: u32,
    },
    /// A player's vacation ended (asked, or by their move); unused days came back.
    Ended {
        /// The player.
        player: String,
        /// Days counted as used.
        days_used: u32,
        /// Days of this year's allowance left.
        left: u32,
    },
    /// In a game's channel: a player's vacation is over and the deadlines run again, the
    /// paused time added.
    Resumed {
        /// The player.
        player: String,
    },
    /// The days asked are more than the year's allowance has left.
    TooLong {
        /// Days asked.
        asked: u32,
        /// Days left this year.
        left: u32,
    },
    /// A vacation needs at least one day.
    NoDays,
    /// The player is on vacation already.
    AlreadyOn,
    /// The player is not on vacation.
    NotOn,
}
