//! The pace of the bot's own posts in each channel. Discord takes about five messages per
//! five seconds in a channel; a game played on the web board can go faster. When a channel
//! has had its share, a game's new board takes the place of its live board there (an edit)
//! instead of coming as a new message, so the channel keeps within the limit and still shows
//! the game as it stands, its final position and result included.

use std::collections::{HashMap, VecDeque};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use serenity::all::ChannelId;

/// The window the posts are counted over.
const WINDOW: Duration = Duration::from_secs(5);

/// The posts a channel may have in a window before boards are edited in place: one fewer than
/// Discord's five, leaving room for a message of another kind.
const POSTS: usize = 4;

/// The most channels whose posts are remembered (the least recently posted are forgotten).
const CHANNELS_KEPT: usize = 10_000;

/// When the bot last posted in each channel.
#[derive(Default)]
pub struct Pace {
    posts: Mutex<HashMap<ChannelId, VecDeque<Instant>>>,
}

impl Pace {
    /// Whether `channel` has had its share of posts in the last few seconds.
    pub fn crowded(&self, channel: ChannelId) -> bool {
        let now = Instant::now();
        let mut posts = self.posts.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(times) = posts.get_mut(&channel) else {
            return false;
        };
        while times
            .front()
            .is_some_and(|t| now.duration_since(*t) >= WINDOW)
        {
            times.pop_front();
        }
        times.len() >= POSTS
    }

    /// The bot has just posted in `channel`.
    pub fn posted(&self, channel: ChannelId) {
        let now = Instant::now();
        let mut posts = self.posts.lock().unwrap_or_else(PoisonError::into_inner);
        if posts.len() >= CHANNELS_KEPT && !posts.contains_key(&channel) {
            posts.retain(|_, times| {
                times
                    .back()
                    .is_some_and(|t| now.duration_since(*t) < WINDOW)
            });
        }
        let times = posts.entry(channel).or_default();
        times.push_back(now);
        while times.len() > POSTS {
            times.pop_front();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_channel_is_crowded_after_its_share_and_others_are_not() {
        let pace = Pace::default();
        let (busy, quiet) = (ChannelId::new(1), ChannelId::new(2));
        for _ in 0..POSTS - 1 {
            pace.posted(busy);
        }
        assert!(!pace.crowded(busy));
        pace.posted(busy);
        assert!(pace.crowded(busy));
        assert!(!pace.crowded(quiet));
    }
}
