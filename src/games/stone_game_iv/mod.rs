//! `stone-game-iv` (LeetCode 1510): remove a non-zero square number of stones from one pile;
//! who cannot move loses.
//!
//! Rules. One pile of N >= 1 stones. The players alternate, the first player first; a turn
//! removes k² stones for some k >= 1 with k² <= the stones left. A player who cannot move (no
//! stones left) loses. As in divisor-game the winner is paid 1 and the loser 0, and moves gain 0.
//!
//! The losing positions (where the player to move loses) are OEIS A030193: 0, 2, 5, 7, 10, 12,
//! 15, 17, 20, 22, 34, 39, ... They are rare (about 0.9·N^0.7 up to N), so the fast solver,
//! `sieve`, finds them forwards ([`sieve`]: every losing p knocks out p + 1, p + 4, p + 9, ...)
//! and keeps only them; `dp` is the backward table `wins[k]` = some square s <= k leaves a losing
//! `k - s`, a byte per position. Several heaps (`--heaps`) are a sum, solved by the XOR of the
//! heaps' Grundy values.

use crate::analysis::grundy::NimValues;
use crate::base::error::{InputError, Setting, SolveError};
use crate::base::game::{Bounds, DagSize};
use crate::base::input::InstanceInput;
use crate::base::input::fields::refuse_field;
use crate::cost::{Cost, Operation, Work, reserve};
use crate::games::families::heaps::{GRUNDY, HeapGame, HeapOption, HeapRule, RuleSequence};
use crate::games::{BatchPaths, FastPaths, GameDefinition, InputForm, LosingSink};
use crate::solve::{Solver, SolverKind, Solvers};
use crate::util::plural::counted;
use sieve::SieveOptions;

pub use crate::games::families::heaps::Position;

pub mod sieve;

/// `wins[k]` for every k in `0..=limit`: whether the player to move with k stones wins.
///
/// Time O(limit · s) where s is the number of squares tried before a losing remainder turns up
/// (all of them, √k, only at the rare losing k), memory one byte per entry.
///
/// ```
/// use gamelab::games::stone_game_iv::win_table;
/// let losing: Vec<usize> = (0..=22).filter(|&k| !win_table(22)[k]).collect();
/// assert_eq!(losing, vec![0, 2, 5, 7, 10, 12, 15, 17, 20, 22]);
/// ```
pub fn win_table(limit: usize) -> Vec<bool> {
    let mut wins = vec![false; limit + 1];
    for k in 1..=limit {
        wins[k] = (1..)
            .map(|root: usize| root * root)
            .take_while(|&square| square <= k)
            .any(|square| !wins[k - square]);
    }
    wins
}

/// Grundy values `g(0..=limit)` of subtract-a-square: the mex of `g(k - j²)` over squares
/// `j² <= k`.
///
/// Time O(limit^1.5) (every square is tried at every k), memory 4 bytes per value.
///
/// ```
/// use gamelab::games::stone_game_iv::grundy_values;
/// assert_eq!(grundy_values(9), vec![0, 1, 0, 1, 2, 0, 1, 0, 1, 2]);
/// ```
pub fn grundy_values(limit: usize) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::with_capacity(limit + 1);
    // `seen[v] == k + 1` marks value v as an option of k, so the marks need no clearing.
    let mut seen: Vec<usize> = Vec::new();
    for k in 0..=limit {
        for root in (1..).take_while(|&root: &usize| root * root <= k) {
            let value = values[k - root * root] as usize;
            if value >= seen.len() {
                seen.resize(value + 1, 0);
            }
            seen[value] = k + 1;
        }
        let mex = seen
            .iter()
            .position(|&mark| mark != k + 1)
            .unwrap_or(seen.len());
        values.push(mex as u32);
    }
    values
}

/// The rule of stone-game-iv (subtract-a-square): a move removes a non-zero square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Squares;

impl HeapRule for Squares {
    const NAME: &'static str = "stone-game-iv";
    const MOVE_KEY: &'static str = "take";

    #[inline]
    fn options(&self, stones: u64) -> Vec<HeapOption> {
        (1u64..)
            .map(|root| root * root)
            .take_while(|&square| square <= stones)
            .map(|square| HeapOption::subtract(stones, square))
            .collect()
    }

    #[inline]
    fn is_dead(&self, stones: u64) -> bool {
        stones == 0
    }

    /// Both players at every count of stones; one move per square up to N; each move removes
    /// at least one stone, and taking one every time visits N, N - 1, ..., 0.
    fn heap_bounds(&self, n: u64) -> Bounds {
        let n = n as u128;
        Bounds {
            states: 2 * (n + 1),
            moves: n.isqrt(),
            depth: n,
            least_states: n + 1,
        }
    }

