//! `nim`: subtraction games (LeetCode 292 "Nim Game" generalised): N stones; a turn removes s
//! stones for some s in the subtraction set S (default {1, 2, 3}); who cannot move loses.
//!
//! Rules. One pile of N >= 1 stones and a finite set S of positive integers. The players
//! alternate, the first player first; a turn removes s stones for some s in S with s <= the
//! stones left. A player who cannot move loses. The winner is paid 1 and the loser 0.
//!
//! Sprague-Grundy. The Grundy value of k stones is `g(k) = mex{ g(k - s) : s in S, s <= k }`,
//! and the player to move wins iff `g(k) != 0`. Since `g(k)` depends only on the previous
//! `max S` values, once a window of `max S` consecutive values repeats `p` places later the
//! sequence is periodic with period `p` from there; [`periodicity`] finds the least such period
//! and preperiod. With S = {1, 2, 3}, g = 0 1 2 3 0 1 2 3 ...: the first player loses iff
//! N % 4 == 0 (LeetCode 292).

use crate::base::error::{InputError, Setting, SolveError};
use crate::base::game::{Action, ActionValue, DagSize, Game, MoveDescription, Player, Scores};
use crate::base::input::fields::take_number_with_set;
use crate::base::input::{InstanceInput, InstanceRef};
use crate::cost::{Cost, Operation, Work};
use crate::games::{InputForm, RegisteredGame, not_applicable};
use crate::solve::{
    PRINCIPAL_VARIATION_LIMIT, Solution, SolverKind, check_table_size, solution_from_outcomes,
    value_from_outcome,
};

/// The subtraction set when none is given: LeetCode 292's.
pub const DEFAULT_SET: [u64; 3] = [1, 2, 3];

/// The largest N the Grundy table accepts.
pub const TABLE_LIMIT: u64 = 10_000_000;

/// The longest pass [`Nim`]'s state-DAG count makes (N + 1 amounts times |S| moves): a tenth
/// of a second.
const DAG_PASS_LIMIT: u128 = 100_000_000;

/// How far the period search looks before giving up.
const PERIOD_SEARCH_LIMIT: usize = 1 << 20;

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

/// Where the Grundy values settle into a cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// The first N from which the values repeat.
    pub preperiod: usize,
    /// The least period.
    pub period: usize,
}

/// The least period (and its preperiod) of the Grundy values of `set`, if one shows up within
/// the search limit. A period `p` is certified when the last `max S` values before the search
/// limit, and everything from the preperiod on, repeat `p` places later (module docs).
///
/// ```
/// use gamelab::games::nim::{periodicity, Periodicity};
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
        let values = grundy_values(set, limit);
        for period in 1..=limit / 2 {
            // The run of k (counting down from the end) with g[k] == g[k + period].
            let mut start = limit - period + 1;
            while start > 0 && values[start - 1] == values[start - 1 + period] {
                start -= 1;
            }
            if limit + 1 - period - start >= window {
                return Some(Periodicity {
                    preperiod: start,
                    period,
                });
            }
        }
        limit *= 2;
    }
    None
}

/// A period of the Grundy values and the values up to its first cycle's end.
type Cycle = (Periodicity, Vec<u32>);

/// Runs `read` on the period of `set` (`None`: none within the search) and its first cycle.
/// The last set asked is remembered per thread, so that a sweep over N with one set searches
/// it once per thread rather than once per N.
fn with_period<T>(set: &[u64], read: impl FnOnce(Option<&Cycle>) -> T) -> T {
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

/// One instance: N and the subtraction set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nim {
    n: u64,
    /// Sorted, without duplicates.
    set: Vec<u64>,
}

/// A position: stones left and who moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    pub stones: u64,
    pub mover: Player,
}

impl Nim {
    /// A validated instance: N >= 1, S non-empty with positive values.
    pub fn new(n: u64, set: Vec<u64>) -> Result<Nim, InputError> {
        let input = InstanceInput {
            subtract: Some(set),
            ..InstanceInput::number(n)
        };
        Nim::from_input(&input)
    }

