//! The line for password hashing. An argon2id hash takes 19 MiB and tens of milliseconds of CPU
//! on purpose, so a flood of logins hashed all at once takes the server's memory (100 at once
//! took it from 410 MB to 1,881 MB). Hashes run on `at_once` threads of their own (as many as
//! there are cores, by default), each hashing in the same memory every time, with at most
//! `queue` more waiting their turn;
//! past that a request is refused at once (the caller answers 503 with `Retry-After`) rather
//! than queued without end.

use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};

use super::password::Scratch;

/// Why a hash was not made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HashingError {
    /// Every hashing place is taken and the line is full: try again in a moment.
    #[error("the server is busy checking passwords: try again in a moment")]
    Busy,
    /// The hash failed (a panic in it) or the hashing threads are gone.
    #[error("the password could not be checked: {0}")]
    Failed(String),
}

/// A hash to make, in a hashing thread's memory.
type Job = Box<dyn FnOnce(&mut Scratch) + Send>;

/// The hashing threads and the line in front of them.
#[derive(Debug)]
pub struct Hashing {
    jobs: mpsc::Sender<Job>,
    /// Requests running or waiting.
    inside: Arc<AtomicUsize>,
    most: usize,
}

/// One request's place inside (running or waiting); freed when dropped.
struct Inside(Arc<AtomicUsize>);

impl Drop for Inside {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Hashing {
    /// `at_once` hashing threads (at least one), and at most `queue` more requests waiting.
    /// Each thread takes its hash memory at its first hash and keeps it, so the hashes take at
    /// most `at_once` times 19 MiB however many are made; the threads end with the `Hashing`.
    pub fn new(at_once: usize, queue: usize) -> Hashing {
        let at_once = at_once.max(1);
        let (jobs, line) = mpsc::channel::<Job>();
        let line = Arc::new(Mutex::new(line));
        for i in 0..at_once {
            let line = Arc::clone(&line);
            let spawned = std::thread::Builder::new()
                .name(format!("acey-hash-{i}"))
                .spawn(move || {
                    let mut scratch: Option<Scratch> = None;
                    loop {
                        // The lock is held only while waiting for the next job.
                        let job = line.lock().unwrap_or_else(|p| p.into_inner()).recv();
                        let Ok(job) = job else { return };
                        let scratch = scratch.get_or_insert_with(Scratch::new);
                        // A panicking hash fails its own request (its answer is dropped), not
                        // the thread.
                        let _ = std::panic::catch_unwind(AssertUnwindSafe(|| job(scratch)));
                    }
                });
            if let Err(e) = spawned {
                tracing::error!("could not start a password hashing thread: {e}");
            }
        }
        Hashing {
            jobs,
            inside: Arc::new(AtomicUsize::new(0)),
            most: at_once + queue,
        }
    }

    /// Requests running or waiting now.
    pub fn inside(&self) -> usize {
        self.inside.load(Ordering::Acquire)
    }

    /// Runs `hash` on a hashing thread once one is free, or refuses at once when the line is
    /// full. The place is held until the hash is done, even if the caller stops waiting (a
    /// client that hangs up cannot start more hashes than the threads).
    pub async fn run<T: Send + 'static>(
        &self,
        hash: impl FnOnce(&mut Scratch) -> T + Send + 'static,
    ) -> Result<T, HashingError> {
        let most = self.most;
        self.inside
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < most).then_some(n + 1)
            })
            .map_err(|_| HashingError::Busy)?;
        let inside = Inside(Arc::clone(&self.inside));
        let (answer, answered) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move |scratch| {
            let out = hash(scratch);
            drop(inside);
            let _ = answer.send(out);
        });
        let gone = || HashingError::Failed("the hashing threads are gone".into());
        self.jobs.send(job).map_err(|_| gone())?;
        answered
            .await
            .map_err(|_| HashingError::Failed("the hash failed".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn at_most_the_places_run_and_past_the_line_requests_are_refused() {
        let hashing = Arc::new(Hashing::new(2, 3));
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let mut tasks = Vec::new();
        for _ in 0..10 {
            let (h, running, most) = (hashing.clone(), running.clone(), most.clone());
            tasks.push(tokio::spawn(async move {
                h.run(move |_| {
                    let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(300));
                    running.fetch_sub(1, Ordering::SeqCst);
                })
                .await
            }));
            // In order: the first five take the places and the line.
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let mut refused = 0;
        for t in tasks {
            match t.await.unwrap() {
                Ok(()) => {}
                Err(HashingError::Busy) => refused += 1,
                Err(e) => panic!("{e}"),
            }
        }
        assert_eq!(refused, 5, "2 places and 3 in line, of 10");
        assert_eq!(most.load(Ordering::SeqCst), 2);
        assert_eq!(hashing.inside(), 0, "every place freed");
        assert!(hashing.run(|_| 7).await == Ok(7));
        let failed = hashing.run(|_| -> u8 { panic!("in a hash") }).await;
        assert!(matches!(failed, Err(HashingError::Failed(_))));
        assert_eq!(hashing.inside(), 0, "a failed hash frees its place");
        assert!(
            hashing.run(|_| 8).await == Ok(8),
            "and its thread hashes on"
        );
    }
}
