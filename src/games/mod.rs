//! The games: one module per game, holding its rules (the [`Game`] trait) and its catalogue
//! entry (the [`RegisteredGame`] trait: title, rules text, input form and the game's own
//! solvers).
//!
//! Game modules import nothing above the solvers. Finding a game by its name and erasing its
//! type is the registry's job ([`crate::games::registry`]); strategies, graphs and every analysis reach
//! a game through the traits alone.

pub mod coins_in_a_circle;
pub mod conformance;
pub mod divisor_game;
pub mod explicit;
pub mod nim;
pub mod registry;
pub mod stone_game;
pub mod stone_game_ii;
pub mod stone_game_iii;
pub mod stone_game_iv;
pub mod stone_game_vii;

use crate::base::error::{InputError, SolveError, USE_AUTO, USE_SMALLER};
use crate::base::game::Game;
use crate::base::input::{InstanceInput, InstanceRef};
use crate::cost::{Cost, Operation, Work, times};
use crate::games::stone_game::batch::Scratch16;
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

    /// What [`RegisteredGame::position_values`] costs to build, where the game has such a table
    /// and this instance is within its size (`None`: positions are valued one by one by
    /// memoised minimax, costed as `memo`).
    fn position_values_cost(&self) -> Option<Cost> {
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
    /// allocating per instance. The default builds the instance and asks `auto` for its value.
    fn first_margin(input: InstanceRef<'_>, scratch: &mut Vec<i64>) -> Result<i64, SolveError> {
        let _ = scratch;
        let game = Self::from_input(&input.to_input())?;
        Ok(solve_value(&game, SolverKind::Auto)?.margin)
    }

    /// What [`RegisteredGame::first_margin`] costs on one instance of size `size` (piles, or N),
    /// estimated from the size alone: claims and charts multiply it by their instance counts
    /// and refuse requests over the budget ([`crate::cost`]). The default assumes the
    /// generic `memo` solver on a game of about `size`² positions of 32 bytes each.
    fn margin_cost(size: u64) -> Cost {
        let positions = (size as u128).saturating_mul(size as u128);
        Cost::new(
            positions.saturating_mul(32),
            Work::of(Operation::MemoMove, positions.saturating_mul(2)),
        )
    }

    /// What [`RegisteredGame::first_margins`] costs per instance of `size`, solving many at
    /// once as sweeps do (default: [`RegisteredGame::margin_cost`]; stone-game solves them in
    /// SIMD lanes, far faster per instance).
    fn batch_margin_cost(size: u64) -> Cost {
        Self::margin_cost(size)
    }

    /// What solving this instance with `solver` (already resolved: never `auto`) costs, with
    /// the moves or (`value_only`) the value alone: [`solve`] and [`solve_value`] check it
    /// against the budget before the solver runs, so every solver of every game is costed in
    /// bytes and time. The default costs `brute` and `memo` (through the trait) and, for any
    /// other solver, only the line of optimal play: a game with solvers of its own overrides it
    /// for them (and a test checks that every solver of every game has a cost).
    fn solve_cost(&self, solver: SolverKind, value_only: bool) -> Cost {
        generic_solve_cost(self, solver, value_only)
    }

    /// What a refusal of [`RegisteredGame::solve_cost`] advises besides raising the budget
    /// (default: another solver if one was chosen by hand; a game with a faster path for the
    /// value alone says so).
    fn refusal_advice(&self, solver: SolverKind, value_only: bool) -> &'static str {
        let _ = (solver, value_only);
        USE_AUTO
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

/// Solves `game` with `solver`, checking that the solver applies, resolving `auto` and costing
/// the solver against the budget: the one place where a solver name turns into code.
pub fn solve<G: RegisteredGame>(game: &G, solver: SolverKind) -> Result<Solution, SolveError> {
    if !G::SOLVERS.contains(&solver) {
        return Err(not_applicable::<G>(solver));
    }
    let resolved = match solver {
        SolverKind::Auto => game.auto_solver(),
        chosen => chosen,
    };
    let solved = costed(game, resolved, false, solver == SolverKind::Auto, || {
        solve_unchecked(game, resolved)
    });
    match solver {
        SolverKind::Auto => solved.map_err(fastest_refused),
        _ => solved,
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
    let resolved = match solver {
        SolverKind::Auto => game.auto_value_solver(),
        chosen => chosen,
    };
    let solved = costed(game, resolved, true, solver == SolverKind::Auto, || {
        game.value_by(resolved)
    });
    match solver {
        SolverKind::Auto => solved.map_err(fastest_refused),
        _ => solved,
    }
}

/// Runs `solve` (`solver` on `game`) once its cost is within the budget
/// ([`RegisteredGame::solve_cost`]), and reports its work finished to the progress counters.
fn costed<G: RegisteredGame>(
    game: &G,
    solver: SolverKind,
    value_only: bool,
    auto: bool,
    solve: impl FnOnce() -> Result<Solution, SolveError>,
) -> Result<Solution, SolveError> {
    let advice = match game.refusal_advice(solver, value_only) {
        USE_AUTO if auto => USE_SMALLER,
        advice => advice,
    };
    let cost = game.solve_cost(solver, value_only);
    cost.check(
        SolvingWith {
            game,
            solver,
            value_only,
        },
        advice,
    )?;
    let before = crate::cost::progress::snapshot().done;
    let solution = solve()?;
    crate::cost::progress::settle(cost.work.cpu_nanos(), before);
    Ok(solution)
}

/// `listing the moves on 10000 piles with the solver table` (with the moves) or `solving 10000
/// piles with the solver peaks` (the value), formatted only for a refusal.
struct SolvingWith<'a, G> {
    game: &'a G,
    solver: SolverKind,
    value_only: bool,
}

impl<G: RegisteredGame> std::fmt::Display for SolvingWith<'_, G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let size = match self.game.pile_row() {
            Some(row) => format!("{} piles", row.len()),
            None => match self.game.to_input().n {
                Some(n) => format!("{} N = {n}", G::NAME),
                None => G::NAME.to_string(),
            },
        };
        let what = if self.value_only {
            "solving"
        } else {
            "listing the moves on"
        };
        write!(f, "{what} {size} with the solver {}", self.solver.name())
    }
}

