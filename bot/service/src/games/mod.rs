//! Games and turns: what each channel holds (at most one challenge or game), the turns played
//! in it, the computer's turns, deadlines, and the turns announced or to announce again.
//!
//! Each channel holds its challenge or game behind an async lock of its own, the locks in a
//! `DashMap`: commands on different channels run in parallel, commands on one channel run
//! one at a time. No map guard is ever held across an `.await`. Every state change is
//! committed to the store before the reply that announces it is returned.
//!
//! Several processes may share one database, each serving its own shards: a process loads the
//! unfinished games of its servers at start, and every write of a game is conditional on the
//! revision the process last read. A write refused that way (another process, or a stale copy,
//! got there first) changes nothing; the channel is then reloaded from the database and the
//! user is told to look again.

mod announce;
pub(crate) mod clocks;
mod computer;
mod deadlines;
mod play;
mod results;
mod views;

use std::sync::{Arc, Mutex as StdMutex};

use dashmap::DashMap;
use domain::clock::millis;
use domain::messages::{NoticeMsg, Refusal};
use domain::{ChallengeEnd, ChannelId, GameId, GuildId, Lang, Notice, Owed, Reply, Shown, UserId};
use rules::{EndReason, Outcome};
use tokio::sync::{Mutex, OwnedMutexGuard};

use super::away::Away;
use super::context::{Context, lock};
use super::error::ServiceError;
use super::live::{Live, Slot};
use super::replies::{stamped, unannounced_notice, with_note};
use super::stockfish::StockfishPool;

use computer::followed_by_computer;

pub use views::SUGGESTIONS_WAIT;
pub(crate) use views::board;

/// The lock of a channel's slot, held while a command or the sweep works on it.
pub(crate) type SlotGuard = OwnedMutexGuard<Slot>;

/// The channels' challenges and games, and what is kept about their turns.
pub(crate) struct Games {
    /// Itself, for the tasks it starts (each game's clock timer).
    me: std::sync::Weak<Games>,
    ctx: Arc<Context>,
    /// The vacations under way, which pause deadlines.
    away: Arc<Away>,
    /// One lock per channel with a challenge or game.
    slots: DashMap<ChannelId, Arc<Mutex<Slot>>>,
    /// Where each challenge or game in `slots` lives, for buttons that carry its id.
    channels: DashMap<GameId, ChannelId>,
    /// How much of each game held here is stored as shown to its players, as loaded and then
    /// as marked (see [`Games::mark_shown`]).
    shown: DashMap<GameId, Shown>,
    /// The tries made to post again turns whose answer was not delivered.
    retries: DashMap<GameId, announce::Retry>,
    /// Games that ended since tournaments were last carried on.
    ended: StdMutex<Vec<GameId>>,
    /// Stockfish's processes, where the install configured it.
    stockfish: Option<Arc<StockfishPool>>,
}

