//! Counts the events being handled, so shutdown can let them finish before the database
//! closes.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use tokio::sync::Notify;

/// The handlers at work, and whether new ones may start.
#[derive(Default)]
pub struct InFlight {
    running: AtomicUsize,
    closed: AtomicBool,
    idle: Notify,
}

/// Held while a handler works; dropping it counts the handler out.
pub struct Ticket(Arc<InFlight>);

impl Drop for Ticket {
    fn drop(&mut self) {
        if self.0.running.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

impl InFlight {
    /// Counts a handler in, or `None` once shutdown has begun.
    pub fn enter(self: &Arc<Self>) -> Option<Ticket> {
        self.running.fetch_add(1, Ordering::AcqRel);
        let ticket = Ticket(Arc::clone(self));
        (!self.closed.load(Ordering::Acquire)).then_some(ticket)
    }

    /// Refuses new handlers and waits up to `limit` for the running ones; true when all ended.
    pub async fn close(&self, limit: Duration) -> bool {
        self.closed.store(true, Ordering::Release);
        let wait = async {
            loop {
                let idle = self.idle.notified();
                if self.running.load(Ordering::Acquire) == 0 {
                    return;
                }
                idle.await;
            }
        };
        tokio::time::timeout(limit, wait).await.is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn close_waits_for_running_handlers_and_refuses_new_ones() {
        let in_flight = Arc::new(InFlight::default());
        let ticket = in_flight.enter().expect("open");
        let closer = {
            let in_flight = Arc::clone(&in_flight);
            tokio::spawn(async move { in_flight.close(Duration::from_secs(10)).await })
        };
        tokio::task::yield_now().await;
        assert!(!closer.is_finished());
        assert!(in_flight.enter().is_none());
        drop(ticket);
        assert!(closer.await.expect("joined"));
    }

    #[tokio::test]
    async fn close_gives_up_after_the_limit() {
        let in_flight = Arc::new(InFlight::default());
        let _stuck = in_flight.enter().expect("open");
        assert!(!in_flight.close(Duration::from_millis(10)).await);
    }
}