    /// A position is (stones left, player to move). After taking t stones in all, either
    /// player can be to move once t >= 4 (four 1s or one 4: an even and an odd number of
    /// moves), only one before: 2N - 2 positions for N >= 4. A position with m stones has
    /// ⌊√m⌋ moves.
    fn dag_size(&self, n: u64) -> Option<DagSize> {
        let n = n as u128;
        let (states, edges) = if n < 4 {
            (n + 1, sum_of_square_roots(n))
        } else {
            let single = (n - 3..=n).map(u128::isqrt).sum::<u128>();
            (2 * n - 2, 2 * sum_of_square_roots(n) - single)
        };
        Some(DagSize { states, edges })
    }

    /// Subtract-a-square is not periodic: its values are computed up to `n_max`.
    fn nim_values(&self, n_max: u64) -> Result<NimValues, SolveError> {
        let count = entries(n_max)?;
        reserve(&mut Vec::<u32>::new(), count, "the Grundy values")?;
        Ok(NimValues::plain(grundy_values(count - 1)))
    }

    /// The sieve's losing positions, in place of the zeros of a Grundy table.
    fn losing_heaps(&self, n_max: u64, sink: LosingSink<'_>) -> Result<u64, SolveError> {
        sieve::losing_positions(n_max, SieveOptions::default(), sink)
    }

    fn losing_cost(&self, n_max: u64) -> Cost {
        sieve::sieve_cost(n_max)
    }

    fn losing_bound(&self, n_max: u64) -> u64 {
        sieve::losing_estimate(n_max)
    }

    fn nim_cost(&self, n_max: u64) -> Cost {
        let n = n_max as u128;
        Cost::new(
            n.saturating_add(1).saturating_mul(4),
            Work::of(Operation::GrundyTable, sum_of_square_roots(n)),
        )
    }

    fn describe_heap(&self, stones: u64) -> String {
        counted(stones, "stone")
    }

    fn describe_option(&self, _: u64, option: HeapOption) -> String {
        let stones = counted(option.take, "stone");
        format!("takes {stones} ({}²)", option.take.isqrt())
    }
}

/// One instance: the pile size N, or several piles (a sum).
pub type StoneGameIV = HeapGame<Squares>;

impl StoneGameIV {
    /// A validated instance of one pile of N >= 1 stones.
    pub fn new(n: u64) -> Result<StoneGameIV, InputError> {
        StoneGameIV::from_input(&InstanceInput::number(n))
    }

    /// An instance read from input: N, or the heaps of a sum (each at least 1).
    pub fn from_input(input: &InstanceInput) -> Result<StoneGameIV, InputError> {
        refuse_field(Squares::NAME, Setting::Subtract, input.subtract.is_some())?;
        refuse_field(Squares::NAME, Setting::Code, input.code.is_some())?;
        HeapGame::read(input, Squares)
    }
}

/// The win table of [`win_table`].
pub const DP: SolverKind = SolverKind::named("dp");

/// The losing positions of [`sieve`], kept in a sorted list.
pub const SIEVE: SolverKind = SolverKind::named("sieve");

/// stone-game-iv's nim-sequences, for `gamelab grundy` and `losing-positions`.
const NIM_SEQUENCE: RuleSequence<Squares> = RuleSequence {
    read: StoneGameIV::from_input,
};