impl Games {
    /// The open challenges and unfinished games of this process's servers, and their games
    /// finished within the retention time (for `board` and `moves`).
    ///
    /// A stored game that cannot be read or no longer replays is set aside: logged, reported
    /// in its channel by the first sweep, and left in the database unchanged. The other games
    /// start as usual.
    pub(crate) async fn load(
        ctx: Arc<Context>,
        away: Arc<Away>,
    ) -> Result<Arc<Games>, ServiceError> {
        let config = &ctx.config;
        let retention = millis(config.finished_retention);
        let since = ctx.now_ms().saturating_sub(retention);
        let unfinished = ctx.db().load_unfinished(config.shards).await?;
        let finished = ctx.db().load_finished_since(config.shards, since).await?;
        let slots = DashMap::new();
        let channels = DashMap::new();
        let shown = DashMap::new();
        let mut startup_notices = Vec::new();
        for damaged in unfinished.damaged {
            tracing::error!(
                game = damaged.id,
                error = %damaged.error,
                "set aside a stored game that cannot be read; it stays in the database unchanged"
            );
            if let Some(channel) = damaged.channel {
                startup_notices.push((
                    None,
                    Notice {
                        channel,
                        reply: Reply::public(NoticeMsg::SetAside {
                            game: damaged.id,
                            detail: damaged.error.clone(),
                        }),
                    },
                ));
            }
        }
        for stored in unfinished.games {
            let (id, channel, guild) = (stored.row.id, stored.row.channel, stored.row.guild);
            let mut live = match Live::restore(stored) {
                Ok(live) => live,
                Err(e) => {
                    tracing::error!(
                        game = id,
                        error = %e,
                        "set aside a stored game that no longer replays; it stays in the \
                         database unchanged"
                    );
                    startup_notices.push((
                        guild,
                        Notice {
                            channel,
                            reply: Reply::public(NoticeMsg::SetAside {
                                game: i64::try_from(id).unwrap_or(i64::MAX),
                                detail: e.to_string(),
                            }),
                        },
                    ));
                    continue;
                }
            };
            if slots.contains_key(&channel) {
                tracing::warn!(
                    game = id,
                    channel,
                    "two unfinished games in one channel; keeping the first"
                );
                continue;
            }
            startup_notices.extend(unannounced_notice(&live).map(|n| (live.row.guild, n)));
            if let Some(marked) = live.announced {
                shown.insert(id, marked);
            }
            Games::resume_clock(&ctx, &mut live).await;
            channels.insert(id, channel);
            slots.insert(channel, Arc::new(Mutex::new(Slot::Game(Box::new(live)))));
        }
        for challenge in unfinished.challenges {
            if slots.contains_key(&challenge.channel) {
                tracing::warn!(
                    challenge = challenge.id,
                    "challenge in a channel with a game; ignoring it"
                );
                continue;
            }
            channels.insert(challenge.id, challenge.channel);
            slots.insert(
                challenge.channel,
                Arc::new(Mutex::new(Slot::Challenge(challenge))),
            );
        }
        // The latest finished game of a channel without anything newer comes back for viewing.
        for stored in finished.into_iter().rev() {
            let (id, channel) = (stored.row.id, stored.row.channel);
            if slots.contains_key(&channel) {
                continue;
            }
            match Live::restore(stored) {
                Ok(live) => {
                    startup_notices.extend(unannounced_notice(&live).map(|n| (live.row.guild, n)));
                    if let Some(marked) = live.announced {
                        shown.insert(id, marked);
                    }
                    channels.insert(id, channel);
                    slots.insert(channel, Arc::new(Mutex::new(Slot::Game(Box::new(live)))));
                }
                Err(e) => tracing::warn!(game = id, error = %e, "a finished game does not replay"),
            }
        }
        startup_notices.extend(unannounced_lapses(&ctx).await);
        let stockfish = match config.stockfish.clone() {
            Some(settings) => Some(Arc::new(
                tokio::task::spawn_blocking(move || StockfishPool::start(settings))
                    .await
                    .map_err(|e| ServiceError::Task(e.to_string()))??,
            )),
            None => None,
        };
        tracing::info!(slots = slots.len(), shards = %config.shards, "game service open");
        ctx.outbox.at_startup(startup_notices);
        let games = Arc::new_cyclic(|me| Games {
            me: me.clone(),
            ctx,
            away,
            slots,
            channels,
            shown,
            retries: DashMap::new(),
            ended: StdMutex::new(Vec::new()),
            stockfish,
        });
        for (_, slot) in games.all_slots() {
            if let Slot::Game(live) = &*slot.lock().await {
                games.watch_clock(live);
            }
        }
        Ok(games)
    }

    /// The locked slot of `channel` for a command on its challenge or game, created empty if
    /// there is none, with what the clock made due there first (an expired challenge, a
    /// timeout) and a computer's turn left unplayed (the process stopped while it thought).
    pub(crate) async fn command_slot(&self, channel: ChannelId) -> (SlotGuard, Option<Reply>) {
        let mut guard = self.slot(channel).await;
        // Another process changed the game since it was loaded: the command acts on what is
        // stored, not on a state the database would refuse.
        self.reload_if_conflicted(&mut guard, channel).await;
        let mut note = self.settle(&mut guard, false).await;
        if let Some(late) = self.computer_moves(&mut guard).await {
            note = Some(match note {
                Some(n) => followed_by_computer(n, late),
                None => late,
            });
        }
        (guard, note)
    }

