//! `divisor-game` (LeetCode 1025): from N, subtract a proper divisor; who cannot move loses.
//!
//! Rules. A number N >= 1 is on the board. The players alternate, the first player first; a turn
//! chooses x with 0 < x < N and N % x == 0 and replaces N by N - x. A player who cannot move
//! (N = 1) loses. There are no points: the winner is paid 1 and the loser 0 at the end, so
//! `first_score`/`second_score` are 1/0 and every move gains 0.
//!
//! The claim of WenlSun's summary of game DPs, proved by induction: the first player wins iff N is even (take x = 1 from
//! an even N; every divisor of an odd N is odd, so it hands back an even N).
//!
//! Positions are (N, player to move), as in every heap game; the two positions with N = 1 are
//! terminal. Several numbers (`--heaps`) are a sum: a turn changes one of them, and the XOR of
//! their Grundy values decides it.

pub mod dp;

use crate::analysis::grundy::NimValues;
use crate::base::error::{InputError, Setting, SolveError};
use crate::base::game::{Bounds, DagSize};
use crate::base::input::fields::refuse_field;
use crate::base::input::{InstanceInput, InstanceRef};
use crate::cost::{Cost, Operation, Work};
use crate::games::divisor_game::dp::{TABLE_LIMIT, grundy_values, proper_divisors, win_table};
use crate::games::families::heaps::{GRUNDY, HeapGame, HeapOption, HeapRule, RuleSequence};
use crate::games::{BatchPaths, FastPaths, GameDefinition, InputForm};
use crate::solve::{Solver, SolverKind, Solvers, check_table_size};

pub use crate::games::families::heaps::Position;

/// The rule of divisor-game: a move subtracts a proper divisor.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProperDivisors;

impl HeapRule for ProperDivisors {
    const NAME: &'static str = "divisor-game";
    const MOVE_KEY: &'static str = "x";
    const SMALLEST_POSITION: u64 = 1;
    const TABLE_LIMIT: Option<u64> = Some(TABLE_LIMIT);

    #[inline]
    fn options(&self, n: u64) -> Vec<HeapOption> {
        proper_divisors(n)
            .into_iter()
            .map(|x| HeapOption::subtract(n, x))
            .collect()
    }

    /// No move is left at N = 1 (N never reaches 0).
    #[inline]
    fn is_dead(&self, n: u64) -> bool {
        n <= 1
    }

    /// Both players at every N; proper divisors come in pairs around √N; each move lowers N by
    /// at least 1, and taking x = 1 every time visits N, N - 1, ..., 1.
    fn heap_bounds(&self, n: u64) -> Bounds {
        let n = n as u128;
        Bounds {
            states: 2 * n,
            moves: 2 * n.isqrt(),
            depth: n,
            least_states: n,
        }
    }

    /// A position is (N left, player to move). Every m in 1..=N is reached by both players
    /// except the first two (N even) or three (N odd) counts N, N - 1, ... (checked against a
    /// walk in the tests), so there are 2N - 2 or 2N - 3 positions; m has d(m) - 1 moves, and
    /// d(1) + ... + d(N) takes O(√N) steps (Dirichlet's hyperbola method). Past
    /// `EXACT_DAG_LIMIT` the moves are bounded instead (d(1) + ... + d(N) <= N (ln N + 1)), so
    /// that a cost estimate takes microseconds for any N; so large a DAG is over every limit.
    fn dag_size(&self, n: u64) -> Option<DagSize> {
        let single = if n.is_multiple_of(2) { 2 } else { 3 }.min(n);
        if n > EXACT_DAG_LIMIT {
            let n = n as f64;
            let moves = n * (n.ln() + 1.0) - n;
            return Some(DagSize {
                states: 2 * n as u128 - single as u128,
                edges: (2.0 * moves).ceil() as u128,
            });
        }
        let moves = |m: u64| u128::from(divisor_count(m) - 1);
        let single_moves: u128 = (n + 1 - single..=n).map(moves).sum();
        let all_moves = divisor_count_sum(n) - u128::from(n);
        Some(DagSize {
            states: 2 * u128::from(n) - u128::from(single),
            edges: 2 * all_moves - single_moves,
        })
    }

