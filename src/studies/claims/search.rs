//! The instances a claim covers, walked in size order: enumeration from the smallest, and the
//! shrinking of a sampled counterexample (see the parent module's docs for the order).

use crate::base::input::{Extras, InstanceInput};
use crate::studies::claims::{ClaimError, Judge};
use crate::studies::generate::{GeneratorSpec, Parity, SizeRange, ValueSpec};

/// An instance under test: pile offsets from the minimum value, or a number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Candidate {
    Piles { min: i64, offsets: Vec<u64> },
    Number(u64),
}

impl Candidate {
    pub(super) fn values(min: i64, offsets: &[u64]) -> Vec<i64> {
        offsets
            .iter()
            .map(|&offset| min.wrapping_add(offset as i64))
            .collect()
    }

    /// The instance as input fields, with the claim's extra fields.
    pub(super) fn to_input(&self, extras: &Extras) -> InstanceInput {
        let mut input = match self {
            Candidate::Piles { min, offsets } => {
                InstanceInput::piles(Candidate::values(*min, offsets))
            }
            Candidate::Number(n) => InstanceInput::number(*n),
        };
        extras.apply_to(&mut input);
        input
    }

    /// The candidate's size: its number of piles, or the number.
    pub(super) fn size(&self) -> u64 {
        match self {
            Candidate::Piles { offsets, .. } => offsets.len() as u64,
            Candidate::Number(n) => *n,
        }
    }

    /// How many piles the candidate has (a number has none).
    fn piles(&self) -> u64 {
        match self {
            Candidate::Piles { offsets, .. } => offsets.len() as u64,
            Candidate::Number(_) => 0,
        }
    }

    /// The size-order key: (size, offset sum, offsets).
    fn key(&self) -> (u64, u64, Vec<u64>) {
        match self {
            Candidate::Piles { offsets, .. } => {
                (offsets.len() as u64, offsets.iter().sum(), offsets.clone())
            }
            Candidate::Number(n) => (*n, 0, vec![]),
        }
    }
}

/// The instances a claim covers.
pub(super) struct Space {
    sizes: SizeRange,
    values: Option<ValueSpec>,
}

impl Space {
    pub(super) fn new(spec: &GeneratorSpec) -> Space {
        Space {
            sizes: spec.sizes,
            values: spec.values,
        }
    }

    /// Offsets run over 0..=span.
    fn span(&self) -> u64 {
        self.values
            .map_or(0, |values| values.max.wrapping_sub(values.min) as u64)
    }

    /// How many instances (before the total-parity filter), saturating.
    pub(super) fn size(&self) -> u128 {
        if self.values.is_none() {
            return self.sizes.count() as u128;
        }
        let choices = self.span() as u128 + 1;
        self.sizes.iter().fold(0u128, |total, n| {
            let per_size = u32::try_from(n)
                .ok()
                .and_then(|n| choices.checked_pow(n))
                .unwrap_or(u128::MAX);
            total.saturating_add(per_size)
        })
    }

    pub(super) fn candidate_of(&self, input: &InstanceInput) -> Candidate {
        match (&self.values, &input.piles) {
            (Some(values), Some(piles)) => Candidate::Piles {
                min: values.min,
                offsets: piles
                    .iter()
                    .map(|&pile| pile.wrapping_sub(values.min) as u64)
                    .collect(),
            },
            _ => Candidate::Number(input.n.unwrap_or(0)),
        }
    }

    /// Whether a total offset `sum` over `n` piles gives the required total parity.
    fn sum_allowed(&self, n: u64, sum: u64) -> bool {
        match self.values.and_then(|values| values.total_parity) {
            None => true,
            Some(parity) => {
                let min = self.values.map_or(0, |values| values.min) as i128;
                Parity::of(min * n as i128 + sum as i128) == parity
            }
        }
    }

    fn meets_conditions(&self, candidate: &Candidate) -> bool {
        match candidate {
            Candidate::Number(n) => self.sizes.contains(*n),
            Candidate::Piles { offsets, .. } => {
                let n = offsets.len() as u64;
                self.sizes.contains(n)
                    && offsets.iter().all(|&offset| offset <= self.span())
                    && self.sum_allowed(n, offsets.iter().sum())
            }
        }
    }