    /// Ends a command begun with [`Games::command_slot`]: the computer answers a turn, a
    /// channel changed by another process is reloaded, and an empty slot is let go. Returns
    /// the whole reply, `note` first.
    pub(crate) async fn command_done(
        &self,
        mut guard: SlotGuard,
        channel: ChannelId,
        note: Option<Reply>,
        mut reply: Reply,
    ) -> Reply {
        if let Some(answer) = self.computer_moves(&mut guard).await {
            reply = followed_by_computer(reply, answer);
        }
        self.reload_if_conflicted(&mut guard, channel).await;
        let reply = stamped(&guard, with_note(note, reply));
        if matches!(*guard, Slot::Free) {
            self.retire(&mut guard, channel);
        }
        reply
    }

    /// What the clock made due in `channel`'s slot, then the view `view` makes of it;
    /// `NoGame` where the channel holds nothing.
    pub(crate) async fn look(
        &self,
        channel: ChannelId,
        view: impl FnOnce(&Slot) -> Reply,
    ) -> Reply {
        match self.existing_slot(channel).await {
            Some(mut guard) => {
                // What another process changed is shown as stored.
                self.reload_if_conflicted(&mut guard, channel).await;
                let note = self.settle(&mut guard, false).await;
                let reply = view(&guard);
                stamped(&guard, with_note(note, reply))
            }
            None => Reply::private(Refusal::NoGame),
        }
    }

    /// The view `view` makes of `channel`'s slot as it stands, for the asker alone: nothing
    /// the clock made due is settled and no turn counts as shown; `NoGame` where the channel
    /// holds nothing.
    pub(crate) async fn peek(
        &self,
        channel: ChannelId,
        view: impl FnOnce(&Slot) -> Reply,
    ) -> Reply {
        match self.existing_slot(channel).await {
            Some(mut guard) => {
                self.reload_if_conflicted(&mut guard, channel).await;
                view(&guard)
            }
            None => Reply::private(Refusal::NoGame),
        }
    }

    /// After a command or a sweep: if a write in `guard`'s channel met a newer state in the
    /// database, replace what this process holds there by what the database holds.
    pub(crate) async fn reload_if_conflicted(&self, guard: &mut SlotGuard, channel: ChannelId) {
        let Some(id) = guard.id() else { return };
        if self.ctx.conflicted.remove(&id).is_none() {
            return;
        }
        let stored = match self.ctx.db().load_channel(channel).await {
            Ok(stored) => stored,
            Err(e) => {
                tracing::error!(channel, error = %e, "could not reload a channel after a conflict");
                self.ctx.conflicted.insert(id, ());
                return;
            }
        };
        let fresh = if let Some(game) = stored.games.into_iter().next() {
            match Live::restore(game) {
                Ok(live) => Slot::Game(Box::new(live)),
                Err(e) => {
                    tracing::error!(channel, error = %e, "a reloaded game does not replay");
                    return;
                }
            }
        } else if let Some(challenge) = stored.challenges.into_iter().next() {
            Slot::Challenge(challenge)
        } else {
            Slot::Free
        };
        tracing::info!(
            channel,
            game = id,
            "reloaded a channel changed by another process"
        );
        self.channels.remove(&id);
        // What is stored as shown now counts, not what this process marked before.
        self.shown.remove(&id);
        self.retries.remove(&id);
        if let Some(new_id) = fresh.id() {
            self.channels.insert(new_id, channel);
        }
        if let Slot::Game(live) = &fresh {
            self.watch_clock(live);
        }
        **guard = fresh;
    }

    /// Another process on the database changed `game`: if it is held here, it is reloaded
    /// from the store (at once, and in any case before the next command on it).
    pub(crate) fn changed_elsewhere(self: &Arc<Self>, game: GameId) {
        let Some(channel) = self.channel_of_game(game) else {
            return;
        };
        self.ctx.conflicted.insert(game, ());
        let games = Arc::clone(self);
        tokio::spawn(async move {
            if let Some(mut guard) = games.existing_slot(channel).await {
                games.reload_if_conflicted(&mut guard, channel).await;
            }
        });
    }

