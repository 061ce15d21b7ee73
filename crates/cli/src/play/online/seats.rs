//! The seats the online client holds, kept on disk so that a player who quits, loses the
//! connection for good or restarts the terminal can go back to their game: one token per server
//! and game in `seats.json` under the user's data folder ([`crate::play::save::data_dir`]).
//!
//! A seat token opens a seat (docs/protocol.md, "Seats"), so the file is written owner-only
//! (0600, in a 0700 folder) and atomically: a temporary file in the same folder, then renamed
//! over the old one, so a crash never leaves half a file. A file that cannot be read or makes no
//! sense is reported once and replaced by a fresh store: losing the list of seats costs a
//! resume, never the program. Each change reads the file again first, so two clients of one
//! user mostly keep each other's seats.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::i18n::t;

/// One seat kept: enough to join it again and to list it for a person.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptSeat {
    /// The server, as [`super::Endpoint::http_url`] writes it.
    pub server: String,
    /// The game's id.
    pub game: String,
    /// The seat's secret token.
    pub token: String,
    /// The seat held (0 or 1).
    pub seat: usize,
    /// Both players' names when the seat was taken (`X`, `O` for an empty seat).
    pub players: [String; 2],
    /// The game's rule string.
    pub rules: String,
}

/// A change the client asks of the kept seats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeatNote {
    /// A seat was taken (or taken again with a new token): keep it.
    Keep(KeptSeat),
    /// The game on this server is finished, or the seat is no longer this player's.
    Forget {
        /// The server.
        server: String,
        /// The game's id.
        game: String,
    },
}

/// The file's content.
#[derive(Debug, Default, Serialize, Deserialize)]
struct File {
    seats: Vec<KeptSeat>,
}

/// The kept seats and where they live.
#[derive(Debug, Default)]
pub struct SeatStore {
    /// `None` where there is no data folder (no `HOME`): seats are then kept in memory only.
    path: Option<PathBuf>,
    seats: Vec<KeptSeat>,
}

impl SeatStore {
    /// The store in the user's data folder, with a warning (in the player's language) when its
    /// file could not be read.
    pub fn open() -> (SeatStore, Option<String>) {
        match crate::play::save::data_dir() {
            Some(dir) => SeatStore::at(dir.join("seats.json")),
            None => (SeatStore::default(), Some(t!("term-seats-nowhere"))),
        }
    }

    /// The store in `path` (a missing file is an empty store).
    pub fn at(path: PathBuf) -> (SeatStore, Option<String>) {
        let (seats, warning) = match read(&path) {
            Ok(seats) => (seats, None),
            Err(reason) => (
                Vec::new(),
                Some(t!(
                    "term-seats-unreadable",
                    file = path.display().to_string(),
                    reason = reason
                )),
            ),
        };
        (
            SeatStore {
                path: Some(path),
                seats,
            },
            warning,
        )
    }

    /// The seats kept for `server`, oldest first.
    pub fn of_server(&self, server: &str) -> Vec<KeptSeat> {
        self.seats
            .iter()
            .filter(|s| s.server == server)
            .cloned()
            .collect()
    }

    /// Keeps `seat` (replacing the one kept for its server and game); says why when it could
    /// not be written.
    pub fn remember(&mut self, seat: KeptSeat) -> Result<(), String> {
        self.change(|seats| {
            seats.retain(|s| !(s.server == seat.server && s.game == seat.game));
            seats.push(seat.clone());
        })
    }

    /// Forgets the seat of `game` on `server` (a finished game's).
    pub fn forget(&mut self, server: &str, game: &str) -> Result<(), String> {
        if !self
            .seats
            .iter()
            .any(|s| s.server == server && s.game == game)
        {
            return Ok(());
        }
        self.change(|seats| seats.retain(|s| !(s.server == server && s.game == game)))
    }

