//! Discord down for a while, on the fake's clock ([`FakeDiscord::advance`]): every REST call
//! is answered with a 5xx (as Discord's edge answers during an incident) or not answered at
//! all until the outage ends (the client's own timeout decides when it gives up; the fake then
//! answers 504 to nobody). Nothing a call asked for is done during the outage, so a message
//! refused then is not in the channel. The gateway stays up: interactions still arrive.

use std::time::Duration;

use axum::http::StatusCode;
use axum::response::Response;

use super::{FakeDiscord, Shared, WAIT, discord_error};

/// How Discord fails during an outage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Every call is answered at once with this 5xx status.
    Status(u16),
    /// No call is answered until the outage ends.
    Silence,
}

/// An outage under way: how calls fail, and until when on the fake's clock.
#[derive(Clone, Copy)]
pub(super) struct Outage {
    failure: Failure,
    until: Duration,
}

impl Outage {
    /// The answer to a call at fake time `now` during the outage, if it is still on, and
    /// whether it is answered only once the outage ends.
    pub(super) fn refuse(&self, now: Duration) -> Option<(Response, bool)> {
        if now >= self.until {
            return None;
        }
        Some(match self.failure {
            Failure::Status(status) => {
                let status = StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_GATEWAY);
                (discord_error(status, 0, "Service Unavailable"), false)
            }
            Failure::Silence => (
                discord_error(StatusCode::GATEWAY_TIMEOUT, 0, "Gateway Timeout"),
                true,
            ),
        })
    }
}

/// Waits until the outage that silenced a call is over on the fake's clock, or [`WAIT`] of
/// real time has passed (the client gave up long before).
pub(super) async fn wait_out(shared: &Shared) {
    let mut changed = shared.changed.subscribe();
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        changed.borrow_and_update();
        let over = {
            let inner = shared.lock();
            inner
                .outage
                .is_none_or(|o| o.refuse(inner.tokens.now()).is_none())
        };
        if over
            || tokio::time::timeout_at(deadline, changed.changed())
                .await
                .is_err()
        {
            return;
        }
    }
}

impl FakeDiscord {
    /// Takes Discord's REST API down for `lasting` on the fake's clock, failing as `failure`
    /// says; it comes back once [`FakeDiscord::advance`] has moved the clock past it.
    pub fn outage(&self, failure: Failure, lasting: Duration) {
        let mut inner = self.shared.lock();
        let until = inner.tokens.now() + lasting;
        inner.outage = Some(Outage { failure, until });
    }
}
