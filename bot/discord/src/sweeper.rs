//! The background sweep: deadline reminders, games lost on time and expired challenges,
//! posted in their channels even when nobody writes (a thread archived meanwhile reopens with
//! the post; where posting is impossible, a locked thread, the parent channel hears of it; a
//! channel that no
//! longer exists takes its game with it; a channel the bot may not post in now is not tried,
//! and the turns a notice there shows wait for it; where the bot can only answer, a notice
//! follows up on the channel's newest interaction, or waits for the next one). A notice
//! Discord could not take (down, or rate limited) waits without using up its tries, and is
//! tried again at once when a later sweep finds Discord answering again.

use std::sync::Arc;
use std::time::Duration;

use serenity::all::{ChannelId, Http};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::arrivals::ARRIVALS_WAIT;
use super::front::Front;
use super::own_posts::Delivery;
use super::replies::Outgoing;

/// Sweeps every `interval`, and at once when a command has queued notices (a vacation's
/// word to the player's other games), until `stop` turns true. A notice showing a game's turns (those
/// stored before a restart but never announced) marks them announced once it is posted.
pub fn spawn(
    front: Arc<Front>,
    http: Arc<Http>,
    interval: Duration,
    mut stop: watch::Receiver<bool>,
) -> JoinHandle<()> {
    tokio::spawn(async move {
        let service = &front.service;
        // The first sweep posts what a restart found unannounced: in each server's
        // language, which its GUILD_CREATE tells.
        tokio::select! {
            () = front.arrivals.wait(ARRIVALS_WAIT) => {}
            _ = stop.wait_for(|stop| *stop) => return,
        }
        let mut ticks = tokio::time::interval(interval);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        // Channels whose notices Discord could not take: tried again once it takes one.
        let mut waiting = std::collections::HashSet::new();
        loop {
            tokio::select! {
                _ = ticks.tick() => {}
                _ = service.notices_queued() => {}
                _ = stop.wait_for(|stop| *stop) => return,
            }
            // A channel found gone takes its other notices of this sweep with it: asking
            // Discord again would only be refused again.
            let mut gone = std::collections::HashSet::new();
            let mut answering = false;
            for mut notice in service.sweep().await {
                if gone.contains(&notice.channel) {
                    continue;
                }
                let channel = ChannelId::new(notice.channel);
                front.draw(&mut notice.reply).await;
                let outgoing = Outgoing::new(notice.reply);
                let shows = outgoing.shows;
                match front
                    .own
                    .post_or_tell(&http, channel, outgoing.clone())
                    .await
                {
                    Delivery::Posted(posted) => {
                        answering = true;
                        front.delivered(&http, shows, &[posted]).await;
                    }
                    Delivery::Unavailable => {
                        if let Some((game, _)) = shows.announces {
                            service.not_announced(game);
                        }
                        waiting.insert(notice.channel);
                    }
                    Delivery::Held => {
                        // Turns it shows wait for the channel, without using up their tries.
                        if let Some((game, _)) = shows.announces {
                            service.not_announced(game);
                        }
                    }
                    Delivery::Failed => {
                        tracing::warn!(
                            channel = notice.channel,
                            "could not post a notice anywhere"
                        );
                    }
                    Delivery::Gone => {
                        gone.insert(notice.channel);
                        service.channel_gone(None, notice.channel).await;
                    }
                    Delivery::AnswerOnly => front.to_direct(&http, channel, outgoing).await,
                }
            }
            if answering {
                for channel in waiting.drain() {
                    service.announce_again(channel);
                }
            }
        }
    })
}