    /// Carries out the client's notes; returns a warning for each change that could not be
    /// written (the game goes on: only a later resume is at stake).
    pub fn apply(&mut self, notes: &[SeatNote]) -> Vec<String> {
        notes
            .iter()
            .filter_map(|n| {
                match n {
                    SeatNote::Keep(seat) => self.remember(seat.clone()),
                    SeatNote::Forget { server, game } => self.forget(server, game),
                }
                .err()
            })
            .collect()
    }

    /// Applies `edit` to what the file holds now (another client of this user may have written
    /// it since), and writes the result.
    fn change(&mut self, edit: impl Fn(&mut Vec<KeptSeat>)) -> Result<(), String> {
        let Some(path) = &self.path else {
            edit(&mut self.seats);
            return Ok(());
        };
        if let Ok(now) = read(path) {
            self.seats = now;
        }
        edit(&mut self.seats);
        write(path, &self.seats).map_err(|e| {
            t!(
                "term-seats-unwritable",
                file = path.display().to_string(),
                reason = e.to_string()
            )
        })
    }
}

/// The seats in `path`; a missing file holds none.
fn read(path: &Path) -> Result<Vec<KeptSeat>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(crate::i18n::io_reason(&e)),
    };
    serde_json::from_str::<File>(&text)
        .map(|f| f.seats)
        .map_err(|e| e.to_string())
}

/// Writes the seats to `path` through a temporary file renamed over it, owner-only.
fn write(path: &Path, seats: &[KeptSeat]) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)?;
    // tempfile creates the file readable and writable by its owner only.
    let mut tmp = tempfile::Builder::new()
        .prefix(".seats-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    let json = serde_json::to_vec_pretty(&File {
        seats: seats.to_vec(),
    })
    .map_err(std::io::Error::other)?;
    tmp.write_all(&json)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(server: &str, game: &str) -> KeptSeat {
        KeptSeat {
            server: server.into(),
            game: game.into(),
            token: format!("token-of-{game}"),
            seat: 1,
            players: ["anna".into(), "bert".into()],
            rules: "american".into(),
        }
    }

    #[test]
    fn seats_are_kept_per_server_and_game_and_forgotten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("deeper").join("seats.json");
        let (mut store, warning) = SeatStore::at(path.clone());
        assert!(warning.is_none());
        store.remember(seat("http://a", "g1")).unwrap();
        store.remember(seat("http://a", "g2")).unwrap();
        store.remember(seat("http://b", "g1")).unwrap();
        let mut again = seat("http://a", "g1");
        again.token = "new".into();
        store.remember(again).unwrap();
        let (store, _) = SeatStore::at(path.clone());
        let a = store.of_server("http://a");
        assert_eq!(a.len(), 2);
        assert_eq!(a[1].token, "new", "the newer token replaces the older");
        let (mut store, _) = SeatStore::at(path.clone());
        store.forget("http://a", "g2").unwrap();
        let (store, _) = SeatStore::at(path.clone());
        assert_eq!(store.of_server("http://a").len(), 1);
        assert_eq!(store.of_server("http://b").len(), 1);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "owner-only file");
            let mode = std::fs::metadata(path.parent().unwrap())
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o700, "owner-only folder");
        }
        // No temporary file is left behind.
        let names: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("seats.json")]);
    }

    #[test]
    fn a_corrupt_file_is_reported_and_replaced_by_a_fresh_store() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("seats.json");
        std::fs::write(&path, "{\"seats\": [{\"game\": 3").unwrap();
        let (mut store, warning) = SeatStore::at(path.clone());
        let warning = warning.expect("a warning");
        assert!(warning.contains("seats.json"), "{warning}");
        assert!(store.of_server("http://a").is_empty());
        store.remember(seat("http://a", "g1")).unwrap();
        let (store, warning) = SeatStore::at(path);
        assert!(warning.is_none());
        assert_eq!(store.of_server("http://a").len(), 1);
    }
}
