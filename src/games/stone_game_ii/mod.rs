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
//! so capping merges positions that play identically. The game's end is one terminal position.

pub mod band;
pub mod board;
pub mod dp;
pub mod reach;

use crate::base::error::{InputError, SolveError};
use crate::base::game::{Action, ActionValue, Game, MoveDescription, Player};
use crate::base::input::fields::{borrow_piles, check_score_range, into_piles, take_piles};
use crate::base::input::{InstanceInput, InstanceRef, format_piles};
use crate::cost::{Cost, Operation, Work};
use crate::games::stone_game_ii::dp::{
    FULL_TABLE_PILE_LIMIT, TEXTBOOK_PILE_LIMIT, m_cap, textbook, windowed,
};
use crate::games::stone_game_ii::reach::{REACH_PILE_LIMIT, peak_bytes, reach_table, table_bytes};
use crate::games::{InputForm, RegisteredGame, not_applicable};
use crate::solve::table::{DpCell, DpTable};
use crate::solve::{Solution, SolverKind, best_move, solution_from_values};
use crate::util::parallel::available_threads;

/// One instance: the row of piles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoneGameII {
    piles: Vec<i64>,
    /// `sums[k]` is the sum of `piles[..k]`.
    sums: Vec<i64>,
}

/// A position: `piles[next..]` remain, the current M, and who moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    pub next: u32,
    pub m: u32,
    pub mover: Player,
}

impl StoneGameII {
    /// A validated instance: at least one pile, and the sum of absolute values within 64 bits.
    pub fn new(piles: Vec<i64>) -> Result<StoneGameII, InputError> {
        StoneGameII::from_input(&InstanceInput::piles(piles))
    }

    /// The piles.
    pub fn piles(&self) -> &[i64] {
        &self.piles
    }

    fn n(&self) -> usize {
        self.piles.len()
    }

    /// The canonical position with `piles[next..]` left, limit `m` and `mover` to move.
    fn position(&self, next: usize, m: usize, mover: Player) -> Position {
        let remaining = self.n() - next;
        if remaining == 0 {
            return Position {
                next: next as u32,
                m: 0,
                mover: Player::First,
            };
        }
        Position {
            next: next as u32,
            m: m.min(m_cap(remaining)) as u32,
            mover,
        }
    }
}

impl Game for StoneGameII {
    const NAME: &'static str = "stone-game-ii";
    type State = Position;
    /// How many piles the move takes.
    type Move = usize;

    #[inline]
    fn initial_state(&self) -> Position {
        self.position(0, 1, Player::First)
    }

    #[inline]
    fn to_move(&self, state: &Position) -> Player {
        state.mover
    }

    #[inline]
    fn legal_moves(&self, state: &Position) -> Vec<usize> {
        let remaining = self.n() - state.next as usize;
        (1..=(2 * state.m as usize).min(remaining)).collect()
    }

    #[inline]
    fn apply(&self, state: &Position, take: usize) -> Position {
        self.position(
            state.next as usize + take,
            (state.m as usize).max(take),
            state.mover.other(),
        )
    }

    #[inline]
    fn gain(&self, state: &Position, take: usize) -> i64 {
        let next = state.next as usize;
        self.sums[next + take] - self.sums[next]
    }

    fn max_states(&self) -> u128 {
        let n = self.n() as u128;
        2 * ((n + 1) * (n + 1) / 4) + 1
    }

    fn pile_row(&self) -> Option<&[i64]> {
        Some(&self.piles)
    }

    fn piles_left(&self, state: &Position) -> Option<Vec<std::ops::Range<usize>>> {
        Some(crate::base::game::one_run(
            state.next as usize..self.piles.len(),
        ))
    }

    /// At most one move per pile left.
    fn max_moves(&self) -> u128 {
        self.n() as u128
    }

    /// At least one pile per move.
    fn max_depth(&self) -> u128 {
        self.n() as u128
    }

    /// Taking one pile at a time visits one position per number of piles taken.
    fn min_states(&self) -> u128 {
        self.n() as u128 + 1
    }

