//! What the service stores besides challenges and games: ratings and their changes, the
//! archive's pages, vacations and per-server settings; and everything stored about one user,
//! read whole. Every [`GameStore`](crate::GameStore) backend stores and returns these.

use rules::Color;

use crate::Lang;
use crate::rating::{Glicko, RatingFamily, Score, glicko2};
use crate::{
    ChallengeEntry, DamagedGame, GameId, GameRecord, GuildId, StoredGame, StoredReview,
    TournamentRecord, User, UserId,
};

/// A player's rating in one rating family of one server (standard chess at one speed, or
/// another variant family), with their rated record there.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRating {
    /// The server.
    pub guild: GuildId,
    /// The rating family.
    pub family: RatingFamily,
    /// The player, with the name they had in their latest rated game.
    pub user: User,
    /// The rating, its deviation and volatility.
    pub glicko: Glicko,
    /// Rated games played.
    pub games: u32,
    /// Of which won.
    pub wins: u32,
    /// Of which drawn.
    pub draws: u32,
    /// Of which lost.
    pub losses: u32,
    /// When the rating last changed (Unix ms); 0 for a player not yet rated.
    pub updated_ms: i64,
}

impl PlayerRating {
    /// A player who has no rated game yet in that family and server: the starting rating.
    pub fn unrated(guild: GuildId, family: RatingFamily, user: User) -> PlayerRating {
        PlayerRating {
            guild,
            family,
            user,
            glicko: Glicko::default(),
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            updated_ms: 0,
        }
    }

    /// This rating after one more game with `score`, the new rating being `glicko`.
    fn after(&self, glicko: Glicko, score: Score, at_ms: i64) -> PlayerRating {
        let mut next = PlayerRating {
            glicko,
            games: self.games + 1,
            updated_ms: at_ms,
            ..self.clone()
        };
        match score {
            Score::Win => next.wins += 1,
            Score::Draw => next.draws += 1,
            Score::Loss => next.losses += 1,
        }
        next
    }
}

/// One player's rating before and after a game.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChange {
    /// As it was; [`PlayerRating::unrated`] (no games) for a player rated for the first time.
    pub before: PlayerRating,
    /// As the game leaves it.
    pub after: PlayerRating,
}

/// Both players' rating changes from a rated game, stored in the same transaction as the
/// game's result. The store writes them only if each player's stored rating is still the
/// `before` one (same number of games), else the whole write is a
/// [`StoreError::Conflict`](crate::StoreError::Conflict) of `what: "rating"` and nothing is
/// written: the caller reloads the ratings and computes again.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingUpdate {
    /// White's change.
    pub white: RatingChange,
    /// Black's change.
    pub black: RatingChange,
}

impl RatingUpdate {
    /// The Glicko-2 changes of a game won by `winner` (`None`: a draw) between players rated
    /// `white` and `black` before it, finished at `at_ms`.
    pub fn compute(
        white: PlayerRating,
        black: PlayerRating,
        winner: Option<Color>,
        at_ms: i64,
    ) -> RatingUpdate {
        let white_score = match winner {
            Some(Color::White) => Score::Win,
            Some(Color::Black) => Score::Loss,
            None => Score::Draw,
        };
        let (w, b) = glicko2::rate_game(white.glicko, black.glicko, white_score);
        RatingUpdate {
            white: RatingChange {
                after: white.after(w, white_score, at_ms),
                before: white,
            },
            black: RatingChange {
                after: black.after(b, white_score.opposite(), at_ms),
                before: black,
            },
        }
    }

    /// Both changes, White's first.
    pub fn changes(&self) -> [&RatingChange; 2] {
        [&self.white, &self.black]
    }
}

/// The rating change a finished game made for one player, as kept for the archive.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRatingChange {
    /// The game.
    pub game: GameId,
    /// The player.
    pub user: UserId,
    /// The rating before the game.
    pub before: Glicko,
    /// The rating after it.
    pub after: Glicko,
}

/// A player's place on a leaderboard: 1 for the highest rating (ties broken by user id).
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    /// The place, from 1.
    pub rank: u64,
    /// The rating.
    pub player: PlayerRating,
}

/// The top of a server's leaderboard in one family, and one player's own place.
#[derive(Clone, Debug, PartialEq)]
pub struct Leaderboard {
    /// The best-rated players, best first.
    pub top: Vec<Ranked>,
    /// The asking player's place, wherever it is (`None`: not rated there).
    pub own: Option<Ranked>,
    /// How many players are rated in that family of that server.
    pub players: u64,
}

/// Which finished games to list, and which page of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArchiveQuery {
    /// The server (`None`: games played outside any server).
    pub guild: Option<GuildId>,
    /// Only the games this user played, when set.
    pub user: Option<UserId>,
    /// The page, from 0.
    pub page: u32,
    /// Games per page (at least 1).
    pub per_page: u32,
}

/// A finished game as the archive lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArchivedGame {
    /// The game's facts and result.
    pub row: GameRecord,
    /// How many plies were played.
    pub plies: usize,
}

/// One page of finished games, newest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArchivePage {
    /// The games of the page.
    pub games: Vec<ArchivedGame>,
    /// How many games match in all.
    pub total: u64,
    /// The page asked for, from 0.
    pub page: u32,
    /// Games per page.
    pub per_page: u32,
}

impl ArchivePage {
    /// How many pages the matching games fill (at least 1, so "page 1 of 1" when empty).
    pub fn pages(&self) -> u64 {
        self.total.div_ceil(u64::from(self.per_page.max(1))).max(1)
    }
}

