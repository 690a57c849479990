//! Running arenas: joining late and coming back, pausing, each wave of pairings as free
//! players appear, and the end when the time is up (games still running finish and count).
//! The scores and the pairing rule are `arena`'s; `Tournaments::progress` carries an arena
//! on as it does every tournament.

use domain::messages::TournamentMsg;
use domain::{
    Notice, Origin, Owed, Reply, StoreError, TournamentBoard, TournamentId, TournamentRecord,
    Withdrawal,
};
use rand::Rng;

use super::{Tournaments, arena};
use crate::replies::save_failed;

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

    /// The next wave of running arena `t`, its games carried on already: `None` when none is
    /// paired now, because fewer than two players are free, or because its time is up (then,
    /// once no game is under way, it is finished here, its final notice added to `notices`).
    pub(super) async fn next_wave(
        &self,
        t: &TournamentRecord,
        notices: &mut Vec<Notice>,
    ) -> Option<Vec<TournamentBoard>> {
        if t.ends_ms.is_some_and(|end| self.ctx.now_ms() >= end) {
            if t.boards.iter().all(|b| b.result.is_some()) {
                notices.extend(self.finish(t, None).await);
            }
            return None;
        }
        match self.arena_wave(t).await {
            Ok(boards) if boards.is_empty() => None,
            Ok(boards) => Some(boards),
            Err(e) => {
                tracing::error!(tournament = t.id, error = %e, "could not pair an arena");
                None
            }
        }
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