    /// Walks the instances in size order and returns the first counterexample, stopping after
    /// `budget` instances, or once they held `pile_budget` piles in all, or once past `up_to`
    /// (inclusive); also returns how many it checked.
    pub(super) fn search(
        &self,
        judge: &mut Judge<'_>,
        up_to: Option<&Candidate>,
        budget: u64,
        pile_budget: u64,
    ) -> Result<(Option<Candidate>, u64), ClaimError> {
        let limit_key = up_to.map(Candidate::key);
        let mut checked = 0u64;
        let mut piles = 0u64;
        let mut visit = |candidate: Candidate, checked: &mut u64| -> Result<Visit, ClaimError> {
            if limit_key
                .as_ref()
                .is_some_and(|limit| candidate.key() > *limit)
            {
                return Ok(Visit::Stop(None));
            }
            if *checked >= budget || piles >= pile_budget || !judge.affordable(&candidate)? {
                return Ok(Visit::Stop(None));
            }
            *checked += 1;
            piles = piles.saturating_add(candidate.piles());
            if judge.refutes(&candidate)? {
                return Ok(Visit::Stop(Some(candidate)));
            }
            Ok(Visit::Continue)
        };
        let Some(values) = self.values else {
            for n in self.sizes.iter() {
                if let Visit::Stop(found) = visit(Candidate::Number(n), &mut checked)? {
                    return Ok((found, checked));
                }
            }
            return Ok((None, checked));
        };
        let span = self.span();
        for n in self.sizes.iter() {
            let largest_sum = (n as u128 * span as u128).min(u64::MAX as u128) as u64;
            for sum in 0..=largest_sum {
                if !self.sum_allowed(n, sum) {
                    continue;
                }
                let mut offsets = smallest_with_sum(n as usize, sum, span);
                loop {
                    let candidate = Candidate::Piles {
                        min: values.min,
                        offsets: offsets.clone(),
                    };
                    if let Visit::Stop(found) = visit(candidate, &mut checked)? {
                        return Ok((found, checked));
                    }
                    if !next_with_same_sum(&mut offsets, span) {
                        break;
                    }
                }
            }
        }
        Ok((None, checked))
    }

    /// Drops piles and lowers values while the claim stays refuted and the conditions hold,
    /// until neither helps (then it returns `true` with the result: no pile can be dropped and
    /// no value lowered) or its budget runs out (`false`): [`SHRINK_BUDGET`] candidates judged,
    /// or [`SEARCH_PILES`] piles in the candidates made. Candidates are made one at a time, only
    /// at sizes the claim covers, and values are lowered by halving the distance (to the
    /// minimum, then half-way, ...), so the work per step is O(n² + n log span) judged
    /// instances, never one per value.
    pub(super) fn shrink(
        &self,
        mut current: Candidate,
        judge: &mut Judge<'_>,
    ) -> Result<(Candidate, bool), ClaimError> {
        let (mut judged, mut piles) = (0u64, 0u64);
        loop {
            let n = current.piles();
            let drops = [
                n >= 1 && self.sizes.contains(n - 1),
                n >= 2 && self.sizes.contains(n - 2),
            ];
            let (mut smaller, mut out_of_budget) = (None, false);
            for candidate in smaller_neighbours(&current, drops) {
                if judged >= SHRINK_BUDGET || piles >= SEARCH_PILES {
                    out_of_budget = true;
                    break;
                }
                piles = piles.saturating_add(candidate.piles());
                if !self.meets_conditions(&candidate) {
                    continue;
                }
                if !judge.affordable(&candidate)? {
                    out_of_budget = true;
                    break;
                }
                judged += 1;
                if judge.refutes(&candidate)? {
                    smaller = Some(candidate);
                    break;
                }
            }
            match smaller {
                Some(candidate) => current = candidate,
                None => return Ok((current, !out_of_budget)),
            }
        }
    }
}

/// The most candidates one shrink judges; the walk below the result then settles minimality
/// within its own budget.
const SHRINK_BUDGET: u64 = 100_000;

/// The most piles, summed over the candidates, that one shrink makes, or one walk below a
/// sampled counterexample visits: making a candidate is linear in its piles, so this bounds the
/// making to a second or so. Solving them is bounded separately: every candidate is costed
/// before it is judged, and the searches stop once their share of the time budget is spent
/// (the judge's allowance), whatever the solver.
pub(super) const SEARCH_PILES: u64 = 100_000_000;

