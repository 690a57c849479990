//! Interaction tokens expire: Discord takes follow-ups, edits and reads of `@original` through
//! an interaction's token for 15 minutes after the interaction, then answers 401 with code
//! 50027 Invalid Webhook Token.
//!
//! The fake's time is real time plus what the test moved its clock by
//! ([`FakeDiscord::advance`](super::FakeDiscord::advance)): a test that moves the bot's manual
//! clock moves the fake's by as much, and tokens older than that expire without sleeping.

use std::collections::HashMap;
use std::time::{Duration, Instant};

/// How long an interaction's token works.
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);

/// The fake's clock and when each token was issued.
pub(super) struct Tokens {
    /// When the fake started.
    started: Instant,
    /// How far tests moved the clock.
    advanced: Duration,
    /// By token: when its interaction was dispatched, and how far the clock had been moved.
    issued: HashMap<String, (Instant, Duration)>,
}

impl Default for Tokens {
    fn default() -> Tokens {
        Tokens {
            started: Instant::now(),
            advanced: Duration::ZERO,
            issued: HashMap::new(),
        }
    }
}

impl Tokens {
    /// The fake's time: how long since it started, with what tests moved its clock by.
    pub(super) fn now(&self) -> Duration {
        self.started.elapsed() + self.advanced
    }

    /// Moves the clock forward by `by`.
    pub(super) fn advance(&mut self, by: Duration) {
        self.advanced += by;
    }

    /// Notes that `token` was issued now.
    pub(super) fn issue(&mut self, token: &str) {
        self.issued
            .insert(token.to_owned(), (Instant::now(), self.advanced));
    }

    /// How long ago `token` was issued, on the fake's clock.
    pub(super) fn age(&self, token: &str) -> Option<Duration> {
        self.issued
            .get(token)
            .map(|(at, advanced)| at.elapsed() + self.advanced.saturating_sub(*advanced))
    }

    /// Whether `token` was issued more than [`TOKEN_LIFETIME`] ago.
    pub(super) fn expired(&self, token: &str) -> bool {
        self.age(token).is_some_and(|age| age > TOKEN_LIFETIME)
    }
}
