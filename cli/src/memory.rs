//! The allocator of the command-line tool: the system's, with one difference — an allocation the
//! system refuses ends the process with status 2 and one line, instead of Rust's abort (status
//! 134 and a core dump).
//!
//! The large tables are reserved with `try_reserve` where they are made (`gamelab::cost`'s
//! helpers), so their failures are ordinary errors; this catches every other allocation. It can
//! only fail when a budget was raised past what the system gives (`--max-memory` above the
//! machine's memory, or an address-space limit such as `ulimit -v` below the budget): within the
//! budgets, requests are refused before they allocate.

use std::alloc::{GlobalAlloc, Layout, System};
use std::fmt::Write;
use std::sync::atomic::{AtomicBool, Ordering};

/// The system allocator, ending the process cleanly when it refuses.
pub struct Guarded;

#[global_allocator]
static ALLOCATOR: Guarded = Guarded;

/// Set once an allocation has failed: a second failure (while reporting the first) ends the
/// process at once.
static FAILED: AtomicBool = AtomicBool::new(false);

// SAFETY: every method forwards to `System`, which upholds `GlobalAlloc`'s contract; a null
// result never returns to the caller (the process ends).
unsafe impl GlobalAlloc for Guarded {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded with the caller's layout.
        let pointer = unsafe { System.alloc(layout) };
        if pointer.is_null() {
            refused(layout.size());
        }
        pointer
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded with the caller's layout.
        let pointer = unsafe { System.alloc_zeroed(layout) };
        if pointer.is_null() {
            refused(layout.size());
        }
        pointer
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        // SAFETY: forwarded; `pointer` came from this allocator with `layout`.
        unsafe { System.dealloc(pointer, layout) }
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        // SAFETY: forwarded with the caller's arguments.
        let moved = unsafe { System.realloc(pointer, layout, size) };
        if moved.is_null() {
            refused(size);
        }
        moved
    }
}

/// The line a second failure ends with (see [`refused`]): it needs no memory.
const FALLBACK: &str = "error: the system refused memory (a limit such as ulimit -v, or a memory \
budget raised past what the machine has); use a smaller instance or a lower --max-memory\n";

/// Reports an allocation of `bytes` the system refused and ends the process with status 2,
/// after deleting the output files being written. Nothing here allocates but the deletion:
/// when one allocation fails, the next small one often does too.
fn refused(bytes: usize) -> ! {
    if FAILED.swap(true, Ordering::SeqCst) {
        // Another thread is reporting the first failure and ends the process in a moment (on
        // 2 threads both often fail together), or this thread failed again while deleting the
        // files. Leave the other thread time to write its line, then end with one that needs
        // no memory.
        let pause = libc::timespec {
            tv_sec: 1,
            tv_nsec: 0,
        };
        // SAFETY: sleeps, writes a static string to stderr and ends the process.
        unsafe {
            libc::nanosleep(&pause, std::ptr::null_mut());
            libc::write(2, FALLBACK.as_ptr().cast(), FALLBACK.len());
            libc::_exit(2)
        }
    }
    // Small allocations still succeed after a large one failed, as a rule: the files can be
    // deleted (a failure there lands in the branch above; a list held by the failing thread is
    // left alone rather than waited for).
    gamelab::util::output::try_abandon_unfinished();
    let mut line = StackLine::default();
    let _ = write!(
        line,
        "error: the system refused {} of memory",
        gamelab::cost::Bytes(bytes as u128)
    );
    // The refused allocation is often a small one, the last of many: the memory in use is
    // what says how much the request took.
    if let Some(in_use) = address_space_in_use() {
        let _ = write!(line, " with {} in use", gamelab::cost::Bytes(in_use));
    }
    let _ = writeln!(
        line,
        " (a limit such as ulimit -v, or a memory budget raised past what the machine has); use \
         a smaller instance or a lower --max-memory"
    );
    // SAFETY: writes a buffer this frame owns to stderr, then ends the process.
    unsafe {
        libc::write(2, line.text.as_ptr().cast(), line.len);
        libc::_exit(2)
    }
}

/// The process's address space in bytes (the first field of `/proc/self/statm`, in pages: what
/// `ulimit -v` limits), read without allocating; `None` where there is no such file.
fn address_space_in_use() -> Option<u128> {
    let mut text = [0u8; 128];
    // SAFETY: opens a NUL-terminated path, reads into a buffer this frame owns, closes it.
    let read = unsafe {
        let file = libc::open(c"/proc/self/statm".as_ptr(), libc::O_RDONLY);
        if file < 0 {
            return None;
        }
        let read = libc::read(file, text.as_mut_ptr().cast(), text.len());
        libc::close(file);
        read
    };
    let text = text.get(..usize::try_from(read).ok()?)?;
    let pages = text
        .iter()
        .take_while(|byte| byte.is_ascii_digit())
        .try_fold(0u128, |pages, digit| {
            pages.checked_mul(10)?.checked_add(u128::from(digit - b'0'))
        })?;
    // SAFETY: sysconf only reads a system setting.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    Some(pages * u128::try_from(page).ok()?)
}

/// A line formatted on the stack: what does not fit is cut off.
struct StackLine {
    text: [u8; 512],
    len: usize,
}

impl Default for StackLine {
    fn default() -> Self {
        StackLine {
            text: [0; 512],
            len: 0,
        }
    }
}

impl std::fmt::Write for StackLine {
    fn write_str(&mut self, piece: &str) -> std::fmt::Result {
        let room = self.text.len() - self.len;
        let taken = piece.len().min(room);
        self.text[self.len..self.len + taken].copy_from_slice(&piece.as_bytes()[..taken]);
        self.len += taken;
        Ok(())
    }
}
