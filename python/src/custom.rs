//! Games defined in Python (`gamelab.Game` subclasses, or any object with the same methods):
//! explored once into the library's explicit table of positions (`gamelab::games::explicit`) with the
//! GIL held while the rules run, then solved, played, drawn and stepped through by the
//! library's generic code without the GIL. Built-in instances become the same kind of table
//! (`explore_builtin`), so `gamelab.load_game` steps through every game alike.
//!
//! Speed matters here: the rules of a 100,000-position game are called half a million times, so
//! every call is one Python call and nothing more (methods looked up once, players compared by
//! identity with the interned `"first"`/`"second"`, no description asked for until an output
//! shows it: see `PythonLabels`).

use crate::errors::input_error;
use crate::options::Options;
use crate::solve::Solution;
use crate::stoppable::run_stoppable;
use gamelab::AnyGame;
use gamelab::analysis::{DEFAULT_MAX_STATES, SolvedSpace, solve_space};
use gamelab::base::game::{Game, Player, Scores};
use gamelab::games::explicit::{Child, ExplicitGame, ExploreError, Labels, Rules, explore};
use gamelab::strategy::valuation::PositionValues;
use gamelab::strategy::{Pairing, StrategySpec, Valuing};
use gamelab::studies::claims::Expectation;
use gamelab::util::choice::Choice;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, OnceLock};

/// The stack of the thread that runs the generic recursive code (the `optimal` strategy's
/// memoised search) on an explored game: a line of play may be as long as the game has
/// positions, and the memory is only reserved, not touched, until it is needed.
const DEEP_STACK_BYTES: usize = 1 << 30;

/// A position as the rules' key: its Python hash, computed once (where an unhashable state
/// fails), and the object, compared with Python's `==` when hashes meet.
struct PositionKey {
    hash: isize,
    key: Py<PyAny>,
}

impl Hash for PositionKey {
    fn hash<H: Hasher>(&self, hasher: &mut H) {
        self.hash.hash(hasher);
    }
}

impl PartialEq for PositionKey {
    fn eq(&self, other: &Self) -> bool {
        // The map calls this whenever 7 bits of the hash meet: the whole hash settles most of
        // those calls without touching either object (cold in the cache, mostly).
        if self.hash != other.hash {
            return false;
        }
        if self.key.as_ptr() == other.key.as_ptr() {
            return true;
        }
        // SAFETY: keys are compared only inside the explorer's map, and exploration holds the
        // GIL throughout (`explore_game` runs attached). A failing `==` answers "different"
        // here (the map cannot fail) and is kept for `explore_game` to raise once it returns.
        let py = unsafe { Python::assume_attached() };
        let (mine, theirs) = (self.key.bind(py), other.key.bind(py));
        // Text keys (an OpenSpiel board) compare as text, without a rich comparison's call.
        if let (Ok(mine), Ok(theirs)) = (
            mine.cast_exact::<PyString>(),
            theirs.cast_exact::<PyString>(),
        ) && let (Ok(mine), Ok(theirs)) = (mine.to_str(), theirs.to_str())
        {
            return mine == theirs;
        }
        mine.eq(theirs).unwrap_or_else(|error| {
            FAILED_COMPARISON.with(|failed| {
                let mut failed = failed.borrow_mut();
                if failed.is_none() {
                    *failed = Some(noted(py, error, format!("{}.__eq__", type_name(mine))));
                }
            });
            false
        })
    }
}

impl Eq for PositionKey {}

thread_local! {
    /// The first exception a state's `==` raised during this thread's exploration.
    static FAILED_COMPARISON: std::cell::RefCell<Option<PyErr>> =
        const { std::cell::RefCell::new(None) };
}

/// The name of `value`'s type, for notes.
fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map(|name| name.to_string())
        .unwrap_or_else(|_| "state".to_string())
}

/// How the rules list a position's moves: the optional batch hook `children(state)` giving
/// every `(move, next_state, points)` at once, or `moves(state)` then `play(state, move)` for
/// each.
enum Step<'py> {
    Children(Bound<'py, PyAny>),
    MovesThenPlay {
        moves: Bound<'py, PyAny>,
        play: Bound<'py, PyAny>,
    },
}

