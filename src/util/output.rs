//! Output files that appear whole or not at all. Every file the library or the command line
//! writes is first written to a hidden temporary file in the same folder
//! (`.gamelab-partial-<pid>-<k>-<name>`, keeping the extension so that writers that pick a
//! format by it still work) and renamed over the target once complete: a failed or interrupted
//! run leaves the previous file, if any, untouched and never a partial one.
//!
//! A command that writes several files (a CSV and a chart, a report's folder) reserves them all
//! before it starts ([`Staged::new`]: the temporary file is created at once, so a missing folder,
//! a read-only one or a read-only file is refused before any work) and puts them in place
//! together once every one is written ([`commit_all`]): the files being replaced are first moved
//! aside, so that if any rename fails every file is put back as it was, the first ones too.
//!
//! A replaced file keeps its permission bits, and its owner and group where the system allows
//! it: a `chmod 600` CSV stays private when a sweep rewrites it. A file with no write permission
//! is refused rather than replaced. No temporary file outlives the command: a write or a rename
//! that fails deletes it.
//!
//! A target that exists and is not a regular file (`/dev/null`, `/dev/stdout`, a named pipe) is
//! written directly: it cannot be partial, and renaming over it would replace it. A symbolic
//! link is followed, so the file it names is replaced (or created, for a link to no file yet),
//! not the link.
//!
//! The temporary files still being written are listed process-wide, so that a Ctrl-C handler
//! can delete them before the process ends ([`abandon_unfinished`]), with any folder made for
//! them that is still empty ([`MadeFolder`]); after that call no file is renamed into place any
//! more.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// The temporary files being written, the folders made for outputs still to come, and whether
/// the process is ending without them.
struct Unfinished {
    paths: Vec<PathBuf>,
    folders: Vec<PathBuf>,
    abandoned: bool,
}

static UNFINISHED: Mutex<Unfinished> = Mutex::new(Unfinished {
    paths: Vec::new(),
    folders: Vec::new(),
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

/// Where to write `path` through a temporary file: the path to rename over (a link's target,
/// existing or not), or `None` to write `path` directly (a device or pipe). A loop of links is
/// the system's error.
fn rename_target(path: &Path) -> io::Result<Option<PathBuf>> {
    match std::fs::metadata(path) {
        Ok(metadata) if !metadata.is_file() => Ok(None),
        Ok(_) => Ok(Some(
            std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()),
        )),
        // A link to no file: the file it names is created, as a shell's `>` would.
        Err(error) if std::fs::symlink_metadata(path).is_ok() => {
            link_end(path).map(Some).ok_or(error)
        }
        Err(_) => Ok(Some(path.to_path_buf())),
    }
}

/// The path at the end of the chain of links that starts at `path` (`path` itself if it is no
/// link), each link read relative to its own folder; `None` for a chain longer than Linux
/// follows (40 links), which is a loop.
fn link_end(path: &Path) -> Option<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..=40 {
        match std::fs::read_link(&current) {
            Ok(next) => {
                current = match current.parent() {
                    Some(folder) => folder.join(next),
                    None => next,
                }
            }
            Err(_) => return Some(current),
        }
    }
    None
}

/// Where a file written at `path` ends up: the file at the end of its links, its folder's links
/// resolved too, whether or not the file exists yet. Two paths with one destination name one
/// file.
pub fn destination(path: &Path) -> PathBuf {
    if let Ok(resolved) = std::fs::canonicalize(path) {
        return resolved;
    }
    let end = link_end(path).unwrap_or_else(|| path.to_path_buf());
    let folder = match end.parent().filter(|folder| !folder.as_os_str().is_empty()) {
        Some(folder) => folder
            .canonicalize()
            .unwrap_or_else(|_| folder.to_path_buf()),
        None => std::env::current_dir().unwrap_or_default(),
    };
    folder.join(end.file_name().unwrap_or_default())
}