/// A player's vacation: the deadlines of all their games are paused from `started_ms` to
/// `ends_ms`. Vacation is per user, not per server: it pauses every game they play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vacation {
    /// The player.
    pub user: UserId,
    /// When it began (Unix ms).
    pub started_ms: i64,
    /// When it ends unless ended earlier (Unix ms).
    pub ends_ms: i64,
    /// The calendar year its days are counted in (the year it began).
    pub year: i32,
    /// The days taken from that year's allowance.
    pub days: u32,
}

/// A player's vacation days in one calendar year, and the vacation under way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VacationAllowance {
    /// The vacation under way, if any.
    pub active: Option<Vacation>,
    /// Days of that year's allowance used, the active vacation's included.
    pub days_used: u32,
}

/// The vacation days a player used in one calendar year (for copying a database).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VacationDays {
    /// The player.
    pub user: UserId,
    /// The year.
    pub year: i32,
    /// Days used.
    pub days_used: u32,
}

/// A server's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GuildSettings {
    /// The server.
    pub guild: GuildId,
    /// The language of its public messages, overriding its Discord locale (`None`: use that).
    pub lang: Option<Lang>,
    /// Whether its boards show players' pictures in the name bars (the default) or icons.
    pub avatars: bool,
    /// The role whose members may create tournaments, besides those who may manage it.
    pub organiser_role: Option<crate::RoleId>,
}

impl GuildSettings {
    /// The settings of a server that has none stored.
    pub fn defaults(guild: GuildId) -> GuildSettings {
        GuildSettings {
            guild,
            lang: None,
            avatars: true,
            organiser_role: None,
        }
    }
}

/// Everything stored besides challenges and games, for copying a database whole.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Extras {
    /// Every rating.
    pub ratings: Vec<PlayerRating>,
    /// Every game's rating changes.
    pub rating_changes: Vec<GameRatingChange>,
    /// Vacations under way.
    pub vacations: Vec<Vacation>,
    /// Vacation days used per player and year.
    pub vacation_days: Vec<VacationDays>,
    /// Every server's settings.
    pub guild_settings: Vec<GuildSettings>,
    /// Every tournament, with its players and boards.
    pub tournaments: Vec<TournamentRecord>,
    /// Every game's review, under way or done.
    pub reviews: Vec<StoredReview>,
}

impl Extras {
    /// How many rows it holds in all.
    pub fn len(&self) -> usize {
        self.ratings.len()
            + self.rating_changes.len()
            + self.vacations.len()
            + self.vacation_days.len()
            + self.guild_settings.len()
            + self
                .tournaments
                .iter()
                .map(|t| 1 + t.players.len() + t.boards.len())
                .sum::<usize>()
            + self.reviews.len()
    }

    /// Whether it holds nothing.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Everything stored about one user, in every server (`/mydata`, and what `/forget` ends and
/// removes).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct UserData {
    /// The user.
    pub user: UserId,
    /// The challenges they made or were sent, open or closed, by id.
    pub challenges: Vec<ChallengeEntry>,
    /// The games they played or play, finished or not, with their turns, by id.
    pub games: Vec<StoredGame>,
    /// Games of theirs whose row or turns cannot be read.
    pub damaged: Vec<DamagedGame>,
    /// Their ratings, by server and family.
    pub ratings: Vec<PlayerRating>,
    /// What each of their rated games did to their rating, by game.
    pub rating_changes: Vec<GameRatingChange>,
    /// Their vacation under way.
    pub vacation: Option<Vacation>,
    /// The vacation days they used, by year.
    pub vacation_days: Vec<VacationDays>,
    /// The tournaments they play or played in, or created, whole, newest first.
    pub tournaments: Vec<TournamentRecord>,
}

impl UserData {
    /// Whether nothing at all is stored about the user.
    pub fn is_empty(&self) -> bool {
        self.challenges.is_empty()
            && self.games.is_empty()
            && self.damaged.is_empty()
            && self.ratings.is_empty()
            && self.rating_changes.is_empty()
            && self.vacation.is_none()
            && self.vacation_days.is_empty()
            && self.tournaments.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(id: UserId) -> PlayerRating {
        PlayerRating::unrated(
            7,
            RatingFamily::Avalanche,
            User {
                id,
                name: format!("p{id}"),
            },
        )
    }

    #[test]
    fn a_rated_game_counts_one_game_and_the_result_for_each_side() {
        let update = RatingUpdate::compute(player(1), player(2), Some(Color::Black), 99);
        let (w, b) = (&update.white.after, &update.black.after);
        assert_eq!((w.games, w.wins, w.draws, w.losses), (1, 0, 0, 1));
        assert_eq!((b.games, b.wins, b.draws, b.losses), (1, 1, 0, 0));
        assert_eq!((w.updated_ms, b.updated_ms), (99, 99));
        assert!(b.glicko.rating > 1500.0 && w.glicko.rating < 1500.0);
        assert_eq!(update.white.before, player(1));
        let draw = RatingUpdate::compute(player(1), player(2), None, 5);
        assert_eq!(draw.black.after.draws, 1);
    }

    #[test]
    fn an_empty_archive_is_one_page_and_a_full_last_page_adds_none() {
        let page = |total| ArchivePage {
            games: Vec::new(),
            total,
            page: 0,
            per_page: 10,
        };
        assert_eq!(page(0).pages(), 1);
        assert_eq!(page(10).pages(), 1);
        assert_eq!(page(11).pages(), 2);
        assert_eq!(page(70).pages(), 7);
    }
}