/// stone-game-iv's registry entry.
pub const DEFINITION: GameDefinition<StoneGameIV> = GameDefinition {
    title: "Stone Game IV: remove a square number of stones (LeetCode 1510)",
    rules: "One pile of N stones. Players alternate, first player first; a turn removes a \
        non-zero square number of stones (1, 4, 9, ...). Who cannot move loses. Scores are 1 for \
        the winner and 0 for the loser.",
    input_form: InputForm::Number {
        subtraction_set: false,
        code: false,
        splits: false,
    },
    share_bound: None,
    from_input: StoneGameIV::from_input,
    from_owned_input: None,
    input: StoneGameIV::input,
    solvers: Solvers {
        own: &[
            Solver::new(
                DP,
                "the win table of every pile size up to N",
                |game| {
                    let wins = table(game)?;
                    Ok(game.solution_from_heap(DP, |stones| wins[stones as usize]))
                },
                |game, value_only| {
                    margin_cost(game.largest_heap()).then(game.line_cost(value_only))
                },
            )
            .with_value(|game| {
                let n = game.one_heap_for("dp")?;
                let wins = table(game)?;
                Ok(game.value_from(DP, wins[n as usize]))
            })
            .with_limit(|game, _| game.one_heap_for("dp").map(drop)),
            Solver::new(
                SIEVE,
                "the losing positions up to N by a forward sieve, kept in a sorted list",
                |game: &StoneGameIV| {
                    let losing = losing_list(game.one_heap_for("sieve")?)?;
                    Ok(game
                        .solution_from_heap(SIEVE, |stones| losing.binary_search(&stones).is_err()))
                },
                |game, value_only| {
                    let n = game.largest_heap();
                    let list = sieve::losing_estimate(n) as u128 * 8;
                    sieve::sieve_cost(n)
                        .then(Cost::new(list, Work::NONE))
                        .then(game.line_cost(value_only))
                },
            )
            .with_value(|game| {
                let n = game.one_heap_for("sieve")?;
                let losing = sieve::is_losing(n, SieveOptions::default())?;
                Ok(game.value_from(SIEVE, !losing))
            })
            .with_limit(|game, _| game.one_heap_for("sieve").map(drop)),
            StoneGameIV::GRUNDY_SOLVER,
        ],
        auto: |game, _| match game.single_heap() {
            Some(_) => SIEVE,
            None => GRUNDY,
        },
    },
    batch: BatchPaths {
        nim_sequence: Some(&NIM_SEQUENCE),
        ..BatchPaths::margins(
            |input, _| {
                let game = input.read(StoneGameIV::from_input)?;
                game.first_margin(|n| {
                    let count = entries(n)?;
                    reserve(&mut Vec::<bool>::new(), count, "the win table")?;
                    Ok(win_table(n as usize)[n as usize])
                })
            },
            margin_cost,
        )
    },
    fast: FastPaths {
        facts: Some(facts),
        ..FastPaths::NONE
    },
};

/// The win table up to N (a game of one pile), refused when the system has not the memory.
fn table(game: &StoneGameIV) -> Result<Vec<bool>, SolveError> {
    let n = game.one_heap_for("dp")?;
    let count = entries(n)?;
    reserve(&mut Vec::<bool>::new(), count, "the win table")?;
    Ok(win_table(n as usize))
}

/// The losing positions in 0..=n, in increasing order.
fn losing_list(n: u64) -> Result<Vec<u64>, SolveError> {
    let mut losing = Vec::new();
    sieve::losing_positions(n, SieveOptions::default(), |chunk| {
        reserve(&mut losing, chunk.len(), "the losing positions")?;
        losing.extend_from_slice(chunk);
        Ok::<(), SolveError>(())
    })?;
    Ok(losing)
}

/// The entries of a table of 0..=n, refused when they cannot be indexed on this machine.
fn entries(n: u64) -> Result<usize, SolveError> {
    usize::try_from(n)
        .ok()
        .and_then(|n| n.checked_add(1))
        .ok_or_else(|| {
            SolveError::from(InputError::out_of_range(
                "N",
                "at most usize::MAX - 1 on this machine",
                n,
            ))
        })
}

/// The win table: one byte per k <= N, the squares tried at each (Σ⌊√k⌋, in closed form; a
/// winning move found early stops the scan, so this is an upper bound).
fn margin_cost(size: u64) -> Cost {
    let n = size as u128;
    Cost::new(
        n,
        Work::of(Operation::StoneGameIVDp, sum_of_square_roots(n)),
    )
}

/// The losing positions up to 200 (OEIS A030193); for a sum, its Grundy values.
fn facts(game: &StoneGameIV) -> Vec<String> {
    if game.single_heap().is_none() {
        return game.sum_facts();
    }
    let shown = game.largest_heap().min(200) as usize;
    let losing: Vec<String> = win_table(shown)
        .iter()
        .enumerate()
        .filter(|(_, wins)| !**wins)
        .map(|(k, _)| k.to_string())
        .collect();
    vec![format!(
        "losing positions up to {shown} (OEIS A030193): {}",
        losing.join(", ")
    )]
}

/// ⌊√0⌋ + ⌊√1⌋ + ... + ⌊√n⌋ in closed form: the value k covers the 2k + 1 numbers k² ..
/// (k + 1)² - 1, the last value K = ⌊√n⌋ only n - K² + 1 of them.
fn sum_of_square_roots(n: u128) -> u128 {
    let k = n.isqrt();
    // Σ_{j<K} j(2j + 1) = 2 Σ j² + Σ j over j = 1..K-1.
    let below = if k == 0 {
        0
    } else {
        (k - 1) * k * (2 * k - 1) / 3 + (k - 1) * k / 2
    };
    below + k * (n - k * k + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::game::Game;

    #[test]
    fn the_dag_formula_matches_a_walk() {
        for n in (1..=300).chain([1_000, 4_097]) {
            let game = StoneGameIV::new(n).unwrap();
            assert_eq!(
                game.dag_size_by_formula(),
                crate::base::size::walk_dag_size(&game, u128::MAX, u128::MAX),
                "N = {n}"
            );
        }
    }
}
