//! Exact solving: the [`Solution`] record every solver returns, the solvers' names, the generic
//! solvers, the dispatch from a solver's name to its code, and the one place where optimal play
//! is read off a solver's values (so every solver breaks ties alike).
//!
//! Solvers come in two kinds. Generic ones work through the [`Game`] trait for any game:
//! [`brute`] (plain exhaustive minimax) and [`memo`] (memoised minimax). A game's own solvers
//! (its dynamic programs and closed forms) live in its folder of the games layer and are listed
//! in its registry entry as [`Solver`]s; [`dispatch`] runs them. A solver hands over either a
//! value for every position (the margin for the player to move, see [`solution_from_values`]) or
//! a decision for every position ([`solution_from_policy`]); the principal variation and both
//! scores are then computed in [`line`](mod@line).
//!
//! [`Game`]: crate::base::game::Game

pub mod brute;
pub mod dispatch;
pub mod line;
pub mod memo;
mod solution;
pub mod table;
mod text;

pub use dispatch::{
    Solver, Solvers, check_table_size, generic_solve_cost, line_cost, line_cost_of,
};
pub use line::{
    best_move, first_best, play_out, replaces_best, signed_for, solution_from_outcomes,
    solution_from_policy, solution_from_values, terminal_value, value_from_outcome,
};
pub use solution::{MoveRecord, PRINCIPAL_VARIATION_LIMIT, Solution, SolverKind};