/// Instances just below `candidate` in size order, made lazily: one or two piles fewer (two
/// keep the parity of n; each only where `drops` allows that many), then each value lowered to
/// the minimum, half-way down, three quarters of the way, ... down to one less.
fn smaller_neighbours(
    candidate: &Candidate,
    drops: [bool; 2],
) -> Box<dyn Iterator<Item = Candidate> + '_> {
    // Numbers are not shrunk: the search below them in size order covers every smaller N
    // within its budget.
    let Candidate::Piles { min, offsets } = candidate else {
        return Box::new(std::iter::empty());
    };
    let n = offsets.len();
    let [drop_one, drop_two] = drops;
    let without = move |drop: &[usize]| Candidate::Piles {
        min: *min,
        offsets: offsets
            .iter()
            .enumerate()
            .filter(|(index, _)| !drop.contains(index))
            .map(|(_, &offset)| offset)
            .collect(),
    };
    // An empty range when pairs are not allowed, so a long row is not walked pair by pair.
    let pairs_end = move |first: usize| if drop_two { n } else { first + 1 };
    let drops = (0..n).flat_map(move |first| {
        drop_one
            .then(|| without(&[first]))
            .into_iter()
            .chain((first + 1..pairs_end(first)).map(move |second| without(&[first, second])))
    });
    let lowered = (0..n).flat_map(move |position| {
        let value = offsets[position];
        // Distances value, value/2, value/4, ..., 1: targets 0, value/2, 3value/4, ...
        std::iter::successors((value > 0).then_some(value), |&step| {
            (step > 1).then_some(step / 2)
        })
        .map(move |step| {
            let mut lowered = offsets.clone();
            lowered[position] = value - step;
            Candidate::Piles {
                min: *min,
                offsets: lowered,
            }
        })
    });
    Box::new(drops.chain(lowered))
}

enum Visit {
    Continue,
    Stop(Option<Candidate>),
}

/// The lexicographically smallest offsets of length `n`, each at most `span`, summing to `sum`:
/// zeros first, the sum packed at the end.
fn smallest_with_sum(n: usize, sum: u64, span: u64) -> Vec<u64> {
    let mut offsets = vec![0; n];
    let mut rest = sum;
    for offset in offsets.iter_mut().rev() {
        let here = rest.min(span);
        *offset = here;
        rest -= here;
    }
    offsets
}

/// Advances `offsets` to the next vector with the same sum in lexicographic order; false when
/// it was the last.
fn next_with_same_sum(offsets: &mut [u64], span: u64) -> bool {
    let n = offsets.len();
    let mut suffix_sum = offsets.last().copied().unwrap_or(0);
    for position in (0..n.saturating_sub(1)).rev() {
        if offsets[position] < span && suffix_sum > 0 {
            offsets[position] += 1;
            let rest = smallest_with_sum(n - position - 1, suffix_sum - 1, span);
            offsets[position + 1..].copy_from_slice(&rest);
            return true;
        }
        suffix_sum += offsets[position];
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_drop_piles_only_where_allowed() {
        let candidate = Candidate::Piles {
            min: 1,
            offsets: vec![4, 0, 1],
        };
        let lengths = |drops| -> Vec<usize> {
            smaller_neighbours(&candidate, drops)
                .map(|neighbour| match neighbour {
                    Candidate::Piles { offsets, .. } => offsets.len(),
                    Candidate::Number(_) => unreachable!("piles stay piles"),
                })
                .collect()
        };
        // Lowered values: 4 to 0, 2, 3 (three), 1 to 0 (one); 0 stays.
        let lowered = [3, 3, 3, 3];
        assert_eq!(lengths([false, false]), lowered);
        // Each pile dropped alone, then with each pile right of it.
        let both = [[2, 1, 1, 2, 1, 2].as_slice(), &lowered].concat();
        assert_eq!(lengths([true, true]), both);
        assert_eq!(
            lengths([true, false]),
            [[2, 2, 2].as_slice(), &lowered].concat()
        );
        assert_eq!(
            lengths([false, true]),
            [[1, 1, 1].as_slice(), &lowered].concat()
        );
    }

    #[test]
    fn same_sum_vectors_come_in_lexicographic_order() {
        let mut offsets = smallest_with_sum(3, 2, 5);
        let mut seen = vec![offsets.clone()];
        while next_with_same_sum(&mut offsets, 5) {
            seen.push(offsets.clone());
        }
        assert_eq!(
            seen,
            vec![
                vec![0, 0, 2],
                vec![0, 1, 1],
                vec![0, 2, 0],
                vec![1, 0, 1],
                vec![1, 1, 0],
                vec![2, 0, 0]
            ]
        );
    }

    #[test]
    fn capped_offsets_cover_every_vector_once() {
        let (n, span) = (4usize, 3u64);
        let mut count = 0;
        for sum in 0..=(n as u64 * span) {
            let mut offsets = smallest_with_sum(n, sum, span);
            loop {
                assert_eq!(offsets.iter().sum::<u64>(), sum);
                assert!(offsets.iter().all(|&o| o <= span));
                count += 1;
                if !next_with_same_sum(&mut offsets, span) {
                    break;
                }
            }
        }
        assert_eq!(count, 4usize.pow(4));
    }
}
