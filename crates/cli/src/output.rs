//! Writing the files that commands produce (`play --save`, `analyse --html`, `convert -o`,
//! `train --net` with its log and curve, `benchmark --generate`), the one place that decides
//! what may be written over.
//!
//! A path is followed through its symbolic links to the file they name, and only a regular file
//! or a path where nothing is yet is written: a device, a FIFO, a socket or a folder is refused.
//! Writing a whole file replaces it atomically (a temporary file in the target's own folder,
//! then a rename), so a crash leaves the old file whole; the rename happens in the target's
//! folder, never over the link, so a link stays a link. Without this, `--save /dev/null` run as
//! root replaced the system's `/dev/null` with a regular file.

use std::fs::{File, OpenOptions};
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// How many links are followed before giving up, as Linux's own limit (`ELOOP`).
const MAX_LINKS: usize = 40;

/// Why a file could not be written.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// The path names something that is not a regular file: writing would replace or feed it.
    #[error("{} is {}, not a regular file: acey writes only to a regular file or a new one", .path.display(), .kind.described())]
    NotRegular {
        /// The path as given.
        path: PathBuf,
        /// What it is.
        kind: Kind,
    },
    /// Symbolic links that lead to each other, or too many of them.
    #[error("{}: too many levels of symbolic links", .0.display())]
    LinkLoop(PathBuf),
    /// The system refused (no permission, no such folder, disk full...).
    #[error("cannot write {}: {source}", .path.display())]
    Io {
        /// The file being written (the temporary file while writing it).
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
}

impl OutputError {
    /// Whether the user named something acey must not write (exit code 2), as opposed to the
    /// system failing to write where it may.
    pub fn is_usage(&self) -> bool {
        matches!(
            self,
            OutputError::NotRegular { .. } | OutputError::LinkLoop(_)
        )
    }
}

/// What a refused path is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A folder.
    Folder,
    /// A FIFO (named pipe).
    Fifo,
    /// A character or block device (`/dev/null`, a disk).
    Device,
    /// A Unix socket.
    Socket,
    /// Anything else that is not a regular file.
    Other,
}

impl Kind {
    fn of(meta: &std::fs::Metadata) -> Kind {
        let t = meta.file_type();
        if t.is_dir() {
            return Kind::Folder;
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt as _;
            if t.is_fifo() {
                return Kind::Fifo;
            }
            if t.is_char_device() || t.is_block_device() {
                return Kind::Device;
            }
            if t.is_socket() {
                return Kind::Socket;
            }
        }
        Kind::Other
    }

    /// The kind's key for messages in the player's language (`fifo`, `device`...).
    pub fn key(self) -> &'static str {
        match self {
            Kind::Folder => "folder",
            Kind::Fifo => "fifo",
            Kind::Device => "device",
            Kind::Socket => "socket",
            Kind::Other => "other",
        }
    }

    fn described(self) -> &'static str {
        match self {
            Kind::Folder => "a folder",
            Kind::Fifo => "a FIFO (named pipe)",
            Kind::Device => "a device",
            Kind::Socket => "a socket",
            Kind::Other => "a special file",
        }
    }
}

/// The file that writing `path` would write: `path` itself, or the file its symbolic links
/// lead to (which may not exist yet). Refused when that is anything but a regular file.
pub fn target(path: &Path) -> Result<PathBuf, OutputError> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        let meta = match std::fs::symlink_metadata(&current) {
            Ok(meta) => meta,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(current),
            Err(source) => {
                return Err(OutputError::Io {
                    path: current,
                    source,
                })
            }
        };
        if meta.file_type().is_symlink() {
            let link = std::fs::read_link(&current).map_err(|source| OutputError::Io {
                path: current.clone(),
                source,
            })?;
            // A relative link is relative to the folder that holds it.
            current = match current.parent() {
                Some(dir) if link.is_relative() => dir.join(link),
                _ => link,
            };
            continue;
        }
        if meta.is_file() {
            return Ok(current);
        }
        return Err(OutputError::NotRegular {
            path: path.to_path_buf(),
            kind: Kind::of(&meta),
        });
    }
    Err(OutputError::LinkLoop(path.to_path_buf()))
}

