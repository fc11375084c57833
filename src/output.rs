//! Output files that appear whole or not at all. Every file the library or the command line
//! writes is first written to a hidden temporary file in the same folder
//! (`.gamelab-partial-<pid>-<k>-<name>`, keeping the extension so that writers that pick a
//! format by it still work) and renamed over the target once complete: a failed or interrupted
//! run leaves the previous file, if any, untouched and never a partial one.
//!
//! A target that exists and is not a regular file (`/dev/null`, `/dev/stdout`, a named pipe) is
//! written directly: it cannot be partial, and renaming over it would replace it. A symbolic
//! link is followed, so the file it names is replaced, not the link.
//!
//! The temporary files still being written are listed process-wide, so that a Ctrl-C handler
//! can delete them before the process ends ([`abandon_unfinished`]); after that call no file is
//! renamed into place any more.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// The temporary files being written, and whether the process is ending without them.
struct Unfinished {
    paths: Vec<PathBuf>,
    abandoned: bool,
}

static UNFINISHED: Mutex<Unfinished> = Mutex::new(Unfinished {
    paths: Vec::new(),
    abandoned: false,
});

/// Distinguishes the temporary files of one process.
static NEXT_TEMPORARY: AtomicU64 = AtomicU64::new(0);

fn unfinished() -> std::sync::MutexGuard<'static, Unfinished> {
    // A panic while the list was held leaves it usable: it is only a list of paths.
    UNFINISHED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Where to write `path` through a temporary file: the path to rename over (a link's target),
/// or `None` to write `path` directly (a device or pipe).
fn rename_target(path: &Path) -> Option<PathBuf> {
    match std::fs::metadata(path) {
        Ok(metadata) if !metadata.is_file() => None,
        Ok(_) => Some(std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())),
        Err(_) => Some(path.to_path_buf()),
    }
}

/// A temporary path beside `path`, registered as unfinished.
fn temporary_beside(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |name| name.to_string_lossy());
    let k = NEXT_TEMPORARY.fetch_add(1, Ordering::Relaxed);
    let temporary = path.with_file_name(format!(
        ".gamelab-partial-{}-{k}-{name}",
        std::process::id()
    ));
    unfinished().paths.push(temporary.clone());
    temporary
}

/// Renames `temporary` over `path` (unless the process is being interrupted) and forgets it.
fn complete(temporary: &Path, path: &Path) -> io::Result<()> {
    let mut list = unfinished();
    list.paths.retain(|p| p != temporary);
    if list.abandoned {
        let _ = std::fs::remove_file(temporary);
        return Err(io::Error::new(io::ErrorKind::Interrupted, "interrupted"));
    }
    std::fs::rename(temporary, path)
}

/// Deletes `temporary` and forgets it.
fn discard(temporary: &Path) {
    unfinished().paths.retain(|p| p != temporary);
    let _ = std::fs::remove_file(temporary);
}

/// Deletes every temporary file still being written and makes sure none is renamed into place
/// afterwards: for a handler that ends the process on Ctrl-C.
pub fn abandon_unfinished() {
    let mut list = unfinished();
    list.abandoned = true;
    for path in list.paths.drain(..) {
        let _ = std::fs::remove_file(path);
    }
}

/// A file being written: buffered writes to a temporary file, which [`OutputFile::finish`]
/// renames to the target. Dropped without `finish` (an error on the way), it is deleted.
pub struct OutputFile {
    writer: Option<BufWriter<File>>,
    /// The temporary file and the path it becomes; `None` when writing a device directly.
    rename: Option<(PathBuf, PathBuf)>,
    path: PathBuf,
}

