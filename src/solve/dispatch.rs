//! Solver dispatch: the one place where a solver name turns into code. Every game has the
//! generic solvers (`brute`, `memo`) and `auto`; a game adds its own as a list of [`Solver`]s
//! (its registry entry's `solvers`), each with its name, what it does, how it solves, what it
//! costs and what a refusal advises. [`Solvers::solve`] checks that the solver applies, resolves
//! `auto`, costs the solver against the budget before it runs and reports its work to the
//! progress counters.

use crate::base::error::{SolveError, USE_AUTO, USE_SMALLER};
use crate::base::game::Game;
use crate::cost::{Cost, Operation, Work, times};
use crate::solve::{Solution, SolverKind, brute, memo};

/// A solver's run on an instance of game `G`.
pub type SolveFn<G> = fn(&G) -> Result<Solution, SolveError>;

/// A solver's limit on an instance of game `G`, with the moves or (`true`) the value alone:
/// `Err` names what is past it ([`Solver::limit`]).
pub type LimitFn<G> = fn(&G, bool) -> Result<(), SolveError>;

/// One of a game's own solvers.
pub struct Solver<G> {
    /// Its name (`rolling`, `dp`, `closed-form`, ...).
    pub kind: SolverKind,
    /// What it does, in a line, as `gamelab games` lists it.
    pub summary: &'static str,
    /// Solves an instance, listing optimal play where the instance is small enough
    /// ([`crate::solve::PRINCIPAL_VARIATION_LIMIT`]).
    pub solve: SolveFn<G>,
    /// The value alone, where that is cheaper than [`Solver::solve`]; `None`: solve and drop
    /// the moves.
    pub value: Option<SolveFn<G>>,
    /// What solving an instance costs, with the moves or (`true`) the value alone. Every solver
    /// of every game is costed (a test checks), so that a request is refused before it runs.
    pub cost: fn(&G, bool) -> Cost,
    /// What a refusal advises besides raising the budget, with the moves or (`true`) the value
    /// alone; `None`: another solver, which `auto` picks.
    pub advice: Option<fn(&G, bool) -> &'static str>,
    /// The instances it refuses whatever the budget (a table past its size, a sum of heaps
    /// given to a one-heap solver), with the moves or (`true`) the value alone. Checked before
    /// the cost, so that a refusal never advises raising a budget the solver would then refuse
    /// anyway; `None`: no limit of its own.
    pub limit: Option<LimitFn<G>>,
}

impl<G> Solver<G> {
    /// A solver that lists optimal play, gives the value alone by solving in full, and whose
    /// refusal advises `auto`.
    pub const fn new(
        kind: SolverKind,
        summary: &'static str,
        solve: SolveFn<G>,
        cost: fn(&G, bool) -> Cost,
    ) -> Solver<G> {
        Solver {
            kind,
            summary,
            solve,
            value: None,
            cost,
            advice: None,
            limit: None,
        }
    }

    /// This solver with a cheaper way to the value alone.
    pub const fn with_value(self, value: SolveFn<G>) -> Solver<G> {
        Solver {
            value: Some(value),
            ..self
        }
    }

    /// This solver with advice of its own when it is refused.
    pub const fn with_advice(self, advice: fn(&G, bool) -> &'static str) -> Solver<G> {
        Solver {
            advice: Some(advice),
            ..self
        }
    }

    /// This solver with instances it refuses whatever the budget ([`Solver::limit`]).
    pub const fn with_limit(self, limit: LimitFn<G>) -> Solver<G> {
        Solver {
            limit: Some(limit),
            ..self
        }
    }
}

/// Every solver of a game: the generic ones, its own, and `auto`'s pick among them.
pub struct Solvers<G: 'static> {
    /// The game's own solvers, in the order `gamelab games` lists them.
    pub own: &'static [Solver<G>],
    /// The solver `auto` picks for an instance, with the moves or (`true`) the value alone.
    pub auto: fn(&G, bool) -> SolverKind,
}

// By hand: derived impls would ask the game, not only the pointers, to be Copy.
impl<G: 'static> Clone for Solvers<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: 'static> Copy for Solvers<G> {}

/// `auto` for a game without solvers of its own: `memo`, which works for every game.
fn memo_for_every_instance<G>(_: &G, _: bool) -> SolverKind {
    SolverKind::MEMO
}

