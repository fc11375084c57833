//! Games defined in Python (`gamelab.Game` subclasses, or any object with the same methods):
//! explored once into the library's explicit table of positions (`gamelab::explicit`) with the
//! GIL held while the rules run, then solved, played and drawn by the library's generic code
//! without the GIL.

use crate::errors::input_error;
use crate::solve::Solution;
use crate::stoppable::run_stoppable;
use gamelab::choice::Choice;
use gamelab::claims::Expectation;
use gamelab::explicit::{ExplicitGame, ExploreError, Rules, explore};
use gamelab::game::{Game, Player, Scores};
use gamelab::strategy::StrategySpec;
use gamelab::strategy::valuation::PositionValues;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<ExploredGame>()?;
    module.add_function(wrap_pyfunction!(explore_game, module)?)?;
    module.add_function(wrap_pyfunction!(expectation_holds, module)?)?;
    Ok(())
}

/// The stack of the thread that runs the generic recursive code (the `optimal` strategy's
/// memoised search) on an explored game: a line of play may be as long as the game has
/// positions, and the memory is only reserved, not touched, until it is needed.
const DEEP_STACK_BYTES: usize = 1 << 30;

/// A position as the rules' key: its Python hash, computed once (where an unhashable state
/// fails), and the object, compared with Python's `==` when hashes meet.
struct PositionKey {
    hash: isize,
    state: Py<PyAny>,
}

impl Hash for PositionKey {
    fn hash<H: Hasher>(&self, hasher: &mut H) {
        self.hash.hash(hasher);
    }
}

impl PartialEq for PositionKey {
    fn eq(&self, other: &Self) -> bool {
        if self.state.as_ptr() == other.state.as_ptr() {
            return true;
        }
        // Only reached with the GIL held (exploration holds it throughout). A failing `==` is
        // treated as "different positions", as a dict would propagate it; rare enough to accept.
        Python::attach(|py| {
            self.state
                .bind(py)
                .eq(other.state.bind(py))
                .unwrap_or(false)
        })
    }
}

impl Eq for PositionKey {}

/// The rules of a Python game object, called with the GIL held. The bound methods are looked
/// up once: a game of 100,000 positions calls them half a million times.
struct PythonRules<'py> {
    game: Bound<'py, PyAny>,
    to_move: Bound<'py, PyAny>,
    moves: Bound<'py, PyAny>,
    play: Bound<'py, PyAny>,
    final_payoff: Option<Bound<'py, PyAny>>,
    describe_state: Option<Bound<'py, PyAny>>,
    describe_move: Option<Bound<'py, PyAny>>,
}

impl<'py> PythonRules<'py> {
    fn new(game: Bound<'py, PyAny>) -> PyResult<Self> {
        for method in ["initial", "to_move", "moves", "play"] {
            if !game.hasattr(method)? {
                return Err(PyTypeError::new_err(format!(
                    "a game defined in Python needs the method {method}(); see gamelab.Game"
                )));
            }
        }
        let optional = |name: &str| -> PyResult<Option<Bound<'py, PyAny>>> {
            Ok(if game.hasattr(name)? {
                Some(game.getattr(name)?)
            } else {
                None
            })
        };
        Ok(PythonRules {
            to_move: game.getattr("to_move")?,
            moves: game.getattr("moves")?,
            play: game.getattr("play")?,
            final_payoff: optional("final_payoff")?,
            describe_state: optional("describe_state")?,
            describe_move: optional("describe_move")?,
            game,
        })
    }

    fn py(&self) -> Python<'py> {
        self.game.py()
    }

    /// `error` with a note naming the call that raised it (Python ≥ 3.11 shows notes under the
    /// traceback; older versions keep the exception unchanged).
    fn noted(&self, error: PyErr, call: String) -> PyErr {
        let py = self.py();
        let value = error.value(py);
        if value.hasattr("add_note").unwrap_or(false) {
            let _ = value.call_method1("add_note", (format!("raised by the game's {call}"),));
        }
        error
    }

    fn show(&self, value: &Bound<'py, PyAny>) -> String {
        value
            .repr()
            .map(|text| text.to_string())
            .unwrap_or_else(|_| "<unprintable>".to_string())
    }

    fn call(
        &self,
        method: &Bound<'py, PyAny>,
        args: impl pyo3::call::PyCallArgs<'py>,
        shown: impl FnOnce() -> String,
    ) -> PyResult<Bound<'py, PyAny>> {
        method
            .call1(args)
            .map_err(|error| self.noted(error, shown()))
    }
}

