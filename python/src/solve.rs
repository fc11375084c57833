//! `games`, `solve` and `solve_many`: the catalogue, one instance with its optimal play, and
//! many instances at once into numpy arrays (in parallel, without the GIL).

use crate::errors::input_error;
use crate::options::{Options, game};
use crate::stoppable::run_stoppable;
use gamelab::base::game::{Action, ActionValue, MoveDescription, Player};
use gamelab::games::InputForm;
use gamelab::games::every_game;
use gamelab::solve::{MoveRecord, SolverKind};
use gamelab::studies::batch::{BatchError, Instances, solve_batch};
use numpy::{PyArray1, PyReadonlyArrayDyn, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::collections::BTreeSet;
use std::sync::Mutex;

/// The registered games: name, title, rules, input form, solvers and special strategies.
#[pyfunction]
pub fn games(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for entry in every_game() {
        let record = PyDict::new(py);
        record.set_item("name", entry.name())?;
        record.set_item("title", entry.title())?;
        record.set_item("rules", entry.rules())?;
        let input: &[&str] = match entry.input_form() {
            InputForm::Piles { .. } => &["piles"],
            InputForm::Number {
                subtraction_set: false,
                code: false,
                ..
            } => &["n", "heaps"],
            InputForm::Number {
                subtraction_set: true,
                ..
            } => &["n", "heaps", "subtract"],
            InputForm::Number { code: true, .. } => &["n", "heaps", "code"],
        };
        record.set_item("input", input.to_vec())?;
        let solvers: Vec<&str> = entry
            .solver_kinds()
            .iter()
            .map(|solver| solver.name())
            .collect();
        record.set_item("solvers", solvers)?;
        record.set_item("special_strategies", entry.own_strategies())?;
        record.set_item("constant_sum", entry.constant_sum())?;
        list.append(record)?;
    }
    Ok(list)
}

/// One move of a solution as `Solution.move_rows` gives it: (player, key, move, gain, took,
/// position after).
type MoveRow = (&'static str, &'static str, String, i64, Vec<i64>, String);

/// One solved instance (typed and documented in `gamelab/_gamelab.pyi`). The text,
/// JSON and move list are made when asked for, so a call of `solve` costs little beyond the
/// solve itself.
#[pyclass(frozen, module = "gamelab")]
pub struct Solution {
    solution: gamelab::Solution,
    #[pyo3(get)]
    instance: String,
}

impl Solution {
    pub fn new(solution: gamelab::Solution, instance: String) -> Solution {
        Solution { solution, instance }
    }

    /// Every field as plain values, for pickling.
    fn state(&self) -> SolutionState {
        let moves = self.solution.moves.as_ref().map(|moves| {
            moves
                .iter()
                .map(|record| {
                    let action = &record.description.action;
                    let (kind, value) = match &action.value {
                        ActionValue::Word(word) => (0, word.to_string()),
                        ActionValue::Number(number) => (1, number.to_string()),
                        ActionValue::Text(text) => (2, text.clone()),
                    };
                    (
                        record.player.name().to_string(),
                        record.gain,
                        action.key.to_string(),
                        kind,
                        value,
                        record.description.took.clone(),
                        record.description.text.clone(),
                        record.position_after.clone(),
                    )
                })
                .collect()
        });
        (
            self.solution.game.to_string(),
            self.solution.solver.name().to_string(),
            self.solution.first_score,
            self.solution.second_score,
            moves,
            self.instance.clone(),
        )
    }
}

/// A pickled move: player, gain, the action's key, its kind (0 a word, 1 a number, 2 a name) and
/// value, the piles it took, its text and the position after it.
type MoveState = (String, i64, String, u8, String, Vec<i64>, String, String);

/// A pickled Solution: game, solver, both scores, the moves (None: value only) and the instance.
type SolutionState = (String, String, i64, i64, Option<Vec<MoveState>>, String);

/// A move record from its pickled fields.
fn move_record(state: MoveState) -> PyResult<MoveRecord> {
    let (player, gain, key, kind, value, took, text, position_after) = state;
    let player = match player.as_str() {
        "first" => Player::First,
        "second" => Player::Second,
        other => {
            return Err(input_error(format!(
                "a pickled move names no player '{other}'"
            )));
        }
    };
    let value =
        match kind {
            0 => ActionValue::Word(intern(value)),
            1 => ActionValue::Number(value.parse().map_err(|_| {
                input_error(format!("a pickled move's number is not one: '{value}'"))
            })?),
            _ => ActionValue::Text(value),
        };
    Ok(MoveRecord {
        player,
        gain,
        description: MoveDescription {
            action: Action {
                key: intern(key),
                value,
            },
            took,
            text,
        },
        position_after,
    })
}

/// The one `'static` copy of `text`: the library names games, solvers and move words by static
/// strings, and a pickled Solution brings them back as new ones. Each distinct text is kept once,
/// for the life of the process (they come from a small vocabulary).
fn intern(text: String) -> &'static str {
    static KNOWN: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());
    let mut known = KNOWN
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(&kept) = known.get(text.as_str()) {
        return kept;
    }
    let kept: &'static str = Box::leak(text.into_boxed_str());
    known.insert(kept);
    kept
}