/// One line each for the solvers every game has.
const GENERIC_SUMMARIES: [(SolverKind, &str); 3] = [
    (
        SolverKind::AUTO,
        "the fastest exact solver for the game and instance (proved exact)",
    ),
    (
        SolverKind::BRUTE,
        "plain exhaustive minimax over the game tree (for checking)",
    ),
    (
        SolverKind::MEMO,
        "memoised minimax over distinct positions (every game)",
    ),
];

impl<G: Game + 'static> Solvers<G> {
    /// The generic solvers alone; `auto` picks `memo`.
    pub const GENERIC: Solvers<G> = Solvers {
        own: &[],
        auto: memo_for_every_instance::<G>,
    };

    /// Every solver's name and summary: `auto`, `brute`, `memo`, then the game's own.
    pub fn summaries(&self) -> Vec<(SolverKind, &'static str)> {
        GENERIC_SUMMARIES
            .into_iter()
            .chain(self.own.iter().map(|solver| (solver.kind, solver.summary)))
            .collect()
    }

    /// Every solver's name, `auto` first.
    pub fn kinds(&self) -> Vec<SolverKind> {
        self.summaries().into_iter().map(|(kind, _)| kind).collect()
    }

    /// The game's own solver called `kind`.
    fn own(&self, kind: SolverKind) -> Option<&Solver<G>> {
        self.own.iter().find(|solver| solver.kind == kind)
    }

    /// `kind` with `auto` resolved, or the error naming the solvers the game has.
    fn resolve(
        &self,
        game: &G,
        kind: SolverKind,
        value_only: bool,
    ) -> Result<SolverKind, SolveError> {
        match kind {
            SolverKind::AUTO => Ok((self.auto)(game, value_only)),
            SolverKind::BRUTE | SolverKind::MEMO => Ok(kind),
            _ if self.own(kind).is_some() => Ok(kind),
            _ => Err(self.not_applicable(kind)),
        }
    }

    /// The error for a solver the game does not have.
    pub fn not_applicable(&self, kind: SolverKind) -> SolveError {
        SolveError::NotApplicable {
            solver: kind.name(),
            game: G::NAME,
            available: solver_names(&self.kinds()),
        }
    }

    /// Solves `game` with `kind`, listing optimal play where the solver does.
    pub fn solve(&self, game: &G, kind: SolverKind) -> Result<Solution, SolveError> {
        self.run(game, kind, false, &|| size_of_start(game))
    }

    /// The value of `game` without the move list (faster for large instances), by `kind`.
    pub fn solve_value(&self, game: &G, kind: SolverKind) -> Result<Solution, SolveError> {
        self.run(game, kind, true, &|| size_of_start(game))
    }

    /// What [`Solvers::solve`] (or, `value_only`, [`Solvers::solve_value`]) costs with `kind`,
    /// `auto` resolved as they resolve it.
    pub fn cost(&self, game: &G, kind: SolverKind, value_only: bool) -> Cost {
        match self.resolve(game, kind, value_only) {
            Ok(resolved) => self.resolved_cost(game, resolved, value_only),
            Err(_) => Cost::default(),
        }
    }

    fn resolved_cost(&self, game: &G, kind: SolverKind, value_only: bool) -> Cost {
        match self.own(kind) {
            Some(solver) => (solver.cost)(game, value_only),
            None => generic_solve_cost(game, kind, value_only),
        }
    }

    /// Resolves, costs and runs `kind` (see the module docs); a refusal names the instance by
    /// `size` (`10000 piles`, `divisor-game N = 12`).
    pub fn run(
        &self,
        game: &G,
        kind: SolverKind,
        value_only: bool,
        size: &dyn Fn() -> String,
    ) -> Result<Solution, SolveError> {
        let resolved = self.resolve(game, kind, value_only)?;
        let own = self.own(resolved);
        let advice = match own.and_then(|solver| solver.advice) {
            Some(advice) => advice(game, value_only),
            None => USE_AUTO,
        };
        // A solver picked by `auto` is the fastest there is: "use auto" is no advice then.
        let advice = match advice {
            USE_AUTO if kind == SolverKind::AUTO => USE_SMALLER,
            advice => advice,
        };
        // A refusal of the solver `auto` picked advises only a smaller instance.
        let refused = |error| match kind {
            SolverKind::AUTO => fastest_refused(error),
            _ => error,
        };
        match own.and_then(|solver| solver.limit) {
            Some(limit) => limit(game, value_only),
            None => generic_limit(game, resolved),
        }
        .map_err(refused)?;
        let cost = self.resolved_cost(game, resolved, value_only);
        cost.check(
            SolvingWith {
                size,
                solver: resolved,
                value_only,
            },
            advice,
        )?;
        let before = crate::cost::progress::snapshot().done;
        let solved = match (own, resolved) {
            (_, SolverKind::BRUTE) => without_moves_if(value_only, brute::solve(game)),
            (_, SolverKind::MEMO) => without_moves_if(value_only, memo::solve(game)),
            (Some(solver), _) => match (value_only, solver.value) {
                (true, Some(value)) => value(game),
                _ => without_moves_if(value_only, (solver.solve)(game)),
            },
            (None, _) => Err(self.not_applicable(resolved)),
        };
        let solution = solved.map_err(refused)?;
        crate::cost::progress::settle(cost.work.cpu_nanos(), before);
        Ok(solution)
    }
}