    /// Whether the first player wins, from the period of the Grundy values (`None` when no
    /// period shows up within the search).
    fn outcome_by_period(&self) -> Option<bool> {
        with_period(&self.set, |found| {
            let (Periodicity { preperiod, period }, cycle) = found?;
            let k = self.n;
            let index = if k < *preperiod as u64 {
                k as usize
            } else {
                preperiod + ((k - *preperiod as u64) % *period as u64) as usize
            };
            Some(cycle[index] != 0)
        })
    }

    fn set_text(&self) -> String {
        let items: Vec<String> = self.set.iter().map(u64::to_string).collect();
        format!("{{{}}}", items.join(", "))
    }
}

impl Game for Nim {
    const NAME: &'static str = "nim";
    const IMPARTIAL: bool = true;
    type State = Position;
    /// The number of stones removed.
    type Move = u64;

    #[inline]
    fn initial_state(&self) -> Position {
        Position {
            stones: self.n,
            mover: Player::First,
        }
    }

    #[inline]
    fn to_move(&self, state: &Position) -> Player {
        state.mover
    }

    #[inline]
    fn legal_moves(&self, state: &Position) -> Vec<u64> {
        self.set
            .iter()
            .copied()
            .take_while(|&s| s <= state.stones)
            .collect()
    }

    #[inline]
    fn apply(&self, state: &Position, take: u64) -> Position {
        Position {
            stones: state.stones - take,
            mover: state.mover.other(),
        }
    }

    #[inline]
    fn gain(&self, _: &Position, _: u64) -> i64 {
        0
    }

    #[inline]
    fn terminal_payoff(&self, state: &Position) -> Scores {
        Scores::win_for(state.mover.other())
    }

    fn max_states(&self) -> u128 {
        2 * (self.n as u128 + 1)
    }

    /// One move per amount in S.
    fn max_moves(&self) -> u128 {
        self.set.len() as u128
    }

    /// Each move removes at least min(S) stones.
    fn max_depth(&self) -> u128 {
        self.n as u128 / self.set[0] as u128
    }

    /// Taking the smallest amount every time visits N / min(S) + 1 positions.
    fn min_states(&self) -> u128 {
        self.n as u128 / self.set[0] as u128 + 1
    }

    /// One pass over the amounts taken so far, 0..=N, marking which players can be to move
    /// after each (a byte per amount, no hashing); only when that pass is short (N |S| at most
    /// `DAG_PASS_LIMIT`), else the generic walk, which the position limit bounds.
    fn dag_size_by_formula(&self) -> Option<DagSize> {
        let n = usize::try_from(self.n).ok()?;
        if (self.n as u128 + 1).saturating_mul(self.set.len() as u128) > DAG_PASS_LIMIT {
            return None;
        }
        // Bit 0: the first player can be to move after taking `taken`; bit 1: the second.
        let mut movers = vec![0u8; n + 1];
        movers[0] = 1;
        let (mut states, mut edges) = (0u128, 0u128);
        for taken in 0..=n {
            let here = movers[taken];
            if here == 0 {
                continue;
            }
            let players = u128::from(here.count_ones());
            let next = ((here & 1) << 1) | (here >> 1);
            let left = (n - taken) as u64;
            let moves = self.set.iter().take_while(|&&s| s <= left).count();
            for &s in &self.set[..moves] {
                movers[taken + s as usize] |= next;
            }
            states += players;
            edges += players * moves as u128;
        }
        Some(DagSize { states, edges })
    }

    fn describe_state(&self, state: &Position) -> String {
        format!("{} stones", state.stones)
    }

    fn move_action(&self, _: &Position, take: u64) -> Action {
        Action {
            key: "take",
            value: ActionValue::Number(take),
        }
    }

    fn describe_move(&self, state: &Position, take: u64) -> MoveDescription {
        MoveDescription {
            action: self.move_action(state, take),
            took: vec![],
            text: format!("takes {take} stones"),
        }
    }
}