/// A hidden name beside `path` for a file of this process: `.gamelab-KIND-<pid>-<k>-<name>`.
fn temporary_name(path: &Path, kind: &str) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |name| name.to_string_lossy());
    let k = NEXT_TEMPORARY.fetch_add(1, Ordering::Relaxed);
    path.with_file_name(format!(".gamelab-{kind}-{}-{k}-{name}", std::process::id()))
}

/// A temporary path beside `path`, registered as unfinished.
fn temporary_beside(path: &Path, kind: &str) -> PathBuf {
    let temporary = temporary_name(path, kind);
    unfinished().paths.push(temporary.clone());
    temporary
}

/// Why a file cannot be written at `path`, in words that name it (and never the temporary
/// file): the folder it goes in is missing, or is not a folder, or the system's own reason.
/// `target` is where the file goes: `path`, or the file at the end of the links `path` starts.
fn cannot_write(path: &Path, target: &Path, error: io::Error) -> io::Error {
    let folder = target
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
    let named = if is_link(path) {
        format!("'{}' (a link to '{}')", path.display(), target.display())
    } else {
        format!("'{}'", path.display())
    };
    io::Error::new(error.kind(), format!("cannot write {named}: {reason}"))
}

/// Whether `path` is a symbolic link (not followed), whether or not it leads anywhere.
fn is_link(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|metadata| metadata.file_type().is_symlink())
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
    /// Reserves `path`: creates its temporary file now, or says (naming `path`) why it cannot:
    /// an empty path, a missing or read-only folder, a file that may not be written.
    pub fn new(path: &Path) -> io::Result<Staged> {
        if path.as_os_str().is_empty() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "cannot write '': an empty path names no file",
            ));
        }
        let Some(target) = rename_target(path).map_err(|error| cannot_write(path, path, error))?
        else {
            // A device: check it opens for writing, and write it directly later.
            std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(|error| cannot_write(path, path, error))?;
            return Ok(Staged {
                path: path.to_path_buf(),
                rename: None,
            });
        };
        refuse_read_only(path, &target)?;
        let temporary = temporary_beside(&target, "partial");
        match File::create(&temporary) {
            Ok(_) => Ok(Staged {
                path: path.to_path_buf(),
                rename: Some((temporary, target)),
            }),
            Err(error) => {
                discard(&temporary);
                Err(cannot_write(path, &target, error))
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

    /// Puts the file in place (see [`commit_all`]).
    pub fn commit(self) -> io::Result<()> {
        commit_all(vec![self])
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if let Some((temporary, _)) = self.rename.take() {
            discard(&temporary);
        }
    }
}

/// Puts every staged file in place, all or none: all of them are written by now, so only a
/// rename can fail, and then every file is left as it was — those already in place too, whose
/// previous versions were moved aside first — and the error names the file. A replaced file
/// keeps its permission bits (and owner, where allowed). Ctrl-C waits for the renames to end
/// (they hold the list of unfinished files), so an interrupt never leaves half of them.
pub fn commit_all(mut files: Vec<Staged>) -> io::Result<()> {
    let renames: Vec<(PathBuf, PathBuf, PathBuf)> = files
        .iter_mut()
        .filter_map(|file| {
            let (temporary, target) = file.rename.take()?;
            Some((file.path.clone(), temporary, target))
        })
        .collect();
    let mut list = unfinished();
    list.paths
        .retain(|path| !renames.iter().any(|(_, temporary, _)| temporary == path));
    if list.abandoned {
        for (_, temporary, _) in &renames {
            let _ = std::fs::remove_file(temporary);
        }
        return Err(io::Error::new(io::ErrorKind::Interrupted, "interrupted"));
    }
    // One file is replaced by one rename, which cannot half happen: nothing to move aside.
    let keep_previous = renames.len() > 1;
    let mut placed: Vec<(PathBuf, Option<PathBuf>)> = Vec::new();
    for (index, (path, temporary, target)) in renames.iter().enumerate() {
        match place(temporary, target, keep_previous) {
            Ok(previous) => placed.push((target.clone(), previous)),
            Err(error) => {
                for (_, unplaced, _) in &renames[index..] {
                    let _ = std::fs::remove_file(unplaced);
                }
                undo(placed);
                return Err(naming(path, error));
            }
        }
    }
    for previous in placed.into_iter().filter_map(|(_, previous)| previous) {
        let _ = std::fs::remove_file(previous);
    }
    Ok(())
}

/// Renames `temporary` over `target`, with the permissions of the file it replaces; with
/// `keep_previous`, that file is first moved aside, and its new name returned for [`undo`].
fn place(temporary: &Path, target: &Path, keep_previous: bool) -> io::Result<Option<PathBuf>> {
    let previous = match std::fs::metadata(target) {
        Ok(metadata) if metadata.is_file() => {
            keep_permissions(temporary, &metadata)?;
            keep_previous.then(|| temporary_name(target, "previous"))
        }
        _ => None,
    };
    if let Some(previous) = &previous {
        std::fs::rename(target, previous)?;
    }
    if let Err(error) = std::fs::rename(temporary, target) {
        if let Some(previous) = &previous {
            let _ = std::fs::rename(previous, target);
        }
        return Err(error);
    }
    Ok(previous)
}

/// Puts back what [`place`] replaced, last first: a previous file over the new one, or the new
/// file deleted where there was none.
fn undo(placed: Vec<(PathBuf, Option<PathBuf>)>) {
    for (target, previous) in placed.into_iter().rev() {
        let _ = match previous {
            Some(previous) => std::fs::rename(previous, &target),
            None => std::fs::remove_file(&target),
        };
    }
}

/// Gives `temporary` the owner and group of the file it replaces (where the system allows: a
/// user may only give a file to a group of their own) and its permission bits, the owner first
/// since a change of owner may clear some bits.
fn keep_permissions(temporary: &Path, replaced: &std::fs::Metadata) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let _ = std::os::unix::fs::chown(temporary, Some(replaced.uid()), Some(replaced.gid()));
    }
    std::fs::set_permissions(temporary, replaced.permissions())
}