/// `solved` with its move list dropped when only the value was asked for.
fn without_moves_if(
    value_only: bool,
    solved: Result<Solution, SolveError>,
) -> Result<Solution, SolveError> {
    let solution = solved?;
    Ok(if value_only {
        Solution {
            moves: None,
            ..solution
        }
    } else {
        solution
    })
}

/// `listing the moves on 10000 piles with the solver table` (with the moves) or `solving 10000
/// piles with the solver peaks` (the value), formatted only for a refusal.
struct SolvingWith<'a> {
    size: &'a dyn Fn() -> String,
    solver: SolverKind,
    value_only: bool,
}

impl std::fmt::Display for SolvingWith<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = if self.value_only {
            "solving"
        } else {
            "listing the moves on"
        };
        write!(
            f,
            "{what} {} with the solver {}",
            (self.size)(),
            self.solver.name()
        )
    }
}

/// An instance's size as a refusal names it when its input is not at hand: its piles, or the
/// game and its start.
fn size_of_start<G: Game>(game: &G) -> String {
    match game.pile_row() {
        Some(row) => format!("{} piles", row.len()),
        None => format!("{} {}", G::NAME, game.describe_state(&game.initial_state())),
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

/// The limit of `brute` or `memo` on `game` that no budget lifts: `memo`'s positions (`brute`'s
/// tree is bounded by its estimate, which its cost names).
fn generic_limit<G: Game>(game: &G, solver: SolverKind) -> Result<(), SolveError> {
    match solver {
        SolverKind::MEMO => memo::check_position_limit(game, memo::Searcher::Solver),
        _ => Ok(()),
    }
}

/// What `brute` or `memo` costs on `game` through the trait, and for any other solver the line
/// of optimal play read off its values.
pub fn generic_solve_cost<G: Game>(game: &G, solver: SolverKind, value_only: bool) -> Cost {
    let line = if value_only {
        Cost::default()
    } else {
        line_cost(game)
    };
    match solver {
        SolverKind::BRUTE => Cost::work(brute::search_work(game)).then(line),
        SolverKind::MEMO => memo::search_cost(game).then(line),
        _ => line,
    }
}

/// What reading the line of optimal play off a solver's values costs: every move tried at
/// every position of a line of up to [`crate::base::game::Bounds::depth`] moves, and the
/// records kept.
pub fn line_cost<G: Game>(game: &G) -> Cost {
    let bounds = game.bounds();
    line_cost_of(bounds.depth, bounds.moves)
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

/// Solver names, comma-separated.
pub fn solver_names(solvers: &[SolverKind]) -> String {
    solvers
        .iter()
        .map(|solver| solver.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Refuses a table of every k <= `n` above `limit`: the table solvers of the number games.
pub fn check_table_size(solver: &'static str, n: u64, limit: u64) -> Result<(), SolveError> {
    if n > limit {
        return Err(SolveError::TooLarge {
            solver,
            what: "N",
            size: n.to_string(),
            limit: limit.to_string(),
            advice: USE_AUTO,
        });
    }
    Ok(())
}