/// The rules of a Python game object, called with the GIL held. The bound methods are looked
/// up once.
struct PythonRules<'py> {
    game: Bound<'py, PyAny>,
    to_move: Bound<'py, PyAny>,
    step: Step<'py>,
    key: Option<Bound<'py, PyAny>>,
    final_payoff: Option<Bound<'py, PyAny>>,
    describe_state: Option<Bound<'py, PyAny>>,
    /// The game's `keep_states` (default true): false drops each state once its position is
    /// explored, rebuilding it by replay when it must be described.
    keep_states: bool,
    first: Bound<'py, PyString>,
    second: Bound<'py, PyString>,
}

/// The game object's method `name`, if it has one.
fn optional_method<'py>(
    game: &Bound<'py, PyAny>,
    name: &str,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    Ok(if game.hasattr(name)? {
        Some(game.getattr(name)?)
    } else {
        None
    })
}

/// `repr(value)`, for messages: on one line (a board's lines joined by ` / `), as every
/// message is.
fn show(value: &Bound<'_, PyAny>) -> String {
    value
        .repr()
        .map(|text| text.to_string().trim_end().replace('\n', " / "))
        .unwrap_or_else(|_| "<unprintable>".to_string())
}

/// `error` with a note naming the call that raised it (Python ≥ 3.11 shows notes under the
/// traceback; older versions keep the exception unchanged).
fn noted(py: Python<'_>, error: PyErr, call: String) -> PyErr {
    let value = error.value(py);
    if value.hasattr("add_note").unwrap_or(false) {
        let _ = value.call_method1("add_note", (format!("raised by the game's {call}"),));
    }
    error
}

impl<'py> PythonRules<'py> {
    fn new(game: Bound<'py, PyAny>) -> PyResult<Self> {
        let py = game.py();
        let has_children = game.hasattr("children")?;
        let needed: &[&str] = if has_children {
            &["initial", "to_move"]
        } else {
            &["initial", "to_move", "moves", "play"]
        };
        for method in needed {
            if !game.hasattr(*method)? {
                return Err(PyTypeError::new_err(format!(
                    "a game defined in Python needs the method {method}(); see gamelab.Game"
                )));
            }
        }
        let step = match optional_method(&game, "children")? {
            Some(children) => Step::Children(children),
            None => Step::MovesThenPlay {
                moves: game.getattr("moves")?,
                play: game.getattr("play")?,
            },
        };
        Ok(PythonRules {
            to_move: game.getattr("to_move")?,
            step,
            key: optional_method(&game, "key")?,
            final_payoff: optional_method(&game, "final_payoff")?,
            describe_state: optional_method(&game, "describe_state")?,
            keep_states: match optional_method(&game, "keep_states")? {
                Some(keep) => keep.is_truthy()?,
                None => true,
            },
            first: PyString::intern(py, "first"),
            second: PyString::intern(py, "second"),
            game,
        })
    }

