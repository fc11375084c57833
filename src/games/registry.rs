//! The registry: every game by its command-line name ([`GAMES`], [`find_game`]), and the type
//! erasure ([`AnyGame`]) through which the studies and the front ends handle an instance of a
//! game they only know by name.
//!
//! It sits above the generic analyses (graphs, exports, strategies): each [`AnyGame`] method is a
//! one-line call into generic code, monomorphised for the game once here. A new game is one
//! module under `crate::games` and one line in [`GAMES`].

use crate::analysis::{self, SolvedSpace};
use crate::base::error::{InputError, Setting, SolveError};
use crate::base::game::Scores;
use crate::base::input::{InstanceInput, InstanceRef};
use crate::cost::Cost;
use crate::games::conformance::{SuiteOptions, SuiteReport, check_game};
use crate::games::explicit::{self, ExplicitGame};
use crate::games::{self, GroupMargins16, InputForm, RegisteredGame, solver_names};
use crate::graph::GraphKind;
use crate::graph::export::{self, GraphError, GraphFormat};
use crate::solve::table::DpTable;
use crate::solve::{Solution, SolverKind};
use crate::strategy::valuation::PositionValues;
use crate::strategy::{self, GameRecord, StrategyError, StrategySpec};
use std::io::Write;

/// A game in the registry.
pub struct GameEntry {
    pub name: &'static str,
    pub title: &'static str,
    pub rules: &'static str,
    pub input_form: InputForm,
    pub solvers: &'static [SolverKind],
    /// Whether the final scores always add up to the same total (see `Game::CONSTANT_SUM`).
    pub constant_sum: bool,
    /// A reference line for share charts: the first player's guaranteed share and its source.
    pub share_bound: Option<(f64, &'static str)>,
    build: fn(&InstanceInput) -> Result<Box<dyn AnyGame>, InputError>,
    build_owned: fn(InstanceInput) -> Result<Box<dyn AnyGame>, InputError>,
    first_margin: fn(InstanceRef<'_>, &mut Vec<i64>) -> Result<i64, SolveError>,
    first_margins: BatchMargins,
    group_margins_16: Option<GroupMargins16>,
    margin_cost: fn(u64) -> Cost,
    batch_margin_cost: fn(u64) -> Cost,
    conformance: fn(&SuiteOptions) -> SuiteReport,
}

/// The signature of [`RegisteredGame::first_margins`].
type BatchMargins = fn(usize, &[i64], &mut Vec<i64>, &mut Vec<i64>) -> Result<(), SolveError>;

impl GameEntry {
    /// Builds an instance of this game from input fields.
    pub fn build(&self, input: &InstanceInput) -> Result<Box<dyn AnyGame>, InputError> {
        self.check_named(input)?;
        (self.build)(input)
    }

    /// [`GameEntry::build`] from input the caller gives away: a pile game keeps the pile vector
    /// instead of copying it (what a file of ten million piles needs to fit in memory once).
    pub fn build_owned(&self, input: InstanceInput) -> Result<Box<dyn AnyGame>, InputError> {
        self.check_named(&input)?;
        (self.build_owned)(input)
    }

    /// Refuses input that names another game.
    fn check_named(&self, input: &InstanceInput) -> Result<(), InputError> {
        match &input.game {
            Some(named) if named != self.name => Err(InputError::WrongGame {
                named: named.clone(),
                expected: self.name,
            }),
            _ => Ok(()),
        }
    }

    /// The first player's margin under optimal play (see [`RegisteredGame::first_margin`]).
    pub fn first_margin(
        &self,
        input: InstanceRef<'_>,
        scratch: &mut Vec<i64>,
    ) -> Result<i64, SolveError> {
        (self.first_margin)(input, scratch)
    }

    /// The first player's margins of many pile instances of `n` piles each (see
    /// [`RegisteredGame::first_margins`]).
    pub fn first_margins(
        &self,
        n: usize,
        flat: &[i64],
        out: &mut Vec<i64>,
        scratch: &mut Vec<i64>,
    ) -> Result<(), SolveError> {
        (self.first_margins)(n, flat, out, scratch)
    }

    /// The game's kernel for instances already in 16-bit lanes, if it has one (see
    /// [`GroupMargins16`]).
    pub fn group_margins_16(&self) -> Option<GroupMargins16> {
        self.group_margins_16
    }

    /// What one [`GameEntry::first_margin`] costs at size `size` (see
    /// [`RegisteredGame::margin_cost`]).
    pub fn margin_cost(&self, size: u64) -> Cost {
        (self.margin_cost)(size)
    }

    /// What [`GameEntry::first_margins`] costs per instance of size `size` (see
    /// [`RegisteredGame::batch_margin_cost`]).
    pub fn batch_margin_cost(&self, size: u64) -> Cost {
        (self.batch_margin_cost)(size)
    }

    /// Whether instances are rows of piles (as opposed to a number N).
    pub fn takes_piles(&self) -> bool {
        matches!(self.input_form, InputForm::Piles { .. })
    }

    /// The solvers' names, comma-separated.
    pub fn solver_names(&self) -> String {
        solver_names(self.solvers)
    }

    /// Runs the conformance suite on this game (see [`crate::games::conformance`]).
    pub fn check_conformance(&self, options: &SuiteOptions) -> SuiteReport {
        (self.conformance)(options)
    }

    /// The names of this game's own strategies, besides the generic ones.
    pub fn special_strategies(&self) -> Vec<&'static str> {
        strategy::special_strategy_names(self.name)
    }
}

/// The registry entry of game `G`.
pub const fn entry<G: RegisteredGame>() -> GameEntry {
    GameEntry {
        name: G::NAME,
        title: G::TITLE,
        rules: G::RULES,
        input_form: G::INPUT_FORM,
        solvers: G::SOLVERS,
        constant_sum: G::CONSTANT_SUM,
        share_bound: G::SHARE_BOUND,
        build: build_boxed::<G>,
        build_owned: build_owned_boxed::<G>,
        first_margin: G::first_margin,
        first_margins: G::first_margins,
        group_margins_16: G::GROUP_MARGINS_16,
        margin_cost: G::margin_cost,
        batch_margin_cost: G::batch_margin_cost,
        conformance: check_game::<G>,
    }
}

fn build_boxed<G: RegisteredGame>(input: &InstanceInput) -> Result<Box<dyn AnyGame>, InputError> {
    Ok(Box::new(G::from_input(input)?))
}

fn build_owned_boxed<G: RegisteredGame>(
    input: InstanceInput,
) -> Result<Box<dyn AnyGame>, InputError> {
    Ok(Box::new(G::from_owned_input(input)?))
}

/// Every game, one line each.
pub static GAMES: &[GameEntry] = &[
    entry::<games::stone_game::StoneGame>(),
    entry::<games::stone_game_ii::StoneGameII>(),
    entry::<games::stone_game_iii::StoneGameIII>(),
    entry::<games::divisor_game::DivisorGame>(),
    entry::<games::stone_game_vii::StoneGameVII>(),
    entry::<games::stone_game_iv::StoneGameIV>(),
    entry::<games::nim::Nim>(),
    entry::<games::coins_in_a_circle::CoinsInACircle>(),
];

/// Stone Game's entry on its own, for the library's unit tests: one that found its game in
/// [`GAMES`] would compile every game's solvers into the unit-test build (about 8 s of a fresh
/// test build on 2 cores); integration tests, which link the library, use [`find_game`].
#[cfg(test)]
pub(crate) static STONE_GAME_ALONE: GameEntry = entry::<games::stone_game::StoneGame>();

/// Finds a game by its command-line name.
pub fn find_game(name: &str) -> Result<&'static GameEntry, InputError> {
    GAMES
        .iter()
        .find(|entry| entry.name == name)
        .ok_or_else(|| InputError::UnknownGame {
            name: name.to_string(),
            known: GAMES
                .iter()
                .map(|entry| entry.name)
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// One instance of any registered game, behind a trait object.
pub trait AnyGame: Send + Sync {
    /// The game's command-line name.
    fn name(&self) -> &'static str;
    /// The instance as input fields.
    fn input(&self) -> InstanceInput;
    /// Solves the instance with `solver` (see [`games::solve`]).
    fn solve(&self, solver: SolverKind) -> Result<Solution, SolveError>;
    /// Solves the instance with `solver` without listing the moves (faster for large ones).
    fn solve_value(&self, solver: SolverKind) -> Result<Solution, SolveError>;
    /// What [`AnyGame::solve`] (or, `value_only`, [`AnyGame::solve_value`]) costs with `solver`
    /// (`auto` resolved as they resolve it; see [`RegisteredGame::solve_cost`]).
    fn solve_cost(&self, solver: SolverKind, value_only: bool) -> Cost;
    /// The game's DP table for a heatmap, if it has a two-dimensional one.
    fn dp_table(&self) -> Option<DpTable>;
    /// Facts about the instance worth printing beside its solution.
    fn notes(&self) -> Vec<String>;
    /// Plays `first` against `second` on this instance (see [`strategy::play`]).
    fn play(
        &self,
        first: &StrategySpec,
        second: &StrategySpec,
        optimal: Scores,
        seed: u64,
        index: u64,
    ) -> Result<GameRecord, StrategyError>;
    /// Solves every position reachable from the start, refusing (before any work) an instance
    /// that may have more than `max_states` (see [`analysis::solve_space`]).
    fn solve_space(&self, max_states: u128) -> Result<SolvedSpace, InputError>;
    /// Every position reachable from the start as an explicit table (see
    /// [`explicit::explore_game`]), for stepping through the instance from outside the crate;
    /// refused (before any work) above `max_states` positions, as [`AnyGame::solve_space`].
    fn explore_table(&self, max_states: u128) -> Result<ExplicitGame, InputError>;
    /// [`AnyGame::play`], recording every move's value and regret (see
    /// [`strategy::regret`]); refused above the size the position values accept.
    fn play_valued(
        &self,
        first: &StrategySpec,
        second: &StrategySpec,
        optimal: Scores,
        seed: u64,
        index: u64,
    ) -> Result<GameRecord, StrategyError>;
    /// What `spec` costs to play one side of one game of this instance (see
    /// [`strategy::game_cost`]).
    fn strategy_cost(&self, spec: &StrategySpec) -> Cost;
    /// [`AnyGame::play_valued`] when the instance can be valued; otherwise the game is still
    /// played, without regret, and the refusal comes back beside the record (`None` when the
    /// record has its regret).
    fn play_valued_if_possible(
        &self,
        first: &StrategySpec,
        second: &StrategySpec,
        optimal: Scores,
        seed: u64,
        index: u64,
    ) -> Result<(GameRecord, Option<SolveError>), StrategyError> {
        match self.play_valued(first, second, optimal, seed, index) {
            Err(StrategyError::Solve(
                refused @ (SolveError::TooLarge { .. } | SolveError::SearchTooLarge { .. }),
            )) => {
                let record = self.play(first, second, optimal, seed, index)?;
                Ok((record, Some(refused)))
            }
            other => Ok((other?, None)),
        }
    }
    /// Builds the tree or DAG, refusing it beforehand if it has more than `max_nodes` nodes,
    /// and writes it in `format`; returns (tree nodes, DAG nodes). See [`export::write_graph`].
    fn export_graph(
        &self,
        kind: GraphKind,
        format: GraphFormat,
        max_nodes: u128,
        out: &mut dyn Write,
    ) -> Result<(u128, usize), GraphError>;
}

impl<G: RegisteredGame> AnyGame for G {
    /// Strategies that value positions read the game's table where it has one (as [`play`]
    /// does): the table, then a lookup per move.
    ///
    /// [`play`]: AnyGame::play
    fn strategy_cost(&self, spec: &StrategySpec) -> Cost {
        match self.position_values_cost() {
            Some(table) if spec.needs_position_values() => {
                table.then(strategy::game_cost(self, &StrategySpec::Greedy))
            }
            _ => strategy::game_cost(self, spec),
        }
    }

    fn name(&self) -> &'static str {
        G::NAME
    }

    fn input(&self) -> InstanceInput {
        self.to_input()
    }

    fn solve(&self, solver: SolverKind) -> Result<Solution, SolveError> {
        games::solve(self, solver)
    }

    fn solve_value(&self, solver: SolverKind) -> Result<Solution, SolveError> {
        games::solve_value(self, solver)
    }

    fn solve_cost(&self, solver: SolverKind, value_only: bool) -> Cost {
        let solver = match (solver, value_only) {
            (SolverKind::Auto, true) => self.auto_value_solver(),
            (SolverKind::Auto, false) => self.auto_solver(),
            (chosen, _) => chosen,
        };
        RegisteredGame::solve_cost(self, solver, value_only)
    }

    fn dp_table(&self) -> Option<DpTable> {
        self.table()
    }

    fn notes(&self) -> Vec<String> {
        self.facts()
    }

    fn play(
        &self,
        first: &StrategySpec,
        second: &StrategySpec,
        optimal: Scores,
        seed: u64,
        index: u64,
    ) -> Result<GameRecord, StrategyError> {
        // Optimal play reads the fast solver's table where the game has one (stone-game: up to
        // the `diff` solver's size); a refused table leaves it to memoised minimax and its guard.
        if (first.needs_position_values() || second.needs_position_values())
            && let Some(Ok(table)) = self.position_values()
        {
            return strategy::play_with_table(self, first, second, optimal, table, seed, index);
        }
        strategy::play(self, first, second, optimal, seed, index)
    }

    fn solve_space(&self, max_states: u128) -> Result<SolvedSpace, InputError> {
        analysis::solve_space(self, max_states)
    }

    fn explore_table(&self, max_states: u128) -> Result<ExplicitGame, InputError> {
        analysis::check_state_count(self, max_states)?;
        let limit = usize::try_from(max_states).unwrap_or(usize::MAX);
        explicit::explore_game(self, limit).map_err(|error| InputError::TooManyNodes {
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

    fn play_valued(
        &self,
        first: &StrategySpec,
        second: &StrategySpec,
        optimal: Scores,
        seed: u64,
        index: u64,
    ) -> Result<GameRecord, StrategyError> {
        let mut values = PositionValues::new(self)?;
        strategy::play_valued(self, first, second, optimal, &mut values, seed, index)
    }

    fn export_graph(
        &self,
        kind: GraphKind,
        format: GraphFormat,
        max_nodes: u128,
        out: &mut dyn Write,
    ) -> Result<(u128, usize), GraphError> {
        let instance = self.to_input().describe();
        export::write_graph(self, &instance, kind, format, max_nodes, out)
    }
}