    /// Changes made by other processes may have been missed (a lost listening connection):
    /// every game held here is reloaded before its next command.
    pub(crate) fn maybe_changed_elsewhere(&self) {
        for entry in &self.channels {
            self.ctx.conflicted.insert(*entry.key(), ());
        }
    }

    /// The channel of `game`, loaded from the store for one command when this process does
    /// not hold it (another process on the database plays it), with whether it was loaded so
    /// (then [`Games::give_back`] lets it go after the command); `None` for no game.
    pub(crate) async fn borrow(&self, game: GameId) -> Option<(ChannelId, bool)> {
        if let Some(channel) = self.channel_of_game(game) {
            return Some((channel, false));
        }
        let stored = match self.ctx.db().load_game(game).await {
            Ok(stored) => stored?,
            Err(e) => {
                tracing::warn!(game, error = %e, "could not load a game played elsewhere");
                return None;
            }
        };
        let channel = stored.row.channel;
        let mut guard = self.slot(channel).await;
        if !matches!(*guard, Slot::Free) {
            return Some((channel, false));
        }
        match Live::restore(stored) {
            Ok(live) => {
                self.channels.insert(game, channel);
                *guard = Slot::Game(Box::new(live));
                Some((channel, true))
            }
            Err(e) => {
                tracing::warn!(game, error = %e, "a game played elsewhere does not replay");
                self.retire(&mut guard, channel);
                None
            }
        }
    }

    /// Lets go of a channel [`Games::borrow`] loaded: the process that plays its game holds it.
    pub(crate) async fn give_back(&self, channel: ChannelId) {
        if let Some(mut guard) = self.existing_slot(channel).await {
            self.retire(&mut guard, channel);
        }
    }

    /// The locked slot of `channel`, created empty if there is none.
    pub(crate) async fn slot(&self, channel: ChannelId) -> SlotGuard {
        loop {
            let slot = self
                .slots
                .entry(channel)
                .or_insert_with(|| Arc::new(Mutex::new(Slot::Free)))
                .clone();
            let guard = slot.lock_owned().await;
            if !matches!(*guard, Slot::Retired) {
                return guard;
            }
        }
    }

    /// The locked slot of `channel`, if it has one.
    pub(crate) async fn existing_slot(&self, channel: ChannelId) -> Option<SlotGuard> {
        loop {
            let slot = self.slots.get(&channel).map(|s| s.value().clone())?;
            let guard = slot.lock_owned().await;
            if !matches!(*guard, Slot::Retired) {
                return Some(guard);
            }
        }
    }

    /// Every slot, copied out of the map (no guard is held while they are locked).
    pub(crate) fn all_slots(&self) -> Vec<(ChannelId, Arc<Mutex<Slot>>)> {
        self.slots
            .iter()
            .map(|e| (*e.key(), e.value().clone()))
            .collect()
    }

    /// The number of channels holding a challenge or game.
    pub(crate) fn active_channels(&self) -> usize {
        self.slots.len()
    }

    /// The channel of a challenge or game still held here (buttons carry game ids).
    pub(crate) fn channel_of_game(&self, game: GameId) -> Option<ChannelId> {
        self.channels.get(&game).map(|c| *c.value())
    }

    /// Takes the slot out of the map; anyone waiting for it will look the channel up again.
    pub(crate) fn retire(&self, guard: &mut SlotGuard, channel: ChannelId) {
        let old = std::mem::replace(&mut **guard, Slot::Retired);
        if let Some(id) = old.id() {
            self.channels.remove(&id);
            self.shown.remove(&id);
            self.retries.remove(&id);
        }
        let mutex = OwnedMutexGuard::mutex(guard).clone();
        self.slots
            .remove_if(&channel, |_, v| Arc::ptr_eq(v, &mutex));
    }

    /// Empty, or holding a game finished longer ago than the retention time.
    pub(crate) fn is_stale(&self, slot: &Slot) -> bool {
        match slot {
            Slot::Free => true,
            Slot::Game(live) => live.row.state.finished.is_some_and(|f| {
                let retention = millis(self.ctx.config.finished_retention);
                self.ctx.now_ms().saturating_sub(f.at_ms) >= retention
            }),
            Slot::Challenge(_) | Slot::Retired => false,
        }
    }

