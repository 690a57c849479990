//! What keeps the web board safe from abuse and within its means: the headers every answer
//! carries (a Content-Security-Policy without inline script, no framing, no referrer), the
//! origin check on every state-changing request (with the `SameSite` cookie, the CSRF
//! defence), the rate of actions per player and per address, and the number of live pages
//! per address and in all.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use axum::extract::Request;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;

/// The policy every answer carries: everything from the board itself, no inline script, no
/// framing, forms only to itself.
const POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
    img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; \
    form-action 'self'; object-src 'none'";

/// Adds the security headers to every answer.
pub(crate) async fn headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let set = response.headers_mut();
    for (name, value) in [
        (header::CONTENT_SECURITY_POLICY, POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        // A play link's token is in its address: never tell another site where one came from
        // (`no-referrer` would also blank the origin of the board's own forms).
        (header::REFERRER_POLICY, "same-origin"),
    ] {
        set.insert(name, HeaderValue::from_static(value));
    }
    response
}

/// Whether a state-changing request may be carried out: a browser names the page it comes
/// from (`Origin`), which must be the board's own public address, or the host it asked. A
/// request without `Origin` comes from no browser page, so it cannot carry a victim's cookie
/// on another site's behalf.
pub(crate) fn same_origin(headers: &HeaderMap, public_url: &str) -> bool {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()) else {
        return true;
    };
    if origin_of(public_url) == Some(origin) {
        return true;
    }
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin_host = origin.split_once("://").map(|(_, rest)| rest);
    host.is_some() && origin_host == host
}

/// `scheme://host[:port]` of `url`.
fn origin_of(url: &str) -> Option<&str> {
    let (scheme, rest) = url.split_once("://")?;
    let end = rest.find('/').map_or(url.len(), |i| scheme.len() + 3 + i);
    url.get(..end)
}

/// The address a request comes from: the peer, or, when the peer is the reverse proxy on
/// this machine or a private network, the client it names last in `X-Forwarded-For`.
pub(crate) fn client(peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
    let ip = peer.ip();
    let proxied = match ip {
        IpAddr::V4(v4) => v4.is_loopback() || v4.is_private(),
        IpAddr::V6(v6) => v6.is_loopback() || v6.is_unique_local(),
    };
    if !proxied {
        return ip;
    }
    headers
        .get("x-forwarded-for")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.rsplit(',').next())
        .and_then(|last| last.trim().parse().ok())
        .unwrap_or(ip)
}

/// A bucket of actions: `burst` at once, refilled at `per_second`.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// How many keys a rate keeps before it forgets the quiet ones.
const KEYS_KEPT: usize = 10_000;

/// Actions allowed per key (a player, an address): a token bucket each.
pub(crate) struct Rate {
    burst: f64,
    per_second: f64,
    buckets: Mutex<HashMap<String, Bucket>>,
}