#[pymethods]
impl Solution {
    #[getter]
    fn game(&self) -> &'static str {
        self.solution.game
    }

    #[getter]
    fn solver(&self) -> &'static str {
        self.solution.solver.name()
    }

    #[getter]
    fn winner(&self) -> &'static str {
        self.solution.winner.name()
    }

    #[getter]
    fn first_score(&self) -> i64 {
        self.solution.first_score
    }

    #[getter]
    fn second_score(&self) -> i64 {
        self.solution.second_score
    }

    #[getter]
    fn margin(&self) -> i64 {
        self.solution.margin
    }

    /// The principal variation as the CLI's JSON moves, or None (value only).
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        pythonize::pythonize(py, &self.solution.moves).map_err(input_error)
    }

    /// The principal variation one tuple per move, the same fields for every game:
    /// `(player, key, move, gain, took, position_after)`; empty for a value-only solution.
    fn move_rows(&self) -> Vec<MoveRow> {
        self.solution
            .moves
            .iter()
            .flatten()
            .map(|record| {
                let action = &record.description.action;
                (
                    record.player.name(),
                    action.key,
                    action.value.to_string(),
                    record.gain,
                    record.description.took.clone(),
                    record.position_after.clone(),
                )
            })
            .collect()
    }

    /// The solution as the CLI's `--format json` line (without the newline).
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&self.solution).map_err(input_error)
    }

    /// The solution as the CLI's text: scores, winner and every optimal move.
    fn __str__(&self) -> String {
        self.solution.to_text(&self.instance)
    }

    /// Equal when every field is: the same game, instance, solver, scores and moves.
    fn __eq__(&self, other: &Bound<'_, Self>) -> bool {
        let other = other.get();
        self.solution == other.solution && self.instance == other.instance
    }

    /// Pickled as its fields (for multiprocessing, caches, `copy.deepcopy`), rebuilt by
    /// `_from_state`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (SolutionState,))> {
        let rebuild = py.get_type::<Solution>().getattr("_from_state")?;
        Ok((rebuild, (self.state(),)))
    }

    /// A Solution from what `__reduce__` pickled.
    #[staticmethod]
    fn _from_state(state: SolutionState) -> PyResult<Solution> {
        let (game, solver, first_score, second_score, moves, instance) = state;
        let solver = gamelab::games::solver_named(&solver)
            .ok_or_else(|| input_error(format!("a pickled Solution names no solver '{solver}'")))?;
        let moves = match moves {
            None => None,
            Some(moves) => Some(
                moves
                    .into_iter()
                    .map(move_record)
                    .collect::<PyResult<_>>()?,
            ),
        };
        let margin = first_score - second_score;
        let solution = gamelab::Solution {
            game: intern(game),
            solver,
            first_score,
            second_score,
            margin,
            winner: gamelab::base::game::Winner::from_margin(margin),
            moves,
        };
        Ok(Solution::new(solution, instance))
    }

    fn __repr__(&self) -> String {
        let moves = match &self.solution.moves {
            None => "None (value only)".to_string(),
            Some(moves) => format!("[{} moves]", moves.len()),
        };
        format!(
            "Solution(game='{}', instance='{}', winner='{}', first_score={}, second_score={}, \
             margin={}, solver='{}', moves={moves})",
            self.solution.game,
            self.instance,
            self.solution.winner.name(),
            self.solution.first_score,
            self.solution.second_score,
            self.solution.margin,
            self.solution.solver.name()
        )
    }
}

