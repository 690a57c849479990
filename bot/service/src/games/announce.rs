//! Turns and results whose answer never reached the channel (the front could not deliver it:
//! Discord refused it, the connection failed, or the process died first) are posted again by
//! the sweep while the process runs, with a growing wait between tries, until a delivery
//! marks them shown.

use std::time::Duration;

use domain::clock::millis;
use domain::messages::NoticeMsg;
use domain::{ChannelId, GameId, Notice, Shown};

use super::Games;
use crate::live::{Live, Slot};
use crate::replies::late_notice;

/// How long a turn's answer may take to be delivered before the sweep posts it again.
pub(crate) const ANNOUNCE_GRACE: Duration = Duration::from_secs(60);

/// The longest wait between two tries.
const LONGEST_WAIT: Duration = Duration::from_secs(60 * 60);

/// Tries after which the turns are left for the next restart to announce.
pub(crate) const TRIES: u32 = 8;

/// The tries made for a game's turns (or result) not yet shown.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Retry {
    /// What was stored when it was last tried.
    stored: Shown,
    /// Tries made for them.
    tries: u32,
    /// When the next try is due (Unix ms).
    next_ms: i64,
}

impl Games {
    /// The notice posting again the turns (and the result) of the game in `slot` whose answer
    /// was not delivered, when a try is due: the first a minute after the last was stored,
    /// then after 2, 4, 8… minutes (at most an hour), [`TRIES`] times. A game whose start was
    /// never shown is left for the next restart to announce.
    pub(crate) fn late_turns(&self, slot: &Slot) -> Option<Notice> {
        let Slot::Game(live) = slot else { return None };
        let id = live.row.id;
        let stored = live.shown();
        let shown = self.shown_of(live)?;
        if shown.plies >= stored.plies && (shown.over || !stored.over) {
            self.retries.remove(&id);
            return None;
        }
        let now = self.ctx.now_ms();
        let grace = millis(ANNOUNCE_GRACE);
        let last = live.row.state.finished.map_or(0, |f| f.at_ms);
        if now
            < live
                .row
                .state
                .turn_started_ms
                .max(last)
                .saturating_add(grace)
        {
            return None;
        }
        let retry = {
            let mut entry = self.retries.entry(id).or_insert(Retry {
                stored,
                tries: 0,
                next_ms: now,
            });
            if entry.stored != stored {
                *entry = Retry {
                    stored,
                    tries: 0,
                    next_ms: now,
                };
            }
            if now < entry.next_ms || entry.tries >= TRIES {
                return None;
            }
            entry.tries += 1;
            let wait = grace.saturating_mul(1 << entry.tries.min(16));
            entry.next_ms = now.saturating_add(wait.min(millis(LONGEST_WAIT)));
            *entry
        };
        tracing::info!(
            game = id,
            shown = shown.plies,
            plies = stored.plies,
            over = stored.over,
            tries = retry.tries,
            "posting again turns or a result whose answer was not delivered"
        );
        late_notice(live, Some(shown), NoticeMsg::AnnouncedLate)
    }

    /// A try to post `game`'s turns again that the front could not make does not count.
    pub(crate) fn not_announced(&self, game: GameId) {
        if let Some(mut retry) = self.retries.get_mut(&game) {
            retry.tries = retry.tries.saturating_sub(1);
        }
    }

    /// Turns of `channel`'s game not yet shown are posted at the next sweep, which starts now.
    pub(crate) fn announce_again(&self, channel: ChannelId) {
        let games: Vec<GameId> = self
            .channels
            .iter()
            .filter(|entry| *entry.value() == channel)
            .map(|entry| *entry.key())
            .collect();
        let mut any = false;
        for game in games {
            any |= self.retries.remove(&game).is_some();
        }
        if any {
            self.ctx.outbox.wake();
        }
    }

    /// Notes what of `game` was shown (see
    /// [`GameService::mark_shown`](crate::GameService::mark_shown)): written straight to the
    /// store, without the game's lock, unless it is the mark stored already.
    pub(crate) async fn mark_shown(&self, game: GameId, shown: Shown) {
        if self.shown.get(&game).is_some_and(|m| *m == shown) {
            return;
        }
        match self.ctx.db().mark_announced(game, shown).await {
            Ok(()) => {
                self.shown.insert(game, shown);
                // Another process holding the game (its turn was made through this one) takes
                // the mark from the store, rather than announce again what was shown.
                self.ctx.changed(game);
            }
            Err(e) => tracing::warn!(game, error = %e, "could not store what was shown"),
        }
    }

    /// What of `live` is known to have been shown: the last mark, else the one loaded with
    /// it; `None` when not even its start was shown.
    fn shown_of(&self, live: &Live) -> Option<Shown> {
        let id: GameId = live.row.id;
        self.shown.get(&id).map(|m| *m.value()).or(live.announced)
    }
}
