//! Chess clocks: what a turn costs its player, the timer each game on a clock has, and what
//! happens when it runs out (a flag, or a first turn never played).
//!
//! The clock is the service's. Each stored turn carries both remaining times, and the game's
//! state holds them as the current turn began (`GameState::clocks`, `turn_started_ms`), so
//! the running side's time is always worked out from stored facts. A turn by a person is
//! charged from the moment the turn before it was stored, less the lag allowance (the round
//! trip of the board to the player and of their turn back); the computer is charged its whole
//! search. Each side's first turn is not charged: it has the first-turn limit instead, after
//! which the game is aborted.
//!
//! Each game on a clock has a timer task of its own: it sleeps until the side to move would
//! run out (or until the game changes, when it looks again), then settles the game through the
//! same path as a command, so a flag is stored before it is announced and, with several
//! processes on one database, only the first conditional write of it counts. A process that
//! starts resumes every clock from its start: a restart never flags anyone.

use std::sync::Arc;

use domain::clock::millis;
use domain::messages::NoticeMsg;
use domain::messages::TournamentMsg;
use domain::timing::{Charge, Clocks, charge, is_first_turn};
use domain::{
    ChannelId, GameId, Notice, Origin, Reply, SightClocks, TournamentFormat, is_computer,
};
use rules::{Color, EndReason, Outcome};
use tokio::sync::Notify;

use super::{Games, SlotGuard};
use crate::context::Context;
use crate::live::{Live, Slot, game_in};
use crate::replies::{game_over, game_reply, not_a_player, save_failed, stamped};

/// How long a timer waits before trying again to store a flag the database refused.
const RETRY: std::time::Duration = std::time::Duration::from_secs(1);

/// What runs out when a game's timer fires.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Due {
    /// The side to move has not played its first turn within the first-turn limit.
    FirstTurn,
    /// The side to move's clock.
    Flag,
}

/// How much of a turn by `side` is not charged: the lag allowance for a person, nothing for
/// the computer.
fn allowance(ctx: &Context, live: &Live, side: Color) -> i64 {
    if is_computer(live.player(side).id) {
        0
    } else {
        millis(ctx.config.lag_allowance)
    }
}

/// Whether the side to move is yet to play its first turn (the first two plies).
fn first_turn(live: &Live) -> bool {
    is_first_turn(live.game.turns().len())
}

/// When the side to move runs out, and how; `None` for a game without a clock, or over.
pub(crate) fn due(ctx: &Context, live: &Live) -> Option<(i64, Due)> {
    live.row.time?;
    if live.outcome().is_some() {
        return None;
    }
    let started = live.row.state.turn_started_ms;
    if first_turn(live) {
        return Some((
            started.saturating_add(millis(ctx.config.first_turn_limit)),
            Due::FirstTurn,
        ));
    }
    let side = live.to_move();
    let left = live.row.state.clocks?.of(side);
    Some((
        started
            .saturating_add(left)
            .saturating_add(allowance(ctx, live, side)),
        Due::Flag,
    ))
}

/// The clocks after a turn of the side to move played at `now_ms`, or `Flagged` when its
/// time had run out; `None` for a game without a clock.
pub(crate) fn after_turn(ctx: &Context, live: &Live, now_ms: i64) -> Option<Charge> {
    let time = live.row.time?;
    let clocks = live.row.state.clocks?;
    let side = live.to_move();
    let spent = now_ms
        .saturating_sub(live.row.state.turn_started_ms)
        .saturating_sub(allowance(ctx, live, side));
    let increment = if live.row.state.berserk[side.index()] {
        0
    } else {
        time.increment_ms()
    };
    Some(charge(clocks, side, spent, increment, first_turn(live)))
}

/// The clocks as they stood after ply `kept` (the start's before any), for a takeback.
pub(crate) fn clocks_at(live: &Live, kept: usize) -> Option<Clocks> {
    let time = live.row.time?;
    match kept.checked_sub(1) {
        None => Some(start_clocks(time, live.row.state.berserk)),
        Some(ply) => live.clocks.get(ply).copied(),
    }
}