    /// The values are computed up to `n_max` (no period is known).
    fn nim_values(&self, n_max: u64) -> Result<NimValues, SolveError> {
        check_table_size("grundy", n_max, TABLE_LIMIT)?;
        Ok(NimValues::plain(grundy_values(n_max as usize)))
    }

    /// The divisor sieve, and every proper divisor of every number tried (about N ln N).
    fn nim_cost(&self, n_max: u64) -> Cost {
        let n = n_max as u128;
        let divisors = n.saturating_mul(u128::from(n_max.max(2).ilog2()));
        Cost::new(
            n.saturating_add(1).saturating_mul(8),
            Work::of(Operation::DivisorSieve, n).plus(Work::of(Operation::GrundyTable, divisors)),
        )
    }

    fn describe_heap(&self, n: u64) -> String {
        format!("N={n}")
    }

    fn describe_option(&self, n: u64, option: HeapOption) -> String {
        format!("subtracts x={} from {n}", option.take)
    }
}

/// One instance: the starting number N, or several (a sum).
pub type DivisorGame = HeapGame<ProperDivisors>;

impl DivisorGame {
    /// A validated instance of one number N >= 1.
    pub fn new(n: u64) -> Result<DivisorGame, InputError> {
        DivisorGame::from_input(&InstanceInput::number(n))
    }

    /// An instance read from input: N, or the numbers of a sum (each at least 1).
    pub fn from_input(input: &InstanceInput) -> Result<DivisorGame, InputError> {
        refuse_field(
            ProperDivisors::NAME,
            Setting::Subtract,
            input.subtract.is_some(),
        )?;
        refuse_field(ProperDivisors::NAME, Setting::Code, input.code.is_some())?;
        HeapGame::read(input, ProperDivisors)
    }
}

/// The win table of [`dp`], a sieve of every number up to N.
pub const DP: SolverKind = SolverKind::named("dp");
/// The closed form: the first player wins iff N is even.
pub const CLOSED_FORM: SolverKind = SolverKind::named("closed-form");

/// divisor-game's nim-sequences, for `gamelab grundy` and `losing-positions`.
const NIM_SEQUENCE: RuleSequence<ProperDivisors> = RuleSequence {
    read: DivisorGame::from_input,
};

/// divisor-game's registry entry.
pub const DEFINITION: GameDefinition<DivisorGame> = GameDefinition {
    title: "Divisor Game: subtract a proper divisor of N (LeetCode 1025)",
    rules: "A number N on the board. Players alternate, first player first; a turn picks x with \
        0 < x < N and N % x == 0 and replaces N by N - x. Who cannot move (N = 1) loses. Scores \
        are 1 for the winner and 0 for the loser.",
    input_form: InputForm::Number {
        subtraction_set: false,
        code: false,
        splits: false,
    },
    share_bound: None,
    from_input: DivisorGame::from_input,
    from_owned_input: None,
    input: DivisorGame::input,
    solvers: Solvers {
        own: &[
            Solver::new(
                DP,
                "the win table of every number up to N, from a divisor sieve",
                |game| {
                    let wins = table(game)?;
                    Ok(game.solution_from_heap(DP, |n| wins[n as usize]))
                },
                // A sieve of every number up to N, 5 bytes each.
                |game, value_only| {
                    let n = game.largest_heap() as u128;
                    Cost::new(n.saturating_mul(5), Work::of(Operation::DivisorSieve, n))
                        .then(game.line_cost(value_only))
                },
            )
            .with_value(|game| {
                let n = game.one_heap_for("dp")?;
                let wins = table(game)?;
                Ok(game.value_from(DP, wins[n as usize]))
            })
            .with_limit(|game, _| require_table_size(game).map(drop)),
            Solver::new(
                CLOSED_FORM,
                "the closed form: the first player wins iff N is even",
                |game: &DivisorGame| {
                    game.one_heap_for("closed-form")?;
                    Ok(game.solution_from_heap(CLOSED_FORM, |n| n.is_multiple_of(2)))
                },
                |game, value_only| {
                    margin_cost(game.largest_heap()).then(game.line_cost(value_only))
                },
            )
            .with_value(|game| {
                let n = game.one_heap_for("closed-form")?;
                Ok(game.value_from(CLOSED_FORM, n.is_multiple_of(2)))
            }),
            DivisorGame::GRUNDY_SOLVER,
        ],
        auto: |game, _| match game.single_heap() {
            Some(_) => CLOSED_FORM,
            None => GRUNDY,
        },
    },
    batch: BatchPaths {
        nim_sequence: Some(&NIM_SEQUENCE),
        ..BatchPaths::margins(first_margin, margin_cost)
    },
    fast: FastPaths {
        facts: Some(|game: &DivisorGame| game.sum_facts_if_several()),
        ..FastPaths::NONE
    },
};

