//! Discord's rate limits as it reports them (its "Rate Limits" topic).
//!
//! Every successful answer carries the headers of its route's bucket: `X-RateLimit-Limit`,
//! `-Remaining`, `-Reset` (Unix seconds), `-Reset-After` (seconds) and `-Bucket` (an opaque
//! hash that routes sharing a bucket share). A bucket is a route with its ids but the major
//! one (a channel's, a guild's, a webhook's and its token) left out, counted per major id:
//! five calls in five seconds of real time, as Discord gives a channel's messages. The fake
//! reports the count but does not enforce it unless a test asks
//! ([`FakeDiscord::enforce_buckets`]): the bot runs in the tests behind the fake as its API
//! proxy, and serenity leaves the limiting to a proxy.
//!
//! A test can make Discord answer 429 of any scope ([`FakeDiscord::rate_limit`]): of the
//! bot's own limit (`user`), of a resource shared with others (`shared`, which Discord does
//! not count as an invalid request) or the global limit (`global`, with
//! `X-RateLimit-Global`, and for a while every call: [`FakeDiscord::global_storm`]). Each has
//! `Retry-After` and Discord's JSON body (`message`, `retry_after`, `global`, `code`).

use std::collections::HashMap;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::{FakeDiscord, RestCall};

/// Calls a bucket allows per window.
const BUCKET_LIMIT: u32 = 5;
/// A bucket's window.
const BUCKET_WINDOW: Duration = Duration::from_secs(5);

/// The scope of a 429, as `X-RateLimit-Scope` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// The bot's own limit on the route.
    User,
    /// A limit on the resource, shared with every other app: not an invalid request.
    Shared,
    /// The bot's global limit (50 calls a second).
    Global,
}

impl Scope {
    fn name(self) -> &'static str {
        match self {
            Scope::User => "user",
            Scope::Shared => "shared",
            Scope::Global => "global",
        }
    }
}

/// A rule answering calls with 429.
struct Rule {
    method: String,
    suffix: String,
    times: u32,
    scope: Scope,
    retry_after: Duration,
}

/// One bucket's calls in its current window.
struct Window {
    started: Instant,
    used: u32,
}

/// The fake's rate limits.
#[derive(Default)]
pub(super) struct Rates {
    rules: Vec<Rule>,
    windows: HashMap<String, Window>,
    enforce: bool,
    /// Every call is refused with a global 429 until the fake's clock reaches this.
    storm: Option<(Duration, Duration)>,
}

/// The route of `path` with its ids replaced but the major one, and the major id: Discord's
/// bucket and the resource it is counted for.
fn route(method: &str, path: &str) -> (String, String) {
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let mut major = String::new();
    let mut shape = vec![method.to_owned()];
    for (i, segment) in segments.iter().enumerate() {
        let previous = i.checked_sub(1).map(|p| segments[p]);
        let first = segments.first().copied();
        let is_major = (i == 1 && matches!(previous, Some("channels" | "guilds" | "webhooks")))
            || (i == 2 && first == Some("webhooks"))
            || ((i == 1 || i == 2) && first == Some("interactions"));
        if is_major {
            major.push_str(segment);
            major.push('/');
            shape.push("{major}".to_owned());
        } else if segment.chars().all(|c| c.is_ascii_digit()) && !segment.is_empty() {
            shape.push("{id}".to_owned());
        } else {
            shape.push((*segment).to_owned());
        }
    }
    (shape.join("/"), major)
}

/// An opaque hash of a bucket's route, as Discord gives it.
fn bucket_hash(shape: &str) -> String {
    let hash = shape.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{hash:016x}")
}

fn header(response: &mut Response, name: &'static str, value: &str) {
    if let Ok(value) = HeaderValue::from_str(value) {
        response
            .headers_mut()
            .insert(HeaderName::from_static(name), value);
    }
}

/// Discord's 429: its headers and body.
fn too_many(scope: Scope, retry_after: Duration, bucket: Option<(&str, f64)>) -> Response {
    let seconds = retry_after.as_secs_f64();
    let body = json!({
        "message": "You are being rate limited.",
        "retry_after": seconds,
        "global": scope == Scope::Global,
        "code": 0,
    });
    let mut response = (StatusCode::TOO_MANY_REQUESTS, axum::Json(body)).into_response();
    header(
        &mut response,
        "retry-after",
        &format!("{}", seconds.ceil().max(1.0)),
    );
    header(&mut response, "x-ratelimit-scope", scope.name());
    if scope == Scope::Global {
        header(&mut response, "x-ratelimit-global", "true");
    }
    if let Some((hash, reset_after)) = bucket {
        header(&mut response, "x-ratelimit-bucket", hash);
        header(
            &mut response,
            "x-ratelimit-limit",
            &BUCKET_LIMIT.to_string(),
        );
        header(&mut response, "x-ratelimit-remaining", "0");
        header(
            &mut response,
            "x-ratelimit-reset-after",
            &format!("{reset_after:.3}"),
        );
    }
    response
}

