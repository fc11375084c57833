//! `stone-game-ii` (LeetCode 1140): take all stones of the first X remaining piles,
//! 1 <= X <= 2M, then M = max(M, X); M starts at 1.
//!
//! Rules. Piles lie in a row (any 64-bit values, n >= 1). The players alternate, the first
//! player first. With M the current limit (initially 1), a turn takes the first X remaining
//! piles for some 1 <= X <= 2M, and then M becomes max(M, X). The game ends when no pile is
//! left; whoever holds more stones wins, equal totals are a tie. LeetCode asks for the first
//! player's (Alice's) score.
//!
//! Positions are (piles taken so far, M, player to move). M is stored capped at ⌈r/2⌉ where r
//! piles remain: any larger M already allows taking everything, now and on every later turn,
//! so capping merges positions that play identically. A position's text shows a capped M as
//! `M≥m` (the M of the line that reached it may be larger), any other as `M=m`. The game's end
//! is one terminal position.

pub mod band;
pub mod board;
pub mod dp;
pub mod reach;

use crate::base::error::{SolveError, USE_AUTO, USE_SMALLER};
use crate::base::game::{Bounds, Game, Player};
use crate::base::input::InstanceRef;
use crate::base::input::fields::{borrow_piles, check_score_range};
use crate::base::input::format_piles;
use crate::cost::{Cost, Operation, Work};
use crate::games::families::prefix::{PrefixGame, PrefixRule};
use crate::games::stone_game_ii::dp::{
    FULL_TABLE_PILE_LIMIT, TEXTBOOK_PILE_LIMIT, m_cap, textbook, windowed,
};
use crate::games::stone_game_ii::reach::{REACH_PILE_LIMIT, peak_bytes, reach_table, table_bytes};
use crate::games::{BatchPaths, FastPaths, GameDefinition, InputForm};
use crate::solve::table::{DpCell, DpTable};
use crate::solve::{
    Solution, Solver, SolverKind, Solvers, best_move, line_cost, solution_from_values,
};
use crate::util::parallel::available_threads;

pub use crate::games::families::prefix::Position;

/// The rule of stone-game-ii: a move takes one to 2M piles, then M = max(M, X); M is kept capped
/// at half the piles left (module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UpToTwiceM;

impl PrefixRule for UpToTwiceM {
    const NAME: &'static str = "stone-game-ii";
    /// M.
    type Limit = u32;
    const START: u32 = 1;
    const END: u32 = 0;

    fn most(m: u32, _: usize) -> usize {
        2 * m as usize
    }

    fn after(m: u32, take: usize, remaining: usize) -> u32 {
        (m as usize).max(take).min(m_cap(remaining)) as u32
    }

    /// ` M=m`, or ` M≥m` where M is capped (module docs): the true M may be larger, and it
    /// makes no difference, since 2M already covers every pile left.
    fn describe_limit(m: u32, remaining: usize) -> String {
        if m as usize >= m_cap(remaining) {
            format!(" M≥{m}")
        } else {
            format!(" M={m}")
        }
    }

    /// Both players at every (piles taken, M) with M within its cap, and the end; at most one
    /// move per pile left.
    fn bounds(n: u128) -> Bounds {
        Bounds {
            states: 2 * ((n + 1) * (n + 1) / 4) + 1,
            moves: n,
            depth: n,
            least_states: n + 1,
        }
    }
}

/// One instance: the row of piles.
pub type StoneGameII = PrefixGame<UpToTwiceM>;

/// The textbook O(n^3) DP.
pub const DP: SolverKind = SolverKind::named("dp");
/// The O(n^2) DP with monotone sliding windows over the reachable positions ([`reach`]).
pub const WINDOW: SolverKind = SolverKind::named("window");

/// stone-game-ii's registry entry.
pub const DEFINITION: GameDefinition<StoneGameII> = GameDefinition {
    title: "Stone Game II: take the first X piles, 1 <= X <= 2M (LeetCode 1140)",
    rules: "A row of piles and a limit M, initially 1. Players alternate, first player first; a \
        turn takes all the first X remaining piles for some 1 <= X <= 2M, then M = max(M, X). \
        When none is left, whoever holds more stones wins; equal totals are a tie.",
    input_form: InputForm::Piles { negative: true },
    share_bound: None,
    from_input: StoneGameII::from_input,
    from_owned_input: Some(StoneGameII::from_owned_input),
    input: StoneGameII::input,
    solvers: Solvers {
        own: &[
            Solver::new(
                DP,
                "the textbook DP over (piles taken, M), O(n^3)",
                solve_by_dp,
                // (i, M) cells for M up to about (n - i) / 2, each trying up to 2M takes: n³/12.
                |game, value_only| {
                    let n = game.piles().len() as u128;
                    Cost::new(
                        n.saturating_mul(n).saturating_mul(4),
                        Work::of(
                            Operation::StoneGameIIDp,
                            n.saturating_mul(n).saturating_mul(n) / 12,
                        ),
                    )
                    .then(line_of(game, value_only))
                },
            )
            .with_limit(|game, _| require_textbook_size(game)),
            Solver::new(
                WINDOW,
                "the O(n^2) DP with monotone sliding windows",
                solve_by_window,
                window_cost,
            )
            .with_limit(|game, _| require_window_size(game)),
        ],
        auto: |_, _| WINDOW,
    },
    batch: BatchPaths::margins(first_margin, margin_cost),
    fast: FastPaths {
        dp_table: Some(dp_table),
        ..FastPaths::NONE
    },
};

/// The line of optimal play's cost, with the moves (the value alone reads the same table).
fn line_of(game: &StoneGameII, value_only: bool) -> Cost {
    if value_only {
        Cost::default()
    } else {
        line_cost(game)
    }
}