/// Refuses to replace a regular file at `target` (named `path` by the user) that may not be
/// written: one without any write permission (refused even where the system would let this
/// process replace it, as it lets root), or one this process cannot open for writing.
fn refuse_read_only(path: &Path, target: &Path) -> io::Result<()> {
    let read_only = std::fs::metadata(target).is_ok_and(|metadata| {
        metadata.is_file()
            && (metadata.permissions().readonly()
                || std::fs::OpenOptions::new()
                    .write(true)
                    .open(target)
                    .is_err())
    });
    if read_only {
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            format!(
                "cannot write '{}': the file is read-only (make it writable, e.g. chmod u+w, \
                 or write another file)",
                path.display()
            ),
        ));
    }
    Ok(())
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
    // Last made first; only an empty folder goes.
    for folder in list.folders.drain(..).rev() {
        let _ = std::fs::remove_dir(folder);
    }
}

/// A folder made for a command's outputs (a report's), listed while they are written: a run
/// that fails or is interrupted before they are in place removes it again if it is still
/// empty, so that the run leaves nothing behind. Dropped, it stops being listed and is kept.
#[derive(Debug)]
pub struct MadeFolder {
    path: PathBuf,
}

impl MadeFolder {
    /// Makes `path` (and any missing folders above it, which stay) and lists it.
    pub fn create(path: &Path) -> io::Result<MadeFolder> {
        std::fs::create_dir_all(path)?;
        unfinished().folders.push(path.to_path_buf());
        Ok(MadeFolder {
            path: path.to_path_buf(),
        })
    }

    /// Removes the folder if it is empty (the outputs were not put in place).
    pub fn remove_if_empty(self) {
        let _ = std::fs::remove_dir(&self.path);
    }
}

