//! After the game: the archive of finished games, one game shown again, its animated replay
//! and its analysis link.

use rules::{Color, EndReason};

use super::live::{Live, Slot};
use super::messages::{
    ArchiveLine, ArchiveMsg, GameKind, Players, RatingMsg, Refusal, Shown, ShownChange,
};
use super::view::{civil_date, record_file};
use super::{
    Action, ArchiveQuery, GameId, GameService, Origin, PageRef, Replay, Reply, StoredGame, UserId,
};
use domain::rating::RatingFamily;

/// Games per page of the archive.
pub(super) const HISTORY_PAGE: u32 = 10;
/// The longest game (in turns) given an animated replay: longer ones would take seconds.
pub const REPLAY_TURN_LIMIT: usize = 300;

impl GameService {
    /// A page of the finished games visible from `origin`: the server's, or outside any
    /// server the caller's own.
    pub(super) async fn history(&self, origin: &Origin, user: Option<UserId>, page: u32) -> Reply {
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
        let mut found = self.db().finished_games(&query).await;
        // A page past the end shows the last one.
        if let Ok(p) = &found
            && p.games.is_empty()
            && u64::from(query.page) >= p.pages()
            && p.total > 0
        {
            query.page = u32::try_from(p.pages() - 1).unwrap_or(0);
            found = self.db().finished_games(&query).await;
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
    pub(super) async fn show_game(&self, origin: &Origin, id: GameId) -> Reply {
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
        match self.db().game_rating_changes(id).await {
            Ok(changes) => {
                for change in changes {
                    let player = [&live.row.white, &live.row.black]
                        .into_iter()
                        .find(|p| p.id == change.user)
                        .map_or_else(String::new, |p| p.name.clone());
                    messages.push(
                        RatingMsg::Changed(ShownChange {
                            name: player,
                            family: RatingFamily::of(live.row.variant),
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
            board: Some(Self::board_of(&live, Color::White)),
            files: vec![record_file(&live)],
            game: Some(id),
            ..Reply::default()
        };
        Self::add_replay(&live, &mut reply);
        if let Some(url) = rules::analysis_url(live.game.position()) {
            reply.messages.push(ArchiveMsg::Analysis { url }.into());
        }
        reply
    }

    /// The animated replay of game `id`, or of the latest game in `origin`'s channel.
    pub(super) async fn gif(&self, origin: &Origin, id: Option<GameId>) -> Reply {
        let id = match id {
            Some(id) => id,
            None => match self.existing_slot(origin.channel).await {
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
        Self::add_replay(&live, &mut reply);
        if reply.replay.is_none() {
            reply.private = true;
        }
        reply
    }

    /// The result reply of a game that has just ended gets its replay, its analysis link
    /// and the rematch button (none of them for an aborted game).
    pub(super) fn add_after_game(live: &Live, reply: &mut Reply) {
        let Some(outcome) = live.outcome() else {
            return;
        };
        if outcome.reason == EndReason::Aborted {
            return;
        }
        Self::add_replay(live, reply);
        if let Some(url) = rules::analysis_url(live.game.position()) {
            reply.messages.push(ArchiveMsg::Analysis { url }.into());
        }
        reply.actions.insert(0, Action::Rematch);
    }

    /// Attaches the game's animated replay (its scenes, drawn by the presentation), or says
    /// why there is none.
    fn add_replay(live: &Live, reply: &mut Reply) {
        let turns = live.game.turns().len();
        if turns > REPLAY_TURN_LIMIT {
            reply.messages.push(
                ArchiveMsg::ReplayTooLong {
                    turns,
                    limit: REPLAY_TURN_LIMIT,
                }
                .into(),
            );
            return;
        }
        reply
            .messages
            .push(ArchiveMsg::Replay { id: live.row.id }.into());
        reply.replay = Some(replay_of(live));
    }

    /// Game `id` if `origin` may see it: a game of the same server, or outside any server
    /// one the caller played. Anything else is an unknown game.
    pub(super) async fn visible_game(
        &self,
        origin: &Origin,
        id: GameId,
    ) -> Result<Live, Box<Reply>> {
        let unknown = || Box::new(Reply::private(ArchiveMsg::UnknownGame { id }));
        let stored: StoredGame = match self.db().load_game(id).await {
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
}

/// A game's replay, with the players' names.
fn replay_of(live: &Live) -> Replay {
    Replay {
        game: live.row.id,
        played: live.game.clone(),
        players: live.players(),
        outcome: live.outcome(),
        faces: Some(live.faces()),
    }
}
