//! What happens unasked: the sweep a front runs periodically (vacations that end, reminders,
//! timeouts, expired challenges, the computer's turns left unplayed, turns to post again,
//! tournaments to start or carry on, and what commands queued for other channels), and the
//! channels and servers the bot lost.

mod gone;

use std::sync::Arc;

use domain::Notice;

use super::context::Context;
use super::games::Games;
use super::settings::Settings;
use super::tournaments::Tournaments;
use super::vacation::Vacations;

/// The sweep, over the parts it visits.
pub(crate) struct Sweep {
    ctx: Arc<Context>,
    settings: Arc<Settings>,
    games: Arc<Games>,
    vacations: Arc<Vacations>,
    tournaments: Arc<Tournaments>,
}

impl Sweep {
    /// The sweep of these parts.
    pub(crate) fn new(
        ctx: Arc<Context>,
        settings: Arc<Settings>,
        games: Arc<Games>,
        vacations: Arc<Vacations>,
        tournaments: Arc<Tournaments>,
    ) -> Sweep {
        Sweep {
            ctx,
            settings,
            games,
            vacations,
            tournaments,
        }
    }

    /// Reminders, timeouts and expired challenges due now, and what waited for a sweep.
    /// Safe to call at any time (each is announced once).
    pub(crate) async fn run(&self) -> Vec<Notice> {
        // Vacations first: a game whose vacation just ended has its clock moved on before
        // its deadline is looked at.
        let resumed = self.vacations.settle().await;
        let (startup, queued) = self.ctx.outbox.take();
        let mut notices: Vec<Notice> = startup
            .into_iter()
            .map(|(guild, mut notice)| {
                notice.reply.lang = self.settings.place_lang(guild, notice.channel);
                notice
            })
            .collect();
        notices.extend(queued);
        notices.extend(resumed);
        notices.extend(
            self.games
                .sweep(|guild, channel| self.settings.place_lang(guild, channel))
                .await,
        );
        // Timeouts above may have ended tournament games; and after a restart, rounds left
        // unpaired are paired here, and games that found no room are tried again.
        notices.extend(self.tournaments.start_due_tournaments().await);
        notices.extend(self.tournaments.settle_tournaments().await);
        notices.extend(self.tournaments.retry_rooms().await);
        for notice in &mut notices {
            self.settings.apply_avatar_setting(&mut notice.reply);
        }
        notices
    }
}