impl Drop for MadeFolder {
    fn drop(&mut self) {
        unfinished().folders.retain(|folder| *folder != self.path);
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
        assert!(is_link(&dir.join("link.txt")));
        assert_eq!(
            std::fs::read_to_string(dir.join("real.txt")).unwrap(),
            "new"
        );
        // A relative link to a file not made yet, through a second link: the file is made
        // where the chain ends, and both links stay.
        std::fs::create_dir_all(dir.join("inner")).unwrap();
        std::os::unix::fs::symlink("inner/hop.txt", dir.join("first.txt")).unwrap();
        std::os::unix::fs::symlink("made.txt", dir.join("inner/hop.txt")).unwrap();
        write_file(&dir.join("first.txt"), "made").unwrap();
        assert_eq!(
            std::fs::read_to_string(dir.join("inner/made.txt")).unwrap(),
            "made"
        );
        for link in ["first.txt", "inner/hop.txt"] {
            assert!(is_link(&dir.join(link)), "{link}");
        }
        // A link into a folder that does not exist says so, naming both.
        std::os::unix::fs::symlink("gone/file.txt", dir.join("astray.txt")).unwrap();
        let error = write_file(&dir.join("astray.txt"), "x")
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("astray.txt' (a link to '") && error.ends_with("gone' does not exist"),
            "{error}"
        );
        // A loop of links is refused with the system's reason, and the links stay.
        std::os::unix::fs::symlink("loop-b", dir.join("loop-a")).unwrap();
        std::os::unix::fs::symlink("loop-a", dir.join("loop-b")).unwrap();
        let error = write_file(&dir.join("loop-a"), "x")
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("loop-a") && error.contains("symbolic links"),
            "{error}"
        );
        assert!(is_link(&dir.join("loop-a")));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_empty_path_is_refused_and_leaves_no_temporary_file() {
        let error = Staged::new(Path::new("")).unwrap_err();
        assert_eq!(
            error.to_string(),
            "cannot write '': an empty path names no file"
        );
        let error = write_through(Path::new(""), |temporary: &Path| {
            std::fs::write(temporary, "picture")
        })
        .unwrap_err();
        assert!(error.to_string().contains("empty path"), "{error}");
    }

    #[test]
    fn a_rename_that_fails_puts_every_file_back_and_deletes_the_temporary_ones() {
        let dir = folder().join("all-or-none");
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("b.txt"), "old").unwrap();
        let mut b = OutputFile::create(&dir.join("b.txt")).unwrap();
        b.write_all(b"new").unwrap();
        let mut c = OutputFile::create(&dir.join("c.txt")).unwrap();
        c.write_all(b"new").unwrap();
        let a = OutputFile::create(&dir.join("sub").join("a.txt")).unwrap();
        let files = vec![
            b.written().unwrap(),
            c.written().unwrap(),
            a.written().unwrap(),
        ];
        // The last file's folder goes away before the renames: its rename fails.
        std::fs::remove_dir_all(dir.join("sub")).unwrap();
        let error = commit_all(files).unwrap_err();
        assert!(error.to_string().contains("a.txt"), "{error}");
        assert_eq!(std::fs::read_to_string(dir.join("b.txt")).unwrap(), "old");
        assert_eq!(names(&dir), ["b.txt"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_permissions_and_a_read_only_one_is_refused() {
        use std::os::unix::fs::PermissionsExt;
        let dir = folder().join("permissions");
        std::fs::create_dir_all(&dir).unwrap();
        let private = dir.join("private.csv");
        std::fs::write(&private, "old").unwrap();
        std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o600)).unwrap();
        write_file(&private, "new").unwrap();
        let mode = std::fs::metadata(&private).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        assert_eq!(std::fs::read_to_string(&private).unwrap(), "new");

        let locked = dir.join("locked.csv");
        std::fs::write(&locked, "old").unwrap();
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o444)).unwrap();
        let error = write_file(&locked, "new").unwrap_err();
        assert!(
            error.to_string().starts_with(&format!(
                "cannot write '{}': the file is read-only",
                locked.display()
            )),
            "{error}"
        );
        assert_eq!(std::fs::read_to_string(&locked).unwrap(), "old");
        assert_eq!(names(&dir), ["locked.csv", "private.csv"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