    /// Puts `slot` in the guard, forgetting what was there (a finished game) and indexing the
    /// new id.
    pub(crate) fn replace_slot(&self, guard: &mut SlotGuard, slot: Slot) {
        if let Some(old) = guard.id() {
            self.channels.remove(&old);
        }
        if let Some(id) = slot.id() {
            let channel = match &slot {
                Slot::Challenge(c) => c.channel,
                Slot::Game(g) => g.row.channel,
                Slot::Free | Slot::Retired => return,
            };
            self.channels.insert(id, channel);
        }
        **guard = slot;
    }

    /// How many open challenges `user` has made, counting the channels not busy right now
    /// (a busy channel is skipped rather than waited for: the limit is a guard, not a count).
    pub(crate) fn open_challenges_of(&self, user: UserId) -> usize {
        let slots: Vec<_> = self
            .slots
            .iter()
            .map(|entry| entry.value().clone())
            .collect();
        slots
            .iter()
            .filter(|slot| {
                slot.try_lock()
                    .is_ok_and(|s| matches!(&*s, Slot::Challenge(c) if c.challenger.id == user))
            })
            .count()
    }

    /// Notes that a game ended, for the tournaments to carry on.
    fn note_ended(&self, game: GameId) {
        lock(&self.ended).push(game);
    }

    /// The games that ended since the last call.
    pub(crate) fn take_ended(&self) -> Vec<GameId> {
        std::mem::take(&mut *lock(&self.ended))
    }

    /// Ends what `channel`'s slot holds because the channel is gone (a challenge lapses, a
    /// game under way is aborted) and retires the slot. A store failure leaves it as it was,
    /// for the next try.
    pub(crate) async fn close(&self, guard: &mut SlotGuard, channel: ChannelId) {
        match &mut **guard {
            Slot::Challenge(c) => {
                let id = c.id;
                if let Err(e) = self
                    .ctx
                    .store(self.ctx.db().end_challenge(id, ChallengeEnd::Expired))
                    .await
                {
                    tracing::warn!(challenge = id, error = %e, "could not end a challenge whose channel is gone");
                    return;
                }
                // Nobody is left to tell where the channel is gone.
                if let Err(e) = self.ctx.db().mark_lapse_announced(id).await {
                    tracing::warn!(challenge = id, error = %e, "could not store a lapse as told");
                }
            }
            Slot::Game(live) if live.outcome().is_none() => {
                let outcome = Outcome {
                    winner: None,
                    reason: EndReason::Aborted,
                };
                let state = self.ended_state(live, outcome);
                if let Err(e) = self.save_state(live, state).await {
                    tracing::warn!(game = live.row.id, error = %e, "could not abort a game whose channel is gone");
                    return;
                }
                live.game.set_outcome(outcome);
                live.pending = None;
                tracing::info!(
                    game = live.row.id,
                    channel,
                    "aborted a game whose channel is gone"
                );
            }
            Slot::Game(_) | Slot::Free | Slot::Retired => {}
        }
        self.retire(guard, channel);
    }

    /// Lets go of the finished games held here that `user` played: what this process holds
    /// of them names them, and the store no longer does.
    pub(crate) async fn let_go_of(&self, user: UserId) {
        for (channel, slot) in self.all_slots() {
            let mut guard = slot.lock_owned().await;
            let theirs = matches!(
                &*guard,
                Slot::Game(live) if live.outcome().is_some() && !live.colors_of(user).is_empty()
            );
            if theirs {
                self.retire(&mut guard, channel);
            }
        }
    }

    /// The server of the challenge or game in `channel`, if one is held there in a server.
    pub(crate) async fn guild_of(&self, channel: ChannelId) -> Option<GuildId> {
        self.existing_slot(channel).await?.guild()
    }

    /// Whether the challenge or game in `channel` is outside any server (a DM or group DM);
    /// `None` when none is held there.
    pub(crate) async fn outside_servers(&self, channel: ChannelId) -> Option<bool> {
        let guard = self.existing_slot(channel).await?;
        guard.id()?;
        Some(guard.guild().is_none())
    }

