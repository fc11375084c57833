//! One instance of any registered game behind a trait object ([`AnyGame`]), so that the studies
//! and the front ends call one method for any game they only know by name. Each method is a
//! one-line call into generic code, monomorphised for the game once here, with the game's fast
//! paths from its registry entry where it has them.

use crate::analysis::{self, SolvedSpace};
use crate::base::error::{InputError, Setting, SolveError};
use crate::base::game::{Game, Player};
use crate::base::input::InstanceInput;
use crate::cost::Cost;
use crate::games::explicit::{self, ExplicitGame};
use crate::graph::GraphKind;
use crate::graph::export::DagDot;
use crate::graph::export::{self, GraphError, GraphFormat};
use crate::solve::table::DpTable;
use crate::solve::{Solution, SolverKind, Solvers};
use crate::strategy::OwnStrategy;
use crate::strategy::valuation::FastValues;
use crate::strategy::valuation::PositionValues;
use crate::strategy::{self, GameRecord, Pairing, StrategyError, StrategySpec, Valuing};
use std::io::Write;
use std::sync::Arc;

/// One instance of any registered game.
pub trait AnyGame: Send + Sync {
    /// The game's command-line name.
    fn name(&self) -> &'static str;
    /// The instance as input fields.
    fn input(&self) -> InstanceInput;
    /// Solves the instance with `solver`.
    fn solve(&self, solver: SolverKind) -> Result<Solution, SolveError>;
    /// Solves the instance with `solver` without listing the moves (faster for large ones).
    fn solve_value(&self, solver: SolverKind) -> Result<Solution, SolveError>;
    /// What [`AnyGame::solve`] (or, `value_only`, [`AnyGame::solve_value`]) costs with `solver`
    /// (`auto` resolved as they resolve it).
    fn solve_cost(&self, solver: SolverKind, value_only: bool) -> Cost;
    /// The game's DP table for a heatmap, if it has a two-dimensional one.
    fn dp_table(&self) -> Option<DpTable>;
    /// Facts about the instance worth printing beside its solution.
    fn facts(&self) -> Vec<String>;
    /// Plays `pairing` on this instance (see [`strategy::play`](fn@crate::strategy::play)).
    fn play(&self, pairing: Pairing<'_>) -> Result<GameRecord, StrategyError>;
    /// [`AnyGame::play`], recording every move's value and regret (see
    /// [`strategy::regret`]); refused above the size the position values accept.
    fn play_valued(&self, pairing: Pairing<'_>) -> Result<GameRecord, StrategyError>;
    /// What `spec` costs to play one side of one game of this instance (see
    /// [`strategy::game_cost`]).
    fn strategy_cost(&self, spec: &StrategySpec) -> Cost;
    /// Refuses `spec` for `player` where a limit of its own that no budget raises rules it out
    /// on this instance (`optimal` above the memoised search's positions, without a table).
    fn refuse_strategy_limits(
        &self,
        spec: &StrategySpec,
        player: Player,
    ) -> Result<(), StrategyError>;
    /// Solves every position reachable from the start, refusing (before any work) an instance
    /// that may have more than `max_states` (see [`analysis::solve_space`]).
    fn solve_space(&self, max_states: u128) -> Result<SolvedSpace, InputError>;
    /// What [`AnyGame::solve_space`] costs (see [`analysis::space_cost`]).
    fn space_cost(&self) -> Cost;
    /// Every position reachable from the start as an explicit table (see
    /// [`explicit::explore_game`]), for stepping through the instance from outside the crate;
    /// refused (before any work) above `max_states` positions, as [`AnyGame::solve_space`].
    fn explore_table(&self, max_states: u128) -> Result<ExplicitGame, InputError>;
    /// Builds the tree or DAG, refusing it beforehand if it has more than `max_nodes` nodes,
    /// and writes it in `format`; returns (tree nodes, DAG nodes). See [`export::write_graph`].
    fn export_graph(
        &self,
        kind: GraphKind,
        format: GraphFormat,
        max_nodes: u128,
        out: &mut dyn Write,
    ) -> Result<(u128, usize), GraphError>;

    /// [`AnyGame::play_valued`] when the instance can be valued; otherwise the game is still
    /// played, without regret, and the refusal comes back beside the record (`None` when the
    /// record has its regret).
    fn play_valued_if_possible(
        &self,
        pairing: Pairing<'_>,
    ) -> Result<(GameRecord, Option<SolveError>), StrategyError> {
        match self.play_valued(pairing) {
            Err(StrategyError::Solve(
                refused @ (SolveError::TooLarge { .. } | SolveError::SearchTooLarge { .. }),
            )) => {
                let record = self.play(pairing)?;
                Ok((record, Some(refused)))
            }
            other => Ok((other?, None)),
        }
    }
}

/// What building a game's table of every position's value costs, where the instance is within
/// the table's size.
pub type ValuesCost<G> = fn(&G) -> Option<Cost>;

/// A game's faster ways to do the generic work on an instance (its registry entry's `fast`);
/// each is optional, the generic path serves without.
pub struct FastPaths<G: Game + 'static> {
    /// Every position's value from the game's fast solver (for optimal play and regret), and
    /// what building it costs where the instance is within its size (`None`: too large).
    pub position_values: Option<(FastValues<G>, ValuesCost<G>)>,
    /// The game's DP table laid out for a heatmap, for games whose table is two-dimensional.
    pub dp_table: Option<fn(&G) -> Option<DpTable>>,
    /// Facts about an instance worth printing beside its solution (nim's Grundy values and their
    /// period, Stone Game IV's losing positions, ...).
    pub facts: Option<fn(&G) -> Vec<String>>,
    /// The state DAG written to DOT without building a graph.
    pub dag_dot: Option<DagDot<G>>,
    /// The game's own strategies, besides the generic ones.
    pub strategies: &'static [OwnStrategy<G>],
}

impl<G: Game + 'static> Clone for FastPaths<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game + 'static> Copy for FastPaths<G> {}

impl<G: Game + 'static> FastPaths<G> {
    /// No fast path: the generic code does everything.
    pub const NONE: FastPaths<G> = FastPaths {
        position_values: None,
        dp_table: None,
        facts: None,
        dag_dot: None,
        strategies: &[],
    };
}