impl<'py> Rules for PythonRules<'py> {
    type State = Py<PyAny>;
    type Key = PositionKey;
    type Move = Py<PyAny>;
    type Error = PyErr;

    fn initial(&mut self) -> PyResult<Py<PyAny>> {
        let state = self
            .game
            .call_method0("initial")
            .map_err(|error| self.noted(error, "initial()".to_string()))?;
        Ok(state.unbind())
    }

    fn key(&mut self, state: &Py<PyAny>) -> PyResult<PositionKey> {
        let bound = state.bind(self.py());
        let hash = bound.hash().map_err(|error| {
            PyTypeError::new_err(format!(
                "the position {} cannot be hashed ({error}); use a hashable value such as a \
                 tuple, an int or a frozenset",
                self.show(bound)
            ))
        })?;
        Ok(PositionKey {
            hash,
            state: state.clone_ref(self.py()),
        })
    }

    fn to_move(&mut self, state: &Py<PyAny>) -> PyResult<Player> {
        let bound = state.bind(self.py());
        let player = self.call(&self.to_move, (bound,), || {
            format!("to_move({})", self.show(bound))
        })?;
        match player.extract::<String>().as_deref() {
            Ok("first") => Ok(Player::First),
            Ok("second") => Ok(Player::Second),
            _ => Err(input_error(format!(
                "to_move({}) returned {}; it must return 'first' or 'second'",
                self.show(bound),
                self.show(&player)
            ))),
        }
    }

    fn moves(&mut self, state: &Py<PyAny>) -> PyResult<Vec<Py<PyAny>>> {
        let bound = state.bind(self.py());
        let shown = || format!("moves({})", self.show(bound));
        let moves = self.call(&self.moves, (bound,), shown)?;
        let mut listed = Vec::new();
        for mv in moves
            .try_iter()
            .map_err(|error| self.noted(error, shown()))?
        {
            listed.push(mv.map_err(|error| self.noted(error, shown()))?.unbind());
        }
        Ok(listed)
    }

    fn play(&mut self, state: &Py<PyAny>, mv: &Py<PyAny>) -> PyResult<(Py<PyAny>, i64)> {
        let py = self.py();
        let (bound, bound_move) = (state.bind(py), mv.bind(py));
        let shown = || format!("play({}, {})", self.show(bound), self.show(bound_move));
        let result = self.call(&self.play, (bound, bound_move), shown)?;
        let Ok((next, points)) = result.extract::<(Bound<'py, PyAny>, Bound<'py, PyAny>)>() else {
            return Err(input_error(format!(
                "{} returned {}; it must return (next_state, points)",
                shown(),
                self.show(&result)
            )));
        };
        let points = points.extract::<i64>().map_err(|_| {
            input_error(format!(
                "{} gave the points {}; points must be integers within 64 bits",
                shown(),
                self.show(&points)
            ))
        })?;
        Ok((next.unbind(), points))
    }

    fn final_payoff(&mut self, state: &Py<PyAny>) -> PyResult<Scores> {
        let Some(method) = &self.final_payoff else {
            return Ok(Scores::ZERO);
        };
        let bound = state.bind(self.py());
        let shown = || format!("final_payoff({})", self.show(bound));
        let payoff = self.call(method, (bound,), shown)?;
        let (first, second) = payoff.extract::<(i64, i64)>().map_err(|_| {
            input_error(format!(
                "{} returned {}; it must return (first_points, second_points) as integers",
                shown(),
                self.show(&payoff)
            ))
        })?;
        Ok(Scores { first, second })
    }

    fn describe_state(&mut self, state: &Py<PyAny>) -> PyResult<String> {
        let bound = state.bind(self.py());
        let Some(method) = &self.describe_state else {
            return Ok(self.show(bound));
        };
        let text = self.call(method, (bound,), || {
            format!("describe_state({})", self.show(bound))
        })?;
        Ok(text.str()?.to_string())
    }

    fn describe_move(&mut self, state: &Py<PyAny>, mv: &Py<PyAny>) -> PyResult<String> {
        let py = self.py();
        let (bound, bound_move) = (state.bind(py), mv.bind(py));
        let Some(method) = &self.describe_move else {
            return Ok(bound_move.str()?.to_string());
        };
        let text = self.call(method, (bound, bound_move), || {
            format!(
                "describe_move({}, {})",
                self.show(bound),
                self.show(bound_move)
            )
        })?;
        Ok(text.str()?.to_string())
    }
}