/// The clocks of `live`'s game as a watcher sees them, now; `None` without a clock.
pub(crate) fn sight(ctx: &Context, live: &Live) -> Option<SightClocks> {
    let time = live.row.time?;
    let mut at = Vec::with_capacity(live.clocks.len() + 1);
    at.push(start_clocks(time, live.row.state.berserk));
    at.extend(live.clocks.iter().copied());
    // The last position's: as the current turn began, or as the game ended (a flag).
    if at.len() == live.game.turns().len() + 1
        && let (Some(last), Some(now)) = (at.last_mut(), live.row.state.clocks)
    {
        *last = now;
    }
    Some(SightClocks {
        at,
        first_turn_limit: ctx.config.first_turn_limit,
        now_ms: ctx.now_ms(),
    })
}

/// Both sides' clocks at the start of a game, a berserk side's halved.
pub(crate) fn start_clocks(time: domain::timing::TimeControl, berserk: [bool; 2]) -> Clocks {
    let base = time.base_ms();
    let of = |side: usize| if berserk[side] { base / 2 } else { base };
    Clocks {
        white_ms: of(0),
        black_ms: of(1),
    }
}

impl Games {
    /// What the clock made due in a game on a clock: a flag or an abort, stored and
    /// announced (to both players); `None` while nothing is due, or when the result could not
    /// be stored (the timer or the next command tries again).
    pub(crate) async fn settle_clock(&self, live: &mut Live) -> Option<Reply> {
        let (due_ms, due) = due(&self.ctx, live)?;
        if self.ctx.now_ms() < due_ms {
            return None;
        }
        let side = live.to_move();
        let player = live.player(side).name.clone();
        let mut reply = match due {
            Due::FirstTurn => {
                let outcome = Outcome {
                    winner: None,
                    reason: EndReason::Aborted,
                };
                let message = NoticeMsg::FirstTurnMissed {
                    player,
                    color: side,
                    limit: self.ctx.config.first_turn_limit,
                };
                self.finish(live, outcome, message.into()).await
            }
            Due::Flag => {
                let drawn = !live.game.position().can_win(side.opposite());
                let outcome = Outcome {
                    winner: (!drawn).then_some(side.opposite()),
                    reason: EndReason::TimeForfeit,
                };
                let mut state = self.ended_state(live, outcome);
                state.clocks = live.row.state.clocks.map(|c| c.with(side, 0));
                let message = NoticeMsg::Flagged {
                    player,
                    color: side,
                    drawn,
                };
                self.finish_with(live, state, outcome, message.into()).await
            }
        };
        if reply.private {
            return None;
        }
        reply.mentions = live.people();
        Some(reply)
    }

    /// `origin`'s user goes berserk in the arena game in `guard`, before their first turn:
    /// their clock halved, no increment after their turns, a point more if they win.
    pub(crate) async fn berserk(&self, origin: &Origin, guard: &mut SlotGuard) -> Reply {
        let live = match game_in(guard) {
            Ok(live) => live,
            Err(reply) => return *reply,
        };
        if live.outcome().is_some() {
            return game_over(live);
        }
        let colors = live.colors_of(origin.user.id);
        let [side] = colors.as_slice() else {
            return not_a_player(live);
        };
        let side = *side;
        let in_arena = match self.ctx.db().board_of_game(live.row.id).await {
            Ok(Some((tournament, _, _))) => matches!(
                self.ctx.db().tournament(tournament).await,
                Ok(Some(t)) if t.format == TournamentFormat::Arena
            ),
            Ok(None) => false,
            Err(e) => return save_failed(&e),
        };
        let (Some(time), true) = (live.row.time, in_arena) else {
            return Reply::private(TournamentMsg::NotArenaGame).with_game(live.row.id);
        };
        let start = live.game.start().side_to_move();
        let moved = match live.game.turns().len() {
            0 => false,
            1 => side == start,
            _ => true,
        };
        if moved || live.row.state.berserk[side.index()] {
            return Reply::private(TournamentMsg::TooLateToBerserk).with_game(live.row.id);
        }
        let mut state = live.row.state.next();
        state.berserk[side.index()] = true;
        // Neither side's clock has run yet (first turns are not charged): both stand as at the
        // start, the berserk side's now halved.
        state.clocks = Some(start_clocks(time, state.berserk));
        if let Err(e) = self.save_state(live, state).await {
            return save_failed(&e);
        }
        let messages = vec![
            TournamentMsg::Berserk {
                player: origin.user.name.clone(),
            }
            .into(),
            live.status().into(),
        ];
        game_reply(live, messages)
    }

