//! The games: one module per game, holding its rules (the [`Game`] trait) and its catalogue
//! entry (the [`RegisteredGame`] trait: title, rules text, input form and the game's own
//! solvers).
//!
//! Game modules import nothing above the solvers. Finding a game by its name and erasing its
//! type is the registry's job ([`crate::registry`]); strategies, graphs and every analysis reach
//! a game through the traits alone.

pub mod coins_in_a_circle;
pub mod divisor_game;
pub mod nim;
pub mod stone_game;
pub mod stone_game_ii;
pub mod stone_game_iii;
pub mod stone_game_iv;
pub mod stone_game_vii;

use crate::budget::Cost;
use crate::error::{InputError, SolveError, USE_SMALLER};
use crate::game::Game;
use crate::input::{InstanceInput, InstanceRef};
use crate::solve::dp::stone_game_batch::Scratch16;
use crate::solve::table::DpTable;
use crate::solve::{Solution, SolverKind, brute, memo};

/// Every position's value (the mover's margin from there to the end), as one lookup: what
/// [`RegisteredGame::position_values`] hands over.
pub type PositionTable<G> = Box<dyn Fn(&<G as Game>::State) -> i64 + Send + Sync>;

/// What an instance of a game is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputForm {
    /// A row of piles; `negative` tells whether negative values make sense.
    Piles { negative: bool },
    /// A single number N; `subtraction_set` tells whether the game also reads a set of amounts
    /// a move may take (nim).
    Number { subtraction_set: bool },
}

/// The first player's margin of each of 32 pile instances of the same length laid out in 16-bit
/// lanes (`piles[i][lane]` is pile `i` of the instance in `lane`), given working memory. The
/// caller proves that every lane's absolute pile sum is at most `i16::MAX`; `piles` is not empty.
pub type GroupMargins16 = fn(&[[i16; 32]], &mut Scratch16) -> [i16; 32];

/// The catalogue side of a game: its description, how an instance is read, and the solvers
/// that apply to it. Generic solvers (`brute`, `memo`) need nothing beyond the rules; a game
/// adds its own fast ones through the hooks below. An instance is plain data: equal instances
/// compare equal, which the conformance suite checks through `from_input(to_input(g)) == g`.
pub trait RegisteredGame: Game + Clone + PartialEq + std::fmt::Debug + Sized + 'static {
    /// One-line title, with the problems the game covers.
    const TITLE: &'static str;
    /// The rules, as printed by `gamelab games`.
    const RULES: &'static str;
    /// What an instance is made of.
    const INPUT_FORM: InputForm;
    /// Every solver that applies, `auto` first. The default is the generic solvers alone.
    const SOLVERS: &'static [SolverKind] = &[SolverKind::Auto, SolverKind::Brute, SolverKind::Memo];
    /// The share of the total the first player is known to be able to guarantee, with its
    /// source, drawn as a reference line on share charts.
    const SHARE_BOUND: Option<(f64, &'static str)> = None;
    /// The game's kernel for 32 instances of small piles already in 16-bit lanes (see
    /// [`GroupMargins16`]), which sweeps of small values draw straight into; `None` (the
    /// default) sends them through [`RegisteredGame::first_margins`].
    const GROUP_MARGINS_16: Option<GroupMargins16> = None;

    /// Builds and validates an instance.
    fn from_input(input: &InstanceInput) -> Result<Self, InputError>;
    /// [`RegisteredGame::from_input`] from input the caller gives away: pile games override it
    /// to keep the pile vector instead of copying it (the default borrows and copies).
    fn from_owned_input(input: InstanceInput) -> Result<Self, InputError> {
        Self::from_input(&input)
    }
    /// The instance as input fields (the inverse of `from_input`).
    fn to_input(&self) -> InstanceInput;
    /// The solver `auto` picks for this instance (default: `memo`, which works for every game).
    fn auto_solver(&self) -> SolverKind {
        SolverKind::Memo
    }
    /// The solver `auto` picks when only the value is asked for (`--value-only`): by default
    /// the same as [`RegisteredGame::auto_solver`]; a game overrides it where a solver proved
    /// exact gives the value faster than it gives the moves (stone-game: `peaks`).
    fn auto_value_solver(&self) -> SolverKind {
        self.auto_solver()
    }
    /// Runs one of the game's own solvers (one of `SOLVERS` other than auto, brute and memo).
    /// The default has none.
    fn solve_specific(&self, solver: SolverKind) -> Result<Solution, SolveError> {
        Err(not_applicable::<Self>(solver))
    }

    /// The value without the move list, by `solver` (already resolved: never `auto`). The
    /// default solves in full and drops the moves; games override it where the value alone is
    /// cheaper. Callers go through [`solve_value`], which checks and resolves the solver.
    fn value_by(&self, solver: SolverKind) -> Result<Solution, SolveError> {
        solved_without_moves(self, solver)
    }

    /// The value of every position (the margin of the player to move, from there to the end)
    /// read from the game's fast solver, for valuing the positions of played games; `None` when
    /// the game has no such table (memoised minimax then values positions one by one). Refused
    /// above the same size as the solver behind it.
    fn position_values(&self) -> Option<Result<PositionTable<Self>, SolveError>> {
        None
    }

    /// The game's DP table laid out for a heatmap, for games whose table is two-dimensional.
    fn table(&self) -> Option<DpTable> {
        None
    }

    /// Facts about this instance worth printing beside its solution (nim's Grundy values and
    /// their period, Stone Game IV's losing positions, ...).
    fn facts(&self) -> Vec<String> {
        Vec::new()
    }

    /// The first player's margin under optimal play, without the move list: the fast path of
    /// sweeps and claims. `scratch` is working memory reused between calls, so games can avoid
    /// allocating per instance. The default builds the instance and solves it with `auto`.
    fn first_margin(input: InstanceRef<'_>, scratch: &mut Vec<i64>) -> Result<i64, SolveError> {
        let _ = scratch;
        let game = Self::from_input(&input.to_input())?;
        Ok(solve(&game, SolverKind::Auto)?.margin)
    }

    /// What [`RegisteredGame::first_margin`] costs on one instance of size `size` (piles, or N),
    /// estimated from the size alone: sweeps, claims and charts multiply it by their instance
    /// counts and refuse requests over the budget ([`crate::budget`]). The default assumes the
    /// generic `memo` solver on a game of about `size`² positions of 32 bytes each.
    fn margin_cost(size: u64) -> Cost {
        let positions = (size as u128).saturating_mul(size as u128);
        Cost::new(positions.saturating_mul(32), positions)
    }

    /// The first player's margins of many pile instances of `n` piles each, laid out one after
    /// another in `flat`, appended to `out` in order. The default solves them one at a time with
    /// [`RegisteredGame::first_margin`]; games may batch them (stone-game: one per SIMD lane).
    fn first_margins(
        n: usize,
        flat: &[i64],
        out: &mut Vec<i64>,
        scratch: &mut Vec<i64>,
    ) -> Result<(), SolveError> {
        for instance in flat.chunks(n.max(1)) {
            out.push(Self::first_margin(InstanceRef::Piles(instance), scratch)?);
        }
        Ok(())
    }
}

