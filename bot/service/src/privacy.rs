//! Users' data under their control: what is stored (`privacy`), a copy of all of it
//! (`mydata`), and forgetting it (`forget`).
//!
//! Forgetting asks first, saying what it will do; confirmed, it ends what is under way, then
//! forgets the rest in one transaction of the store. Decisions:
//! - a game under way in which the user has played no turn yet is aborted (no result,
//!   unrated); any other is resigned (and rated as a resignation is);
//! - a tournament game is left as a withdrawal leaves it (resigned, or forfeited when it never
//!   started), so the opponent is never handed a double forfeit; the user leaves an open
//!   tournament and withdraws from a running one; an open tournament they created is
//!   cancelled (only its creator could start it), a running one goes on;
//! - their open challenges are withdrawn, those sent to them declined;
//! - each of those is stored and announced in its channel as if they had done it themselves;
//!   then their finished games keep their moves and results under a stand-in ("deleted
//!   user"), and their ratings, vacations and closed challenges are deleted
//!   ([`Privacy::forget_user`](domain::Privacy::forget_user)). A crash between the two leaves
//!   games ended and the data kept; asking again finishes it. Their id then appears nowhere:
//!   they may play again as a new player.

use std::sync::Arc;

use domain::messages::{ForgetPlan, PrivacyMsg, TournamentMsg};
use domain::{
    Action, ChallengeEnd, ChallengeRecord, ChannelId, Finished, ForgetAsk, GameId, GuildId, Notice,
    Origin, Reply, StoredGame, TournamentRecord, TournamentState, UserData, UserId,
};
use rules::{EndReason, Outcome};
use tokio::sync::Mutex;

use super::away::Away;
use super::challenges::Challenges;
use super::context::Context;
use super::export;
use super::games::Games;
use super::live::{Live, Slot};
use super::replies::{save_failed, stamped};
use super::settings::Settings;
use super::tournaments::Tournaments;

/// A user's data: shown, copied, forgotten.
pub(crate) struct Privacy {
    ctx: Arc<Context>,
    games: Arc<Games>,
    challenges: Arc<Challenges>,
    tournaments: Arc<Tournaments>,
    settings: Arc<Settings>,
    away: Arc<Away>,
}

impl Privacy {
    /// Users' data over these parts.
    pub(crate) fn new(
        ctx: Arc<Context>,
        games: Arc<Games>,
        challenges: Arc<Challenges>,
        tournaments: Arc<Tournaments>,
        settings: Arc<Settings>,
        away: Arc<Away>,
    ) -> Privacy {
        Privacy {
            ctx,
            games,
            challenges,
            tournaments,
            settings,
            away,
        }
    }

    /// The caller's stored data as a file only they see.
    pub(crate) async fn my_data(&self, origin: &Origin) -> Reply {
        let data = match self.ctx.db().user_data(origin.user.id).await {
            Ok(data) => data,
            Err(e) => {
                tracing::error!(error = %e, "could not read a user's data");
                return save_failed(&e);
            }
        };
        let file = export::file(&data, self.ctx.now_ms());
        Reply {
            files: vec![file],
            ..Reply::private(PrivacyMsg::Export {
                games: data.games.len() + data.damaged.len(),
                ratings: data.ratings.len(),
                tournaments: data.tournaments.len(),
            })
        }
    }

    /// `forget`: asks, forgets, or keeps.
    pub(crate) async fn forget(&self, origin: &Origin, ask: ForgetAsk) -> Reply {
        match ask {
            ForgetAsk::Cancel => Reply::private(PrivacyMsg::Kept),
            ForgetAsk::Ask => {
                let data = match self.ctx.db().user_data(origin.user.id).await {
                    Ok(data) => data,
                    Err(e) => return save_failed(&e),
                };
                if data.is_empty() {
                    return Reply::private(PrivacyMsg::NothingStored);
                }
                let plan = self.plan(&data).await;
                Reply {
                    actions: vec![Action::ConfirmForget, Action::CancelForget],
                    ..Reply::private(PrivacyMsg::Confirm(plan))
                }
            }
            ForgetAsk::Confirm => self.forget_now(origin).await,
        }
    }

    /// What forgetting `data`'s user would do.
    async fn plan(&self, data: &UserData) -> ForgetPlan {
        let mut plan = ForgetPlan {
            games: data.games.len() + data.damaged.len(),
            challenges: data.challenges.iter().filter(|c| c.end.is_none()).count(),
            ratings: data.ratings.len(),
            tournaments: self.tournaments_to_leave(data).count(),
            ..ForgetPlan::default()
        };
        for stored in data.games.iter().filter(|g| g.row.state.finished.is_none()) {
            let row = &stored.row;
            let played = has_played([row.white.id, row.black.id], stored.turns.len(), data.user);
            if played || self.in_tournament(row.id).await {
                plan.resigned += 1;
            } else {
                plan.aborted += 1;
            }
        }
        plan
    }