impl OutputFile {
    /// Starts writing `path` (the file itself appears on [`OutputFile::finish`]).
    pub fn create(path: &Path) -> io::Result<OutputFile> {
        let Some(target) = rename_target(path) else {
            return Ok(OutputFile {
                writer: Some(BufWriter::new(File::create(path)?)),
                rename: None,
                path: path.to_path_buf(),
            });
        };
        let temporary = temporary_beside(&target);
        match File::create(&temporary) {
            Ok(file) => Ok(OutputFile {
                writer: Some(BufWriter::new(file)),
                rename: Some((temporary, target)),
                path: path.to_path_buf(),
            }),
            Err(error) => {
                discard(&temporary);
                Err(error)
            }
        }
    }

    /// The file's final path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Flushes the file and puts it in place.
    pub fn finish(mut self) -> io::Result<()> {
        if let Some(writer) = self.writer.take() {
            let file = writer
                .into_inner()
                .map_err(io::IntoInnerError::into_error)?;
            drop(file);
        }
        match &self.rename {
            Some((temporary, target)) => complete(temporary, target),
            None => Ok(()),
        }
    }
}

impl Write for OutputFile {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match &mut self.writer {
            Some(writer) => writer.write(bytes),
            None => Err(io::Error::other("the file is already finished")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.writer {
            Some(writer) => writer.flush(),
            None => Ok(()),
        }
    }
}

impl Drop for OutputFile {
    fn drop(&mut self) {
        if self.writer.take().is_some()
            && let Some((temporary, _)) = &self.rename
        {
            discard(temporary);
        }
    }
}

/// Writes `bytes` to `path`, whole or not at all.
pub fn write_file(path: &Path, bytes: impl AsRef<[u8]>) -> io::Result<()> {
    let mut file = OutputFile::create(path)?;
    file.write_all(bytes.as_ref())?;
    file.finish()
}

/// Lets `write` produce the file through a path (for writers that open files themselves: the
/// chart backends, Graphviz): it writes to a temporary path beside `path`, which is renamed to
/// `path` if `write` succeeds and deleted otherwise.
pub fn write_through<E: From<io::Error>>(
    path: &Path,
    write: impl FnOnce(&Path) -> Result<(), E>,
) -> Result<(), E> {
    let Some(target) = rename_target(path) else {
        return write(path);
    };
    let temporary = temporary_beside(&target);
    match write(&temporary) {
        Ok(()) => complete(&temporary, &target).map_err(E::from),
        Err(error) => {
            discard(&temporary);
            Err(error)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder() -> PathBuf {
        let dir = std::env::temp_dir().join(format!("gamelab-output-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_file_appears_only_when_finished_and_an_unfinished_one_leaves_nothing() {
        let dir = folder().join("whole");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("rows.csv");
        let mut file = OutputFile::create(&path).unwrap();
        file.write_all(b"a,b\n").unwrap();
        assert!(!path.exists(), "the target appears only on finish");
        file.finish().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "a,b\n");

        let mut dropped = OutputFile::create(&path).unwrap();
        dropped.write_all(b"partial").unwrap();
        drop(dropped);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "a,b\n");
        assert_eq!(names(&dir), ["rows.csv"]);

        let failed: Result<(), io::Error> = write_through(&dir.join("chart.svg"), |temporary| {
            std::fs::write(temporary, "half")?;
            Err(io::Error::other("drawing failed"))
        });
        assert!(failed.is_err());
        assert_eq!(names(&dir), ["rows.csv"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn devices_are_written_directly_and_links_are_followed() {
        let mut null = OutputFile::create(Path::new("/dev/null")).unwrap();
        null.write_all(b"gone").unwrap();
        null.finish().unwrap();
        assert!(!std::fs::metadata("/dev/null").unwrap().is_file());

        let dir = folder().join("links");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("real.txt"), "old").unwrap();
        std::os::unix::fs::symlink(dir.join("real.txt"), dir.join("link.txt")).unwrap();
        write_file(&dir.join("link.txt"), "new").unwrap();
        assert!(
            std::fs::symlink_metadata(dir.join("link.txt"))
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(
            std::fs::read_to_string(dir.join("real.txt")).unwrap(),
            "new"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
