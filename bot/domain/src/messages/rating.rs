//! Ratings and a server's settings, as data: rating changes after a rated game, a player's
//! ratings, leaderboards, and the server's language. Ratings are rounded here, as shown.

use crate::Lang;
use crate::rating::{Glicko, RatingFamily};
use crate::{PlayerRating, Ranked, RatingUpdate};

/// A rating as shown: rounded to whole points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown {
    /// The rating, rounded.
    pub rating: i32,
    /// Its deviation, rounded.
    pub deviation: i32,
    /// Whether it is still provisional (a deviation above [`PROVISIONAL_DEVIATION`]).
    pub provisional: bool,
}

/// Above this deviation a rating is shown as provisional ("1662?"), as lichess does.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

impl Shown {
    /// How `glicko` is shown.
    pub fn of(glicko: Glicko) -> Shown {
        // Ratings stay within a few thousand points: the casts cannot overflow.
        Shown {
            rating: glicko.rating.round() as i32,
            deviation: glicko.deviation.round() as i32,
            provisional: glicko.deviation > PROVISIONAL_DEVIATION,
        }
    }
}

/// A player's rating in one family, with their record, as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownRating {
    /// The family.
    pub family: RatingFamily,
    /// The rating.
    pub shown: Shown,
    /// Rated games played, won, drawn and lost.
    pub games: u32,
    /// Of which won.
    pub wins: u32,
    /// Of which drawn.
    pub draws: u32,
    /// Of which lost.
    pub losses: u32,
}

impl From<&PlayerRating> for ShownRating {
    fn from(r: &PlayerRating) -> ShownRating {
        ShownRating {
            family: r.family,
            shown: Shown::of(r.glicko),
            games: r.games,
            wins: r.wins,
            draws: r.draws,
            losses: r.losses,
        }
    }
}

/// A place on a leaderboard, as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The place, from 1.
    pub rank: u64,
    /// The player's name.
    pub name: String,
    /// Their rating.
    pub shown: Shown,
    /// Rated games played.
    pub games: u32,
}

impl From<&Ranked> for Place {
    fn from(r: &Ranked) -> Place {
        Place {
            rank: r.rank,
            name: r.player.user.name.clone(),
            shown: Shown::of(r.player.glicko),
            games: r.player.games,
        }
    }
}

/// One player's rating change from a rated game, as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownChange {
    /// The player's name.
    pub name: String,
    /// The family.
    pub family: RatingFamily,
    /// Before the game.
    pub before: Shown,
    /// After it.
    pub after: Shown,
}

impl ShownChange {
    /// The change in shown points (after minus before, both rounded, so the figures add up).
    pub fn delta(&self) -> i32 {
        self.after.rating - self.before.rating
    }

    /// Both players' changes from `update`, White's first.
    pub fn of_update(update: &RatingUpdate) -> [ShownChange; 2] {
        update.changes().map(|c| ShownChange {
            name: c.after.user.name.clone(),
            family: c.after.family,
            before: Shown::of(c.before.glicko),
            after: Shown::of(c.after.glicko),
        })
    }
}

/// What the service says about ratings.
#[derive(Clone, Debug, PartialEq, Eq, strum::IntoStaticStr, strum::EnumCount)]
#[strum(serialize_all = "kebab-case", prefix = "rating-")]
pub enum RatingMsg {
    /// A challenge or game between two people is rated (its result changes the players'
    /// ratings in `family`), or casual.
    Rated {
        /// Rated, or casual.
        rated: bool,
        /// The family whose ratings it changes.
        family: RatingFamily,
    },
    /// A rated game changed a player's rating.
    Changed(ShownChange),
    /// A player's ratings in this server (none yet when empty).
    Ratings {
        /// The player's name.
        name: String,
        /// The family asked for, if one was: its rating only, and when there is none the
        /// answer says that there is no rated game *in that family*.
        family: Option<RatingFamily>,
        /// One per family they have played rated games in, in family order.
        ratings: Vec<ShownRating>,
    },
    /// Ratings were asked for outside a server.
    NoServer,
    /// A family's leaderboard in this server.
    Leaderboard {
        /// The family.
        family: RatingFamily,
        /// How many players are rated in it.
        players: u64,
        /// The best, best first.
        top: Vec<Place>,
        /// The asker's place (`None`: not rated in it).
        own: Option<Place>,
    },
}

/// What the service says about a server's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::IntoStaticStr, strum::EnumCount)]
#[strum(serialize_all = "kebab-case", prefix = "server-")]
pub enum SettingsMsg {
    /// The server's public messages are now in this language (`None`: its Discord locale's).
    Language(Option<Lang>),
    /// The server's boards now show players' pictures (`true`) or icons (`false`).
    Avatars(bool),
    /// Players' pictures were asked to be turned on or off outside a server.
    AvatarsNoServer,
    /// Settings were asked to change outside a server.
    NoServer,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::User;

    #[test]
    fn shown_ratings_round_and_mark_provisional_ones() {
        let new = Shown::of(Glicko::default());
        assert_eq!(
            (new.rating, new.deviation, new.provisional),
            (1500, 350, true)
        );
        let settled = Shown::of(Glicko {
            rating: 1662.5,
            deviation: 110.0,
            volatility: 0.06,
        });
        assert_eq!((settled.rating, settled.deviation), (1663, 110));
        assert!(!settled.provisional, "110 itself is no longer provisional");
    }

    #[test]
    fn a_change_adds_up_in_shown_points() {
        let player = |id| {
            PlayerRating::unrated(
                1,
                RatingFamily::Correspondence,
                User {
                    id,
                    name: format!("p{id}"),
                },
            )
        };
        let update = RatingUpdate::compute(player(1), player(2), Some(rules::Color::White), 0);
        let [white, black] = ShownChange::of_update(&update);
        // 1662.31 and 1337.69 (see the Glicko-2 tests): +162 and -162.
        assert_eq!((white.after.rating, white.delta()), (1662, 162));
        assert_eq!((black.after.rating, black.delta()), (1338, -162));
        assert_eq!(white.name, "p1");
    }
}
