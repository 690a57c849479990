//! Running arenas: joining late and coming back, pausing, each wave of pairings as free
//! players appear, results with their berserks, and the end when the time is up (games
//! still running finish and count). The scores and the pairing rule are `arena`'s.

use domain::messages::TournamentMsg;
use domain::{
    Notice, Origin, Owed, Reply, StoreError, TournamentBoard, TournamentId, TournamentRecord,
    TournamentState, Withdrawal,
};
use rand::Rng;

use super::{Tournaments, arena};
use crate::replies::save_failed;

/// The most steps one call carries an arena on (each stores something): a bound, not a
/// limit met in play.
const MAX_STEPS: usize = 64;

impl Tournaments {
    /// `origin`'s user joins running arena `t`, late or coming back from a pause: they are
    /// paired as soon as an opponent is free.
    pub(super) async fn join_arena(&self, origin: &Origin, t: &TournamentRecord) -> Reply {
        let entrant = t.players.iter().find(|p| p.user.id == origin.user.id);
        if entrant.is_some_and(|p| !p.withdrawn) {
            return Reply::private(TournamentMsg::AlreadyIn {
                name: t.name.clone(),
            });
        }
        if let Err(e) = self.ctx.db().join_tournament(t.id, &origin.user).await {
            return save_failed(&e);
        }
        let follow = self.progress(t.id).await;
        self.ctx.outbox.queue(follow);
        Reply::public(TournamentMsg::Returned {
            name: t.name.clone(),
            player: origin.user.name.clone(),
        })
    }

    /// `origin`'s user pauses in running arena `t`: no new game until they join again; a
    /// game they are playing goes on.
    pub(super) async fn pause_arena(
        &self,
        origin: &Origin,
        t: &TournamentRecord,
        seq: u32,
    ) -> Reply {
        let paused = self
            .ctx
            .db()
            .withdraw_player(t.id, origin.user.id, Withdrawal::Withdrew)
            .await;
        if let Err(e) = paused {
            return save_failed(&e);
        }
        Reply {
            tells: Some(Owed::Withdrawal {
                tournament: t.id,
                seq,
            }),
            ..Reply::public(TournamentMsg::Paused {
                name: t.name.clone(),
                player: origin.user.name.clone(),
            })
        }
    }

    /// The boards of arena `t`'s next wave (its next round): its free players paired, each
    /// game's id reserved; empty when fewer than two are free.
    pub(super) async fn arena_wave(
        &self,
        t: &TournamentRecord,
    ) -> Result<Vec<TournamentBoard>, StoreError> {
        let round = t.round + 1;
        let setup = t.random_setup.then(|| rand::rng().random_range(0..960));
        let mut boards = Vec::new();
        for (board, (white, black)) in (1..).zip(arena::wave(t)) {
            boards.push(TournamentBoard {
                round,
                board,
                white,
                black: Some(black),
                game: Some(self.ctx.db().new_id().await?),
                setup,
                result: None,
                berserk: [false, false],
            });
        }
        Ok(boards)
    }

    /// Carries arena `id` as far as it goes now: starts the games paired and not started,
    /// stores the results of those that ended (with who went berserk), pairs the players
    /// free now while its time lasts, and once it is up and every game is over, finishes
    /// it. Each step is a conditional write, so any process may call it any number of times.
    pub(super) async fn progress_arena(&self, id: TournamentId) -> Vec<Notice> {
        let mut notices = Vec::new();
        for _ in 0..MAX_STEPS {
            let t = match self.ctx.db().tournament(id).await {
                Ok(Some(t)) if t.state == TournamentState::Running => t,
                Ok(_) => break,
                Err(e) => {
                    tracing::error!(tournament = id, error = %e, "could not read an arena");
                    break;
                }
            };
            let Some(recorded) = self.carry_boards(&t, t.boards.iter(), &mut notices).await else {
                return notices;
            };
            if recorded {
                continue;
            }
            let playing = t.boards.iter().any(|b| b.result.is_none());
            if t.ends_ms.is_some_and(|end| self.ctx.now_ms() >= end) {
                if !playing {
                    notices.extend(self.finish(&t, None).await);
                }
                break;
            }
            let boards = match self.arena_wave(&t).await {
                Ok(boards) if boards.is_empty() => break,
                Ok(boards) => boards,
                Err(e) => {
                    tracing::error!(tournament = id, error = %e, "could not pair an arena");
                    break;
                }
            };
            let paired = self
                .ctx
                .db()
                .advance_tournament(
                    t.id,
                    (t.round, TournamentState::Running),
                    (t.round + 1, TournamentState::Running),
                    &boards,
                )
                .await;
            if paired.is_err() {
                // Another process paired this wave (or the arena was cancelled): its games
                // start there.
                break;
            }
        }
        notices
    }

    /// Has the sweep carry arena `id` on once its time is up at `ends_ms` (on the service's
    /// clock): it then pairs nobody more, and ends when its last game does.
    pub(super) fn wake_at_end(&self, id: TournamentId, ends_ms: i64) {
        let ctx = std::sync::Arc::clone(&self.ctx);
        let ending = std::sync::Arc::clone(&self.ending);
        tokio::spawn(async move {
            tokio::select! {
                () = ctx.sleep_until(ends_ms) => {
                    crate::context::lock(&ending).push(id);
                    ctx.outbox.wake();
                }
                () = ctx.timers_stopped() => {}
            }
        });
    }
}
