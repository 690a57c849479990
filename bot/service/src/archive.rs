//! After the game: the archive of finished games, one game shown again, its animated replay
//! and its analysis link; and the ratings, a player's and a server's leaderboard.

use std::sync::Arc;

use domain::messages::{
    ArchiveLine, ArchiveMsg, GameKind, Place, Players, RatingMsg, Refusal, Shown, ShownChange,
    ShownRating,
};
use domain::rating::RatingFamily;
use domain::{
    Action, ArchiveQuery, GameId, GuildId, Origin, PageRef, Reply, StoreError, StoredGame, User,
    UserId,
};

use super::context::Context;
use super::games::Games;
use super::live::{Live, Slot};
use super::replies::{add_replay, board_of, civil_date, record_file, save_failed};

/// Games per page of the archive.
const HISTORY_PAGE: u32 = 10;

/// How many players a leaderboard shows.
const LEADERBOARD_SIZE: usize = 10;

/// The archive of finished games and the ratings, read from the store.
pub(crate) struct Archive {
    ctx: Arc<Context>,
    games: Arc<Games>,
}

impl Archive {
    /// The archive of the store, with the games `games` holds.
    pub(crate) fn new(ctx: Arc<Context>, games: Arc<Games>) -> Archive {
        Archive { ctx, games }
    }

    /// A page of the finished games visible from `origin`: the server's, or outside any
    /// server the caller's own.
    pub(crate) async fn history(&self, origin: &Origin, user: Option<UserId>, page: u32) -> Reply {
        let user = match origin.guild {
            Some(_) => user,
            None => Some(origin.user.id),
        };
        let mut query = ArchiveQuery {
            guild: origin.guild,
            user,
            page: page.max(1) - 1,
            per_page: HISTORY_PAGE,
        };
        let mut found = self.ctx.db().finished_games(&query).await;
        // A page past the end shows the last one.
        if let Ok(p) = &found
            && p.games.is_empty()
            && u64::from(query.page) >= p.pages()
            && p.total > 0
        {
            query.page = u32::try_from(p.pages() - 1).unwrap_or(0);
            found = self.ctx.db().finished_games(&query).await;
        }
        let found = match found {
            Ok(found) => found,
            Err(e) => {
                tracing::error!(error = %e, "could not read the archive");
                return Reply::private(ArchiveMsg::Unavailable);
            }
        };
        let player = user.and_then(|u| {
            found.games.iter().find_map(|g| {
                [&g.row.white, &g.row.black]
                    .into_iter()
                    .find(|p| p.id == u)
                    .map(|p| p.name.clone())
            })
        });
        if found.games.is_empty() {
            return Reply::public(ArchiveMsg::Empty { player });
        }
        let games = found
            .games
            .iter()
            .filter_map(|g| {
                let finished = g.row.state.finished?;
                Some(ArchiveLine {
                    id: g.row.id,
                    players: Players {
                        white: g.row.white.name.clone(),
                        black: g.row.black.name.clone(),
                    },
                    kind: GameKind {
                        variant: g.row.variant,
                        chess960: g.row.chess960,
                        from_position: g.row.start_fen.is_some(),
                    },
                    outcome: finished.outcome,
                    plies: g.plies,
                    date: civil_date(finished.at_ms),
                })
            })
            .collect();
        let shown = found.page + 1;
        let pages = found.pages();
        let mut actions = Vec::new();
        if shown > 1 {
            actions.push(Action::PreviousPage(PageRef {
                user,
                page: shown - 1,
            }));
        }
        if u64::from(shown) < pages {
            actions.push(Action::NextPage(PageRef {
                user,
                page: shown + 1,
            }));
        }
        Reply {
            actions,
            ..Reply::public(ArchiveMsg::History {
                player,
                page: shown,
                pages,
                total: found.total,
                games,
            })
        }
    }

    /// One finished game shown again: its final board, record, replay, result, rating
    /// changes and analysis link.
    pub(crate) async fn show_game(&self, origin: &Origin, id: GameId) -> Reply {
        let live = match self.visible_game(origin, id).await {
            Ok(live) => live,
            Err(reply) => return *reply,
        };
        let Some(finished) = live.row.state.finished else {
            return Reply::private(ArchiveMsg::UnknownGame { id });
        };
        let mut messages = vec![
            ArchiveMsg::Shown {
                id,
                players: live.players(),
                kind: live.kind(),
                outcome: finished.outcome,
                date: civil_date(finished.at_ms),
            }
            .into(),
        ];
        match self.ctx.db().game_rating_changes(id).await {
            Ok(changes) => {
                for change in changes {
                    let player = [&live.row.white, &live.row.black]
                        .into_iter()
                        .find(|p| p.id == change.user)
                        .map_or_else(String::new, |p| p.name.clone());
                    messages.push(
                        RatingMsg::Changed(ShownChange {
                            name: player,
                            family: RatingFamily::of(live.row.variant, live.row.time),
                            before: Shown::of(change.before),
                            after: Shown::of(change.after),
                        })
                        .into(),
                    );
                }
            }
            Err(e) => tracing::warn!(game = id, error = %e, "could not read rating changes"),
        }
        let mut reply = Reply {
            messages,
            board: Some(board_of(&live, live.shown_side())),
            files: vec![record_file(&live)],
            game: Some(id),
            ..Reply::default()
        };
        add_replay(&live, &mut reply);
        if let Some(url) = rules::analysis_url(live.game.position()) {
            reply.messages.push(ArchiveMsg::Analysis { url }.into());
        }
        reply
    }

