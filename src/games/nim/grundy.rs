//! Grundy values of a subtraction set and their period: the values `g(0..=N)` of a pile under a
//! set S, and where they settle into a cycle (module docs of [`super`]).

use crate::analysis::grundy::{Periodicity, repeating_run};

/// How far the period search looks before giving up.
pub const PERIOD_SEARCH_LIMIT: usize = 1 << 20;

/// Grundy values `g(0..=limit)` for the subtraction set `set` (sorted, positive).
///
/// Time O(limit · |S|), memory 4 bytes per value.
///
/// ```
/// use gamelab::games::nim::grundy_values;
/// assert_eq!(grundy_values(&[1, 2, 3], 8), vec![0, 1, 2, 3, 0, 1, 2, 3, 0]);
/// ```
pub fn grundy_values(set: &[u64], limit: usize) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::with_capacity(limit + 1);
    let mut seen = vec![false; set.len() + 1];
    for k in 0..=limit {
        seen.iter_mut().for_each(|flag| *flag = false);
        for &s in set.iter().take_while(|&&s| s as usize <= k) {
            // A mex over |S| values is at most |S|.
            if let Some(flag) = seen.get_mut(values[k - s as usize] as usize) {
                *flag = true;
            }
        }
        values.push(seen.iter().position(|&flag| !flag).unwrap_or(set.len()) as u32);
    }
    values
}

/// The least period (and its preperiod) of the Grundy values of `set`, if one shows up within
/// the search limit. A period `p` is certified when the last `max S` values before the search
/// limit, and everything from the preperiod on, repeat `p` places later (module docs).
///
/// ```
/// use gamelab::analysis::grundy::Periodicity;
/// use gamelab::games::nim::periodicity;
/// assert_eq!(periodicity(&[1, 2, 3]), Some(Periodicity { preperiod: 0, period: 4 }));
/// assert_eq!(periodicity(&[1, 3, 4]), Some(Periodicity { preperiod: 0, period: 7 }));
/// ```
pub fn periodicity(set: &[u64]) -> Option<Periodicity> {
    let window = usize::try_from(*set.iter().max()?).ok()?;
    if window > PERIOD_SEARCH_LIMIT / 4 {
        return None; // no window of that length fits in the search
    }
    let mut limit = 256usize.max(4 * window);
    while limit <= PERIOD_SEARCH_LIMIT {
        if let Some(found) = repeating_run(&grundy_values(set, limit), window) {
            return Some(found);
        }
        limit *= 2;
    }
    None
}

/// A period of the Grundy values and the values up to its first cycle's end.
pub(crate) type Cycle = (Periodicity, Vec<u32>);

/// Runs `read` on the period of `set` (`None`: none within the search) and its first cycle.
/// The last set asked is remembered per thread, so that a sweep over N with one set searches
/// it once per thread rather than once per N.
pub(crate) fn with_period<T>(set: &[u64], read: impl FnOnce(Option<&Cycle>) -> T) -> T {
    thread_local! {
        static LAST: std::cell::RefCell<Option<(Vec<u64>, Option<Cycle>)>> =
            const { std::cell::RefCell::new(None) };
    }
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        if last.as_ref().is_none_or(|(known, _)| known != set) {
            let found = periodicity(set).map(|found| {
                let cycle = grundy_values(set, found.preperiod + found.period);
                (found, cycle)
            });
            *last = Some((set.to_vec(), found));
        }
        read(last.as_ref().and_then(|(_, found)| found.as_ref()))
    })
}
