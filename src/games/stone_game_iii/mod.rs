//! `stone-game-iii` (LeetCode 1406): take the first 1, 2 or 3 remaining piles; values may be
//! negative.
//!
//! Rules. Piles lie in a row (any 64-bit values, n >= 1). The players alternate, the first
//! player first; a turn takes the first 1, 2 or 3 remaining piles. When none is left, whoever
//! holds more (a larger sum, which may be negative) wins; equal sums are a tie.
//!
//! Positions are (piles taken so far, player to move); the game's end is one terminal position.

pub mod dp;

use crate::base::error::SolveError;
use crate::base::game::{Bounds, Game, Scores};
use crate::base::input::InstanceRef;
use crate::base::input::fields::{borrow_piles, check_score_range};
use crate::cost::{Cost, Operation, Work};
use crate::games::families::prefix::{PrefixGame, PrefixRule};
use crate::games::stone_game_iii::dp::{MAX_TAKE, rolling_margin, suffix_values};
use crate::games::{BatchPaths, FastPaths, GameDefinition, InputForm};
use crate::solve::{
    PRINCIPAL_VARIATION_LIMIT, Solution, Solver, SolverKind, Solvers, line_cost,
    solution_from_values,
};

pub use crate::games::families::prefix::Position;

/// The rule of stone-game-iii: a move takes one, two or three piles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UpToThree;

impl PrefixRule for UpToThree {
    const NAME: &'static str = "stone-game-iii";
    type Limit = ();
    const START: () = ();
    const END: () = ();

    fn most(_: (), _: usize) -> usize {
        MAX_TAKE
    }

    fn after(_: (), _: usize, _: usize) {}

    fn describe_limit(_: (), _: usize) -> String {
        String::new()
    }

    /// Both players at every count of piles taken, and the end; one to three piles a move.
    fn bounds(n: u128) -> Bounds {
        Bounds {
            states: 2 * n + 1,
            moves: MAX_TAKE as u128,
            depth: n,
            least_states: n + 1,
        }
    }
}

/// One instance: the row of piles.
pub type StoneGameIII = PrefixGame<UpToThree>;

/// The suffix DP of [`dp`].
pub const DP: SolverKind = SolverKind::named("dp");

/// stone-game-iii's registry entry.
pub const DEFINITION: GameDefinition<StoneGameIII> = GameDefinition {
    title: "Stone Game III: take the first 1, 2 or 3 piles (LeetCode 1406)",
    rules: "A row of piles whose values may be negative. Players alternate, first player first; \
        a turn takes the first 1, 2 or 3 remaining piles. When none is left, the larger sum wins; \
        equal sums are a tie.",
    input_form: InputForm::Piles { negative: true },
    share_bound: None,
    from_input: StoneGameIII::from_input,
    from_owned_input: Some(StoneGameIII::from_owned_input),
    input: StoneGameIII::input,
    solvers: Solvers {
        own: &[Solver::new(
            DP,
            "the suffix DP, linear time (a value for every count of piles taken)",
            solve_by_dp,
            // Long rows are answered with the value alone.
            |game, value_only| {
                let n = game.piles().len();
                let value = margin_cost(n as u64);
                if value_only || n > PRINCIPAL_VARIATION_LIMIT {
                    value
                } else {
                    value.then(line_cost(game))
                }
            },
        )
        .with_value(value_by_dp)],
        auto: |_, _| DP,
    },
    batch: BatchPaths::margins(first_margin, margin_cost),
    fast: FastPaths::NONE,
};

/// The suffix DP: linear time and memory.
fn margin_cost(size: u64) -> Cost {
    let n = size as u128;
    // Besides a unit a pile, an instance's set-up (its rows of the DP) costs about 25 units,
    // most of a small instance in a sweep.
    Cost::new(
        n.saturating_mul(16),
        Work::of(Operation::StoneGameIIIDp, n.saturating_add(25)),
    )
}

fn first_margin(input: InstanceRef<'_>, _: &mut Vec<i64>) -> Result<i64, SolveError> {
    let piles = borrow_piles(StoneGameIII::NAME, input)?;
    check_score_range(StoneGameIII::NAME, piles)?;
    Ok(rolling_margin(piles))
}

fn value_by_dp(game: &StoneGameIII) -> Result<Solution, SolveError> {
    let margin = rolling_margin(game.piles());
    let scores = Scores::from_total_and_margin(game.total(), margin);
    Ok(Solution::value_only(StoneGameIII::NAME, DP, scores))
}

fn solve_by_dp(game: &StoneGameIII) -> Result<Solution, SolveError> {
    if game.piles().len() > PRINCIPAL_VARIATION_LIMIT {
        return value_by_dp(game);
    }
    let values = suffix_values(game.piles());
    Ok(solution_from_values(game, DP, |state| {
        values[state.next as usize]
    }))
}