/// The win table up to N (a game of one number), refused above its limit.
fn table(game: &DivisorGame) -> Result<Vec<bool>, SolveError> {
    let n = require_table_size(game)?;
    Ok(win_table(n as usize))
}

/// The number of a game of one number whose win table is within [`TABLE_LIMIT`].
fn require_table_size(game: &DivisorGame) -> Result<u64, SolveError> {
    let n = game.one_heap_for("dp")?;
    check_table_size("dp", n, TABLE_LIMIT)?;
    Ok(n)
}

/// The closed form: constant.
fn margin_cost(_: u64) -> Cost {
    Cost::work(Work::of(Operation::NumberInstance, 1))
}

fn first_margin(input: InstanceRef<'_>, _: &mut Vec<i64>) -> Result<i64, SolveError> {
    let game = input.read(DivisorGame::from_input)?;
    game.first_margin(|n| Ok(n.is_multiple_of(2)))
}

/// The largest N whose state DAG is counted exactly: the count takes O(√N) divisions, a few
/// thousand here.
const EXACT_DAG_LIMIT: u64 = 1 << 24;

/// d(m), the number of divisors of m >= 1, by trial division up to √m.
fn divisor_count(m: u64) -> u64 {
    let root = m.isqrt();
    let pairs = (1..=root).filter(|&k| m.is_multiple_of(k)).count() as u64;
    2 * pairs - u64::from(root * root == m)
}

/// d(1) + ... + d(n) = Σ_{k <= n} ⌊n / k⌋ = 2 Σ_{k <= √n} ⌊n / k⌋ - ⌊√n⌋².
fn divisor_count_sum(n: u64) -> u128 {
    let root = n.isqrt();
    2 * (1..=root).map(|k| u128::from(n / k)).sum::<u128>() - u128::from(root * root)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::game::Game;

    #[test]
    fn past_the_exact_count_the_moves_are_bounded_from_above() {
        let exact = ProperDivisors.dag_size(EXACT_DAG_LIMIT).unwrap();
        let bounded = |n: u64| ProperDivisors.dag_size(n).unwrap();
        let next = bounded(EXACT_DAG_LIMIT + 2);
        assert_eq!(next.states, exact.states + 4);
        assert!(next.edges >= exact.edges && next.edges < exact.edges + exact.edges / 10);
        // A bound in constant time: counting by division would take minutes here.
        let largest = bounded(u64::MAX);
        assert!(largest.states > u128::from(u64::MAX) && largest.edges > largest.states);
    }

    #[test]
    fn the_dag_formula_matches_a_walk() {
        for n in (1..=300).chain([1_000, 1_001, 4_096]) {
            let game = DivisorGame::new(n).unwrap();
            assert_eq!(
                game.dag_size_by_formula(),
                crate::base::size::walk_dag_size(&game, u128::MAX, u128::MAX),
                "N = {n}"
            );
        }
    }
}
