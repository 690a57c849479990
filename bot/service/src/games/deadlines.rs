//! Time-driven changes in a channel: challenges that lapse, deadlines that pass (paused while
//! a player is away), reminders before them.

use std::time::Duration;

use domain::clock::{from_unix_ms, millis};
use domain::messages::NoticeMsg;
use domain::{ChallengeEnd, Owed, Reply};
use rules::{EndReason, Outcome};

use super::{Games, SlotGuard};
use crate::live::Slot;

impl Games {
    /// Applies what the clock says is due in this slot: an expired challenge ends, an overdue
    /// game is lost on time and, when `remind`, a reminder goes out. Returns the announcement.
    pub(crate) async fn settle(&self, guard: &mut SlotGuard, remind: bool) -> Option<Reply> {
        let now = self.ctx.now_ms();
        match &mut **guard {
            Slot::Challenge(c) if now >= c.expires_ms => {
                let (id, challenger) = (c.id, c.challenger.clone());
                let opponent = c.opponent.clone();
                if self
                    .ctx
                    .store(self.ctx.db().end_challenge(id, ChallengeEnd::Expired))
                    .await
                    .is_err()
                {
                    return None;
                }
                **guard = Slot::Free;
                self.channels.remove(&id);
                let mut reply = Reply::public(NoticeMsg::ChallengeExpired {
                    challenger: challenger.name.clone(),
                    opponent: opponent.map(|o| o.name),
                })
                .with_game(id);
                reply.mentions = vec![challenger.id];
                reply.tells = Some(Owed::Lapse(id));
                Some(reply)
            }
            Slot::Game(live) if live.outcome().is_none() && live.row.time.is_some() => {
                self.settle_clock(live).await
            }
            Slot::Game(live) if live.outcome().is_none() => {
                let deadline = live.row.deadline?;
                if self.away.any([live.row.white.id, live.row.black.id]) {
                    return None;
                }
                let deadline_ms = millis(deadline);
                let due = live.row.state.turn_started_ms.saturating_add(deadline_ms);
                let late = live.to_move();
                if now >= due {
                    let outcome = Outcome {
                        winner: Some(late.opposite()),
                        reason: EndReason::Timeout,
                    };
                    let message = NoticeMsg::LostOnTime {
                        player: live.player(late).name.clone(),
                        color: late,
                        deadline,
                    };
                    let mut reply = self.finish(live, outcome, message.into()).await;
                    if reply.private {
                        // The result could not be stored; try again at the next sweep.
                        return None;
                    }
                    reply.mentions = live.people();
                    return Some(reply);
                }
                let lead = millis(self.ctx.config.reminder_lead(deadline));
                if remind && !live.row.state.reminded && now >= due.saturating_sub(lead) {
                    let mut state = live.row.state.next();
                    state.reminded = true;
                    if self.save_state(live, state).await.is_err() {
                        return None;
                    }
                    let left = from_unix_ms(due)
                        .duration_since(from_unix_ms(now))
                        .unwrap_or(Duration::ZERO);
                    let player = live.player(late);
                    let mut reply = Reply::public(NoticeMsg::Reminder {
                        player: player.name.clone(),
                        game: live.row.id,
                        players: live.players(),
                        left: round_to_minutes(left),
                    })
                    .with_game(live.row.id);
                    reply.mentions = vec![player.id];
                    return Some(reply);
                }
                None
            }
            _ => None,
        }
    }
}

/// Rounds up to whole minutes once a duration is a minute or more, so reminders read well.
fn round_to_minutes(d: Duration) -> Duration {
    let secs = d.as_secs();
    if secs < 60 {
        d
    } else {
        Duration::from_secs(secs.div_ceil(60) * 60)
    }
}
