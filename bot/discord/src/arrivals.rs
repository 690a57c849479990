//! The servers the gateway has introduced: after READY, Discord sends each of its servers as
//! GUILD_CREATE, with the server's language. The first sweep after a start waits for them
//! (at most [`ARRIVALS_WAIT`]), so the notices it posts (turns and results announced after a
//! restart) are worded in each server's language rather than the default one.

use std::collections::HashSet;
use std::sync::Mutex;
use std::time::Duration;

use tokio::sync::watch;

/// The longest the first sweep waits for the servers a READY listed.
pub const ARRIVALS_WAIT: Duration = Duration::from_secs(10);

/// The servers awaited, and whether every one has arrived since a READY.
#[derive(Debug)]
pub struct Arrivals {
    awaited: Mutex<Awaited>,
    known: watch::Sender<bool>,
}

#[derive(Debug, Default)]
struct Awaited {
    /// A READY came.
    ready: bool,
    /// The servers a READY listed that have not arrived yet.
    guilds: HashSet<u64>,
}

impl Default for Arrivals {
    fn default() -> Arrivals {
        Arrivals {
            awaited: Mutex::new(Awaited::default()),
            known: watch::Sender::new(false),
        }
    }
}

impl Arrivals {
    /// A READY listed these servers, to arrive one by one.
    pub fn ready(&self, guilds: impl IntoIterator<Item = u64>) {
        let mut awaited = self.lock();
        awaited.ready = true;
        awaited.guilds.extend(guilds);
        self.tell(&awaited);
    }

    /// A server arrived (GUILD_CREATE).
    pub fn arrived(&self, guild: u64) {
        let mut awaited = self.lock();
        awaited.guilds.remove(&guild);
        self.tell(&awaited);
    }

    /// Waits until every server a READY listed has arrived, or `limit` has passed.
    pub async fn wait(&self, limit: Duration) {
        let mut known = self.known.subscribe();
        let all = known.wait_for(|known| *known);
        if tokio::time::timeout(limit, all).await.is_err() {
            tracing::warn!(
                waited = ?limit,
                "some servers had not arrived from the gateway; sweeping anyway"
            );
        }
    }

    fn tell(&self, awaited: &Awaited) {
        if awaited.ready && awaited.guilds.is_empty() {
            self.known.send_replace(true);
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Awaited> {
        self.awaited
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn known_once_every_listed_server_arrived() {
        let arrivals = Arrivals::default();
        arrivals.arrived(5);
        assert!(!*arrivals.known.borrow(), "no READY yet");
        arrivals.ready([1, 2]);
        arrivals.arrived(1);
        assert!(!*arrivals.known.borrow());
        arrivals.arrived(2);
        assert!(*arrivals.known.borrow());
        arrivals.wait(Duration::from_secs(60)).await;
    }

    #[tokio::test]
    async fn a_server_that_never_arrives_is_waited_for_a_while_only() {
        let arrivals = Arrivals::default();
        arrivals.ready([1]);
        let limit = Duration::from_millis(50);
        let waited = std::time::Instant::now();
        arrivals.wait(limit).await;
        assert!(waited.elapsed() >= limit);
        assert!(!*arrivals.known.borrow());
    }
}
