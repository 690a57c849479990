//! The background sweep: deadline reminders, games lost on time and expired challenges,
//! posted in their channels even when nobody writes (a thread archived meanwhile reopens with
//! the post; where posting is impossible, a locked thread, the parent channel hears of it; a
//! channel that no
//! longer exists takes its game with it; a channel the bot may not post in now is not tried,
//! and the turns a notice there shows wait for it; where the bot can only answer, a notice
//! follows up on the channel's newest interaction, or waits for the next one). A notice
//! Discord could not take (down, or rate limited) waits without using up its tries, and is
//! tried again at once when a later sweep finds Discord answering again. Where a channel has
//! had its share of posts (a game played fast on the web board), a game's new board takes the
//! place of its live board there instead (see [`pace`](super::pace)).

use std::sync::Arc;
use std::time::Duration;

use domain::Notice;
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
            let notices = service.sweep().await;
            let later = later_boards(&notices);
            for (i, mut notice) in notices.into_iter().enumerate() {
                if gone.contains(&notice.channel) {
                    continue;
                }
                let channel = ChannelId::new(notice.channel);
                let crowded = front.pace.crowded(channel);
                // A board a later one of this sweep takes the place of is not worth a call
                // where the channel has had its share.
                if crowded && later.get(i).copied().unwrap_or(false) {
                    continue;
                }
                front.draw(&mut notice.reply).await;
                let outgoing = Outgoing::new(notice.reply);
                let shows = outgoing.shows;
                if crowded && edited_in_place(&front, &http, channel, &outgoing).await {
                    continue;
                }
                match front
                    .own
                    .post_or_tell(&http, channel, outgoing.clone())
                    .await
                {
                    Delivery::Posted(posted) => {
                        answering = true;
                        front.pace.posted(posted.channel);
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

/// For each notice, whether a later notice of the same sweep shows a board of the same game in
/// the same channel (so that, where the channel has had its share, only the last is shown).
fn later_boards(notices: &[Notice]) -> Vec<bool> {
    let mut seen = std::collections::HashSet::new();
    let mut later = vec![false; notices.len()];
    for (i, notice) in notices.iter().enumerate().rev() {
        let Some(game) = notice.reply.game.filter(|_| notice.reply.board.is_some()) else {
            continue;
        };
        if !seen.insert((notice.channel, game))
            && let Some(flag) = later.get_mut(i)
        {
            *flag = true;
        }
    }
    later
}

/// Shows `outgoing` (a new board of a game) by editing the game's live board in `channel`
/// instead of posting, where there is one and Discord takes the edit; whether it did.
async fn edited_in_place(
    front: &Front,
    http: &Http,
    channel: ChannelId,
    outgoing: &Outgoing,
) -> bool {
    let Some((game, _)) = outgoing.shows.game else {
        return false;
    };
    let Some(live) = front.live.in_channel(game, channel) else {
        return false;
    };
    if !outgoing.has_files() || !front.own.may_edit(channel) {
        return false;
    }
    let shows = outgoing.shows;
    match channel
        .edit_message(http, live.message, outgoing.clone().message_edit())
        .await
    {
        Ok(_) => {
            front.delivered(http, shows, &[live]).await;
            true
        }
        Err(error) => {
            tracing::warn!(%error, %channel, "could not edit a game's board in place; posting");
            false
        }
    }
}
