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
//! sequence is periodic with period `p` from there; [`grundy::periodicity`] finds the least such period
//! and preperiod. With S = {1, 2, 3}, g = 0 1 2 3 0 1 2 3 ...: the first player loses iff
//! N % 4 == 0 (LeetCode 292). Several piles (`--heaps`) are a sum, decided by the XOR of their
//! Grundy values.

pub mod grundy;

use crate::analysis::grundy::{FoundPeriod, NimValues, Periodicity};
use crate::base::error::{InputError, Setting, SolveError};
use crate::base::game::{Bounds, DagSize};
use crate::base::input::fields::refuse_field;
use crate::base::input::{InstanceInput, InstanceRef};
use crate::cost::{Cost, Operation, Work};
use crate::games::families::heaps::{GRUNDY, HeapGame, HeapOption, HeapRule, RuleSequence};
use crate::games::{BatchPaths, FastPaths, GameDefinition, InputForm};
use crate::solve::{Solution, Solver, SolverKind, Solvers, check_table_size};
use crate::util::plural::counted;
use grundy::{PERIOD_SEARCH_LIMIT, with_period};

pub use crate::games::families::heaps::Position;
pub use grundy::{grundy_values, periodicity};

/// The subtraction set when none is given: LeetCode 292's.
pub const DEFAULT_SET: [u64; 3] = [1, 2, 3];

/// The largest N the Grundy table accepts.
pub const TABLE_LIMIT: u64 = 10_000_000;

/// The longest pass the state-DAG count makes (N + 1 amounts times |S| moves), a few tens of
/// milliseconds: the count is part of cost estimates, which must take no longer, and past it
/// the generic walk counts instead, which takes seconds to reach the memory budget's moves.
const DAG_PASS_LIMIT: u128 = 1 << 26;

/// The rule of nim: a move removes an amount of the subtraction set S.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubtractionSet {
    /// Sorted, without duplicates.
    set: Vec<u64>,
}

impl SubtractionSet {
    /// The amounts, ascending.
    pub fn amounts(&self) -> &[u64] {
        &self.set
    }

    /// `{1, 2, 3}`.
    fn text(&self) -> String {
        let items: Vec<String> = self.set.iter().map(u64::to_string).collect();
        format!("{{{}}}", items.join(", "))
    }
}

impl HeapRule for SubtractionSet {
    const NAME: &'static str = "nim";
    const MOVE_KEY: &'static str = "take";

    #[inline]
    fn options(&self, stones: u64) -> Vec<HeapOption> {
        self.set
            .iter()
            .take_while(|&&s| s <= stones)
            .map(|&s| HeapOption::subtract(stones, s))
            .collect()
    }

    #[inline]
    fn is_dead(&self, stones: u64) -> bool {
        stones < self.set[0]
    }

    /// Both players at every count of stones; one move per amount in S; each move removes at
    /// least min(S), and taking the smallest amount every time visits N / min(S) + 1 positions.
    fn heap_bounds(&self, n: u64) -> Bounds {
        let (n, smallest) = (n as u128, self.set[0] as u128);
        Bounds {
            states: 2 * (n + 1),
            moves: self.set.len() as u128,
            depth: n / smallest,
            least_states: n / smallest + 1,
        }
    }