impl RegisteredGame for Nim {
    /// The closed form: the period of the subtraction set, searched once per set and thread
    /// (remembered for the next instance of the same set), then a lookup.
    fn margin_cost(_: u64) -> Cost {
        Cost::new(4 * 1024, Work::of(Operation::NumberInstance, 1))
    }

    /// `dp`: the Grundy table up to N, |S| moves tried at each (4 bytes each); `closed-form`:
    /// the period search (for the usual small sets its first window of 256 values; a set that
    /// needs the whole search costs at most its limit, doubling windows up to 2^20) and, with
    /// no period found, the table. With the moves (N up to 16,384), the line.
    fn solve_cost(&self, solver: SolverKind, value_only: bool) -> Cost {
        let line = if value_only || self.n > PRINCIPAL_VARIATION_LIMIT as u64 {
            Cost::default()
        } else {
            crate::games::line_cost(self)
        };
        let set = self.set.len() as u128;
        let table = |limit: u128| {
            Cost::new(
                limit.saturating_mul(4),
                Work::of(Operation::NimGrundy, limit.saturating_mul(set)),
            )
        };
        match solver {
            SolverKind::Dp => table(self.n as u128 + 1).then(line),
            SolverKind::ClosedForm => {
                let search = match with_period(&self.set, |found| found.map(|(found, _)| *found)) {
                    Some(_) => table(256.max(4 * self.set[self.set.len() - 1] as u128)),
                    None => table(2 * PERIOD_SEARCH_LIMIT as u128)
                        .then(table(self.n.min(TABLE_LIMIT) as u128 + 1)),
                };
                search.then(line)
            }
            other => crate::games::generic_solve_cost(self, other, value_only),
        }
    }

    fn first_margin(input: InstanceRef<'_>, _: &mut Vec<i64>) -> Result<i64, SolveError> {
        let game = match input {
            InstanceRef::Input(input) => Nim::from_input(input)?,
            InstanceRef::Piles(_) => Nim::from_input(&input.to_input())?,
        };
        Ok(game.value_by(SolverKind::ClosedForm)?.margin)
    }

    fn value_by(&self, solver: SolverKind) -> Result<Solution, SolveError> {
        match solver {
            SolverKind::Dp => {
                check_table_size("dp", self.n, TABLE_LIMIT)?;
                let values = grundy_values(&self.set, self.n as usize);
                Ok(value_from_outcome(
                    Self::NAME,
                    solver,
                    values[self.n as usize] != 0,
                ))
            }
            SolverKind::ClosedForm => match self.outcome_by_period() {
                Some(wins) => Ok(value_from_outcome(Self::NAME, solver, wins)),
                None => self
                    .value_by(SolverKind::Dp)
                    .map(|solution| Solution { solver, ..solution }),
            },
            other => crate::games::solved_without_moves(self, other),
        }
    }