impl Rates {
    /// A 429 for `call` at fake time `now`, if a rule, a storm or an enforced bucket says so.
    pub(super) fn refuse(&mut self, call: &RestCall, now: Duration) -> Option<Response> {
        if let Some((until, retry_after)) = self.storm
            && now < until
        {
            return Some(too_many(Scope::Global, retry_after, None));
        }
        let (shape, _) = route(&call.method, &call.path);
        let hash = bucket_hash(&shape);
        if let Some(rule) = self.rules.iter_mut().find(|r| {
            r.times > 0 && r.method == call.method && call.path.ends_with(r.suffix.as_str())
        }) {
            rule.times -= 1;
            let (scope, retry_after) = (rule.scope, rule.retry_after);
            let bucket =
                (scope != Scope::Global).then_some((hash.as_str(), retry_after.as_secs_f64()));
            return Some(too_many(scope, retry_after, bucket));
        }
        if self.enforce {
            let (used, left) = self.peek(call);
            if used >= BUCKET_LIMIT {
                return Some(too_many(
                    Scope::User,
                    left,
                    Some((&hash, left.as_secs_f64())),
                ));
            }
        }
        None
    }

    /// Calls used in `call`'s bucket and the time left in its window, the window renewed.
    fn peek(&mut self, call: &RestCall) -> (u32, Duration) {
        let (shape, major) = route(&call.method, &call.path);
        let window = self
            .windows
            .entry(format!("{shape} {major}"))
            .or_insert(Window {
                started: Instant::now(),
                used: 0,
            });
        if window.started.elapsed() >= BUCKET_WINDOW {
            *window = Window {
                started: Instant::now(),
                used: 0,
            };
        }
        (
            window.used,
            BUCKET_WINDOW.saturating_sub(window.started.elapsed()),
        )
    }

    /// Counts a successful `call` in its bucket and puts the bucket's headers on `response`.
    pub(super) fn count(&mut self, call: &RestCall, response: &mut Response) {
        let (used, left) = self.peek(call);
        let (shape, major) = route(&call.method, &call.path);
        if let Some(window) = self.windows.get_mut(&format!("{shape} {major}")) {
            window.used += 1;
        }
        let reset = SystemTime::now()
            .checked_add(left)
            .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
            .unwrap_or_default();
        let remaining = BUCKET_LIMIT.saturating_sub(used + 1);
        header(response, "x-ratelimit-limit", &BUCKET_LIMIT.to_string());
        header(response, "x-ratelimit-remaining", &remaining.to_string());
        header(
            response,
            "x-ratelimit-reset",
            &format!("{:.3}", reset.as_secs_f64()),
        );
        header(
            response,
            "x-ratelimit-reset-after",
            &format!("{:.3}", left.as_secs_f64()),
        );
        header(response, "x-ratelimit-bucket", &bucket_hash(&shape));
    }
}

impl FakeDiscord {
    /// Answers the next `times` calls `method` whose path ends with `suffix` with a 429 of
    /// `scope`, telling the bot to retry after `retry_after`.
    pub fn rate_limit_as(
        &self,
        method: &str,
        suffix: &str,
        times: u32,
        scope: Scope,
        retry_after: Duration,
    ) {
        self.shared.lock().rates.rules.push(Rule {
            method: method.to_owned(),
            suffix: suffix.to_owned(),
            times,
            scope,
            retry_after,
        });
    }

    /// [`FakeDiscord::rate_limit_as`] of the bot's own limit, to retry after 50 ms.
    pub fn rate_limit(&self, method: &str, suffix: &str, times: u32) {
        self.rate_limit_as(
            method,
            suffix,
            times,
            Scope::User,
            Duration::from_millis(50),
        );
    }

    /// Answers every call with a global 429 (retry after `retry_after`) for `lasting` on the
    /// fake's clock ([`FakeDiscord::advance`]), as Discord does to a bot past its global limit.
    pub fn global_storm(&self, lasting: Duration, retry_after: Duration) {
        let mut inner = self.shared.lock();
        let until = inner.tokens.now() + lasting;
        inner.rates.storm = Some((until, retry_after));
    }

    /// Refuses with a 429 of the bot's own limit any call past its bucket's limit (five in
    /// five seconds), as Discord does.
    pub fn enforce_buckets(&self) {
        self.shared.lock().rates.enforce = true;
    }
}

#[cfg(test)]
mod tests {
    use super::{bucket_hash, route};

    #[test]
    fn buckets_are_routes_counted_per_major_id() {
        let (a, major_a) = route("POST", "/channels/5/messages");
        let (b, major_b) = route("POST", "/channels/6/messages");
        assert_eq!(a, b);
        assert_ne!(major_a, major_b);
        let (edit_one, _) = route("PATCH", "/channels/5/messages/10");
        let (edit_two, _) = route("PATCH", "/channels/5/messages/11");
        assert_eq!(edit_one, edit_two);
        let (callback, major) = route("POST", "/interactions/9/token-9/callback");
        assert_eq!(callback, "POST/interactions/{major}/{major}/callback");
        assert_eq!(major, "9/token-9/");
        assert_eq!(bucket_hash(&a), bucket_hash(&b));
    }
}
