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
    periodicity_up_to(set, PERIOD_SEARCH_LIMIT).unwrap_or(None)
}

/// [`periodicity`] searching values only up to `most`: `Some(found)` when the search is settled
/// (a period found, or none can be), `None` when it stopped at `most` undecided. The same
/// windows are searched in the same order, so a period found is the one the whole search finds.
fn periodicity_up_to(set: &[u64], most: usize) -> Option<Option<Periodicity>> {
    let Some(window) = set.iter().max().and_then(|&max| usize::try_from(max).ok()) else {
        return Some(None);
    };
    if window > PERIOD_SEARCH_LIMIT / 4 {
        return Some(None); // no window of that length fits in the search
    }
    let mut limit = 256usize.max(4 * window);
    while limit <= PERIOD_SEARCH_LIMIT.min(most) {
        if let Some(found) = repeating_run(&grundy_values(set, limit), window) {
            return Some(Some(found));
        }
        limit *= 2;
    }
    (most >= PERIOD_SEARCH_LIMIT).then_some(None)
}

/// Moves a cost estimate may try to settle a set's period before it is costed ([`known_period`]):
/// a few hundred microseconds.
const QUICK_SEARCH_MOVES: usize = 1 << 16;

/// The period of `set` if it is known or found within [`QUICK_SEARCH_MOVES`] (and then
/// remembered as [`with_period`] remembers it): `Some(found)` when settled, `None` when only the
/// whole search (costed by its caller) can tell. For cost estimates, which must take
/// microseconds whatever the set.
pub(crate) fn known_period(set: &[u64]) -> Option<Option<Periodicity>> {
    let remembered = LAST.with(|last| {
        let last = last.borrow();
        let (known, found) = last.as_ref()?;
        (known == set).then(|| found.as_ref().map(|(found, _)| *found))
    });
    if remembered.is_some() {
        return remembered;
    }
    let found = periodicity_up_to(set, QUICK_SEARCH_MOVES / set.len().max(1))?;
    if found.is_some() {
        with_period(set, |_| ());
    }
    Some(found)
}

/// A period of the Grundy values and the values up to its first cycle's end.
pub(crate) type Cycle = (Periodicity, Vec<u32>);

thread_local! {
    /// The last set whose period was asked on this thread, with its period and first cycle.
    static LAST: std::cell::RefCell<Option<(Vec<u64>, Option<Cycle>)>> =
        const { std::cell::RefCell::new(None) };
}

/// Runs `read` on the period of `set` (`None`: none within the search) and its first cycle.
/// The last set asked is remembered per thread, so that a sweep over N with one set searches
/// it once per thread rather than once per N.
pub(crate) fn with_period<T>(set: &[u64], read: impl FnOnce(Option<&Cycle>) -> T) -> T {
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
