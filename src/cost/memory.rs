//! Large allocations that fail with a message, never an abort: the tables that a budget raised
//! past what the machine gives would otherwise take the process down.

use crate::base::error::InputError;
use crate::cost::bytes;
use std::collections::TryReserveError;

/// A vector of `len` copies of `value`, or an error naming `what` when the allocator refuses it
/// (a budget raised past what the machine, or its address-space limit, gives): the large tables
/// go through here so that a failed allocation is a message, never an abort.
///
/// The room is asked for first and given back, then the vector made as `vec!` makes it: for a
/// zero value that is a zeroed allocation whose pages are only touched when written (a table
/// filled by half takes half its size in memory), where filling it here would touch them all.
pub fn try_filled<T: Clone>(len: usize, value: T, what: &str) -> Result<Vec<T>, InputError> {
    let mut room: Vec<T> = Vec::new();
    reserve(&mut room, len, what)?;
    drop(room);
    Ok(vec![value; len])
}

/// Reserves room for `additional` more elements in `vector`, or says that the memory for
/// `what` could not be had (see [`try_filled`]).
pub fn reserve<T>(vector: &mut Vec<T>, additional: usize, what: &str) -> Result<(), InputError> {
    vector
        .try_reserve_exact(additional)
        .map_err(|error| out_of_memory(what, additional, std::mem::size_of::<T>(), error))
}

/// The error of an allocation of `len` elements of `size` bytes for `what` that failed (the
/// allocator's own error says nothing more).
pub fn out_of_memory(what: &str, len: usize, size: usize, _refused: TryReserveError) -> InputError {
    InputError::OutOfMemory {
        what: what.to_string(),
        bytes: bytes((len as u128).saturating_mul(size as u128)),
    }
}
