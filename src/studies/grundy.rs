//! Nim-sequences of the heap games, for `gamelab grundy`: the Grundy value of every heap up to
//! N, the period and whether it is proved, the largest value, the heaps of value 0, and the
//! values as CSV (`n,grundy`).

use crate::analysis::grundy::{FoundPeriod, NimValues};
use crate::base::error::{InputError, Setting, SolveError};
use crate::base::input::InstanceInput;
use crate::cost::{Cost, Operation, Work};
use crate::games::{GameEntry, NimSequence};
use crate::util::digits::push_unsigned;
use serde::Serialize;
use std::io::{self, Write};

/// The nim-sequence of `game` under the rule `input` gives (a subtraction set, an octal code),
/// for every heap from 0 to `n_max`: costed and checked against the budget first.
pub fn nim_sequence(
    game: &dyn GameEntry,
    input: &InstanceInput,
    n_max: u64,
) -> Result<NimValues, SolveError> {
    let sequence = sequence_of(game)?;
    check_n_max(game, sequence, n_max)?;
    sequence.cost(input, n_max)?.check(
        format_args!("the Grundy values of {} heaps", n_max.saturating_add(1)),
        &smaller_n_max(),
    )?;
    sequence.values(input, n_max)
}

/// Refuses an `n_max` below the game's smallest position (the divisor game's N starts at 1,
/// so there would be nothing to show) or beyond the largest heap the rule computes whatever
/// the budget ([`NimSequence::table_limit`]), before any estimate.
pub fn check_n_max(
    game: &dyn GameEntry,
    sequence: &dyn NimSequence,
    n_max: u64,
) -> Result<(), InputError> {
    let out_of_range = |requirement: String| InputError::OutOfRange {
        what: Setting::MaxSize.to_string(),
        requirement,
        value: n_max.to_string(),
    };
    let first = sequence.smallest_position();
    if n_max < first {
        return Err(out_of_range(format!(
            "at least {first} for {} (its smallest position)",
            game.name()
        )));
    }
    match sequence.table_limit() {
        Some(limit) if n_max > limit => Err(out_of_range(format!(
            "at most {limit} for {} (its table of Grundy values, whatever the budget)",
            game.name()
        ))),
        _ => Ok(()),
    }
}

/// The advice of a refused estimate: a smaller N, named as the front end names it.
pub fn smaller_n_max() -> String {
    format!("use a smaller {}", Setting::MaxSize)
}

/// The game's nim-sequence, or the error that says it has none.
pub fn sequence_of(game: &dyn GameEntry) -> Result<&'static dyn NimSequence, InputError> {
    game.nim_sequence().ok_or_else(|| InputError::NotAHeapGame {
        game: game.name().to_string(),
    })
}

/// What writing the values of heaps 0 to `n_max` as CSV costs.
pub fn csv_cost(n_max: u64) -> Cost {
    Cost::work(Work::of(
        Operation::WriteRow,
        u128::from(n_max).saturating_add(1),
    ))
}

/// Writes `n,grundy` with a header, one row per heap from `first` (the game's smallest
/// position) to `n_max`; values beyond those computed come from the proved period.
pub fn write_csv(
    values: &NimValues,
    first: u64,
    n_max: u64,
    out: &mut impl Write,
) -> io::Result<()> {
    writeln!(out, "n,grundy")?;
    let mut line = Vec::with_capacity(32);
    for n in first..=n_max {
        let Some(value) = values.value(n) else {
            return Err(io::Error::other(format!(
                "the Grundy value of heap {n} was not computed"
            )));
        };
        line.clear();
        push_unsigned(&mut line, n);
        line.push(b',');
        push_unsigned(&mut line, u64::from(value));
        line.push(b'\n');
        out.write_all(&line)?;
    }
    Ok(())
}

/// What `gamelab grundy` reports about a nim-sequence (its JSON form).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SequenceSummary {
    pub game: &'static str,
    /// The rule in words, e.g. `S={1, 3, 4}` or `code 0.6`; empty for games of one rule.
    pub rule: String,
    /// The heaps listed: from the game's smallest position (0, or 1 for the divisor game) to N.
    pub first_heap: u64,
    pub n_max: u64,
    /// The period, its pre-period (the first heap of the repeating part) and whether it is
    /// proved; absent when none was found.
    pub period: Option<usize>,
    pub preperiod: Option<usize>,
    pub proved: bool,
    /// The largest value among heaps 0 to N.
    pub largest: u32,
    /// The heaps of value 0 among 0 to N (the losing positions), and the first few of them.
    pub zeros: u64,
    pub first_zeros: Vec<u64>,
    /// The Fletcher checksum of the values as 16-bit words, in hexadecimal, as P. Beling's
    /// `ogsolve` prints it.
    pub checksum: Option<String>,
}

/// A game named with its rule, as the studies' headings and charts' titles name it: `kayles`,
/// `nim (S={1, 3, 4})`, `octal (code 0.76)`.
pub fn game_with_rule(game: &str, rule: &str) -> String {
    if rule.is_empty() {
        game.to_string()
    } else {
        format!("{game} ({rule})")
    }
}

/// How many heaps of value 0 the summary lists.
const ZEROS_LISTED: usize = 20;

impl SequenceSummary {
    /// The summary of `values`, heaps 0 to `n_max`, of `game` under `input`'s rule.
    pub fn of(
        game: &dyn GameEntry,
        input: &InstanceInput,
        values: &NimValues,
        n_max: u64,
    ) -> SequenceSummary {
        let found: Option<FoundPeriod> = values.period;
        let first_heap = game
            .nim_sequence()
            .map_or(0, |sequence| sequence.smallest_position());
        let (zeros, first_zeros) = zeros(values, first_heap, n_max);
        SequenceSummary {
            game: game.name(),
            rule: rule_text(game, input),
            first_heap,
            n_max,
            period: found.map(|found| found.periodicity.period),
            preperiod: found.map(|found| found.periodicity.preperiod),
            proved: found.is_some_and(|found| found.proved),
            largest: values.largest(n_max),
            zeros,
            first_zeros,
            checksum: values
                .checksum(n_max)
                .map(|checksum| format!("{checksum:X}")),
        }
    }
}

/// The rule part of an input in words as `game` writes it back (`S={1, 3, 4}`, `code 0.6`; see
/// [`NimSequence::rule_input`]), empty for a game of one rule.
pub fn rule_text(game: &dyn GameEntry, input: &InstanceInput) -> String {
    let rule_only = game
        .nim_sequence()
        .and_then(|sequence| sequence.rule_input(input).ok())
        .unwrap_or_default();
    let text = rule_only.describe();
    text.strip_prefix("(empty instance)")
        .unwrap_or(&text)
        .trim()
        .to_string()
}

/// The number of heaps of value 0 from `first` to `n_max`, and the first 20 (`ZEROS_LISTED`) of
/// them; a proved period counts the repetitions without visiting them
/// ([`NimValues::zero_count`]). Only the values known count: a sequence computed to `n_max`, or
/// ended early by a proved period, knows every one.
pub fn zeros(values: &NimValues, first: u64, n_max: u64) -> (u64, Vec<u64>) {
    let reach = match values.proved_period() {
        Some(_) => n_max,
        None => n_max.min((values.values.len() as u64).saturating_sub(1)),
    };
    let count = values.zero_count(first, reach).unwrap_or(0);
    let listed = values
        .zero_heaps(first, reach)
        .map(|zeros| zeros.take(ZEROS_LISTED).collect())
        .unwrap_or_default();
    (count, listed)
}
