//! What every part of the service shares: the configuration, the store (each write through
//! [`Context::store`], which notes a conflict so the channel is reloaded), the clock, the
//! engine's permits, and the notices waiting for the next sweep.

use std::future::Future;
use std::sync::Mutex;

use dashmap::DashMap;
use domain::clock::{Clock, to_unix_ms};
use domain::{GameId, GameStore, GuildId, Notice, StoreError};
use tokio::sync::{Notify, Semaphore};

use super::config::ServiceConfig;

/// How many changes a slow watcher may fall behind before it is told it lagged.
const CHANGES_KEPT: usize = 1024;

/// The infrastructure every part holds an `Arc` to.
pub(crate) struct Context {
    /// The configuration in force.
    pub(crate) config: ServiceConfig,
    /// Where every state change is committed before it is announced.
    store: std::sync::Arc<dyn GameStore>,
    /// The service's clock (a manual one in tests).
    clock: std::sync::Arc<dyn Clock>,
    /// Challenges and games whose last write met a newer state in the database: their
    /// channel is reloaded once the command that met it is done.
    pub(crate) conflicted: DashMap<GameId, ()>,
    /// One permit per core for the engine's searches (the computer's turns, reviews, hints).
    engine_permits: std::sync::Arc<Semaphore>,
    /// What the next sweep posts unasked.
    pub(crate) outbox: Outbox,
    /// Told the id of every game whose stored state changed (a turn, a takeback, an offer,
    /// the start or the end), here or in another process on the database, once the write is
    /// done: pages watching it update. `None`: changes elsewhere may have been missed.
    changes: tokio::sync::broadcast::Sender<Option<GameId>>,
    /// Bumped whenever the service's clock jumps (a manual clock in tests), so that timers
    /// waiting on it look again.
    clock_moved: std::sync::Arc<tokio::sync::watch::Sender<u64>>,
    /// The wake-up of each game's clock timer (see `games::clocks`): raised when the game
    /// changes, here or in another process.
    pub(crate) timers: std::sync::Arc<DashMap<GameId, std::sync::Arc<Notify>>>,
    /// Raised once the service stops: the clock timers end, settling nothing more.
    timers_stopped: tokio::sync::watch::Sender<bool>,
}

impl Context {
    /// The context of a service on `store`, timed by `clock`.
    pub(crate) fn new(
        config: ServiceConfig,
        store: std::sync::Arc<dyn GameStore>,
        clock: std::sync::Arc<dyn Clock>,
    ) -> Context {
        let clock_moved = std::sync::Arc::new(tokio::sync::watch::Sender::new(0_u64));
        let bump = std::sync::Arc::clone(&clock_moved);
        clock.when_moved(Box::new(move || {
            bump.send_modify(|n| *n = n.wrapping_add(1))
        }));
        Context {
            config,
            store,
            clock,
            conflicted: DashMap::new(),
            engine_permits: std::sync::Arc::new(Semaphore::new(
                std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
            )),
            outbox: Outbox::default(),
            changes: tokio::sync::broadcast::channel(CHANGES_KEPT).0,
            clock_moved,
            timers: std::sync::Arc::new(DashMap::new()),
            timers_stopped: tokio::sync::watch::Sender::new(false),
        }
    }

    /// Passes the changes other processes on the database tell to `also` (a game's id, or
    /// `None`: some may have been missed), then on to whoever watches here.
    pub(crate) fn hear_other_processes(
        &self,
        also: impl Fn(Option<GameId>) + Send + Sync + 'static,
    ) {
        let changes = self.changes.clone();
        let timers = std::sync::Arc::clone(&self.timers);
        self.store.hear_changes(Box::new(move |game| {
            also(game);
            if let Some(game) = game {
                wake_timer(&timers, game);
            }
            // Nobody watching is the usual case, not an error.
            let _ = changes.send(game);
        }));
    }

    /// Tells whoever watches, here and in the other processes on the database, that `game`'s
    /// stored state changed.
    pub(crate) fn changed(&self, game: GameId) {
        // Nobody watching is the usual case, not an error.
        let _ = self.changes.send(Some(game));
        wake_timer(&self.timers, game);
        let store = std::sync::Arc::clone(&self.store);
        tokio::spawn(async move {
            if let Err(e) = store.tell_changed(game).await {
                tracing::warn!(game, error = %e, "could not tell other processes of a change");
            }
        });
    }

    /// The ids of games whose stored state changes from now on (`None`: changes in another
    /// process may have been missed); a receiver that falls more than [`CHANGES_KEPT`] behind
    /// is told it lagged. Either way, what it watches should be looked at again.
    pub(crate) fn changes(&self) -> tokio::sync::broadcast::Receiver<Option<GameId>> {
        self.changes.subscribe()
    }

    /// The time on the service's clock.
    pub(crate) fn now(&self) -> std::time::SystemTime {
        self.clock.now()
    }

    /// The time on the service's clock, in Unix milliseconds.
    pub(crate) fn now_ms(&self) -> i64 {
        to_unix_ms(self.clock.now())
    }