/// Runs `solver` (resolved and costed already).
fn solve_unchecked<G: RegisteredGame>(
    game: &G,
    solver: SolverKind,
) -> Result<Solution, SolveError> {
    match solver {
        SolverKind::Brute => brute::solve(game),
        SolverKind::Memo => memo::solve(game),
        specific => game.solve_specific(specific),
    }
}

/// What `brute` or `memo` costs on `game` through the trait, and for any other solver the line
/// of optimal play read off its values (see [`RegisteredGame::solve_cost`]).
pub fn generic_solve_cost<G: Game>(game: &G, solver: SolverKind, value_only: bool) -> Cost {
    let line = if value_only {
        Cost::default()
    } else {
        line_cost(game)
    };
    match solver {
        SolverKind::Brute => Cost::work(brute::search_work(game)).then(line),
        SolverKind::Memo => memo::search_cost(game).then(line),
        _ => line,
    }
}

/// What reading the line of optimal play off a solver's values costs: every move tried at
/// every position of a line of up to [`Game::max_depth`] moves, and the records kept.
pub fn line_cost<G: Game>(game: &G) -> Cost {
    line_cost_of(game.max_depth(), game.max_moves())
}

/// [`line_cost`] of a line of `depth` moves with up to `moves` choices each.
pub fn line_cost_of(depth: u128, moves: u128) -> Cost {
    Cost::new(
        times(depth, LINE_RECORD_BYTES),
        Work::of(Operation::LineMove, times(depth, moves.max(1))),
    )
}

/// Bytes one move of a listed line takes: its record and the position's text (long rows are
/// shown by their ends).
const LINE_RECORD_BYTES: u128 = 256;

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
        ..solve_unchecked(game, solver)?
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