/// A game defined in Python, explored into a table of positions (documented in the stubs as
/// `gamelab.ExploredGame`). The rules are not called again: everything here runs on the table.
#[pyclass(frozen, module = "gamelab")]
pub struct ExploredGame {
    table: Arc<ExplicitGame>,
    /// The Python class's name, for text output.
    #[pyo3(get)]
    name: String,
}

/// Explores the game object `game`, refusing more than `max_states` distinct positions and any
/// position that repeats along a line of play. The user's own exceptions come back unchanged,
/// with a note naming the call that raised them.
#[pyfunction]
fn explore_game(game: Bound<'_, PyAny>, max_states: usize) -> PyResult<ExploredGame> {
    let name = game.get_type().name()?.to_string();
    let mut rules = PythonRules::new(game)?;
    let table = explore(&mut rules, max_states).map_err(|error| match error {
        ExploreError::Rules(error) => error,
        other => input_error(other),
    })?;
    Ok(ExploredGame {
        table: Arc::new(table),
        name,
    })
}

/// Whether a first-player margin agrees with a claim (`first-wins`, `tie`, ...): the claims
/// checker's own rule, for `gamelab.check` over games defined in Python.
#[pyfunction]
fn expectation_holds(expect: &str, margin: i64) -> PyResult<bool> {
    let expectation = Expectation::from_name(expect).ok_or_else(|| {
        input_error(format!(
            "unknown expectation '{expect}'; expected one of: {}",
            Expectation::names()
        ))
    })?;
    Ok(expectation.holds_for(margin))
}

/// Runs `work` on a thread with a deep stack (see [`DEEP_STACK_BYTES`]), without the GIL.
fn on_deep_stack<R: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> R + Send + 'static,
) -> PyResult<R> {
    run_stoppable(py, move |_| {
        std::thread::Builder::new()
            .stack_size(DEEP_STACK_BYTES)
            .spawn(work)
            .map_err(|error| input_error(format!("cannot start a solver thread: {error}")))?
            .join()
            .map_err(|panic| std::panic::resume_unwind(panic))
    })?
}

#[pymethods]
impl ExploredGame {
    /// Distinct positions reachable from the start.
    #[getter]
    fn position_count(&self) -> usize {
        self.table.position_count()
    }

    /// Moves between them (edges of the state DAG).
    #[getter]
    fn move_count(&self) -> usize {
        self.table.move_count()
    }

    /// The optimal play from the start (values computed over the table in one pass).
    fn solve(&self, py: Python<'_>) -> Solution {
        let table = Arc::clone(&self.table);
        let solution = py.detach(move || table.solve());
        Solution::new(solution, self.describe())
    }

    /// `first` against `second` (generic strategies: optimal, greedy, random, lookahead-K):
    /// the game record as the CLI's JSON fields, plus `json`.
    #[pyo3(signature = (first, second, seed=0))]
    fn play<'py>(
        &self,
        py: Python<'py>,
        first: &str,
        second: &str,
        seed: u64,
    ) -> PyResult<Bound<'py, PyDict>> {
        let first: StrategySpec = first.parse().map_err(input_error)?;
        let second: StrategySpec = second.parse().map_err(input_error)?;
        let table = Arc::clone(&self.table);
        let record = on_deep_stack(py, move || {
            // Every position's value is one pass over the table, shared by the game's value and
            // the record's per-move regret (as `gamelab play` gives it).
            let values = Arc::new(table.values());
            let optimal = table.solution(&values).scores();
            let mut values = PositionValues::from_table(
                table.as_ref(),
                Box::new(move |state: &u32| values[*state as usize]),
            );
            gamelab::strategy::play_valued(
                table.as_ref(),
                &first,
                &second,
                optimal,
                &mut values,
                seed,
                0,
            )
            .map_err(|error| error.to_string())
        })?
        .map_err(input_error)?;
        crate::play::to_dict(py, &record)
    }

    fn __repr__(&self) -> String {
        format!(
            "ExploredGame(name='{}', positions={}, moves={})",
            self.name,
            self.table.position_count(),
            self.table.move_count()
        )
    }
}

impl ExploredGame {
    /// The explored table, for the graph exports and the explorer page.
    pub fn table(&self) -> Arc<ExplicitGame> {
        Arc::clone(&self.table)
    }

    /// The Python class's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The class name and the start position, naming the instance in titles.
    pub fn describe(&self) -> String {
        format!("{} {}", self.name, self.table.describe_state(&0))
    }
}