    /// Returns once the service's clock reads `due_ms` (Unix ms) or later: at that time on
    /// the real clock, at once when a manual clock is moved past it.
    pub(crate) async fn sleep_until(&self, due_ms: i64) {
        let mut moved = self.clock_moved.subscribe();
        loop {
            moved.borrow_and_update();
            let left = due_ms.saturating_sub(self.now_ms());
            let Ok(left) = u64::try_from(left) else {
                return;
            };
            if left == 0 {
                return;
            }
            tokio::select! {
                () = tokio::time::sleep(std::time::Duration::from_millis(left)) => {}
                _ = moved.changed() => {}
            }
        }
    }

    /// Stops every clock timer for good (the service is stopping).
    pub(crate) fn stop_timers(&self) {
        self.timers_stopped.send_replace(true);
    }

    /// Whether the clock timers are stopped ([`Context::stop_timers`]).
    pub(crate) fn timers_are_stopped(&self) -> bool {
        *self.timers_stopped.borrow()
    }

    /// Returns once the clock timers are stopped ([`Context::stop_timers`]).
    pub(crate) async fn timers_stopped(&self) {
        let mut stopped = self.timers_stopped.subscribe();
        // The sender lives as long as the context, so this only ends when it is raised.
        let _ = stopped.wait_for(|stopped| *stopped).await;
    }

    /// The store, for the calls [`Context::store`] runs.
    pub(crate) fn db(&self) -> &dyn GameStore {
        &*self.store
    }

    /// Awaits a store call, logging a failure and noting a conflict so the channel is
    /// reloaded after the command.
    pub(crate) async fn store<T>(
        &self,
        call: impl Future<Output = Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        let result = call.await;
        match &result {
            Err(StoreError::Conflict { id, .. }) => {
                tracing::warn!(game = id, "write refused: the database holds a newer state");
                self.conflicted.insert(*id, ());
            }
            Err(e) => tracing::error!(error = %e, "storage write failed"),
            Ok(_) => {}
        }
        result
    }

    /// The depth reviews of `variant` search to (a hint searches as deep, so they agree).
    pub(crate) fn review_depth(&self, variant: rules::Variant) -> u32 {
        self.config
            .review_depth
            .unwrap_or_else(|| engine::review::default_depth(variant))
    }

    /// Runs `work` (a search) on the blocking pool once an engine permit is free; `None`
    /// when the pool is closed or the work failed (both logged).
    pub(crate) async fn on_engine<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        let permit = match self.engine_permits.clone().acquire_owned().await {
            Ok(permit) => permit,
            Err(e) => {
                tracing::error!(error = %e, "the engine pool is closed");
                return None;
            }
        };
        let work = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work()
        });
        match work.await {
            Ok(done) => Some(done),
            Err(e) => {
                tracing::error!(error = %e, "the engine's search failed");
                None
            }
        }
    }
}

/// Wakes `game`'s clock timer, if it has one, to look at the game again.
fn wake_timer(timers: &DashMap<GameId, std::sync::Arc<Notify>>, game: GameId) {
    let timer = timers.get(&game).map(|t| std::sync::Arc::clone(&t));
    if let Some(timer) = timer {
        timer.notify_one();
    }
}

/// Notices for the next sweep: reports made at start, and what commands queued for other
/// channels (vacations begun or ended, tournament games started).
#[derive(Default)]
pub(crate) struct Outbox {
    /// Reports made at start (games set aside, turns not yet announced) and what timers
    /// found (a clock run out), with their server: they are worded in its language when
    /// they go out, so a language learnt after the start is the one used.
    startup: Mutex<Vec<(Option<GuildId>, Notice)>>,
    /// Notices queued by commands.
    queued: Mutex<Vec<Notice>>,
    /// Raised when notices are queued, so a front's sweeper posts them at once rather than
    /// at its next tick.
    wake: Notify,
}

impl Outbox {
    /// Keeps the reports made at start for the first sweep.
    pub(crate) fn at_startup(&self, notices: Vec<(Option<GuildId>, Notice)>) {
        lock(&self.startup).extend(notices);
    }

    /// A notice of a server's channel for the next sweep to word in its language, posted at
    /// once: a front waiting to sweep is woken.
    pub(crate) fn queue_placed(&self, guild: Option<GuildId>, notice: Notice) {
        lock(&self.startup).push((guild, notice));
        self.wake.notify_one();
    }

    /// Notices for the next sweep to post; wakes a front waiting to sweep when there are any.
    pub(crate) fn queue(&self, notices: impl IntoIterator<Item = Notice>) {
        let mut queued = lock(&self.queued);
        let before = queued.len();
        queued.extend(notices);
        let added = queued.len() > before;
        drop(queued);
        if added {
            self.wake.notify_one();
        }
    }

    /// Wakes a front waiting to sweep, with nothing queued (turns to post again are due).
    pub(crate) fn wake(&self) {
        self.wake.notify_one();
    }

    /// Returns once notices were queued (or a wake-up raised) since the last call; a
    /// wake-up raised while nobody waits is kept for the next call.
    pub(crate) async fn queued(&self) {
        self.wake.notified().await;
    }

    /// The reports made at start, once, and the notices queued since the last sweep.
    pub(crate) fn take(&self) -> (Vec<(Option<GuildId>, Notice)>, Vec<Notice>) {
        let startup = std::mem::take(&mut *lock(&self.startup));
        let queued = std::mem::take(&mut *lock(&self.queued));
        (startup, queued)
    }
}

/// Locks `mutex`, taking over a poisoned one (what it holds stays consistent: lists only
/// grow or are taken whole).
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