    /// Starts the timer of `live`'s game if it is on a clock and has none here yet; wakes
    /// the one it has otherwise.
    pub(crate) fn watch_clock(&self, live: &Live) {
        if live.row.time.is_none() || live.outcome().is_some() {
            return;
        }
        let (game, channel) = (live.row.id, live.row.channel);
        let wake = Arc::new(Notify::new());
        match self.ctx.timers.entry(game) {
            dashmap::Entry::Occupied(timer) => {
                timer.get().notify_one();
                return;
            }
            dashmap::Entry::Vacant(empty) => {
                empty.insert(Arc::clone(&wake));
            }
        }
        let Some(games) = self.me.upgrade() else {
            self.ctx.timers.remove(&game);
            return;
        };
        tokio::spawn(games.run_timer(game, channel, wake));
    }

    /// A game's timer: sleeps until its side to move runs out, or until the game changes,
    /// and settles it when the time comes; ends with the game (or once it left this
    /// process).
    async fn run_timer(self: Arc<Games>, game: GameId, channel: ChannelId, wake: Arc<Notify>) {
        // The time of the last flag tried: met again, its result could not be stored.
        let mut tried: Option<i64> = None;
        loop {
            let woken = wake.notified();
            tokio::pin!(woken);
            woken.as_mut().enable();
            let due_ms = {
                let Some(mut guard) = self.existing_slot(channel).await else {
                    break;
                };
                self.reload_if_conflicted(&mut guard, channel).await;
                match &*guard {
                    Slot::Game(live) if live.row.id == game && live.outcome().is_none() => {
                        due(&self.ctx, live).map(|(at, _)| at)
                    }
                    _ => break,
                }
            };
            // Stopping comes first: a clock that ran out while the service stopped (a manual
            // clock moved after `shutdown`) is the next start's to resume, not this one's to
            // flag.
            let Some(due_ms) = due_ms else {
                tokio::select! {
                    biased;
                    () = self.ctx.timers_stopped() => break,
                    () = woken => continue,
                }
            };
            if tried == Some(due_ms) {
                // The database refused the last try (not another process: that reloads the
                // game): try again a moment later rather than at once, for as long as it fails.
                tokio::select! {
                    biased;
                    () = self.ctx.timers_stopped() => break,
                    () = &mut woken => continue,
                    () = tokio::time::sleep(RETRY) => {}
                }
            }
            tokio::select! {
                biased;
                () = self.ctx.timers_stopped() => break,
                () = self.ctx.sleep_until(due_ms) => {
                    self.time_is_up(channel).await;
                    tried = Some(due_ms);
                }
                () = &mut woken => {}
            }
        }
        self.ctx.timers.remove(&game);
    }

    /// The timer of `channel`'s game fired: what is due there is settled and its notice sent
    /// to the channel's front at once.
    async fn time_is_up(&self, channel: ChannelId) {
        let Some(mut guard) = self.existing_slot(channel).await else {
            return;
        };
        // The service stopped while this timer waited for the game's lock.
        if self.ctx.timers_are_stopped() {
            return;
        }
        self.reload_if_conflicted(&mut guard, channel).await;
        let Some(reply) = self.settle(&mut guard, false).await else {
            return;
        };
        let guild = guard.guild();
        let reply = stamped(&guard, reply);
        self.reload_if_conflicted(&mut guard, channel).await;
        drop(guard);
        self.ctx
            .outbox
            .queue_placed(guild, Notice { channel, reply });
    }

    /// At start: the side to move of a game on a clock resumes with the time it had when its
    /// turn began (the time the process was away is not charged), stored so every process
    /// agrees; the first turn's limit starts again likewise. Another process holding the
    /// game is told, so it reloads the new revision rather than refuse its next turn as a
    /// conflict and time its flag from the old start.
    pub(crate) async fn resume_clock(ctx: &Context, live: &mut Live) {
        if live.row.time.is_none() || live.outcome().is_some() {
            return;
        }
        let mut state = live.row.state.next();
        state.turn_started_ms = ctx.now_ms();
        match ctx
            .store(ctx.db().update_game(live.row.id, &state, None))
            .await
        {
            Ok(()) => {
                live.row.state = state;
                ctx.changed(live.row.id);
            }
            Err(e) => tracing::warn!(game = live.row.id, error = %e, "could not resume a clock"),
        }
    }
}
