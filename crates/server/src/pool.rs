//! The bot pool: bot moves, hints and other heavy work run here, a bounded number at a time, on
//! threads of their own, so that no number of bot games or hint requests can take the cores the
//! games themselves need.
//!
//! The queue is first come, first served (a fair semaphore), and each game has at most one bot
//! move waiting at a time (its room runs one bot task), so games take turns: thirty games against
//! the strongest level each wait for the others' one move, not for all of their moves.

use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::sync::Semaphore;

/// A bounded pool of threads for CPU-heavy work.
pub struct BotPool {
    slots: Semaphore,
    waiting: AtomicUsize,
    running: AtomicUsize,
}

impl BotPool {
    /// A pool running at most `threads` jobs at once (at least one).
    pub fn new(threads: usize) -> BotPool {
        BotPool {
            slots: Semaphore::new(threads.max(1)),
            waiting: AtomicUsize::new(0),
            running: AtomicUsize::new(0),
        }
    }

    /// Runs `job` on a blocking thread once a slot is free; `None` if it panicked or the pool
    /// is closing.
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        self.waiting.fetch_add(1, Ordering::Relaxed);
        let permit = self.slots.acquire().await;
        self.waiting.fetch_sub(1, Ordering::Relaxed);
        let _permit = permit.ok()?;
        self.running.fetch_add(1, Ordering::Relaxed);
        let out = tokio::task::spawn_blocking(job).await.ok();
        self.running.fetch_sub(1, Ordering::Relaxed);
        out
    }

    /// Jobs waiting for a slot.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::Relaxed)
    }

    /// Jobs running now.
    pub fn running(&self) -> usize {
        self.running.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::time::Duration;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn no_more_than_the_pool_runs_at_once() {
        let pool = Arc::new(BotPool::new(2));
        let busy = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let jobs: Vec<_> = (0..8)
            .map(|i| {
                let (pool, busy, most) = (pool.clone(), busy.clone(), most.clone());
                tokio::spawn(async move {
                    pool.run(move || {
                        let now = busy.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_millis(20));
                        busy.fetch_sub(1, Ordering::SeqCst);
                        i
                    })
                    .await
                })
            })
            .collect();
        let mut done = Vec::new();
        for j in jobs {
            done.push(j.await.unwrap().unwrap());
        }
        assert_eq!(done, (0..8).collect::<Vec<_>>());
        assert_eq!(most.load(Ordering::SeqCst), 2);
        assert_eq!((pool.waiting(), pool.running()), (0, 0));
    }
}