    fn py(&self) -> Python<'py> {
        self.game.py()
    }

    fn call(
        &self,
        method: &Bound<'py, PyAny>,
        args: impl pyo3::call::PyCallArgs<'py>,
        shown: impl FnOnce() -> String,
    ) -> PyResult<Bound<'py, PyAny>> {
        method
            .call1(args)
            .map_err(|error| noted(self.py(), error, shown()))
    }

    /// The points of a move, as an integer within 64 bits.
    fn points(&self, points: &Bound<'py, PyAny>, shown: impl FnOnce() -> String) -> PyResult<i64> {
        points.extract::<i64>().map_err(|_| {
            input_error(format!(
                "{} gave the points {}; points must be integers within 64 bits",
                shown(),
                show(points)
            ))
        })
    }

    /// `children(state)`: every `(move, next_state, points)` at once.
    fn batch(
        &self,
        children: &Bound<'py, PyAny>,
        state: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Child<PythonRules<'py>>>> {
        let shown = || format!("children({})", show(state));
        let listed = self.call(children, (state,), shown)?;
        let mut found = Vec::new();
        for item in listed
            .try_iter()
            .map_err(|error| noted(self.py(), error, shown()))?
        {
            let item = item.map_err(|error| noted(self.py(), error, shown()))?;
            let triple = item
                .cast::<PyTuple>()
                .ok()
                .filter(|tuple| tuple.len() == 3)
                .ok_or_else(|| {
                    input_error(format!(
                        "{} gave {}; each child must be a tuple (move, next_state, points)",
                        shown(),
                        show(&item)
                    ))
                })?;
            let points = self.points(&triple.get_item(2)?, shown)?;
            found.push((
                triple.get_item(0)?.unbind(),
                triple.get_item(1)?.unbind(),
                points,
            ));
        }
        Ok(found)
    }

    /// `moves(state)`, then `play(state, move)` for each.
    fn one_by_one(
        &self,
        moves: &Bound<'py, PyAny>,
        play: &Bound<'py, PyAny>,
        state: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Child<PythonRules<'py>>>> {
        let shown = || format!("moves({})", show(state));
        let listed = self.call(moves, (state,), shown)?;
        let mut found = Vec::new();
        for mv in listed
            .try_iter()
            .map_err(|error| noted(self.py(), error, shown()))?
        {
            let mv = mv.map_err(|error| noted(self.py(), error, shown()))?;
            let shown = || format!("play({}, {})", show(state), show(&mv));
            let result = self.call(play, (state, &mv), shown)?;
            let pair = result
                .cast::<PyTuple>()
                .ok()
                .filter(|tuple| tuple.len() == 2)
                .ok_or_else(|| {
                    input_error(format!(
                        "{} returned {}; it must return (next_state, points)",
                        shown(),
                        show(&result)
                    ))
                })?;
            let points = self.points(&pair.get_item(1)?, shown)?;
            found.push((mv.unbind(), pair.get_item(0)?.unbind(), points));
        }
        Ok(found)
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
            .map_err(|error| noted(self.py(), error, "initial()".to_string()))?;
        Ok(state.unbind())
    }

    fn key(&mut self, state: &Py<PyAny>) -> PyResult<PositionKey> {
        let py = self.py();
        let bound = state.bind(py);
        let key = match &self.key {
            Some(method) => self.call(method, (bound,), || format!("key({})", show(bound)))?,
            None => bound.clone(),
        };
        let hash = key.hash().map_err(|error| {
            // Ctrl-C inside a `__hash__` written in Python is the user's, not a bad position.
            if !error.is_instance_of::<pyo3::exceptions::PyException>(py) {
                return error;
            }
            PyTypeError::new_err(format!(
                "the position {} cannot be hashed ({error}); use a hashable value such as a \
                 tuple, an int or a frozenset (or give the game a key(state) method)",
                show(&key)
            ))
        })?;
        Ok(PositionKey {
            hash,
            key: key.unbind(),
        })
    }

    fn to_move(&mut self, state: &Py<PyAny>) -> PyResult<Player> {
        let bound = state.bind(self.py());
        let player = self.call(&self.to_move, (bound,), || {
            format!("to_move({})", show(bound))
        })?;
        // String literals are interned, so identity settles nearly every call.
        if player.is(&self.first) {
            return Ok(Player::First);
        }
        if player.is(&self.second) {
            return Ok(Player::Second);
        }
        match player.extract::<&str>() {
            Ok("first") => return Ok(Player::First),
            Ok("second") => return Ok(Player::Second),
            _ => {}
        }
        Err(input_error(format!(
            "to_move({}) returned {}; it must return 'first' or 'second'",
            show(bound),
            show(&player)
        )))
    }

    fn children(&mut self, state: &Py<PyAny>) -> PyResult<Vec<Child<Self>>> {
        let bound = state.bind(self.py());
        match &self.step {
            Step::Children(children) => self.batch(children, bound),
            Step::MovesThenPlay { moves, play } => self.one_by_one(moves, play, bound),
        }
    }

    fn final_payoff(&mut self, state: &Py<PyAny>) -> PyResult<Scores> {
        let Some(method) = &self.final_payoff else {
            return Ok(Scores::ZERO);
        };
        let bound = state.bind(self.py());
        let shown = || format!("final_payoff({})", show(bound));
        let payoff = self.call(method, (bound,), shown)?;
        let (first, second) = payoff.extract::<(i64, i64)>().map_err(|_| {
            input_error(format!(
                "{} returned {}; it must return (first_points, second_points) as integers",
                shown(),
                show(&payoff)
            ))
        })?;
        Ok(Scores { first, second })
    }

    fn describe_state(&mut self, state: &Py<PyAny>) -> PyResult<String> {
        describe_state(
            self.py(),
            self.describe_state.as_ref(),
            state.bind(self.py()),
        )
    }

    fn keeps_states(&self) -> bool {
        self.keep_states
    }
}

