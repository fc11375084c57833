//! The allocator of the command-line tool: the system's, with one difference — an allocation the
//! system refuses ends the process with status 2 and one line, instead of Rust's abort (status
//! 134 and a core dump).
//!
//! The large tables are reserved with `try_reserve` where they are made (`gamelab::budget`'s
//! helpers), so their failures are ordinary errors; this catches every other allocation. It can
//! only fail when a budget was raised past what the system gives (`--max-memory` above the
//! machine's memory, or an address-space limit such as `ulimit -v` below the budget): within the
//! budgets, requests are refused before they allocate.

use std::alloc::{GlobalAlloc, Layout, System};
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

/// Reports an allocation of `bytes` the system refused and ends the process with status 2,
/// after deleting the output files being written.
fn refused(bytes: usize) -> ! {
    if FAILED.swap(true, Ordering::SeqCst) {
        // SAFETY: ends the process; nothing else is touched.
        unsafe { libc::_exit(2) }
    }
    // Small allocations still succeed after a large one failed, as a rule: the files can be
    // deleted (a failure there lands in the branch above; a list held by the failing thread is
    // left alone rather than waited for).
    gamelab::output::try_abandon_unfinished();
    let message = format!(
        "error: the system refused {} of memory (a limit such as ulimit -v, or a memory budget \
         raised past what the machine has); use a smaller instance or a lower --max-memory\n",
        gamelab::budget::bytes(bytes as u128)
    );
    // SAFETY: writes a buffer this frame owns to stderr, then ends the process.
    unsafe {
        libc::write(2, message.as_ptr().cast(), message.len());
        libc::_exit(2)
    }
}