/// The window DP over reachable positions: about n²/8 cells and n²/32 ring slots, counted at 8
/// bytes each (the wide case), plus the band's deques (`peak_bytes`); about n²/2 steps (the
/// cells, the running maxima and the prefix passes).
fn margin_cost(size: u64) -> Cost {
    let n = size as u128;
    let square = n.saturating_mul(n);
    let memory = match usize::try_from(size) {
        Ok(small) if small <= REACH_PILE_LIMIT => peak_bytes(small) as u128,
        _ => square.saturating_mul(5) / 4,
    };
    // Besides the table's cells, setting up one instance (its suffix sums and the rows of its
    // window) costs about 25 cells a pile and 100 more, which dominates the small instances of a
    // sweep (`gamelab bench --check-estimates` checks them).
    let setup = n.saturating_mul(25).saturating_add(100);
    Cost::new(
        memory,
        Work::of(
            Operation::StoneGameIIWindow,
            (square / 2).saturating_add(setup),
        ),
    )
}

fn window_cost(game: &StoneGameII, value_only: bool) -> Cost {
    let n = game.piles().len();
    // Past its pile limit the solver refuses at once, naming the limit: nothing to cost, so that
    // the limit, not a memory estimate, is what the user reads.
    if n > REACH_PILE_LIMIT {
        return Cost::default();
    }
    let window = margin_cost(n as u64);
    Cost::new(
        table_bytes(game.piles()) as u128,
        window.work.spread_over(available_threads()),
    )
    .then(line_of(game, value_only))
}

/// Refuses more piles than `limit` for `solver`.
fn check_pile_limit(
    game_piles: usize,
    solver: &'static str,
    limit: usize,
    advice: &'static str,
) -> Result<(), SolveError> {
    if game_piles > limit {
        return Err(SolveError::TooLarge {
            solver,
            what: "the number of piles",
            size: game_piles.to_string(),
            limit: limit.to_string(),
            advice,
        });
    }
    Ok(())
}

/// Refuses the textbook DP past [`TEXTBOOK_PILE_LIMIT`] piles.
fn require_textbook_size(game: &StoneGameII) -> Result<(), SolveError> {
    check_pile_limit(game.piles().len(), "dp", TEXTBOOK_PILE_LIMIT, USE_AUTO)
}

/// Refuses the window DP past [`REACH_PILE_LIMIT`] piles: `auto` picks it, so only a smaller
/// instance is advice.
fn require_window_size(game: &StoneGameII) -> Result<(), SolveError> {
    check_pile_limit(game.piles().len(), "window", REACH_PILE_LIMIT, USE_SMALLER)
}

fn solve_by_dp(game: &StoneGameII) -> Result<Solution, SolveError> {
    require_textbook_size(game)?;
    let table = textbook(game.piles());
    Ok(solution_from_values(game, DP, |state| {
        table.get(state.next as usize, state.limit as usize)
    }))
}

fn solve_by_window(game: &StoneGameII) -> Result<Solution, SolveError> {
    require_window_size(game)?;
    check_table_memory(game.piles())?;
    // Optimal play from the start visits only reachable positions, and their children, which
    // are reachable too (see the kernel's module docs).
    let table = reach_table(game.piles());
    Ok(solution_from_values(game, WINDOW, |state| {
        table
            .get(state.next as usize, state.limit as usize)
            .expect("positions reached from the start are stored")
    }))
}

fn first_margin(input: InstanceRef<'_>, _: &mut Vec<i64>) -> Result<i64, SolveError> {
    let piles = borrow_piles(StoneGameII::NAME, input)?;
    check_score_range(StoneGameII::NAME, piles)?;
    check_pile_limit(piles.len(), "window", REACH_PILE_LIMIT, USE_SMALLER)?;
    check_table_memory(piles)?;
    Ok(reach_table(piles)
        .get(0, 1)
        .expect("the start (0, 1) is always stored"))
}

/// Every cell of the capped table, reachable or not, from the full-table window DP.
fn dp_table(game: &StoneGameII) -> Option<DpTable> {
    let n = game.piles().len();
    if n > FULL_TABLE_PILE_LIMIT {
        return None;
    }
    let table = windowed(game.piles());
    let mut cells = Vec::new();
    for i in 0..n {
        for m in 1..=m_cap(n - i) {
            let position = game.position(i, m as u32, Player::First);
            let best = best_move(game, &position, |state| {
                table.get(state.next as usize, state.limit as usize)
            });
            cells.push(DpCell {
                row: i,
                column: m - 1,
                value: table.get(i, m),
                mark: best.map(|take| format!("({take})")),
            });
        }
    }
    Some(DpTable {
        title: format!(
            "{} {}: margin of the player to move with piles i to the end left and limit M",
            StoneGameII::NAME,
            format_piles(game.piles())
        ),
        subtitle: "in parentheses: how many piles optimal play takes; M above ceil((n-i)/2) \
                   allows everything and is not shown"
            .to_string(),
        row_name: "i (piles taken so far)".to_string(),
        column_name: "M".to_string(),
        rows: n,
        columns: m_cap(n),
        first_row: 0,
        first_column: 1,
        cells,
    })
}

/// Refuses piles whose `window` table is over the memory budget (`--max-memory`): below
/// [`REACH_PILE_LIMIT`] the table fits the default budget, but not every budget a user sets.
/// (Solves are costed whole by the solver's cost; this guards the sweeps' and claims' direct
/// path.)
fn check_table_memory(piles: &[i64]) -> Result<(), SolveError> {
    Cost::memory(table_bytes(piles) as u128).check_nested(
        format_args!("the window solver's table for {} piles", piles.len()),
        USE_SMALLER,
    )?;
    Ok(())
}
