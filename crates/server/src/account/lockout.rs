//! Failed logins counted per account, so that guessing one account's password from many
//! addresses meets a limit too (200 wrong passwords for one account from 20 addresses all ran
//! when only addresses were counted).
//!
//! Every attempt on an account from a browser not known to it ([`super::device`]) counts before
//! its password is checked (so that attempts made at once cannot all slip in before the first
//! failure is counted); a success forgets them. After `most` attempts the account refuses such
//! attempts for `lockout`, then takes `most` again. The owner is never locked out for good by a
//! stranger: sessions already open go on, a browser that has logged in to the account before
//! gets past the lock, and the lock ends by itself.
//!
//! The counts live in the memory of each node: several nodes behind a balancer each allow
//! `most` per `lockout`.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Accounts counted before old entries are swept (so that the map stays small).
const SWEEP_AT: usize = 4096;

struct Entry {
    attempts: u32,
    last: Instant,
    locked_until: Option<Instant>,
}

/// The attempts on each account.
pub struct Lockout {
    entries: Mutex<HashMap<i64, Entry>>,
    most: u32,
    lockout: Duration,
}

impl Lockout {
    /// `most` attempts (at least one), then `lockout` refused.
    pub fn new(most: u32, lockout: Duration) -> Lockout {
        Lockout {
            entries: Mutex::new(HashMap::new()),
            most: most.max(1),
            lockout,
        }
    }

    /// Counts an attempt on `account`, or says how long the account stays locked.
    pub fn attempt(&self, account: i64) -> Result<(), Duration> {
        let now = Instant::now();
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if entries.len() >= SWEEP_AT {
            let lockout = self.lockout;
            entries.retain(|_, e| {
                e.locked_until.is_some_and(|t| t > now) || now.duration_since(e.last) < lockout
            });
        }
        let e = entries.entry(account).or_insert(Entry {
            attempts: 0,
            last: now,
            locked_until: None,
        });
        if let Some(until) = e.locked_until {
            if until > now {
                return Err(until - now);
            }
            e.locked_until = None;
            e.attempts = 0;
        }
        // Attempts long ago are forgotten: a typo a month cannot add up to a lock.
        if now.duration_since(e.last) >= self.lockout {
            e.attempts = 0;
        }
        e.attempts += 1;
        e.last = now;
        if e.attempts >= self.most {
            e.locked_until = Some(now + self.lockout);
        }
        Ok(())
    }

    /// The right password was given: the account's attempts are forgotten.
    pub fn succeeded(&self, account: i64) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries.remove(&account);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_account_locks_after_its_attempts_and_opens_again() {
        let l = Lockout::new(3, Duration::from_millis(200));
        assert!(l.attempt(1).is_ok() && l.attempt(1).is_ok() && l.attempt(1).is_ok());
        let wait = l.attempt(1).unwrap_err();
        assert!(wait <= Duration::from_millis(200) && wait > Duration::ZERO);
        assert!(l.attempt(2).is_ok(), "another account is not touched");
        std::thread::sleep(Duration::from_millis(250));
        assert!(l.attempt(1).is_ok(), "the lock ends by itself");
        l.succeeded(1);
        for _ in 0..3 {
            assert!(l.attempt(1).is_ok(), "a success forgets the attempts");
        }
        assert!(l.attempt(1).is_err());
    }
}