/// `describe_state(state)` as text, or `repr(state)` for games without the method.
fn describe_state(
    py: Python<'_>,
    method: Option<&Bound<'_, PyAny>>,
    state: &Bound<'_, PyAny>,
) -> PyResult<String> {
    let Some(method) = method else {
        return Ok(show(state));
    };
    let text = method
        .call1((state,))
        .map_err(|error| noted(py, error, format!("describe_state({})", show(state))))?;
    Ok(text.str()?.to_string())
}

/// The names of a Python game's positions and moves, asked of its `describe_state` and
/// `describe_move` (default `repr` and `str`) only when an output shows them. The library calls
/// these without the GIL, so each call attaches; an exception is kept and raised by the
/// operation that asked (see [`ExploredGame::raise_label_error`]), the label reading `<error>`.
struct PythonLabels {
    game: Py<PyAny>,
    describe_state: Option<Py<PyAny>>,
    describe_move: Option<Py<PyAny>>,
    /// Every position's state, or None where the game keeps no states (`keep_states`).
    states: Vec<Option<Py<PyAny>>>,
    moves: Vec<(u32, Py<PyAny>)>,
    /// The move that first reached each position, to rebuild a state not kept.
    parents: Vec<Option<u32>>,
    error: Mutex<Option<PyErr>>,
}

impl PythonLabels {
    /// The state of `position`: kept, or rebuilt by replaying the line that first reached it
    /// from the start (`play(state, move)`, or the move's place in `children(state)`).
    fn state<'py>(&self, py: Python<'py>, position: u32) -> PyResult<Bound<'py, PyAny>> {
        if let Some(state) = &self.states[position as usize] {
            return Ok(state.bind(py).clone());
        }
        let mut line = Vec::new();
        let mut at = position;
        while let Some(mv) = self.parents[at as usize] {
            line.push(mv);
            at = self.moves[mv as usize].0;
        }
        let game = self.game.bind(py);
        let mut state = game.call_method0("initial")?;
        for &mv in line.iter().rev() {
            let (from, played) = &self.moves[mv as usize];
            let play = optional_method(game, "play")?.filter(|play| play.is_callable());
            state = if let Some(play) = play {
                play.call1((&state, played))?.get_item(0)?
            } else {
                // The moves of a position are consecutive in the table, in the rules' order.
                let first = (0..mv)
                    .rev()
                    .take_while(|&m| self.moves[m as usize].0 == *from)
                    .count();
                let children = game.call_method1("children", (&state,))?;
                let mut listed = children.try_iter()?;
                listed
                    .nth(first)
                    .ok_or_else(|| {
                        input_error("children(state) listed fewer moves when replayed")
                    })??
                    .get_item(1)?
            };
        }
        Ok(state)
    }

    fn keep(&self, error: PyErr) -> String {
        let mut kept = self
            .error
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        kept.get_or_insert(error);
        "<error>".to_string()
    }
}

impl Labels for PythonLabels {
    fn state(&self, position: u32) -> String {
        Python::attach(|py| {
            let method = self.describe_state.as_ref().map(|method| method.bind(py));
            self.state(py, position)
                .and_then(|state| describe_state(py, method, &state))
                .unwrap_or_else(|error| self.keep(error))
        })
    }

    fn move_name(&self, mv: u32) -> String {
        Python::attach(|py| {
            let (position, mv) = &self.moves[mv as usize];
            let mv = mv.bind(py);
            let named = match &self.describe_move {
                None => mv.str().map(|text| text.to_string()),
                Some(method) => self.state(py, *position).and_then(|state| {
                    method
                        .bind(py)
                        .call1((&state, mv))
                        .map_err(|error| {
                            let call = format!("describe_move({}, {})", show(&state), show(mv));
                            noted(py, error, call)
                        })
                        .and_then(|text| Ok(text.str()?.to_string()))
                }),
            };
            named.unwrap_or_else(|error| self.keep(error))
        })
    }
}

/// A game as an explored table of positions (typed and documented in `gamelab/_gamelab.pyi`
/// as `ExploredGame`): a game defined in Python, or a built-in instance. The rules are not
/// called again: everything here runs on the table, asking only for names.
#[pyclass(frozen, module = "gamelab")]
pub struct ExploredGame {
    table: Arc<ExplicitGame>,
    /// The names of a Python game (None for a built-in instance, named in Rust).
    labels: Option<Arc<PythonLabels>>,
    /// The built-in instance the table was explored from, for its own analysis.
    builtin: Option<Arc<dyn AnyGame>>,
    /// The Python class's name, or the instance's title (a built-in game's name and instance,
    /// or the `title` a Python game gives).
    #[pyo3(get)]
    name: String,
    /// Whether `name` names the instance (else the start position follows it in titles).
    titled: bool,
    /// Every position's value, computed once when first needed.
    values: OnceLock<Arc<Vec<i64>>>,
    /// Every position solved and named, for analyses, computed once when first needed.
    space: OnceLock<Arc<SolvedSpace>>,
}

