//! Clocks: the arithmetic of two players' time, kept by the server (the time controls are the
//! protocol's, re-exported here).
//!
//! Pure: every function takes the time as unix milliseconds, so the rules of the clock are
//! tested without waiting, and a clock stored at one moment is resumed at another (after a
//! restart) without charging anyone for the time the server was down.

pub use acey_protocol::clock::{TimeControl, TimeControlError, MAX_SECONDS};

/// Both players' time: what each has left and whose is running since when.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Clock {
    /// The control.
    pub control: TimeControl,
    /// Milliseconds left to each seat when its time last stopped (or started).
    pub remaining_ms: [u64; 2],
    /// The seat whose time runs, and since when (unix ms).
    pub running: Option<(usize, u64)>,
}

impl Clock {
    /// A clock at the start of a game: both banks full, nobody's time running.
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            remaining_ms: [control.initial_ms(); 2],
            running: None,
        }
    }

    /// What `seat` has left at `now`.
    pub fn left_ms(&self, seat: usize, now: u64) -> u64 {
        let banked = self.remaining_ms[seat & 1];
        match self.running {
            Some((s, since)) if s == seat => banked.saturating_sub(now.saturating_sub(since)),
            _ => banked,
        }
    }

    /// When the running time reaches zero: the seat and the unix ms.
    pub fn deadline(&self) -> Option<(usize, u64)> {
        self.running
            .map(|(s, since)| (s, since.saturating_add(self.remaining_ms[s])))
    }

    /// Whether the running seat's time is out at `now`.
    pub fn flagged(&self, now: u64) -> Option<usize> {
        self.deadline()
            .filter(|&(_, at)| now >= at)
            .map(|(seat, _)| seat)
    }

    /// Makes `to` (or nobody) the seat whose time runs from `now`. The seat whose time stops
    /// is charged what it used and, under Fischer, given its increment; a seat whose time
    /// starts under a time per turn gets a full turn. Nothing changes when `to` already runs.
    pub fn switch(&mut self, to: Option<usize>, now: u64) {
        if self.running.map(|(s, _)| s) == to {
            return;
        }
        if let Some((s, _)) = self.running {
            let left = self.left_ms(s, now);
            self.remaining_ms[s] = match self.control {
                TimeControl::Fischer { increment, .. } if left > 0 => {
                    left + u64::from(increment) * 1000
                }
                _ => left,
            };
        }
        self.running = to.map(|s| {
            if let TimeControl::PerTurn { seconds } = self.control {
                self.remaining_ms[s] = u64::from(seconds) * 1000;
            }
            (s, now)
        });
    }

    /// The clock as it resumes at `now` after being stored: the running seat's turn starts
    /// again from what it had when its time last started, so no one is charged for the time
    /// between (the server was down).
    pub fn resumed(mut self, now: u64) -> Clock {
        if let Some((s, _)) = self.running {
            self.running = Some((s, now));
        }
        self
    }
}

/// Unix milliseconds now.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// The time now in unix seconds, as the store keeps dates.
pub fn now_secs() -> i64 {
    (now_ms() / 1000) as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fischer_charges_the_mover_and_adds_the_increment() {
        let mut c = Clock::new(TimeControl::parse("1+5").unwrap());
        c.switch(Some(0), 1_000);
        assert_eq!(c.left_ms(0, 11_000), 50_000);
        assert_eq!(c.left_ms(1, 11_000), 60_000);
        c.switch(Some(1), 11_000);
        assert_eq!(c.remaining_ms, [55_000, 60_000]);
        assert_eq!(c.deadline(), Some((1, 71_000)));
        assert_eq!(c.flagged(70_999), None);
        assert_eq!(c.flagged(71_000), Some(1));
        // A flag is not undone by an increment.
        c.switch(Some(0), 80_000);
        assert_eq!(c.remaining_ms[1], 0);
    }

    #[test]
    fn a_time_per_turn_starts_full_each_turn() {
        let mut c = Clock::new(TimeControl::PerTurn { seconds: 10 });
        c.switch(Some(0), 0);
        c.switch(Some(1), 4_000);
        assert_eq!(c.remaining_ms[0], 6_000);
        c.switch(Some(0), 5_000);
        assert_eq!(c.left_ms(0, 5_000), 10_000);
        // Switching to the seat already running changes nothing.
        c.switch(Some(0), 9_000);
        assert_eq!(c.left_ms(0, 9_000), 6_000);
        c.switch(None, 9_000);
        assert_eq!(c.running, None);
    }

    #[test]
    fn a_resumed_clock_charges_nothing_for_the_time_it_was_stored() {
        let mut c = Clock::new(TimeControl::parse("1+0").unwrap());
        c.switch(Some(1), 1_000);
        let stored = c;
        let back = stored.resumed(1_000_000);
        assert_eq!(back.left_ms(1, 1_000_000), 60_000);
        assert_eq!(back.deadline(), Some((1, 1_060_000)));
    }
}