    /// For the sweep: what the clock made due in each channel, the computer's turns left
    /// unplayed and the turns to post again, each worded in the language `lang_of` gives
    /// the place; stale slots are let go.
    pub(crate) async fn sweep(
        &self,
        lang_of: impl Fn(Option<GuildId>, ChannelId) -> Lang,
    ) -> Vec<Notice> {
        let mut notices = Vec::new();
        for (channel, slot) in self.all_slots() {
            let mut guard = slot.lock_owned().await;
            let lang = lang_of(guard.guild(), channel);
            if let Some(reply) = self.settle(&mut guard, true).await {
                let reply = Reply {
                    lang,
                    ..stamped(&guard, reply)
                };
                notices.push(Notice { channel, reply });
            }
            if let Some(reply) = self.computer_moves(&mut guard).await {
                let reply = Reply {
                    lang,
                    ..stamped(&guard, reply)
                };
                notices.push(Notice { channel, reply });
            }
            if let Some(mut notice) = self.late_turns(&guard) {
                notice.reply.lang = lang;
                notices.push(notice);
            }
            self.reload_if_conflicted(&mut guard, channel).await;
            if self.is_stale(&guard) {
                self.retire(&mut guard, channel);
            }
        }
        notices
    }
}

/// The notices of the challenges that lapsed and whose lapse was never shown before a restart,
/// with their servers.
async fn unannounced_lapses(ctx: &Context) -> Vec<(Option<GuildId>, Notice)> {
    let lapsed = match ctx.db().unannounced_lapses(ctx.config.shards).await {
        Ok(lapsed) => lapsed,
        Err(e) => {
            tracing::error!(error = %e, "could not load the lapsed challenges to announce");
            return Vec::new();
        }
    };
    lapsed
        .into_iter()
        .map(|c| {
            let reply = Reply {
                messages: vec![
                    NoticeMsg::AnnouncedAfterRestart.into(),
                    NoticeMsg::ChallengeExpired {
                        challenger: c.challenger.name.clone(),
                        opponent: c.opponent.map(|o| o.name),
                    }
                    .into(),
                ],
                game: Some(c.id),
                mentions: vec![c.challenger.id],
                tells: Some(Owed::Lapse(c.id)),
                ..Reply::default()
            };
            (
                c.guild,
                Notice {
                    channel: c.channel,
                    reply,
                },
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use domain::{ColorChoice, Command, Locale, Origin, User};
    use rules::Variant;

    use crate::{GameService, Options, SUGGESTIONS_WAIT, ServiceConfig, SystemClock};

    /// Autocomplete must answer within Discord's three seconds: a game whose lock is held
    /// gets no suggestions after [`SUGGESTIONS_WAIT`] rather than a late answer. (Paused
    /// time: the wait is measured on tokio's clock, not the wall.)
    #[tokio::test(start_paused = true)]
    async fn suggestions_do_not_wait_for_a_busy_game() {
        let dir = tempfile::tempdir().expect("temp dir");
        let storage = storage::Storage::open(&dir.path().join("nadare.db")).expect("storage");
        let service = GameService::open(
            ServiceConfig::default(),
            Arc::new(storage),
            Arc::new(SystemClock),
        )
        .await
        .expect("service");
        let alice = User {
            id: 1,
            name: "alice".into(),
        };
        let origin = Origin {
            guild: None,
            channel: 7,
            user: alice.clone(),
            locale: Locale::default(),
        };
        let practice = Command::Challenge {
            opponent: Some(alice),
            variant: Variant::Standard,
            setup: None,
            color: ColorChoice::White,
            deadline: None,
            time: None,
            rated: None,
        };
        assert!(
            !service
                .execute(&origin, practice, Options::default())
                .await
                .private
        );

        let busy = service.parts.games.slot(7).await;
        let asked = tokio::time::Instant::now();
        assert!(service.move_suggestions(&origin, "e", 25).await.is_empty());
        assert_eq!(asked.elapsed(), SUGGESTIONS_WAIT);
        drop(busy);
        let offered = service.move_suggestions(&origin, "e", 25).await;
        assert!(offered.iter().any(|m| m == "e4"), "{offered:?}");
    }
}