/// Explores the game object `game`, refusing more than `max_states` distinct positions and any
/// position that repeats along a line of play. The user's own exceptions come back unchanged,
/// with a note naming the call that raised them.
#[pyfunction]
pub fn explore_game(game: Bound<'_, PyAny>, max_states: usize) -> PyResult<ExploredGame> {
    // A game may name its instance (`title`); else the class and the start position name it.
    let title = optional_method(&game, "title")?.and_then(|title| title.extract::<String>().ok());
    let name = game.get_type().name()?.to_string();
    let mut rules = PythonRules::new(game)?;
    FAILED_COMPARISON.with(|failed| failed.borrow_mut().take());
    let explored = explore(&mut rules, max_states);
    // A state's `==` that raised made the table wrong (positions not merged): its exception.
    if let Some(error) = FAILED_COMPARISON.with(|failed| failed.borrow_mut().take()) {
        return Err(error);
    }
    let explored = explored.map_err(|error| match error {
        ExploreError::Rules(error) => error,
        other => input_error(other),
    })?;
    let labels = Arc::new(PythonLabels {
        describe_move: optional_method(&rules.game, "describe_move")?.map(Bound::unbind),
        describe_state: rules.describe_state.map(Bound::unbind),
        game: rules.game.unbind(),
        states: explored.states,
        moves: explored.moves,
        parents: explored.parents,
        error: Mutex::new(None),
    });
    let mut explored = ExploredGame::new(
        explored.table.with_labels(labels.clone()),
        Some(labels),
        None,
        title.clone().unwrap_or(name),
    );
    explored.titled = title.is_some();
    Ok(explored)
}

/// A built-in instance (`options` as for `solve`) explored into a table, refused above
/// `max_states` positions (default 2,000,000).
#[pyfunction]
#[pyo3(signature = (name, options, max_states=None))]
pub fn explore_builtin(
    name: &str,
    options: Bound<'_, PyDict>,
    max_states: Option<u64>,
) -> PyResult<ExploredGame> {
    let (entry, options) = Options::for_game(name, options)?;
    let py = options.py();
    let instance: Arc<dyn AnyGame> =
        Arc::from(entry.build(&options.instance()?).map_err(input_error)?);
    let limit = max_states.map_or(DEFAULT_MAX_STATES, u128::from);
    let explored = Arc::clone(&instance);
    let table = py
        .detach(move || explored.explore_table(limit))
        .map_err(input_error)?;
    let title = format!("{} {}", entry.name(), instance.input().describe());
    let mut explored = ExploredGame::new(table, None, Some(instance), title);
    explored.titled = true;
    Ok(explored)
}

/// Whether a first-player margin agrees with a claim (`first-wins`, `tie`, ...): the claims
/// checker's own rule, for `gamelab.check` over games defined in Python.
#[pyfunction]
pub fn expectation_holds(expect: &str, margin: i64) -> PyResult<bool> {
    let expectation = Expectation::from_name(expect).ok_or_else(|| {
        input_error(format!(
            "unknown expectation '{expect}'; expected one of: {}",
            Expectation::names()
        ))
    })?;
    Ok(expectation.holds_for(margin))
}

/// A claim in words (`the first player wins`), as the claims checker says it.
#[pyfunction]
pub fn claim_sentence(expect: &str) -> PyResult<&'static str> {
    Expectation::from_name(expect)
        .map(Expectation::sentence)
        .ok_or_else(|| input_error(format!("unknown expectation '{expect}'")))
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

impl ExploredGame {
    fn new(
        table: ExplicitGame,
        labels: Option<Arc<PythonLabels>>,
        builtin: Option<Arc<dyn AnyGame>>,
        name: String,
    ) -> ExploredGame {
        ExploredGame {
            table: Arc::new(table),
            labels,
            builtin,
            name,
            titled: false,
            values: OnceLock::new(),
            space: OnceLock::new(),
        }
    }

    /// The explored table, for the graph exports.
    pub fn table(&self) -> Arc<ExplicitGame> {
        Arc::clone(&self.table)
    }

