//! Ratings in the service: the write that finishes a rated game carries both players' new
//! Glicko-2 ratings, so the result and the ratings are stored in one transaction.

use rules::EndReason;

use super::messages::{Message, Place, RatingMsg, SettingsMsg, ShownChange, ShownRating};
use super::{
    GameRecord, GameService, GameState, GuildId, Origin, PlayerRating, RatingUpdate, Reply,
    StoreError, save_failed,
};
use domain::Lang;
use domain::rating::RatingFamily;

/// How many times a result is computed again when another game changed one of the players'
/// ratings between the read and the write.
const RATING_ATTEMPTS: usize = 5;

/// The server whose ratings `state` changes, when it finishes the rated game `row` (an
/// aborted game changes nothing).
fn rated_in(row: &GameRecord, state: &GameState) -> Option<GuildId> {
    let finished = state.finished?;
    let rated =
        row.rated && row.state.finished.is_none() && finished.outcome.reason != EndReason::Aborted;
    row.guild.filter(|_| rated)
}

impl GameService {
    /// Writes `row`'s new `state`, with `turn` (its ply number and notation) when one was
    /// played. When the write finishes a rated game, both players' rating changes go into the
    /// same transaction; if another game changed either rating since it was read, the update
    /// is computed again from the stored ratings. Returns the update written, if any.
    pub(super) async fn write_game(
        &self,
        row: &GameRecord,
        turn: Option<(usize, &str)>,
        state: &GameState,
    ) -> Result<Option<RatingUpdate>, StoreError> {
        let write = |rating: Option<RatingUpdate>| async move {
            match turn {
                Some((ply, notation)) => {
                    self.db()
                        .record_turn(row.id, ply, notation, state, rating.as_ref())
                        .await
                }
                None => self.db().update_game(row.id, state, rating.as_ref()).await,
            }
            .map(|()| {
                if state.finished.is_some() {
                    self.note_ended(row.id);
                }
                rating
            })
        };
        let (Some(guild), Some(finished)) = (rated_in(row, state), state.finished) else {
            return write(None).await;
        };
        let family = RatingFamily::of(row.variant);
        for _ in 0..RATING_ATTEMPTS {
            let white = self.player_rating(guild, family, &row.white).await?;
            let black = self.player_rating(guild, family, &row.black).await?;
            let update =
                RatingUpdate::compute(white, black, finished.outcome.winner, finished.at_ms);
            match write(Some(update)).await {
                Err(StoreError::Conflict { what: "rating", id }) => {
                    tracing::info!(
                        game = row.id,
                        user = id,
                        "a rating changed meanwhile; computing again"
                    );
                }
                done => return done,
            }
        }
        Err(StoreError::Backend(format!(
            "the players' ratings kept changing while game {} ended; nothing was saved",
            row.id
        )))
    }

    /// A player's stored rating in a family of a server, or the starting one.
    async fn player_rating(
        &self,
        guild: GuildId,
        family: RatingFamily,
        user: &super::User,
    ) -> Result<PlayerRating, StoreError> {
        let stored = self.db().user_ratings(guild, user.id).await?;
        Ok(stored
            .into_iter()
            .find(|r| r.family == family)
            .map(|r| PlayerRating {
                user: user.clone(),
                ..r
            })
            .unwrap_or_else(|| PlayerRating::unrated(guild, family, user.clone())))
    }
}

/// How many players a leaderboard shows.
pub const LEADERBOARD_SIZE: usize = 10;

impl GameService {
    /// `user`'s ratings (the asker's by default) in the asker's server, in every family or
    /// only `family`.
    pub(super) async fn rating_view(
        &self,
        guild: Option<GuildId>,
        user: super::User,
        family: Option<RatingFamily>,
    ) -> Result<RatingMsg, StoreError> {
        let Some(guild) = guild else {
            return Ok(RatingMsg::NoServer);
        };
        let ratings = self
            .db()
            .user_ratings(guild, user.id)
            .await?
            .iter()
            .filter(|r| family.is_none_or(|f| f == r.family))
            .map(ShownRating::from)
            .collect();
        Ok(RatingMsg::Ratings {
            name: user.name,
            ratings,
        })
    }

    /// The leaderboard of `family` in the asker's server, with the asker's own place. With no
    /// family given, the one the asker has played most rated games in (standard chess when
    /// none).
    pub(super) async fn leaderboard_view(
        &self,
        guild: Option<GuildId>,
        asker: super::UserId,
        family: Option<RatingFamily>,
    ) -> Result<RatingMsg, StoreError> {
        let Some(guild) = guild else {
            return Ok(RatingMsg::NoServer);
        };
        let family = match family {
            Some(f) => f,
            None => self
                .db()
                .user_ratings(guild, asker)
                .await?
                .iter()
                .max_by_key(|r| (r.games, std::cmp::Reverse(r.family)))
                .map_or(RatingFamily::Standard, |r| r.family),
        };
        let board = self
            .db()
            .leaderboard(guild, family, LEADERBOARD_SIZE, Some(asker))
            .await?;
        Ok(RatingMsg::Leaderboard {
            family,
            players: board.players,
            top: board.top.iter().map(Place::from).collect(),
            own: board.own.as_ref().map(Place::from),
        })
    }
}

impl GameService {
    /// Sets (or clears) the language of the server's public messages: stored first, then
    /// used for every public reply there, this one included.
    pub(super) async fn set_language(&self, origin: &Origin, lang: Option<Lang>) -> Reply {
        let Some(guild) = origin.guild else {
            return Reply::private(SettingsMsg::NoServer);
        };
        if let Err(e) = self.store(self.db().set_guild_lang(guild, lang)).await {
            return save_failed(&e);
        }
        match lang {
            Some(lang) => self.shared.guild_overrides.insert(guild, lang),
            None => self.shared.guild_overrides.remove(&guild).map(|(_, l)| l),
        };
        Reply::public(SettingsMsg::Language(lang))
    }

    /// Shows or hides players' pictures on the server's boards: stored first, then applied
    /// to every board drawn there, from this reply's on.
    pub(super) async fn set_avatars(&self, origin: &Origin, shown: bool) -> Reply {
        let Some(guild) = origin.guild else {
            return Reply::private(SettingsMsg::AvatarsNoServer);
        };
        if let Err(e) = self.store(self.db().set_guild_avatars(guild, shown)).await {
            return save_failed(&e);
        }
        if shown {
            self.shared.hidden_faces.remove(&guild);
        } else {
            self.shared.hidden_faces.insert(guild, ());
        }
        Reply::public(SettingsMsg::Avatars(shown))
    }
}

/// The reply showing a rating view: public, as ratings are shared in the channel; private
/// outside a server; the refusal when the store failed.
pub(super) fn answered(view: Result<RatingMsg, StoreError>) -> Reply {
    match view {
        Ok(RatingMsg::NoServer) => Reply::private(RatingMsg::NoServer),
        Ok(view) => Reply::public(view),
        Err(e) => {
            tracing::error!(error = %e, "reading ratings failed");
            save_failed(&e)
        }
    }
}

/// The messages reporting both players' rating changes, when a rated game ended.
pub(super) fn change_messages(update: Option<&RatingUpdate>) -> Vec<Message> {
    update
        .map(ShownChange::of_update)
        .into_iter()
        .flatten()
        .map(|c| RatingMsg::Changed(c).into())
        .collect()
}