/// An instance of game `G` with what its registry entry says of it: its solvers, its fast
/// paths and how it is written as input.
pub struct Instance<G: Game + 'static> {
    pub(crate) game: G,
    pub(crate) solvers: Solvers<G>,
    pub(crate) fast: FastPaths<G>,
    pub(crate) input: fn(&G) -> InstanceInput,
}

impl<G: Game + 'static> Instance<G> {
    /// What the game's table of position values costs for this instance, where it has one
    /// (strategies that value positions read it instead of searching).
    fn table_cost(&self) -> Option<Cost> {
        self.fast
            .position_values
            .and_then(|(_, cost)| cost(&self.game))
    }

    /// The size a refusal names: `10000 piles`, `divisor-game N = 12`, `nim heaps 10 + 7`.
    fn size(&self) -> String {
        let input = (self.input)(&self.game);
        match (&input.piles, input.n, &input.heaps) {
            (Some(piles), _, _) => format!("{} piles", piles.len()),
            (None, Some(n), _) => format!("{} N = {n}", G::NAME),
            (None, None, Some(heaps)) => {
                let heaps: Vec<String> = heaps.iter().map(u64::to_string).collect();
                format!("{} heaps {}", G::NAME, heaps.join(" + "))
            }
            (None, None, None) => G::NAME.to_string(),
        }
    }
}

impl<G: Game + Clone + 'static> AnyGame for Instance<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn input(&self) -> InstanceInput {
        (self.input)(&self.game)
    }

    fn solve(&self, solver: SolverKind) -> Result<Solution, SolveError> {
        self.solvers.run(&self.game, solver, false, &|| self.size())
    }

    fn solve_value(&self, solver: SolverKind) -> Result<Solution, SolveError> {
        self.solvers.run(&self.game, solver, true, &|| self.size())
    }

    fn solve_cost(&self, solver: SolverKind, value_only: bool) -> Cost {
        self.solvers.cost(&self.game, solver, value_only)
    }

    fn dp_table(&self) -> Option<DpTable> {
        self.fast.dp_table.and_then(|table| table(&self.game))
    }

    fn facts(&self) -> Vec<String> {
        self.fast
            .facts
            .map_or_else(Vec::new, |facts| facts(&self.game))
    }

    fn play(&self, pairing: Pairing<'_>) -> Result<GameRecord, StrategyError> {
        let own = self.fast.strategies;
        // Optimal play reads the fast solver's table where the game has one (stone-game: up to
        // the `diff` solver's size); a refused table leaves it to memoised minimax and its guard.
        if (pairing.first.needs_position_values() || pairing.second.needs_position_values())
            && let Some((table, _)) = self.fast.position_values
            && let Ok(table) = table(&self.game)
        {
            let table = Arc::new(table);
            return strategy::play(&self.game, own, pairing, Valuing::Table(&table));
        }
        strategy::play(&self.game, own, pairing, Valuing::None)
    }

    fn play_valued(&self, pairing: Pairing<'_>) -> Result<GameRecord, StrategyError> {
        let fast = self.fast.position_values.map(|(table, _)| table);
        let mut values = PositionValues::new(&self.game, fast)?;
        strategy::play(
            &self.game,
            self.fast.strategies,
            pairing,
            Valuing::Regret(&mut values),
        )
    }

    /// Strategies that value positions read the game's table where it has one (as
    /// [`AnyGame::play`] does): the table, then a lookup per move.
    fn refuse_strategy_limits(
        &self,
        spec: &StrategySpec,
        player: Player,
    ) -> Result<(), StrategyError> {
        strategy::cost::refuse_over_limits(&self.game, spec, player, self.table_cost().is_some())
    }

    fn strategy_cost(&self, spec: &StrategySpec) -> Cost {
        match self.table_cost() {
            Some(table) if spec.needs_position_values() => {
                table.then(strategy::game_cost(&self.game, &StrategySpec::Greedy))
            }
            _ => strategy::game_cost(&self.game, spec),
        }
    }

    fn solve_space(&self, max_states: u128) -> Result<SolvedSpace, InputError> {
        analysis::solve_space(&self.game, max_states)
    }

    fn space_cost(&self) -> Cost {
        analysis::space_cost(&self.game)
    }

    fn explore_table(&self, max_states: u128) -> Result<ExplicitGame, InputError> {
        analysis::check_state_count(&self.game, max_states)?;
        let limit = usize::try_from(max_states).unwrap_or(usize::MAX);
        explicit::explore_game(&self.game, limit).map_err(|error| InputError::TooManyNodes {
            what: "state space",
            count: format!("more than {limit}"),
            limit: max_states,
            setting: Setting::MaxStates,
            advice: format!(
                "use a smaller instance or raise {} ({error})",
                Setting::MaxStates
            ),
        })
    }

    fn export_graph(
        &self,
        kind: GraphKind,
        format: GraphFormat,
        max_nodes: u128,
        out: &mut dyn Write,
    ) -> Result<(u128, usize), GraphError> {
        let instance = self.input().describe();
        let dag_dot = self.fast.dag_dot;
        export::write_graph(&self.game, &instance, kind, format, max_nodes, dag_dot, out)
    }
}