    /// The class name and the start position, naming the instance in titles.
    pub fn describe(&self) -> String {
        if self.titled {
            return self.name.clone();
        }
        format!("{} {}", self.name, self.table.label(0))
    }

    /// Raises the first exception a `describe_state`/`describe_move` call raised while an
    /// output was being made, if any (then that output is not handed out).
    pub fn raise_label_error(&self) -> PyResult<()> {
        raise_label_error(
            self.labels
                .as_deref()
                .map(|labels| labels as &dyn LabelErrors),
        )
    }

    /// The labels of a Python game, for graphs that name nodes after this object is gone.
    pub fn label_errors(&self) -> Option<Arc<dyn LabelErrors>> {
        self.labels
            .clone()
            .map(|labels| labels as Arc<dyn LabelErrors>)
    }

    /// See the Python method `analyze`.
    pub fn analyze_line<'py>(
        &self,
        py: Python<'py>,
        moves: Vec<String>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let space = match self.space.get() {
            Some(space) => Arc::clone(space),
            None => {
                let table = Arc::clone(&self.table);
                let builtin = self.builtin.clone();
                // The table holds every position; a built-in instance's own bound on them
                // may be looser, so it is held to the default limit instead.
                let explored = table.position_count() as u128;
                let solved = py
                    .detach(move || match builtin {
                        Some(instance) => instance.solve_space(explored.max(DEFAULT_MAX_STATES)),
                        None => solve_space(table.as_ref(), table.position_count() as u128),
                    })
                    .map_err(input_error)?;
                self.raise_label_error()?;
                Arc::clone(self.space.get_or_init(|| Arc::new(solved)))
            }
        };
        let analysis = space.analyze(&moves).map_err(input_error)?;
        crate::play::to_dict(py, &analysis)
    }

    fn all_values(&self, py: Python<'_>) -> Arc<Vec<i64>> {
        Arc::clone(self.values.get_or_init(|| {
            let table = Arc::clone(&self.table);
            Arc::new(py.detach(move || table.values()))
        }))
    }

    fn position(&self, position: u32) -> PyResult<u32> {
        if (position as usize) < self.table.position_count() {
            Ok(position)
        } else {
            Err(input_error(format!(
                "there is no position {position}; the game has {}",
                self.table.position_count()
            )))
        }
    }

    fn move_index(&self, mv: u32) -> PyResult<u32> {
        if (mv as usize) < self.table.move_count() {
            Ok(mv)
        } else {
            Err(input_error(format!(
                "there is no move {mv}; the game has {}",
                self.table.move_count()
            )))
        }
    }
}

/// Where an operation on a table learns that naming a position or move failed.
pub trait LabelErrors: Send + Sync {
    /// The first exception kept, taken.
    fn take(&self) -> Option<PyErr>;
}

impl LabelErrors for PythonLabels {
    fn take(&self) -> Option<PyErr> {
        self.error
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .take()
    }
}

/// Raises the first exception `labels` kept, if any.
pub fn raise_label_error(labels: Option<&dyn LabelErrors>) -> PyResult<()> {
    match labels.and_then(LabelErrors::take) {
        Some(error) => Err(error),
        None => Ok(()),
    }
}