impl Rate {
    /// `burst` actions at once, then `per_second`.
    pub(crate) fn new(burst: u32, per_second: f64) -> Rate {
        Rate {
            burst: f64::from(burst),
            per_second,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Whether `key` may act now (and if so, the action is counted).
    pub(crate) fn allow(&self, key: &str) -> bool {
        let now = Instant::now();
        let mut buckets = self.buckets.lock().unwrap_or_else(PoisonError::into_inner);
        if buckets.len() >= KEYS_KEPT {
            // Keys whose bucket has filled up again have nothing to remember.
            let (burst, rate) = (self.burst, self.per_second);
            buckets.retain(|_, b| b.tokens + now.duration_since(b.at).as_secs_f64() * rate < burst);
        }
        let bucket = buckets.entry(key.to_owned()).or_insert(Bucket {
            tokens: self.burst,
            at: now,
        });
        let refilled =
            bucket.tokens + now.duration_since(bucket.at).as_secs_f64() * self.per_second;
        bucket.tokens = refilled.min(self.burst);
        bucket.at = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// The most live pages open at once in all, unless configured.
pub const MAX_WATCHERS: usize = 10_000;

/// The most live pages open at once from one address, unless configured.
pub const MAX_WATCHERS_PER_ADDRESS: usize = 32;

/// The live pages (event streams) open, per address and in all.
pub(crate) struct Watchers {
    per_address: AtomicUsize,
    total: AtomicUsize,
    open: AtomicUsize,
    by_address: Mutex<HashMap<IpAddr, usize>>,
}

/// Why another live page is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Full {
    /// This address has as many open as it may.
    Address,
    /// The board has as many open as it may.
    Board,
}

impl Watchers {
    /// At most `per_address` live pages per address and `total` in all.
    pub(crate) fn new(per_address: usize, total: usize) -> Watchers {
        Watchers {
            per_address: AtomicUsize::new(per_address),
            total: AtomicUsize::new(total),
            open: AtomicUsize::new(0),
            by_address: Mutex::new(HashMap::new()),
        }
    }

    /// From now on, at most `per_address` live pages per address and `total` in all (those
    /// open stay open).
    pub(crate) fn limit(&self, per_address: usize, total: usize) {
        self.per_address.store(per_address, Ordering::Release);
        self.total.store(total, Ordering::Release);
    }

    /// A place for one more live page from `address`, held until the returned seat is dropped.
    pub(crate) fn seat(self: &Arc<Self>, address: IpAddr) -> Result<Seat, Full> {
        let mut by_address = self
            .by_address
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let here = by_address.entry(address).or_insert(0);
        if *here >= self.per_address.load(Ordering::Acquire) {
            return Err(Full::Address);
        }
        if self.open.load(Ordering::Acquire) >= self.total.load(Ordering::Acquire) {
            return Err(Full::Board);
        }
        *here += 1;
        self.open.fetch_add(1, Ordering::AcqRel);
        Ok(Seat {
            watchers: Arc::clone(self),
            address,
        })
    }

    /// How many live pages are open.
    #[cfg(test)]
    fn open(&self) -> usize {
        self.open.load(Ordering::Acquire)
    }
}

/// One live page's place, given back when it closes.
pub(crate) struct Seat {
    watchers: Arc<Watchers>,
    address: IpAddr,
}

impl Drop for Seat {
    fn drop(&mut self) {
        let mut by_address = self
            .watchers
            .by_address
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(here) = by_address.get_mut(&self.address) {
            *here = here.saturating_sub(1);
            if *here == 0 {
                by_address.remove(&self.address);
            }
        }
        self.watchers.open.fetch_sub(1, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_checked_against_the_public_address_or_the_host() {
        let mut h = HeaderMap::new();
        assert!(
            same_origin(&h, "https://chess.example.org"),
            "no Origin: no browser page"
        );
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("https://chess.example.org"),
        );
        assert!(same_origin(&h, "https://chess.example.org"));
        assert!(same_origin(&h, "https://chess.example.org/board"));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("https://evil.example"),
        );
        assert!(!same_origin(&h, "https://chess.example.org"));
        h.insert(header::HOST, HeaderValue::from_static("127.0.0.1:8080"));
        assert!(!same_origin(&h, "https://chess.example.org"));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://127.0.0.1:8080"),
        );
        assert!(
            same_origin(&h, "https://chess.example.org"),
            "the host asked, directly"
        );
    }

    #[test]
    fn a_proxy_on_this_machine_names_the_client() {
        let mut h = HeaderMap::new();
        let proxy: SocketAddr = "127.0.0.1:5000".parse().expect("an address");
        let outside: SocketAddr = "203.0.113.9:5000".parse().expect("an address");
        assert_eq!(client(proxy, &h), proxy.ip());
        h.insert(
            "x-forwarded-for",
            HeaderValue::from_static("10.0.0.1, 198.51.100.7"),
        );
        assert_eq!(client(proxy, &h).to_string(), "198.51.100.7");
        assert_eq!(
            client(outside, &h),
            outside.ip(),
            "only a proxy is believed"
        );
    }

    #[test]
    fn a_rate_allows_its_burst_then_waits() {
        let rate = Rate::new(3, 0.0);
        assert!((0..3).all(|_| rate.allow("alice")));
        assert!(!rate.allow("alice"));
        assert!(rate.allow("bob"), "each key has its own bucket");
        let refilling = Rate::new(1, 1000.0);
        assert!(refilling.allow("x"));
        std::thread::sleep(std::time::Duration::from_millis(5));
        assert!(refilling.allow("x"), "refilled");
    }

    #[test]
    fn live_pages_are_bounded_per_address_and_in_all() {
        let watchers = Arc::new(Watchers::new(2, 3));
        let (a, b): (IpAddr, IpAddr) = (
            "192.0.2.1".parse().expect("ip"),
            "192.0.2.2".parse().expect("ip"),
        );
        let first = watchers.seat(a).expect("a seat");
        let _second = watchers.seat(a).expect("a seat");
        assert_eq!(watchers.seat(a).err(), Some(Full::Address));
        let _third = watchers.seat(b).expect("a seat");
        assert_eq!(watchers.seat(b).err(), Some(Full::Board));
        drop(first);
        assert_eq!(watchers.open(), 2);
        assert!(
            watchers.seat(a).is_ok(),
            "a closed page gives its seat back"
        );
    }
}
