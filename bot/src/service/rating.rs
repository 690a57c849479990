//! Ratings in the service: the write that finishes a rated game carries both players' new
//! Glicko-2 ratings, so the result and the ratings are stored in one transaction.

use rules::EndReason;

use super::{GameRecord, GameService, GameState, GuildId, PlayerRating, RatingUpdate, StoreError};
use crate::rating::RatingFamily;

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
            .map(|()| rating)
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
