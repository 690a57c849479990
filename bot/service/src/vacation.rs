//! Vacations: a player pauses the deadlines of all their games for some days, within a yearly
//! allowance. While a player is on vacation, no deadline of a game they play runs out and no
//! reminder goes out (for either side). When the vacation ends (its last day passes, they end
//! it, or they move in any game) each paused game's turn clock is moved on by the time paused.
//!
//! Vacations live in the database; each process holds those under way in memory (loaded at
//! start, refreshed by every sweep), so a vacation begun or ended by another process sharing
//! the database is seen at that process's next sweep. What is said in the games' channels
//! (paused, resumed) is queued for the sweep, which a front runs at once when woken by
//! `GameService::notices_queued`.

use std::sync::Arc;

use domain::messages::VacationMsg;
use domain::{ChannelId, GuildId, Notice, Origin, Reply, UserId, Vacation, VacationAsk};
use rules::Color;

use super::away::Away;
use super::context::Context;
use super::games::Games;
use super::live::Slot;
use super::replies::{civil_year, save_failed};
use super::settings::Settings;

/// A day, in ms.
const DAY_MS: i64 = 86_400_000;

/// Vacations begun, ended and carried out on the games of their players.
pub(crate) struct Vacations {
    ctx: Arc<Context>,
    games: Arc<Games>,
    settings: Arc<Settings>,
    /// The vacations under way, shared with the games whose deadlines they pause.
    away: Arc<Away>,
}

impl Vacations {
    /// The vacations under way in `away`, over the games `games` holds.
    pub(crate) fn new(
        ctx: Arc<Context>,
        games: Arc<Games>,
        settings: Arc<Settings>,
        away: Arc<Away>,
    ) -> Vacations {
        Vacations {
            ctx,
            games,
            settings,
            away,
        }
    }

    /// The `vacation` command: begins one, or ends the caller's.
    pub(crate) async fn vacation(&self, origin: &Origin, ask: VacationAsk) -> Reply {
        match ask {
            VacationAsk::Days(days) => self.start_vacation(origin, days).await,
            VacationAsk::End => match self
                .end_vacation_of(origin.user.id, &origin.user.name)
                .await
            {
                Some(ended) => Reply::public(ended),
                None => Reply::private(VacationMsg::NotOn),
            },
        }
    }

    async fn start_vacation(&self, origin: &Origin, days: u32) -> Reply {
        let user = origin.user.id;
        if days == 0 {
            return Reply::private(VacationMsg::NoDays);
        }
        if self.away.get(user).is_some() {
            return Reply::private(VacationMsg::AlreadyOn);
        }
        let now = self.ctx.now_ms();
        let year = civil_year(now);
        let allowance = match self
            .ctx
            .store(self.ctx.db().vacation_allowance(user, year))
            .await
        {
            Ok(a) => a,
            Err(e) => return save_failed(&e),
        };
        if allowance.active.is_some() {
            return Reply::private(VacationMsg::AlreadyOn);
        }
        let left = self
            .ctx
            .config
            .vacation_days_per_year
            .saturating_sub(allowance.days_used);
        if days > left {
            return Reply::private(VacationMsg::TooLong { asked: days, left });
        }
        let vacation = Vacation {
            user,
            started_ms: now,
            ends_ms: now.saturating_add(i64::from(days).saturating_mul(DAY_MS)),
            year,
            days,
        };
        if let Err(e) = self.ctx.db().start_vacation(&vacation).await {
            if e.is_conflict() {
                return Reply::private(VacationMsg::AlreadyOn);
            }
            tracing::error!(error = %e, "could not store a vacation");
            return save_failed(&e);
        }
        self.away.insert(vacation);
        let channels = self.deadline_games_of(user).await;
        let paused = VacationMsg::Paused {
            player: origin.user.name.clone(),
            days,
        };
        self.ctx
            .outbox
            .queue(channels.iter().map(|(channel, guild)| Notice {
                channel: *channel,
                reply: Reply {
                    lang: self.settings.place_lang(*guild, *channel),
                    ..Reply::public(paused.clone())
                },
            }));
        Reply::public(VacationMsg::Started {
            player: origin.user.name.clone(),
            days,
            games: channels.len(),
            left: left - days,
        })
    }

