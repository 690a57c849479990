//! How a game's results are stored: the write that ends a game (resigned, agreed, lost on
//! time, aborted) and, when it finishes a rated game, both players' new Glicko-2 ratings in
//! the same transaction; the games that ended are noted for the tournaments.

use domain::messages::{Message, RatingMsg, ShownChange};
use domain::rating::RatingFamily;
use domain::{
    Finished, GameRecord, GameState, GuildId, PlayerRating, RatingUpdate, Reply, StoreError, User,
};
use rules::{EndReason, Outcome};

use super::Games;
use crate::live::Live;
use crate::replies::{game_reply, save_failed};

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

impl Games {
    /// Writes `row`'s new `state`, with `turn` (its ply number and notation) when one was
    /// played. When the write finishes a rated game, both players' rating changes go into the
    /// same transaction; if another game changed either rating since it was read, the update
    /// is computed again from the stored ratings. Returns the update written, if any.
    pub(crate) async fn write_game(
        &self,
        row: &GameRecord,
        turn: Option<(usize, &str)>,
        state: &GameState,
    ) -> Result<Option<RatingUpdate>, StoreError> {
        let write = |rating: Option<RatingUpdate>| async move {
            match turn {
                Some((ply, notation)) => {
                    self.ctx
                        .db()
                        .record_turn(row.id, ply, notation, state, rating.as_ref())
                        .await
                }
                None => {
                    self.ctx
                        .db()
                        .update_game(row.id, state, rating.as_ref())
                        .await
                }
            }
            .map(|()| {
                self.ctx.changed(row.id);
                if state.finished.is_some() {
                    self.note_ended(row.id);
                }
                rating
            })
        };
        let (Some(guild), Some(finished)) = (rated_in(row, state), state.finished) else {
            return write(None).await;
        };
        let family = RatingFamily::of(row.variant, row.time);
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
        user: &User,
    ) -> Result<PlayerRating, StoreError> {
        let stored = self.ctx.db().user_ratings(guild, user.id).await?;
        Ok(stored
            .into_iter()
            .find(|r| r.family == family)
            .map(|r| PlayerRating {
                user: user.clone(),
                ..r
            })
            .unwrap_or_else(|| PlayerRating::unrated(guild, family, user.clone())))
    }

    /// Ends the game with `outcome`, stores it, and shows the final board (from the side its
    /// boards were shown from all game).
    pub(crate) async fn finish(
        &self,
        live: &mut Live,
        outcome: Outcome,
        message: Message,
    ) -> Reply {
        let state = self.ended_state(live, outcome);
        self.finish_with(live, state, outcome, message).await
    }

    /// Ends a game with `outcome` in `state` (an [`Games::ended_state`], perhaps changed
    /// further), stored before the reply that announces it with `message`.
    pub(crate) async fn finish_with(
        &self,
        live: &mut Live,
        state: GameState,
        outcome: Outcome,
        message: Message,
    ) -> Reply {
        let rated = match self.save_state(live, state).await {
            Ok(rated) => rated,
            Err(e) => return save_failed(&e),
        };
        live.game.set_outcome(outcome);
        live.pending = None;
        let mut messages = vec![message, live.status().into()];
        messages.extend(change_messages(rated.as_ref()));
        game_reply(live, messages)
    }

    /// The state of `live` ended now with `outcome`: offers and a half-entered turn dropped.
    pub(crate) fn ended_state(&self, live: &Live, outcome: Outcome) -> GameState {
        let mut state = live.row.state.next();
        state.finished = Some(Finished {
            outcome,
            at_ms: self.ctx.now_ms(),
        });
        state.draw_offer = None;
        state.takeback = None;
        state.pending = None;
        state
    }

    /// Stores a game's new state and keeps it; returns the rating update written with a
    /// rated game's result.
    pub(crate) async fn save_state(
        &self,
        live: &mut Live,
        state: GameState,
    ) -> Result<Option<RatingUpdate>, StoreError> {
        let rated = self
            .ctx
            .store(self.write_game(&live.row, None, &state))
            .await?;
        live.row.state = state;
        Ok(rated)
    }
}

/// The messages reporting both players' rating changes, when a rated game ended.
pub(crate) fn change_messages(update: Option<&RatingUpdate>) -> Vec<Message> {
    update
        .map(ShownChange::of_update)
        .into_iter()
        .flatten()
        .map(|c| RatingMsg::Changed(c).into())
        .collect()
}
