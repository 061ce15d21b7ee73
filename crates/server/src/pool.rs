//! The bot pool: bot moves, hints and other heavy work run here, a bounded number at a time, on
//! threads of their own, so that no number of bot games or hint requests can take the cores the
//! games themselves need.
//!
//! The queue is first come, first served (one channel), and each game has at most one bot
//! move waiting at a time (its room runs one bot task), so games take turns: thirty games against
//! the strongest level each wait for the others' one move, not for all of their moves.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};

type Job = Box<dyn FnOnce() + Send>;

/// A bounded pool of threads for CPU-heavy work, first come first served.
///
/// The threads are the pool's own and run at a lower scheduling priority (nice 10 on Linux), so
/// that when bots keep every thread busy the threads that serve the games still get a core the
/// moment they have something to do: a bot's move may wait, a person's move does not.
pub struct BotPool {
    jobs: mpsc::Sender<Job>,
    counts: Arc<Counts>,
}

#[derive(Default)]
struct Counts {
    waiting: AtomicUsize,
    running: AtomicUsize,
}

/// Lowers the calling thread's priority (Linux: a thread's nice value is its own).
pub(crate) fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        let _ = rustix::process::setpriority_process(Some(rustix::thread::gettid()), 10);
    }
}

impl BotPool {
    /// A pool of `threads` threads (at least one). They end when the pool is dropped.
    pub fn new(threads: usize) -> BotPool {
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for i in 0..threads.max(1) {
            let queue = Arc::clone(&queue);
            let spawned = std::thread::Builder::new()
                .name(format!("acey-bot-{i}"))
                .spawn(move || {
                    lower_priority();
                    loop {
                        // The lock is held only while taking the next job.
                        let next = queue.lock().unwrap_or_else(|e| e.into_inner()).recv();
                        match next {
                            Ok(job) => job(),
                            Err(_) => return, // the pool is gone
                        }
                    }
                });
            if let Err(e) = spawned {
                tracing::error!(error = %e, "could not start a bot thread");
            }
        }
        BotPool {
            jobs,
            counts: Arc::new(Counts::default()),
        }
    }

    /// Runs `job` on one of the pool's threads once one is free; `None` if it panicked or the
    /// pool has no thread.
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        let (done, result) = tokio::sync::oneshot::channel();
        let counts = Arc::clone(&self.counts);
        counts.waiting.fetch_add(1, Ordering::Relaxed);
        let sent = self.jobs.send(Box::new(move || {
            counts.waiting.fetch_sub(1, Ordering::Relaxed);
            counts.running.fetch_add(1, Ordering::Relaxed);
            let out = catch_unwind(AssertUnwindSafe(job)).ok();
            counts.running.fetch_sub(1, Ordering::Relaxed);
            let _ = done.send(out);
        }));
        if sent.is_err() {
            self.counts.waiting.fetch_sub(1, Ordering::Relaxed);
            return None;
        }
        result.await.ok().flatten()
    }

    /// Jobs waiting for a thread.
    pub fn waiting(&self) -> usize {
        self.counts.waiting.load(Ordering::Relaxed)
    }

    /// Jobs running now.
    pub fn running(&self) -> usize {
        self.counts.running.load(Ordering::Relaxed)
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

    #[tokio::test]
    async fn a_job_that_panics_is_none_and_the_pool_goes_on() {
        let pool = BotPool::new(1);
        let bad: Option<u8> = pool.run(|| panic!("a bug in a bot")).await;
        assert_eq!(bad, None);
        assert_eq!(pool.run(|| 7).await, Some(7));
    }
}