/// Writes `bytes` as the whole of `path`, atomically. Returns the file written (the link's
/// target when `path` is a symbolic link).
pub fn write(path: &Path, bytes: &[u8]) -> Result<PathBuf, OutputError> {
    write_with(path, |tmp| {
        let mut file = OpenOptions::new().write(true).truncate(true).open(tmp)?;
        file.write_all(bytes)?;
        file.sync_all()
    })
}

/// Writes the whole of `path` atomically through `fill`, which is given a temporary file's path
/// in the target's folder to write (for writers that want a path, such as plotters). The
/// temporary file takes the permissions of the file it replaces, so a save keeps its mode.
pub fn write_with(
    path: &Path,
    fill: impl FnOnce(&Path) -> std::io::Result<()>,
) -> Result<PathBuf, OutputError> {
    let target = target(path)?;
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = target
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| OutputError::Io { path, source }
    };
    // The extension is kept last: some writers (plotters' bitmaps) choose the format by it.
    let suffix = target.extension().map_or_else(
        || ".tmp".to_string(),
        |e| format!(".tmp.{}", e.to_string_lossy()),
    );
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(&suffix);
    #[cfg(unix)]
    let permissions = {
        use std::os::unix::fs::PermissionsExt as _;
        // An existing file's mode is kept; a new one gets the usual 0666 less the umask.
        std::fs::metadata(&target)
            .map(|m| m.permissions())
            .unwrap_or_else(|_| std::fs::Permissions::from_mode(0o666))
    };
    #[cfg(unix)]
    builder.permissions(permissions);
    let tmp = builder.tempfile_in(&dir).map_err(io(&target))?;
    fill(tmp.path()).map_err(io(tmp.path()))?;
    tmp.persist(&target).map_err(|e| OutputError::Io {
        path: target.clone(),
        source: e.error,
    })?;
    Ok(target)
}

/// Opens `path` for writing from its start, for files written as work goes on (each line as it
/// is settled) where an atomic replace would lose the work done before a crash.
pub fn create(path: &Path) -> Result<File, OutputError> {
    let target = target(path)?;
    OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(&target)
        .map_err(|source| OutputError::Io {
            path: target,
            source,
        })
}

/// Opens `path` to append to it (a log), creating it when missing.
pub fn append(path: &Path) -> Result<File, OutputError> {
    let target = target(path)?;
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(&target)
        .map_err(|source| OutputError::Io {
            path: target,
            source,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_file_is_written_and_a_regular_one_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        assert_eq!(write(&path, b"one").unwrap(), path);
        write(&path, b"two").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
        // No temporary file is left beside it.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn a_relative_link_is_followed_and_stays_a_link() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("real")).unwrap();
        let link = dir.path().join("link.txt");
        std::os::unix::fs::symlink("real/game.txt", &link).unwrap();
        // The target does not exist yet: it is created through the link.
        let written = write(&link, b"saved").unwrap();
        assert_eq!(written, dir.path().join("real/game.txt"));
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read_to_string(&link).unwrap(), "saved");
    }

    #[cfg(unix)]
    #[test]
    fn the_mode_of_a_replaced_file_is_kept() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        std::fs::write(&path, "old").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        write(&path, b"new").unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
    }

    #[test]
    fn a_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let err = write(dir.path(), b"x").unwrap_err();
        assert!(err.is_usage());
        assert!(err.to_string().contains("is a folder"), "{err}");
        assert!(matches!(
            create(dir.path()),
            Err(OutputError::NotRegular {
                kind: Kind::Folder,
                ..
            })
        ));
    }

    #[cfg(unix)]
    #[test]
    fn links_in_a_loop_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a");
        let b = dir.path().join("b");
        std::os::unix::fs::symlink(&b, &a).unwrap();
        std::os::unix::fs::symlink(&a, &b).unwrap();
        assert!(matches!(write(&a, b"x"), Err(OutputError::LinkLoop(_))));
    }
}