/// `0` for the first player, `1` for the second (OpenSpiel's numbering).
fn player_number(player: Player) -> u8 {
    match player {
        Player::First => 0,
        Player::Second => 1,
    }
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

    /// The optimal play from the start (values computed over the table in one pass, only the
    /// line's positions and moves named).
    fn solve(&self, py: Python<'_>) -> PyResult<Solution> {
        let values = self.all_values(py);
        let table = Arc::clone(&self.table);
        let solution = py.detach(move || table.solution(&values));
        self.raise_label_error()?;
        Ok(Solution::new(solution, self.describe()))
    }

    /// The value of the start for the first player (its margin under optimal play), naming
    /// nothing.
    fn first_margin(&self, py: Python<'_>) -> i64 {
        let values = self.all_values(py);
        match self.table.to_move(&0) {
            Player::First => values[0],
            Player::Second => -values[0],
        }
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
        let values = self.all_values(py);
        let record = on_deep_stack(py, move || {
            // Every position's value is one pass over the table, shared by the game's value and
            // the record's per-move regret (as `gamelab play` gives it).
            let optimal = table.solution(&values).scores();
            let mut values = PositionValues::from_table(
                table.as_ref(),
                Box::new(move |state: &u32| values[*state as usize]),
            );
            let pairing = Pairing {
                first: &first,
                second: &second,
                optimal,
                seed,
                index: 0,
            };
            gamelab::strategy::play(table.as_ref(), &[], pairing, Valuing::Regret(&mut values))
                .map_err(|error| error.to_string())
        })?
        .map_err(input_error)?;
        self.raise_label_error()?;
        crate::play::to_dict(py, &record)
    }

    /// The position analysis after the line `moves` (move names), as `gamelab.analyze` gives
    /// it. Every position is solved and named once, on the first call.
    fn analyze<'py>(&self, py: Python<'py>, moves: Vec<String>) -> PyResult<Bound<'py, PyDict>> {
        self.analyze_line(py, moves)
    }

    /// The player to move at `position`: 0 (first) or 1 (second).
    fn to_move(&self, position: u32) -> PyResult<u8> {
        Ok(player_number(self.table.to_move(&self.position(position)?)))
    }

    /// The moves of `position` in legal order: `(move, next_position, points)` each.
    fn moves(&self, position: u32) -> PyResult<Vec<(u32, u32, i64)>> {
        let position = self.position(position)?;
        Ok(self
            .table
            .legal_moves(&position)
            .into_iter()
            .map(|mv| {
                (
                    mv,
                    self.table.apply(&position, mv),
                    self.table.gain(&position, mv),
                )
            })
            .collect())
    }

    /// The points each player is paid at `position` when the game ends there.
    fn payoff(&self, position: u32) -> PyResult<(i64, i64)> {
        let payoff = self.table.terminal_payoff(&self.position(position)?);
        Ok((payoff.first, payoff.second))
    }

    /// The text of `position` (the game's `describe_state`).
    fn label(&self, position: u32) -> PyResult<String> {
        let label = self.table.label(self.position(position)?);
        self.raise_label_error()?;
        Ok(label)
    }

    /// The name of move `mv` (the game's `describe_move`, or the built-in move's name).
    fn move_name(&self, mv: u32) -> PyResult<String> {
        let name = self.table.move_name(self.move_index(mv)?);
        self.raise_label_error()?;
        Ok(name)
    }

    /// The game's own move object of move `mv` (a Python game's move, e.g. an OpenSpiel
    /// action), or None for a built-in instance.
    fn move_object(&self, py: Python<'_>, mv: u32) -> PyResult<Option<Py<PyAny>>> {
        let mv = self.move_index(mv)?;
        Ok(self
            .labels
            .as_ref()
            .map(|labels| labels.moves[mv as usize].1.clone_ref(py)))
    }

    /// The game's own state object of `position` (a Python game's, rebuilt by replay if the
    /// game keeps no states), or None for a built-in.
    fn state_object(&self, py: Python<'_>, position: u32) -> PyResult<Option<Py<PyAny>>> {
        let position = self.position(position)?;
        match &self.labels {
            None => Ok(None),
            Some(labels) => Ok(Some(labels.state(py, position)?.unbind())),
        }
    }

    /// The margin of the player to move at `position` over the rest of the game, both sides
    /// optimal.
    fn value(&self, py: Python<'_>, position: u32) -> PyResult<i64> {
        let position = self.position(position)?;
        Ok(self.all_values(py)[position as usize])
    }

    /// The move optimal play makes at `position` (the first best in legal order), or None
    /// at the end.
    fn best_move(&self, py: Python<'_>, position: u32) -> PyResult<Option<u32>> {
        let position = self.position(position)?;
        Ok(self.table.best_move(position, &self.all_values(py)))
    }

    /// The mover's margin over the rest of the game if it plays `mv` at `position`, both sides
    /// optimal afterwards.
    fn move_value(&self, py: Python<'_>, position: u32, mv: u32) -> PyResult<i64> {
        let position = self.position(position)?;
        let mv = self.move_index(mv)?;
        Ok(self.table.move_value(position, mv, &self.all_values(py)))
    }

    /// `(least first-player margin, largest, most moves)` over every line of play.
    fn extremes(&self) -> (i64, i64, u64) {
        let extremes = self.table.extremes();
        (
            extremes.min_margin,
            extremes.max_margin,
            extremes.longest_line,
        )
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
    /// The Python class's name (or the instance's title), for the explorer page.
    pub fn name(&self) -> &str {
        &self.name
    }
}