    fn describe_state(&self, state: &Position) -> String {
        if state.next as usize == self.n() {
            return "[]".to_string();
        }
        format!(
            "{} M={}",
            format_piles(&self.piles[state.next as usize..]),
            state.m
        )
    }

    fn move_action(&self, _: &Position, take: usize) -> Action {
        Action {
            key: "count",
            value: ActionValue::Number(take as u64),
        }
    }

    fn describe_move(&self, state: &Position, take: usize) -> MoveDescription {
        let next = state.next as usize;
        let took = self.piles[next..next + take].to_vec();
        let noun = if take == 1 { "pile" } else { "piles" };
        MoveDescription {
            text: format!("takes {take} {noun} {}", format_piles(&took)),
            action: self.move_action(state, take),
            took,
        }
    }
}

impl StoneGameII {
    /// Validates the piles (checked present and non-empty by the caller) and builds the instance.
    fn from_piles(piles: Vec<i64>) -> Result<StoneGameII, InputError> {
        check_score_range(Self::NAME, &piles, 1)?;
        let mut sums = Vec::with_capacity(piles.len() + 1);
        sums.push(0);
        for &pile in &piles {
            sums.push(sums[sums.len() - 1] + pile);
        }
        Ok(StoneGameII { piles, sums })
    }
}

impl RegisteredGame for StoneGameII {
    /// The window DP over reachable positions: about n²/8 cells and n²/32 ring slots, counted
    /// at 8 bytes each (the wide case), plus the band's deques (`peak_bytes`); about n²/2
    /// steps (the cells, the running maxima and the prefix passes).
    fn margin_cost(size: u64) -> Cost {
        let n = size as u128;
        let square = n.saturating_mul(n);
        let memory = match usize::try_from(size) {
            Ok(small) if small <= REACH_PILE_LIMIT => peak_bytes(small) as u128,
            _ => square.saturating_mul(5) / 4,
        };
        Cost::new(memory, Work::of(Operation::StoneGameIIWindow, square / 2))
    }

    fn solve_cost(&self, solver: SolverKind, value_only: bool) -> Cost {
        let n = self.n() as u128;
        // The value alone reads the same table: only the line is left out.
        let line = if value_only {
            Cost::default()
        } else {
            crate::games::line_cost(self)
        };
        match solver {
            // Past its pile limit the solver refuses at once, naming the limit: nothing to cost,
            // so that the limit, not a memory estimate, is what the user reads.
            SolverKind::Window if self.n() > REACH_PILE_LIMIT => Cost::default(),
            SolverKind::Window => {
                let window = Self::margin_cost(self.n() as u64);
                let memory = if self.n() <= REACH_PILE_LIMIT {
                    table_bytes(&self.piles) as u128
                } else {
                    window.memory
                };
                Cost::new(memory, window.work.spread_over(available_threads())).then(line)
            }
            // (i, M) cells for M up to about (n - i) / 2, each trying up to 2M takes: n³/12.
            SolverKind::Dp => Cost::new(
                n.saturating_mul(n).saturating_mul(4),
                Work::of(
                    Operation::StoneGameIIDp,
                    n.saturating_mul(n).saturating_mul(n) / 12,
                ),
            )
            .then(line),
            other => crate::games::generic_solve_cost(self, other, value_only),
        }
    }

