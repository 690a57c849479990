//! Time, as the service sees it: the real clock, or a hand-driven one for tests.

use std::sync::Mutex;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// A time as Unix milliseconds (times before 1970 count as 0).
pub fn to_unix_ms(t: SystemTime) -> i64 {
    t.duration_since(UNIX_EPOCH).map(millis).unwrap_or(0)
}

/// A duration in milliseconds, saturating at `i64::MAX`.
pub fn millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

/// Unix milliseconds as a time (negative values count as the epoch).
pub fn from_unix_ms(ms: i64) -> SystemTime {
    UNIX_EPOCH + Duration::from_millis(u64::try_from(ms).unwrap_or(0))
}

/// Called when a clock is moved by hand ([`Clock::when_moved`]).
pub type Moved = Box<dyn Fn() + Send + Sync>;

/// Where the service reads the time from. Deadlines, reminders, expiries and chess clocks
/// all use it.
pub trait Clock: Send + Sync {
    /// The current time.
    fn now(&self) -> SystemTime;

    /// From now on, calls `moved` whenever the time jumps (a clock moved by hand), so timers
    /// waiting on this clock look again. The real clock never jumps: it does nothing.
    fn when_moved(&self, moved: Moved) {
        drop(moved);
    }
}

/// The system's wall clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> SystemTime {
        SystemTime::now()
    }
}

/// A clock that moves only when told to: tests drive deadlines with it, never sleeping.
pub struct ManualClock {
    now: Mutex<SystemTime>,
    /// Told of every move.
    watchers: Mutex<Vec<Moved>>,
}

impl std::fmt::Debug for ManualClock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ManualClock")
            .field("now", &self.now())
            .finish_non_exhaustive()
    }
}

impl ManualClock {
    /// A clock standing at `start`.
    pub fn new(start: SystemTime) -> ManualClock {
        ManualClock {
            now: Mutex::new(start),
            watchers: Mutex::new(Vec::new()),
        }
    }

    /// Moves the clock forward by `by`.
    pub fn advance(&self, by: Duration) {
        *lock(&self.now) += by;
        self.tell();
    }

    /// Sets the clock to `to`.
    pub fn set(&self, to: SystemTime) {
        *lock(&self.now) = to;
        self.tell();
    }

    /// Tells the watchers the clock moved.
    fn tell(&self) {
        for moved in lock(&self.watchers).iter() {
            moved();
        }
    }
}

impl Clock for ManualClock {
    fn now(&self) -> SystemTime {
        *lock(&self.now)
    }

    fn when_moved(&self, moved: Moved) {
        lock(&self.watchers).push(moved);
    }
}

/// Locks `mutex`, taking over a poisoned one (a time or a list stays whole).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
