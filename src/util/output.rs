//! Output files that appear whole or not at all. Every file the library or the command line
//! writes is first written to a hidden temporary file in the same folder
//! (`.gamelab-partial-<pid>-<k>-<name>`, keeping the extension so that writers that pick a
//! format by it still work) and renamed over the target once complete: a failed or interrupted
//! run leaves the previous file, if any, untouched and never a partial one.
//!
//! A command that writes several files (a CSV and a chart) reserves them all before it starts
//! ([`Staged::new`]: the temporary file is created at once, so a missing folder or a read-only
//! one is refused before any work) and puts them in place together once every one is written
//! ([`commit_all`]): a run that fails on its second file leaves the first file's previous
//! version too.
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

/// Why a file cannot be written at `path`, in words that name it (and never the temporary
/// file): its folder is missing, or is not a folder, or the system's own reason.
fn cannot_write(path: &Path, error: io::Error) -> io::Error {
    let folder = path
        .parent()
        .filter(|parent| !parent.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let reason = match std::fs::metadata(folder) {
        Err(_) => format!("its folder '{}' does not exist", folder.display()),
        Ok(metadata) if !metadata.is_dir() => {
            format!("'{}' is not a folder", folder.display())
        }
        Ok(_) => error.to_string(),
    };
    io::Error::new(
        error.kind(),
        format!("cannot write '{}': {reason}", path.display()),
    )
}

/// A write error on the file at `path`, naming it.
fn naming(path: &Path, error: io::Error) -> io::Error {
    io::Error::new(
        error.kind(),
        format!("cannot write '{}': {error}", path.display()),
    )
}

/// A file reserved for writing: a hidden temporary file beside it, created at once (which proves
/// the folder is there and writable) and put in place by [`Staged::commit`] or [`commit_all`];
/// dropped uncommitted, the temporary file is deleted and the target left as it was. A target
/// that is a device or a pipe is written directly (see the module docs).
#[derive(Debug)]
pub struct Staged {
    /// The file as the user named it.
    path: PathBuf,
    /// The temporary file and the file it becomes; `None` when writing a device directly.
    rename: Option<(PathBuf, PathBuf)>,
}

impl Staged {
    /// Reserves `path`: creates its temporary file now, or says (naming `path`) why it cannot.
    pub fn new(path: &Path) -> io::Result<Staged> {
        let Some(target) = rename_target(path) else {
            // A device: check it opens for writing, and write it directly later.
            std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(|error| cannot_write(path, error))?;
            return Ok(Staged {
                path: path.to_path_buf(),
                rename: None,
            });
        };
        let temporary = temporary_beside(&target);
        match File::create(&temporary) {
            Ok(_) => Ok(Staged {
                path: path.to_path_buf(),
                rename: Some((temporary, target)),
            }),
            Err(error) => {
                discard(&temporary);
                Err(cannot_write(path, error))
            }
        }
    }

    /// The file as the user named it.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Where to write now: the temporary file (or the device).
    pub fn writing_path(&self) -> &Path {
        match &self.rename {
            Some((temporary, _)) => temporary,
            None => &self.path,
        }
    }

    /// Opens [`Staged::writing_path`] for writing, from the start; errors name the file.
    pub fn open(&self) -> io::Result<File> {
        File::create(self.writing_path()).map_err(|error| naming(&self.path, error))
    }

    /// Puts the file in place.
    pub fn commit(mut self) -> io::Result<()> {
        match self.rename.take() {
            Some((temporary, target)) => {
                complete(&temporary, &target).map_err(|error| naming(&self.path, error))
            }
            None => Ok(()),
        }
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if let Some((temporary, _)) = self.rename.take() {
            discard(&temporary);
        }
    }
}

/// Puts every staged file in place, in order: all of them are written by now, so only a rename
/// can fail, and then the files not yet in place are left as they were (their temporary files
/// deleted) and the error names the file.
pub fn commit_all(files: Vec<Staged>) -> io::Result<()> {
    let mut files = files.into_iter();
    for file in files.by_ref() {
        file.commit()?;
    }
    Ok(())
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
    abandon(&mut unfinished());
}

/// [`abandon_unfinished`] unless the list is held right now (by the thread calling this, say,
/// when an allocation failed while a path was being listed): for ending the process from a place
/// that must not wait. Returns whether the files were deleted.
pub fn try_abandon_unfinished() -> bool {
    match UNFINISHED.try_lock() {
        Ok(mut list) => {
            abandon(&mut list);
            true
        }
        Err(std::sync::TryLockError::Poisoned(poisoned)) => {
            abandon(&mut poisoned.into_inner());
            true
        }
        Err(std::sync::TryLockError::WouldBlock) => false,
    }
}

fn abandon(list: &mut Unfinished) {
    list.abandoned = true;
    for path in list.paths.drain(..) {
        let _ = std::fs::remove_file(path);
    }
}

/// A file being written: buffered writes to a temporary file, which [`OutputFile::finish`]
/// renames to the target. Dropped without `finish` (an error on the way), it is deleted. Every
/// write error names the file.
pub struct OutputFile {
    writer: Option<BufWriter<File>>,
    staged: Staged,
}

impl OutputFile {
    /// Starts writing `path` (the file itself appears on [`OutputFile::finish`]).
    pub fn create(path: &Path) -> io::Result<OutputFile> {
        OutputFile::on(Staged::new(path)?)
    }

    /// Starts writing a file reserved before.
    pub fn on(staged: Staged) -> io::Result<OutputFile> {
        Ok(OutputFile {
            writer: Some(BufWriter::new(staged.open()?)),
            staged,
        })
    }

    /// The file's final path.
    pub fn path(&self) -> &Path {
        self.staged.path()
    }

    /// Flushes the file and puts it in place.
    pub fn finish(self) -> io::Result<()> {
        self.written()?.commit()
    }

    /// Flushes and closes the file, leaving it staged: for [`commit_all`] with the others.
    pub fn written(mut self) -> io::Result<Staged> {
        if let Some(writer) = self.writer.take() {
            writer
                .into_inner()
                .map_err(|error| naming(self.staged.path(), error.into_error()))?;
        }
        Ok(self.staged)
    }
}

impl Write for OutputFile {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match &mut self.writer {
            Some(writer) => writer
                .write(bytes)
                .map_err(|error| naming(self.staged.path(), error)),
            None => Err(io::Error::other("the file is already finished")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.writer {
            Some(writer) => writer
                .flush()
                .map_err(|error| naming(self.staged.path(), error)),
            None => Ok(()),
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
    let staged = Staged::new(path)?;
    write(staged.writing_path())?;
    staged.commit().map_err(E::from)
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