    const TITLE: &'static str =
        "Stone Game II: take the first X piles, 1 <= X <= 2M (LeetCode 1140)";
    const RULES: &'static str = "A row of piles and a limit M, initially 1. Players alternate, \
        first player first; a turn takes all the first X remaining piles for some \
        1 <= X <= 2M, then M = max(M, X). When none is left, whoever holds more stones wins; \
        equal totals are a tie.";
    const INPUT_FORM: InputForm = InputForm::Piles { negative: true };
    const SOLVERS: &'static [SolverKind] = &[
        SolverKind::Auto,
        SolverKind::Brute,
        SolverKind::Memo,
        SolverKind::Dp,
        SolverKind::Window,
    ];

    fn from_input(input: &InstanceInput) -> Result<StoneGameII, InputError> {
        StoneGameII::from_piles(take_piles(Self::NAME, input)?)
    }

    fn from_owned_input(input: InstanceInput) -> Result<StoneGameII, InputError> {
        StoneGameII::from_piles(into_piles(Self::NAME, input)?)
    }

    fn to_input(&self) -> InstanceInput {
        InstanceInput::piles(self.piles.clone())
    }

    fn auto_solver(&self) -> SolverKind {
        SolverKind::Window
    }

    /// Every cell of the capped table, reachable or not, from the full-table window DP.
    fn table(&self) -> Option<DpTable> {
        let n = self.n();
        if n > FULL_TABLE_PILE_LIMIT {
            return None;
        }
        let table = windowed(&self.piles);
        let mut cells = Vec::new();
        for i in 0..n {
            for m in 1..=m_cap(n - i) {
                let position = self.position(i, m, Player::First);
                let best = best_move(self, &position, |state| {
                    table.get(state.next as usize, state.m as usize)
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
                "{} {}: margin of the player to move with piles[i..] left and limit M",
                Self::NAME,
                format_piles(&self.piles)
            ),
            subtitle:
                "in parentheses: how many piles optimal play takes; M above ceil((n-i)/2) allows \
                       everything and is not shown"
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

    fn first_margin(input: InstanceRef<'_>, _: &mut Vec<i64>) -> Result<i64, SolveError> {
        let piles = borrow_piles(Self::NAME, input)?;
        check_score_range(Self::NAME, piles, 1)?;
        if piles.len() > REACH_PILE_LIMIT {
            return Err(SolveError::TooLarge {
                solver: "window",
                what: "the number of piles",
                size: piles.len().to_string(),
                limit: REACH_PILE_LIMIT.to_string(),
                advice: crate::base::error::USE_SMALLER,
            });
        }
        check_table_memory(piles)?;
        Ok(reach_table(piles)
            .get(0, 1)
            .expect("the start (0, 1) is always stored"))
    }

    fn solve_specific(&self, solver: SolverKind) -> Result<Solution, SolveError> {
        match solver {
            SolverKind::Dp => {
                if self.n() > TEXTBOOK_PILE_LIMIT {
                    return Err(SolveError::TooLarge {
                        solver: "dp",
                        what: "the number of piles",
                        size: self.n().to_string(),
                        limit: TEXTBOOK_PILE_LIMIT.to_string(),
                        advice: crate::base::error::USE_AUTO,
                    });
                }
                let table = textbook(&self.piles);
                Ok(solution_from_values(self, Self::NAME, solver, |state| {
                    table.get(state.next as usize, state.m as usize)
                }))
            }
            SolverKind::Window => {
                if self.n() > REACH_PILE_LIMIT {
                    return Err(SolveError::TooLarge {
                        solver: "window",
                        what: "the number of piles",
                        size: self.n().to_string(),
                        limit: REACH_PILE_LIMIT.to_string(),
                        advice: crate::base::error::USE_AUTO,
                    });
                }
                check_table_memory(&self.piles)?;
                // Optimal play from the start visits only reachable positions, and their
                // children, which are reachable too (see the kernel's module docs).
                let table = reach_table(&self.piles);
                Ok(solution_from_values(self, Self::NAME, solver, |state| {
                    table
                        .get(state.next as usize, state.m as usize)
                        .expect("positions reached from the start are stored")
                }))
            }
            other => Err(not_applicable::<Self>(other)),
        }
    }
}

/// Refuses piles whose `window` table is over the memory budget (`--max-memory`): below
/// [`REACH_PILE_LIMIT`] the table fits the default budget, but not every budget a user sets.
/// (Solves are costed whole by `solve_cost`; this guards the sweeps' and claims' direct path.)
fn check_table_memory(piles: &[i64]) -> Result<(), SolveError> {
    Cost::memory(table_bytes(piles) as u128).check_nested(
        format_args!("the window solver's table for {} piles", piles.len()),
        crate::base::error::USE_SMALLER,
    )?;
    Ok(())
}