    const TITLE: &'static str =
        "Nim: subtraction games, take s stones for s in S (LeetCode 292, generalised)";
    const RULES: &'static str = "One pile of N stones and a subtraction set S (default \
        {1, 2, 3}). Players alternate, first player first; a turn removes s stones for some s in \
        S. Who cannot move loses. Scores are 1 for the winner and 0 for the loser.";
    const INPUT_FORM: InputForm = InputForm::Number {
        subtraction_set: true,
    };
    const SOLVERS: &'static [SolverKind] = &[
        SolverKind::Auto,
        SolverKind::Brute,
        SolverKind::Memo,
        SolverKind::Dp,
        SolverKind::ClosedForm,
    ];

    fn from_input(input: &InstanceInput) -> Result<Nim, InputError> {
        let n = take_number_with_set(Self::NAME, input, 1)?;
        let mut set = input.subtract.clone().unwrap_or(DEFAULT_SET.to_vec());
        if set.is_empty() || set.contains(&0) {
            return Err(InputError::out_of_range(
                format!("{}: {}", Self::NAME, Setting::Subtract),
                "a non-empty set of positive integers, e.g. 1,2,3",
                format!("{set:?}"),
            ));
        }
        set.sort_unstable();
        set.dedup();
        Ok(Nim { n, set })
    }

    fn to_input(&self) -> InstanceInput {
        InstanceInput {
            subtract: Some(self.set.clone()),
            ..InstanceInput::number(self.n)
        }
    }

    fn auto_solver(&self) -> SolverKind {
        SolverKind::ClosedForm
    }

    fn facts(&self) -> Vec<String> {
        let mut notes = Vec::new();
        match periodicity(&self.set) {
            Some(Periodicity { preperiod, period }) => {
                let shown: Vec<String> = grundy_values(&self.set, preperiod + period - 1)
                    .iter()
                    .map(u32::to_string)
                    .collect();
                notes.push(format!(
                    "S = {}: Grundy values {} ... periodic with period {period} from n = {preperiod}",
                    self.set_text(),
                    shown.join(" ")
                ));
            }
            None => notes.push(format!(
                "S = {}: no period of the Grundy values up to n = {PERIOD_SEARCH_LIMIT}",
                self.set_text()
            )),
        }
        let value = with_period(&self.set, |found| {
            let (Periodicity { preperiod, period }, cycle) = found?;
            let k = self.n as usize;
            Some(
                cycle[if k < *preperiod {
                    k
                } else {
                    preperiod + (k - preperiod) % period
                }],
            )
        });
        let value = match value {
            Some(value) => Some(value),
            None if self.n <= TABLE_LIMIT => {
                Some(grundy_values(&self.set, self.n as usize)[self.n as usize])
            }
            None => None,
        };
        if let Some(value) = value {
            let verdict = if value == 0 { "loses" } else { "wins" };
            notes.push(format!(
                "N = {}: Grundy value {value}, so the first player {verdict}",
                self.n
            ));
        }
        notes
    }

    fn solve_specific(&self, solver: SolverKind) -> Result<Solution, SolveError> {
        match solver {
            SolverKind::Dp => {
                check_table_size("dp", self.n, TABLE_LIMIT)?;
                let values = grundy_values(&self.set, self.n as usize);
                Ok(solution_from_outcomes(
                    self,
                    Self::NAME,
                    solver,
                    self.n,
                    |state| values[state.stones as usize] != 0,
                ))
            }
            SolverKind::ClosedForm => {
                let Some(Periodicity { preperiod, period }) = periodicity(&self.set) else {
                    // No period within the search: the Grundy table answers directly while N
                    // is within its limit.
                    if self.n <= TABLE_LIMIT {
                        return self.solve_specific(SolverKind::Dp);
                    }
                    return Err(SolveError::TooLarge {
                        solver: "closed-form",
                        what: "the Grundy values' period",
                        size: format!("not found up to n = {PERIOD_SEARCH_LIMIT}"),
                        limit: "that search".to_string(),
                        advice: "and N is above the Grundy table's limit of 10000000; use a \
                                 smaller N or a subtraction set with a shorter period",
                    });
                };
                let cycle = grundy_values(&self.set, preperiod + period);
                let wins = |k: u64| {
                    let k = k as usize;
                    let index = if k < preperiod {
                        k
                    } else {
                        preperiod + (k - preperiod) % period
                    };
                    cycle[index] != 0
                };
                Ok(solution_from_outcomes(
                    self,
                    Self::NAME,
                    solver,
                    self.n,
                    |state| wins(state.stones),
                ))
            }
            other => Err(not_applicable::<Self>(other)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dag_count_matches_a_walk() {
        for set in [
            vec![1, 2, 3],
            vec![2, 5],
            vec![3],
            vec![4, 6, 9],
            vec![1, 7, 30],
        ] {
            for n in (1..=120).chain([1_000]) {
                let game = Nim::new(n, set.clone()).unwrap();
                assert_eq!(
                    game.dag_size_by_formula(),
                    crate::base::size::walk_dag_size(&game, u128::MAX, u128::MAX),
                    "N = {n}, S = {set:?}"
                );
            }
        }
    }
}
