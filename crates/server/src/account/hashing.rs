//! The line for password hashing. An argon2id hash takes 19 MiB and tens of milliseconds of CPU
//! on purpose, so a flood of logins hashed all at once takes the server's memory (100 at once
//! took it from 410 MB to 1,881 MB). Hashes run at most `at_once` at a time (as many as there
//! are cores, by default) on the blocking threads, with at most `queue` more waiting their turn;
//! past that a request is refused at once (the caller answers 503 with `Retry-After`) rather
//! than queued without end.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use tokio::sync::Semaphore;

/// Why a hash was not made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HashingError {
    /// Every hashing place is taken and the line is full: try again in a moment.
    #[error("the server is busy checking passwords: try again in a moment")]
    Busy,
    /// The hashing thread failed (a panic in the hash).
    #[error("the password could not be checked: {0}")]
    Failed(String),
}

/// The hashing places and the line in front of them.
#[derive(Debug)]
pub struct Hashing {
    running: Arc<Semaphore>,
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
    /// At most `at_once` hashes at a time (at least one), and at most `queue` more waiting.
    pub fn new(at_once: usize, queue: usize) -> Hashing {
        let at_once = at_once.max(1);
        Hashing {
            running: Arc::new(Semaphore::new(at_once)),
            inside: Arc::new(AtomicUsize::new(0)),
            most: at_once + queue,
        }
    }

    /// Requests running or waiting now.
    pub fn inside(&self) -> usize {
        self.inside.load(Ordering::Acquire)
    }

    /// Runs `hash` on a blocking thread once a place is free, or refuses at once when the line
    /// is full. The place is held until the hash is done, even if the caller stops waiting (a
    /// client that hangs up cannot start more hashes than the places).
    pub async fn run<T: Send + 'static>(
        &self,
        hash: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, HashingError> {
        let most = self.most;
        self.inside
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < most).then_some(n + 1)
            })
            .map_err(|_| HashingError::Busy)?;
        let inside = Inside(Arc::clone(&self.inside));
        let permit = Arc::clone(&self.running)
            .acquire_owned()
            .await
            .map_err(|e| HashingError::Failed(e.to_string()))?;
        tokio::task::spawn_blocking(move || {
            let out = hash();
            drop(permit);
            drop(inside);
            out
        })
        .await
        .map_err(|e| HashingError::Failed(e.to_string()))
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
                h.run(move || {
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
        assert!(hashing.run(|| 7).await == Ok(7));
    }
}
