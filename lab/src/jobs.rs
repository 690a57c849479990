//! Numbered jobs (the games of a match, of self-play) run a few at a time, each on a thread of
//! its own, their results handed one at a time to a sink that may stop the rest.

use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};

/// Runs jobs `0..jobs` on `threads` threads (at least one), calling `sink` with each job's
/// number and result in the order they finish. The first error, or a sink that breaks, stops
/// the jobs not yet begun; the jobs under way finish.
pub(crate) fn run<T, E: Send>(
    jobs: u32,
    threads: usize,
    work: impl Fn(u32) -> Result<T, E> + Sync,
    sink: &mut (dyn FnMut(u32, T) -> ControlFlow<()> + Send),
) -> Result<(), E> {
    let next = AtomicU32::new(0);
    let shared = Mutex::new((sink, None::<E>));
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let n = next.fetch_add(1, Ordering::Relaxed);
                    if n >= jobs {
                        return;
                    }
                    let done = work(n);
                    let mut guard = shared.lock().unwrap_or_else(|e| e.into_inner());
                    let (sink, error) = &mut *guard;
                    let flow = match done {
                        Ok(result) => (*sink)(n, result),
                        Err(e) => {
                            error.get_or_insert(e);
                            ControlFlow::Break(())
                        }
                    };
                    if flow.is_break() {
                        next.store(jobs, Ordering::Relaxed);
                        return;
                    }
                }
            });
        }
    });
    let (_, error) = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    error.map_or(Ok(()), Err)
}