    /// Ends `user`'s vacation now (asked, or by a move), giving back the unused whole days,
    /// and resumes their games' deadlines; `None` if they are not on vacation. A vacation
    /// that pauses no deadline (no game with one goes on) uses no day.
    pub(crate) async fn end_vacation_of(&self, user: UserId, name: &str) -> Option<VacationMsg> {
        let vacation = self.away.get(user)?;
        let now = self.ctx.now_ms().min(vacation.ends_ms);
        let elapsed = now.saturating_sub(vacation.started_ms).max(0);
        let paused_any = !self.deadline_games_of(user).await.is_empty();
        let days_used = if paused_any {
            u32::try_from((elapsed + DAY_MS - 1) / DAY_MS)
                .unwrap_or(u32::MAX)
                .min(vacation.days)
        } else {
            0
        };
        let ended = match self.ctx.db().end_vacation(user, days_used).await {
            Ok(ended) => ended,
            // Ended by another process already: resume our games all the same.
            Err(e) if e.is_conflict() => vacation,
            Err(e) => {
                tracing::error!(user, error = %e, "could not end a vacation");
                return None;
            }
        };
        let notices = self.resume_games(&vacation, now, name).await;
        self.away.remove(user);
        self.ctx.outbox.queue(notices);
        let left = match self.ctx.db().vacation_allowance(user, ended.year).await {
            Ok(a) => self
                .ctx
                .config
                .vacation_days_per_year
                .saturating_sub(a.days_used),
            Err(_) => 0,
        };
        Some(VacationMsg::Ended {
            player: name.to_owned(),
            days_used,
            left,
        })
    }

    /// For the sweep, before any deadline is looked at: ends the vacations whose last day
    /// has passed, and follows those begun or ended by other processes.
    pub(crate) async fn settle(&self) -> Vec<Notice> {
        let stored = match self.ctx.db().active_vacations().await {
            Ok(stored) => stored,
            Err(e) => {
                tracing::warn!(error = %e, "could not read the vacations under way");
                return Vec::new();
            }
        };
        let now = self.ctx.now_ms();
        let mut ended = Vec::new();
        let held: Vec<Vacation> = self.away.all();
        for v in held {
            if !stored.contains(&v) {
                ended.push((v, now.min(v.ends_ms)));
            }
        }
        for v in stored {
            if v.ends_ms > now {
                self.away.insert(v);
                continue;
            }
            match self.ctx.db().end_vacation(v.user, v.days).await {
                Ok(_) => ended.push((v, v.ends_ms)),
                Err(e) if e.is_conflict() => ended.push((v, v.ends_ms)),
                Err(e) => {
                    tracing::warn!(user = v.user, error = %e, "could not end a vacation");
                    // Stays paused; tried again at the next sweep.
                    self.away.insert(v);
                }
            }
        }
        // The earliest end first: a game whose other player's vacation ends later is
        // resumed, in full, by that one.
        ended.sort_by_key(|(_, end)| *end);
        let mut notices = Vec::new();
        for (v, end) in ended {
            notices.extend(self.resume_games(&v, end, "").await);
            self.away.remove(v.user);
        }
        notices
    }

    /// Moves the turn clock of each of `vacation`'s player's unfinished games with a deadline
    /// on by the time paused (from the vacation's start, or the turn's if later, to `end`).
    /// A game whose other player is on vacation too stays paused: it is moved on only by the
    /// time before that other vacation began, the rest when that one ends.
    /// `name` is the player's name if known; else it is read from each game.
    async fn resume_games(&self, vacation: &Vacation, end: i64, name: &str) -> Vec<Notice> {
        let mut notices = Vec::new();
        for (channel, slot) in self.games.all_slots() {
            let mut guard = slot.lock_owned().await;
            let Slot::Game(live) = &mut *guard else {
                continue;
            };
            let colors = live.colors_of(vacation.user);
            if live.outcome().is_some() || live.row.deadline.is_none() || colors.is_empty() {
                continue;
            }
            let other = Color::ALL
                .into_iter()
                .map(|c| live.player(c).id)
                .find(|id| *id != vacation.user)
                .and_then(|id| self.away.get(id).map(|v| v.started_ms));
            let until = other.map_or(end, |started| end.min(started));
            let from = live.row.state.turn_started_ms.max(vacation.started_ms);
            let paused = until.saturating_sub(from);
            if paused > 0 {
                let mut state = live.row.state.next();
                state.turn_started_ms = state.turn_started_ms.saturating_add(paused);
                if let Err(e) = self.games.save_state(live, state).await {
                    tracing::error!(game = live.row.id, error = %e, "could not resume a game's deadline");
                    continue;
                }
            }
            if other.is_some() {
                continue;
            }
            let player = if name.is_empty() {
                live.player(colors[0]).name.clone()
            } else {
                name.to_owned()
            };
            let mut reply = Reply::public(VacationMsg::Resumed { player }).with_game(live.row.id);
            reply.lang = self.settings.place_lang(live.row.guild, channel);
            notices.push(Notice { channel, reply });
        }
        notices
    }

    /// The channels (and servers) of `user`'s unfinished games with deadlines.
    async fn deadline_games_of(&self, user: UserId) -> Vec<(ChannelId, Option<GuildId>)> {
        let mut channels = Vec::new();
        for (channel, slot) in self.games.all_slots() {
            let guard = slot.lock().await;
            if let Slot::Game(live) = &*guard
                && live.outcome().is_none()
                && live.row.deadline.is_some()
                && !live.colors_of(user).is_empty()
            {
                channels.push((channel, live.row.guild));
            }
        }
        channels
    }
}