    /// Whether `game` was paired in a tournament.
    async fn in_tournament(&self, game: GameId) -> bool {
        matches!(self.ctx.db().board_of_game(game).await, Ok(Some(_)))
    }

    /// The tournaments forgetting `data`'s user leaves, withdraws from or cancels: the open or
    /// running ones they play in (not withdrawn yet), and the open ones they created.
    fn tournaments_to_leave<'a>(
        &self,
        data: &'a UserData,
    ) -> impl Iterator<Item = &'a TournamentRecord> {
        let user = data.user;
        data.tournaments.iter().filter(move |t| {
            let playing = t.players.iter().any(|p| p.user.id == user && !p.withdrawn);
            (t.state.is_live() && playing)
                || (t.state == TournamentState::Open && t.creator.id == user)
        })
    }

    /// Forgets the caller: ends what is under way, then forgets the rest.
    async fn forget_now(&self, origin: &Origin) -> Reply {
        let user = origin.user.id;
        let data = match self.ctx.db().user_data(user).await {
            Ok(data) => data,
            Err(e) => return save_failed(&e),
        };
        if data.is_empty() {
            return Reply::private(PrivacyMsg::NothingStored);
        }
        let mut done = ForgetPlan {
            games: data.games.len() + data.damaged.len(),
            ratings: data.ratings.len(),
            ..ForgetPlan::default()
        };
        let mut notices = Vec::new();
        for t in self.tournaments_to_leave(&data) {
            let here = Origin {
                guild: Some(t.guild),
                channel: t.channel,
                ..origin.clone()
            };
            let reply = if t.state == TournamentState::Open && t.creator.id == user {
                match self.tournaments.cancel_tournament(t).await {
                    Ok(()) => Reply::public(TournamentMsg::Cancelled {
                        name: t.name.clone(),
                    }),
                    Err(e) => save_failed(&e),
                }
            } else {
                self.tournaments.leave(&here, t, true).await
            };
            if !reply.private {
                done.tournaments += 1;
                notices.push(self.notice(t.channel, Some(t.guild), reply));
            }
        }
        for entry in data.challenges.iter().filter(|c| c.end.is_none()) {
            if self
                .withdraw_challenge(origin, &entry.challenge, &mut notices)
                .await
            {
                done.challenges += 1;
            }
        }
        for stored in data.games.iter().filter(|g| g.row.state.finished.is_none()) {
            match self.end_game(origin, stored, &mut notices).await {
                Some(Ended::Resigned) => done.resigned += 1,
                Some(Ended::Aborted) => done.aborted += 1,
                None => {}
            }
        }
        self.ctx.outbox.queue(notices);
        let ended = done.challenges + done.resigned + done.aborted;
        match self.ctx.db().forget_user(user).await {
            Ok(stand_in) => {
                tracing::info!(stand_in = stand_in.id, "forgot a user at their request");
                self.away.remove(user);
                self.games.let_go_of(user).await;
                Reply::private(PrivacyMsg::Forgotten(done))
            }
            Err(e) if e.is_conflict() => {
                tracing::info!(error = %e, "a user could not be forgotten yet");
                Reply::private(PrivacyMsg::NotForgotten { ended })
            }
            Err(e) => {
                tracing::error!(error = %e, "could not forget a user");
                save_failed(&e)
            }
        }
    }

    /// A public reply made for `channel` of `guild`, as a notice there.
    fn notice(&self, channel: ChannelId, guild: Option<GuildId>, reply: Reply) -> Notice {
        Notice {
            channel,
            reply: Reply {
                lang: self.settings.place_lang(guild, channel),
                ..reply
            },
        }
    }

    /// Withdraws the caller's open challenge `c` (or declines it, when it was sent to them),
    /// announced in its channel when this process holds it, else stored only (the process
    /// holding it finds it closed at its next write, and reloads). Whether it was ended now.
    async fn withdraw_challenge(
        &self,
        origin: &Origin,
        c: &ChallengeRecord,
        notices: &mut Vec<Notice>,
    ) -> bool {
        let mine = c.challenger.id == origin.user.id;
        let held = self.games.channel_of_game(c.id) == Some(c.channel);
        let guard = if held {
            self.games.existing_slot(c.channel).await
        } else {
            None
        };
        let Some(mut guard) = guard else {
            let end = if mine {
                ChallengeEnd::Cancelled
            } else {
                ChallengeEnd::Declined
            };
            return self.ctx.db().end_challenge(c.id, end).await.is_ok();
        };
        if guard.id() != Some(c.id) {
            return false;
        }
        let here = Origin {
            guild: c.guild,
            channel: c.channel,
            ..origin.clone()
        };
        let reply = if mine {
            self.challenges.cancel(&here, &mut guard).await
        } else {
            self.challenges.decline(&here, &mut guard).await
        };
        if matches!(*guard, Slot::Free) {
            self.games.retire(&mut guard, c.channel);
        }
        drop(guard);
        if reply.private {
            return false;
        }
        notices.push(self.notice(c.channel, c.guild, reply));
        true
    }

    /// Ends the caller's unfinished game `stored`: through the game this process holds, else
    /// through a copy of it read now (the process holding it finds it ended at its next
    /// write, and reloads it). How it ended, if it was ended now.
    async fn end_game(
        &self,
        origin: &Origin,
        stored: &StoredGame,
        notices: &mut Vec<Notice>,
    ) -> Option<Ended> {
        let (id, channel, guild) = (stored.row.id, stored.row.channel, stored.row.guild);
        let here = Origin {
            guild,
            channel,
            ..origin.clone()
        };
        let held = self.games.channel_of_game(id) == Some(channel);
        let guard = if held {
            self.games.existing_slot(channel).await
        } else {
            None
        };
        let mut guard = match guard {
            Some(guard) => guard,
            None => {
                let fresh = match self.ctx.db().load_game(id).await {
                    Ok(Some(fresh)) if fresh.row.state.finished.is_none() => fresh,
                    Ok(Some(_)) => return self.withdrawn_from(id).await,
                    Ok(None) => return None,
                    Err(e) => {
                        tracing::warn!(game = id, error = %e, "could not read a game to end");
                        return None;
                    }
                };
                match Live::restore(fresh.clone()) {
                    Ok(live) => {
                        Arc::new(Mutex::new(Slot::Game(Box::new(live))))
                            .lock_owned()
                            .await
                    }
                    Err(_) => return self.abort_unplayable(fresh).await,
                }
            }
        };
        let Slot::Game(live) = &*guard else {
            return None;
        };
        if live.row.id != id {
            return None;
        }
        if live.outcome().is_some() {
            return self.withdrawn_from(id).await;
        }
        let players = [live.row.white.id, live.row.black.id];
        let played = has_played(players, live.game.turns().len(), origin.user.id)
            || self.in_tournament(id).await;
        let reply = if played {
            self.challenges.resign(&here, &mut guard).await
        } else {
            self.challenges.abort(&here, &mut guard).await
        };
        if reply.private {
            return None;
        }
        notices.push(self.notice(channel, guild, stamped(&guard, reply)));
        Some(if played {
            Ended::Resigned
        } else {
            Ended::Aborted
        })
    }

    /// How a game of the caller's, under way when their data was read and over now, was
    /// ended by forgetting: a tournament game was resigned (or forfeited) by their
    /// withdrawal; any other ended by itself meanwhile.
    async fn withdrawn_from(&self, game: GameId) -> Option<Ended> {
        self.in_tournament(game).await.then_some(Ended::Resigned)
    }

    /// Aborts a stored game that no longer replays (its turns cannot be played again), by
    /// its state alone.
    async fn abort_unplayable(&self, stored: StoredGame) -> Option<Ended> {
        let mut state = stored.row.state.next();
        state.finished = Some(Finished {
            outcome: Outcome {
                winner: None,
                reason: EndReason::Aborted,
            },
            at_ms: self.ctx.now_ms(),
        });
        state.draw_offer = None;
        state.takeback = None;
        state.pending = None;
        match self.ctx.db().update_game(stored.row.id, &state, None).await {
            Ok(()) => {
                self.ctx.changed(stored.row.id);
                Some(Ended::Aborted)
            }
            Err(e) => {
                tracing::warn!(game = stored.row.id, error = %e, "could not abort a game to forget its player");
                None
            }
        }
    }
}

/// How forgetting ended a game under way.
enum Ended {
    /// Resigned: the user had played a turn.
    Resigned,
    /// Aborted: no turn of the user's yet.
    Aborted,
}

/// Whether `user` has played a turn after `plies` plies of a game between `[white, black]`
/// (White plays the first ply of every start nadare has, and the sides alternate).
fn has_played([white, black]: [UserId; 2], plies: usize, user: UserId) -> bool {
    (white == user && plies >= 1) || (black == user && plies >= 2)
}