    /// The animated replay of game `id`, or of the latest game in `origin`'s channel.
    pub(crate) async fn gif(&self, origin: &Origin, id: Option<GameId>) -> Reply {
        let id = match id {
            Some(id) => id,
            None => match self.games.existing_slot(origin.channel).await {
                Some(guard) => match &*guard {
                    Slot::Game(live) => live.row.id,
                    _ => return Reply::private(Refusal::NoGame),
                },
                None => return Reply::private(Refusal::NoGame),
            },
        };
        let live = match self.visible_game(origin, id).await {
            Ok(live) => live,
            Err(reply) => return *reply,
        };
        let mut reply = Reply {
            game: Some(id),
            ..Reply::default()
        };
        add_replay(&live, &mut reply);
        if reply.replay.is_none() {
            reply.private = true;
        }
        reply
    }

    /// Game `id` if `origin` may see it: a game of the same server, or outside any server
    /// one the caller played. Anything else is an unknown game.
    pub(crate) async fn visible_game(
        &self,
        origin: &Origin,
        id: GameId,
    ) -> Result<Live, Box<Reply>> {
        let unknown = || Box::new(Reply::private(ArchiveMsg::UnknownGame { id }));
        let stored: StoredGame = match self.ctx.db().load_game(id).await {
            Ok(Some(stored)) => stored,
            Ok(None) => return Err(unknown()),
            Err(e) => {
                tracing::error!(game = id, error = %e, "could not read a game");
                return Err(Box::new(Reply::private(ArchiveMsg::Unavailable)));
            }
        };
        let row = &stored.row;
        let visible = match origin.guild {
            Some(g) => row.guild == Some(g),
            None => {
                row.guild.is_none()
                    && (row.white.id == origin.user.id || row.black.id == origin.user.id)
            }
        };
        if !visible {
            return Err(unknown());
        }
        Live::restore(stored).map_err(|e| {
            tracing::warn!(game = id, error = %e, "an archived game does not replay");
            unknown()
        })
    }

    /// `user`'s ratings (the asker's by default) in the asker's server, in every family or
    /// only `family`.
    pub(crate) async fn rating_view(
        &self,
        guild: Option<GuildId>,
        user: User,
        family: Option<RatingFamily>,
    ) -> Result<RatingMsg, StoreError> {
        let Some(guild) = guild else {
            return Ok(RatingMsg::NoServer);
        };
        let ratings = self
            .ctx
            .db()
            .user_ratings(guild, user.id)
            .await?
            .iter()
            .filter(|r| family.is_none_or(|f| f == r.family))
            .map(ShownRating::from)
            .collect();
        Ok(RatingMsg::Ratings {
            name: user.name,
            family,
            ratings,
        })
    }

    /// The leaderboard of `family` in the asker's server, with the asker's own place. With no
    /// family given, the one the asker has played most rated games in (the earlier family on a
    /// tie; correspondence standard chess when none).
    pub(crate) async fn leaderboard_view(
        &self,
        guild: Option<GuildId>,
        asker: UserId,
        family: Option<RatingFamily>,
    ) -> Result<RatingMsg, StoreError> {
        let Some(guild) = guild else {
            return Ok(RatingMsg::NoServer);
        };
        let family = match family {
            Some(f) => f,
            None => self
                .ctx
                .db()
                .user_ratings(guild, asker)
                .await?
                .iter()
                .max_by_key(|r| (r.games, std::cmp::Reverse(r.family)))
                .map_or(RatingFamily::Correspondence, |r| r.family),
        };
        let board = self
            .ctx
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

/// The reply showing a rating view: public, as ratings are shared in the channel; private
/// outside a server; the refusal when the store failed.
pub(crate) fn answered(view: Result<RatingMsg, StoreError>) -> Reply {
    match view {
        Ok(RatingMsg::NoServer) => Reply::private(RatingMsg::NoServer),
        Ok(view) => Reply::public(view),
        Err(e) => {
            tracing::error!(error = %e, "reading ratings failed");
            save_failed(&e)
        }
    }
}