/// Solves `game` with `solver`, checking that the solver applies and resolving `auto`: the one
/// place where a solver name turns into code.
pub fn solve<G: RegisteredGame>(game: &G, solver: SolverKind) -> Result<Solution, SolveError> {
    if !G::SOLVERS.contains(&solver) {
        return Err(not_applicable::<G>(solver));
    }
    match solver {
        SolverKind::Auto => solve(game, game.auto_solver()).map_err(fastest_refused),
        SolverKind::Brute => brute::solve(game),
        SolverKind::Memo => memo::solve(game),
        specific => game.solve_specific(specific),
    }
}

/// The value of `game` without the move list (faster for large instances), by `solver`.
pub fn solve_value<G: RegisteredGame>(
    game: &G,
    solver: SolverKind,
) -> Result<Solution, SolveError> {
    if !G::SOLVERS.contains(&solver) {
        return Err(not_applicable::<G>(solver));
    }
    match solver {
        SolverKind::Auto => game
            .value_by(game.auto_value_solver())
            .map_err(fastest_refused),
        other => game.value_by(other),
    }
}

/// A refusal of the solver `auto` picked: no other solver does better, so the only advice left
/// is a smaller instance.
fn fastest_refused(error: SolveError) -> SolveError {
    match error {
        SolveError::TooLarge {
            solver,
            what,
            size,
            limit,
            ..
        } => SolveError::TooLarge {
            solver,
            what,
            size,
            limit,
            advice: USE_SMALLER,
        },
        other => other,
    }
}

/// `game` solved in full with `solver`, its move list dropped: the value-only answer of solvers
/// that need their whole table anyway.
pub(crate) fn solved_without_moves<G: RegisteredGame>(
    game: &G,
    solver: SolverKind,
) -> Result<Solution, SolveError> {
    Ok(Solution {
        moves: None,
        ..solve(game, solver)?
    })
}

/// The error for a solver that `G` does not have.
pub fn not_applicable<G: RegisteredGame>(solver: SolverKind) -> SolveError {
    SolveError::NotApplicable {
        solver: solver.name(),
        game: G::NAME,
        available: solver_names(G::SOLVERS),
    }
}

/// Solver names, comma-separated.
pub fn solver_names(solvers: &[SolverKind]) -> String {
    solvers
        .iter()
        .map(|solver| solver.name())
        .collect::<Vec<_>>()
        .join(", ")
}