    /// One pass over the amounts taken so far, 0..=N, marking which players can be to move
    /// after each (a byte per amount, no hashing); only when that pass is short (N |S| at most
    /// `DAG_PASS_LIMIT`), else the generic walk, which the position limit bounds.
    fn dag_size(&self, stones: u64) -> Option<DagSize> {
        let n = usize::try_from(stones).ok()?;
        if (stones as u128 + 1).saturating_mul(self.set.len() as u128) > DAG_PASS_LIMIT {
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

    /// With a period (proved by the subtraction-game argument, module docs), the values up to
    /// the end of its first cycle; else every value up to `n_max`.
    fn nim_values(&self, n_max: u64) -> Result<NimValues, SolveError> {
        let found = with_period(&self.set, |found| found.cloned());
        match found {
            Some((periodicity, cycle)) if n_max as usize >= cycle.len() => Ok(NimValues {
                values: cycle,
                period: Some(FoundPeriod {
                    periodicity,
                    proved: true,
                }),
            }),
            _ if n_max > TABLE_LIMIT => Err(SolveError::TooLarge {
                solver: "grundy",
                what: "the largest heap",
                size: n_max.to_string(),
                limit: format!("{TABLE_LIMIT} when no period is found"),
                advice: "use smaller heaps",
            }),
            _ => Ok(NimValues::plain(grundy_values(&self.set, n_max as usize))),
        }
    }

    fn nim_cost(&self, n_max: u64) -> Cost {
        period_search_cost(&self.set, n_max)
    }

    /// The first cycle when the quick search (bounded by the set, whatever the heap) finds the
    /// period; a subtraction game's period, once it repeats over the largest move, is proved.
    fn proved_values(&self, _: u64) -> Result<Option<NimValues>, SolveError> {
        if !matches!(grundy::known_period(&self.set), Some(Some(_))) {
            return Ok(None);
        }
        Ok(
            with_period(&self.set, |found| found.cloned()).map(|(periodicity, cycle)| NimValues {
                values: cycle,
                period: Some(FoundPeriod {
                    periodicity,
                    proved: true,
                }),
            }),
        )
    }

    fn describe_heap(&self, stones: u64) -> String {
        counted(stones, "stone")
    }

    fn describe_option(&self, _: u64, option: HeapOption) -> String {
        format!("takes {}", counted(option.take, "stone"))
    }

    fn write_input(&self, input: InstanceInput) -> InstanceInput {
        InstanceInput {
            subtract: Some(self.set.clone()),
            ..input
        }
    }
}

/// One instance: N (or the piles of a sum) and the subtraction set.
pub type Nim = HeapGame<SubtractionSet>;

impl Nim {
    /// A validated instance: N >= 1, S non-empty with positive values.
    pub fn new(n: u64, set: Vec<u64>) -> Result<Nim, InputError> {
        let input = InstanceInput {
            subtract: Some(set),
            ..InstanceInput::number(n)
        };
        Nim::from_input(&input)
    }

    /// Builds and validates an instance.
    pub fn from_input(input: &InstanceInput) -> Result<Nim, InputError> {
        refuse_field(SubtractionSet::NAME, Setting::Code, input.code.is_some())?;
        let mut set = input.subtract.clone().unwrap_or(DEFAULT_SET.to_vec());
        if set.is_empty() || set.contains(&0) {
            return Err(InputError::out_of_range(
                format!("{}: {}", SubtractionSet::NAME, Setting::Subtract),
                "a non-empty set of positive integers, e.g. 1,2,3",
                format!("{set:?}"),
            ));
        }
        set.sort_unstable();
        set.dedup();
        HeapGame::read(input, SubtractionSet { set })
    }

    /// Whether the player to move with `stones` wins, from the period of the Grundy values
    /// (`None` when no period shows up within the search).
    fn wins_by_period(&self, stones: u64) -> Option<bool> {
        with_period(&self.rule().set, |found| {
            let (period, cycle) = found?;
            Some(cycle[period.index(stones)] != 0)
        })
    }
}

/// The Grundy table: g(k) for every k up to N, the player to move winning where it is not 0.
pub const DP: SolverKind = SolverKind::named("dp");
/// The closed form: the period of the Grundy values, then a lookup.
pub const CLOSED_FORM: SolverKind = SolverKind::named("closed-form");

/// nim's nim-sequences, for `gamelab grundy` and `losing-positions`.
const NIM_SEQUENCE: RuleSequence<SubtractionSet> = RuleSequence {
    read: Nim::from_input,
};

/// nim's registry entry.
pub const DEFINITION: GameDefinition<Nim> = GameDefinition {
    title: "Nim: subtraction games, take s stones for s in S (LeetCode 292, generalised)",
    rules: "One pile of N stones and a subtraction set S (default {1, 2, 3}). Players alternate, \
        first player first; a turn removes s stones for some s in S. Who cannot move loses. \
        Scores are 1 for the winner and 0 for the loser. Several piles (--heaps) are a sum: a \
        turn takes from one of them.",
    input_form: InputForm::Number {
        subtraction_set: true,
        code: false,
        splits: false,
    },
    share_bound: None,
    from_input: Nim::from_input,
    from_owned_input: None,
    input: Nim::input,
    solvers: Solvers {
        own: &[
            Solver::new(
                DP,
                "the Grundy table of every pile size up to N",
                |game| {
                    let values = grundy_table(game)?;
                    Ok(game.solution_from_heap(DP, |stones| values[stones as usize] != 0))
                },
                |game, value_only| {
                    table_cost(game, game.largest_heap() as u128 + 1)
                        .then(game.line_cost(value_only))
                },
            )
            .with_value(value_by_dp)
            .with_limit(|game, _| require_table_size(game).map(drop)),
            Solver::new(
                CLOSED_FORM,
                "the period of the Grundy values, then a lookup",
                solve_by_period,
                closed_form_cost,
            )
            .with_value(|game| {
                let n = game.one_heap_for("closed-form")?;
                match game.wins_by_period(n) {
                    Some(wins) => Ok(game.value_from(CLOSED_FORM, wins)),
                    None => value_by_dp(game).map(|solution| Solution {
                        solver: CLOSED_FORM,
                        ..solution
                    }),
                }
            }),
            Nim::GRUNDY_SOLVER,
        ],
        auto: |game, _| match game.single_heap() {
            Some(_) => CLOSED_FORM,
            None => GRUNDY,
        },
    },
    batch: BatchPaths {
        nim_sequence: Some(&NIM_SEQUENCE),
        // The closed form: the period of the subtraction set, searched once per set and thread
        // (remembered for the next instance of the same set), then a lookup.
        ..BatchPaths::margins(first_margin, |_| {
            Cost::new(4 * 1024, Work::of(Operation::NumberInstance, 1))
        })
    },
    fast: FastPaths {
        facts: Some(facts),
        ..FastPaths::NONE
    },
};

/// The first player's margin by the closed form, or the Grundy table where no period shows up;
/// for a sum, by the nim-sum.
fn first_margin(input: InstanceRef<'_>, _: &mut Vec<i64>) -> Result<i64, SolveError> {
    let game = input.read(Nim::from_input)?;
    game.first_margin(|n| match game.wins_by_period(n) {
        Some(wins) => Ok(wins),
        None => Ok(grundy_table(&game)?[n as usize] != 0),
    })
}

/// The Grundy table up to N (a game of one pile), refused above its limit.
fn grundy_table(game: &Nim) -> Result<Vec<u32>, SolveError> {
    let n = require_table_size(game)?;
    Ok(grundy_values(&game.rule().set, n as usize))
}

/// The pile of a game of one pile whose Grundy table is within [`TABLE_LIMIT`].
fn require_table_size(game: &Nim) -> Result<u64, SolveError> {
    let n = game.one_heap_for("dp")?;
    check_table_size("dp", n, TABLE_LIMIT)?;
    Ok(n)
}

fn value_by_dp(game: &Nim) -> Result<Solution, SolveError> {
    let n = game.one_heap_for("dp")?;
    let values = grundy_table(game)?;
    Ok(game.value_from(DP, values[n as usize] != 0))
}

fn solve_by_period(game: &Nim) -> Result<Solution, SolveError> {
    let n = game.one_heap_for("closed-form")?;
    let set = &game.rule().set;
    let Some(Periodicity { preperiod, period }) = periodicity(set) else {
        // No period within the search: the Grundy table answers directly while N is within its
        // limit.
        if n <= TABLE_LIMIT {
            let values = grundy_table(game)?;
            return Ok(game.solution_from_heap(CLOSED_FORM, |stones| values[stones as usize] != 0));
        }
        return Err(SolveError::TooLarge {
            solver: "closed-form",
            what: "N",
            size: n.to_string(),
            limit: format!(
                "{TABLE_LIMIT} (the Grundy table's) when no period is found up to n = \
                 {PERIOD_SEARCH_LIMIT}"
            ),
            advice: "use a smaller N or a subtraction set with a shorter period",
        });
    };
    let cycle = grundy_values(set, preperiod + period);
    let found = Periodicity { preperiod, period };
    Ok(game.solution_from_heap(CLOSED_FORM, |stones| cycle[found.index(stones)] != 0))
}

/// The Grundy table up to `limit`: |S| moves tried at each, 4 bytes each.
fn table_cost(game: &Nim, limit: u128) -> Cost {
    table_cost_of(&game.rule().set, limit)
}

fn table_cost_of(set: &[u64], limit: u128) -> Cost {
    Cost::new(
        limit.saturating_mul(4),
        Work::of(
            Operation::GrundyTable,
            limit.saturating_mul(set.len() as u128),
        ),
    )
}

/// The period search (for the usual small sets its first window of 256 values; a set that needs
/// the whole search costs at most its limit, doubling windows up to 2^20) and, with no period
/// found, the table up to `n`. Whether a period is found is settled by a short search (see
/// [`grundy::known_period`]); a set it leaves undecided is costed the whole search and the table.
fn period_search_cost(set: &[u64], n: u64) -> Cost {
    let whole_search = || {
        table_cost_of(set, 2 * PERIOD_SEARCH_LIMIT as u128)
            .then(table_cost_of(set, n.min(TABLE_LIMIT) as u128 + 1))
    };
    match grundy::known_period(set) {
        Some(Some(_)) => table_cost_of(set, 256.max(4 * set[set.len() - 1] as u128)),
        Some(None) | None => whole_search(),
    }
}

fn closed_form_cost(game: &Nim, value_only: bool) -> Cost {
    period_search_cost(&game.rule().set, game.largest_heap()).then(game.line_cost(value_only))
}

/// The most Grundy values a note lists.
const SHOWN_VALUES: usize = 40;

/// The period of the Grundy values, and N's value (for a sum, the heaps' values).
fn facts(game: &Nim) -> Vec<String> {
    let mut notes = Vec::new();
    match with_period(&game.rule().set, |found| found.map(|(found, _)| *found)) {
        Some(Periodicity { preperiod, period }) => {
            // The pre-period and one period, up to a line's worth (`grundy` lists them all).
            let count = preperiod + period;
            let mut shown: Vec<String> = grundy_values(&game.rule().set, count - 1)
                .iter()
                .take(SHOWN_VALUES)
                .map(u32::to_string)
                .collect();
            if count > SHOWN_VALUES {
                shown.push(format!("(and {} more)", count - SHOWN_VALUES));
            }
            notes.push(format!(
                "S = {}: Grundy values {} ... periodic with period {period} from n = {preperiod}",
                game.rule().text(),
                shown.join(" ")
            ));
        }
        None => notes.push(format!(
            "S = {}: no period of the Grundy values up to n = {PERIOD_SEARCH_LIMIT}",
            game.rule().text()
        )),
    }
    let Some(n) = game.single_heap() else {
        notes.extend(game.sum_facts());
        return notes;
    };
    let value = with_period(&game.rule().set, |found| {
        let (period, cycle) = found?;
        Some(cycle[period.index(n)])
    });
    let value = match value {
        Some(value) => Some(value),
        None if n <= TABLE_LIMIT => Some(grundy_values(&game.rule().set, n as usize)[n as usize]),
        None => None,
    };
    if let Some(value) = value {
        let verdict = if value == 0 { "loses" } else { "wins" };
        notes.push(format!(
            "N = {n}: Grundy value {value}, so the first player {verdict}"
        ));
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::game::Game;

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
