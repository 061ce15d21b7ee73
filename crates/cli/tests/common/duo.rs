//! Two `acey play --online --plain` terminals in one game, each answering its own prompts as a
//! person at a script would: the first legal play (`play 1`), the first double offered, `ok`
//! for a complete play, `roll` at the cube. Their output is read in turn, so neither blocks
//! the other.

use std::time::{Duration, Instant};

use super::Running;

/// One terminal and what it made.
pub struct Player {
    /// The process.
    pub t: Running,
    /// The name it plays under, as its own lines write it.
    pub name: String,
    /// Plays of this side the terminal was told were made: its own echoes (`NAME plays ...`)
    /// and intents sent as the connection dropped that the rejoin found made.
    pub made: usize,
    /// Prompts answered.
    pub answered: usize,
}

impl Player {
    /// A terminal playing as `name`.
    pub fn new(t: Running, name: &str) -> Player {
        Player {
            t,
            name: name.to_string(),
            made: 0,
            answered: 0,
        }
    }

    /// Reads one line if it comes within `wait` and answers it if it is this side's prompt;
    /// returns the line.
    pub fn pump(&mut self, wait: Duration) -> Option<String> {
        let line = self.t.poll_line(wait)?;
        if line.starts_with(&format!("{} plays ", self.name))
            || line.contains(", sent as the connection dropped, was made.")
        {
            self.made += 1;
        }
        let answer = if line.starts_with("> your move") || line.starts_with("> so far") {
            Some("play 1".to_string())
        } else if let Some(list) = line.strip_prefix("> name a double: ") {
            list.split(", ").next().map(str::to_string)
        } else if line.starts_with("> your play") {
            Some("ok".to_string())
        } else if line.starts_with("> your turn") {
            Some("roll".to_string())
        } else {
            None
        };
        if let Some(a) = answer {
            self.answered += 1;
            // The terminal may have gone (a test that kills it); what it read says so.
            let _ = self.t.try_send(&a);
        }
        Some(line)
    }
}

/// Lets both terminals play until `done` holds, for at most `limit`; panics with both outputs
/// otherwise. `what` says what was waited for.
pub fn play_until(
    a: &mut Player,
    b: &mut Player,
    what: &str,
    limit: Duration,
    done: impl Fn(&Player, &Player) -> bool,
) {
    let deadline = Instant::now() + limit;
    while !done(a, b) {
        assert!(
            Instant::now() < deadline,
            "not {what} in time;\n{}:\n{}\n\n{}:\n{}",
            a.name,
            a.t.seen.join("\n"),
            b.name,
            b.t.seen.join("\n")
        );
        while a.pump(Duration::from_millis(20)).is_some() {}
        while b.pump(Duration::from_millis(20)).is_some() {}
    }
}

/// Reads `p`'s lines (answering its prompts) until one satisfies `want`; returns it.
pub fn until(p: &mut Player, what: &str, limit: Duration, want: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + limit;
    loop {
        assert!(
            Instant::now() < deadline,
            "no line {what} from {} in time:\n{}",
            p.name,
            p.t.seen.join("\n")
        );
        if let Some(line) = p.pump(Duration::from_millis(50)) {
            if want(&line) {
                return line;
            }
        }
    }
}