/// Solves one instance; `options` holds piles / n / subtract, solver and value_only.
#[pyfunction]
pub fn solve(name: &str, options: Bound<'_, PyDict>) -> PyResult<Solution> {
    let (entry, options) = Options::for_game(name, options)?;
    let py = options.py();
    let input = options.instance()?;
    let solver = options.solver("solver")?.unwrap_or(SolverKind::AUTO);
    let value_only = options.flag("value_only")?;
    let instance = entry.build(&input).map_err(input_error)?;
    // Large instances take seconds: let other Python threads run meanwhile.
    let solution = py
        .detach(|| {
            if value_only {
                instance.solve_value(solver)
            } else {
                instance.solve(solver)
            }
        })
        .map_err(input_error)?;
    Ok(Solution::new(solution, input.describe()))
}

/// The arrays of `solve_many`: margins, first scores, second scores.
type BatchArrays<'py> = (
    Bound<'py, PyArray1<i64>>,
    Bound<'py, PyArray1<i64>>,
    Bound<'py, PyArray1<i64>>,
);

/// Solves every row of a 2-D int64 array (pile games) or every N of a 1-D int64 array (number
/// games) with the fastest exact solver, in parallel and without the GIL.
#[pyfunction]
#[pyo3(signature = (name, instances, subtract=None))]
pub fn solve_many<'py>(
    py: Python<'py>,
    name: &str,
    instances: PyReadonlyArrayDyn<'py, i64>,
    subtract: Option<Vec<u64>>,
) -> PyResult<BatchArrays<'py>> {
    let entry = game(name)?;
    let shape = instances.shape().to_vec();
    let values = instances
        .as_slice()
        .map_err(|_| input_error("the instances must be a contiguous array"))?;
    let numbers: Vec<u64>;
    let batch = if entry.takes_piles() {
        let [rows, n] = shape[..] else {
            return Err(input_error(format!(
                "{} takes a 2-D array of piles (one instance per row), got {} dimensions",
                entry.name(),
                shape.len()
            )));
        };
        if subtract.is_some() {
            return Err(input_error(format!(
                "{} does not take subtract; it takes piles",
                entry.name()
            )));
        }
        Instances::Piles {
            rows,
            n,
            flat: values,
        }
    } else {
        if shape.len() != 1 {
            return Err(input_error(format!(
                "{} takes a 1-D array of N (one instance each), got {} dimensions",
                entry.name(),
                shape.len()
            )));
        }
        numbers = values
            .iter()
            .enumerate()
            .map(|(index, &n)| {
                // Below 0 as the game refuses 0 (every number game starts at 1).
                u64::try_from(n).map_err(|_| {
                    input_error(format!(
                        "instance {index}: {}: N must be at least 1, got {n}",
                        entry.name()
                    ))
                })
            })
            .collect::<PyResult<_>>()?;
        Instances::Numbers {
            values: &numbers,
            subtract: subtract.as_deref(),
        }
    };
    let results = run_stoppable(py, |stop| solve_batch(entry, batch, stop))?;
    let results = match results {
        Ok(results) => results,
        // Only a signal sets the flag, and its exception was raised above.
        Err(BatchError::Stopped) => return Err(input_error("solve_many was stopped")),
        Err(error) => return Err(input_error(error)),
    };
    Ok((
        PyArray1::from_vec(py, results.margins),
        PyArray1::from_vec(py, results.first_scores),
        PyArray1::from_vec(py, results.second_scores),
    ))
}
