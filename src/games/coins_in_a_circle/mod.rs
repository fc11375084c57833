//! `coins-in-a-circle` (Peter Winkler's pizza problem): slices around a circle; the first move
//! takes any slice, every later move a slice next to the part already eaten.
//!
//! Rules. n >= 1 slices (any 64-bit values; the pizza problem has non-negative sizes) lie in a
//! circle. The players alternate, the first player (Alice) first. The first move takes any
//! slice; after it the uneaten slices form an arc, and every later move takes the slice at one
//! of its two ends. Whoever holds more wins; equal totals are a tie.
//!
//! Literature: with non-negative sizes Alice can always get at least 4/9 of the pizza, and 4/9
//! is the best guarantee there is (Cibulka, Kynčl, Mészáros, Stolař, Valtr, "Solution of Peter
//! Winkler's pizza problem", 2010; Knauer, Micek, Ueckerdt, "How to eat 4/9 of a pizza", 2011).
//! Sweeps report the first player's share and chart it against this bound.
//!
//! Positions are the whole circle, then arcs (start, length); moves are `slice` (the first move,
//! by index, lowest first) then `left`/`right` ends of the arc, left first. The fast solver runs
//! the end-taking DP on every arc of the doubled row (O(n^2)), then picks the best first slice.

use crate::base::error::{InputError, SolveError};
use crate::base::game::{Action, ActionValue, Bounds, Game, MoveDescription, Player, Scores};
use crate::base::input::fields::{check_score_range, into_piles, take_piles};
use crate::base::input::{InstanceInput, format_piles};
use crate::cost::{Cost, Operation, Work, report_rows};
use crate::games::{BatchPaths, FastPaths, GameDefinition, InputForm};
use crate::solve::{
    PRINCIPAL_VARIATION_LIMIT, Solution, Solver, SolverKind, Solvers, line_cost,
    solution_from_values,
};

/// The largest circle whose move list is read from the full arc table (8 n² bytes).
const TABLE_SLICE_LIMIT: usize = 4_096;

/// The first player's guaranteed share for non-negative slices (see the module docs).
pub const GUARANTEED_SHARE: f64 = 4.0 / 9.0;

/// One instance: the slices, in circular order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoinsInACircle {
    slices: Vec<i64>,
    total: i64,
}

/// A position: nothing eaten yet, or the arc `start, start + 1, ... ` (mod n) of `length`
/// slices left. The empty arc is always `Arc { start: 0, length: 0 }`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CircleState {
    Whole,
    Arc { start: u32, length: u32 },
}

/// A move: the first slice by index, or an end of the arc.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CircleMove {
    Slice(u32),
    Left,
    Right,
}

/// The mover's margin on every arc, by start and length, on the doubled row.
struct ArcMargins {
    n: usize,
    /// `by_length[length - 1][start]`.
    by_length: Vec<Vec<i64>>,
}

impl ArcMargins {
    fn build(slices: &[i64]) -> ArcMargins {
        let n = slices.len();
        let mut by_length: Vec<Vec<i64>> = vec![slices.to_vec()];
        for length in 2..n {
            let previous = &by_length[length - 2];
            let row: Vec<i64> = (0..n)
                .map(|start| {
                    let left = slices[start] - previous[(start + 1) % n];
                    let right = slices[(start + length - 1) % n] - previous[start];
                    left.max(right)
                })
                .collect();
            by_length.push(row);
        }
        ArcMargins { n, by_length }
    }

    fn get(&self, start: usize, length: usize) -> i64 {
        if length == 0 {
            0
        } else {
            self.by_length[length - 1][start % self.n]
        }
    }
}

/// The first player's margin with two rows of memory (the value-only path).
fn circle_margin(slices: &[i64]) -> i64 {
    let n = slices.len();
    if n == 1 {
        return slices[0];
    }
    let mut previous = slices.to_vec();
    let mut current = vec![0i64; n];
    for length in 2..n {
        for start in 0..n {
            let left = slices[start] - previous[(start + 1) % n];
            let right = slices[(start + length - 1) % n] - previous[start];
            current[start] = left.max(right);
        }
        std::mem::swap(&mut previous, &mut current);
        report_rows(length, n, Operation::CoinsDp);
    }
    // After taking slice i the opponent faces the arc starting at i + 1 of n - 1 slices.
    (0..n)
        .map(|i| slices[i] - previous[(i + 1) % n])
        .max()
        .unwrap_or(0)
}

impl CoinsInACircle {
    /// A validated instance: at least one slice, and the sum of absolute values within 64 bits.
    pub fn new(slices: Vec<i64>) -> Result<CoinsInACircle, InputError> {
        CoinsInACircle::from_input(&InstanceInput::piles(slices))
    }

    /// The slices, in circular order.
    pub fn slices(&self) -> &[i64] {
        &self.slices
    }

    fn n(&self) -> usize {
        self.slices.len()
    }

    /// The arc left after `length` slices from `start` (the empty one canonical).
    fn arc(&self, start: usize, length: usize) -> CircleState {
        if length == 0 {
            return CircleState::Arc {
                start: 0,
                length: 0,
            };
        }
        CircleState::Arc {
            start: (start % self.n()) as u32,
            length: length as u32,
        }
    }
}

impl Game for CoinsInACircle {
    const NAME: &'static str = "coins-in-a-circle";
    type State = CircleState;
    type Move = CircleMove;

    #[inline]
    fn initial_state(&self) -> CircleState {
        CircleState::Whole
    }

    #[inline]
    fn to_move(&self, state: &CircleState) -> Player {
        match state {
            CircleState::Whole => Player::First,
            CircleState::Arc { length, .. } => Player::after_moves(self.n() - *length as usize),
        }
    }

    #[inline]
    fn legal_moves(&self, state: &CircleState) -> Vec<CircleMove> {
        match state {
            CircleState::Whole => (0..self.n() as u32).map(CircleMove::Slice).collect(),
            CircleState::Arc { length: 0, .. } => vec![],
            CircleState::Arc { length: 1, .. } => vec![CircleMove::Left],
            CircleState::Arc { .. } => vec![CircleMove::Left, CircleMove::Right],
        }
    }

    #[inline]
    fn apply(&self, state: &CircleState, mv: CircleMove) -> CircleState {
        match (state, mv) {
            (_, CircleMove::Slice(i)) => self.arc(i as usize + 1, self.n() - 1),
            (CircleState::Arc { start, length }, CircleMove::Left) => {
                self.arc(*start as usize + 1, *length as usize - 1)
            }
            (CircleState::Arc { start, length }, CircleMove::Right) => {
                self.arc(*start as usize, *length as usize - 1)
            }
            (CircleState::Whole, _) => *state,
        }
    }

    #[inline]
    fn gain(&self, state: &CircleState, mv: CircleMove) -> i64 {
        let n = self.n();
        match (state, mv) {
            (_, CircleMove::Slice(i)) => self.slices[i as usize],
            (CircleState::Arc { start, .. }, CircleMove::Left) => self.slices[*start as usize],
            (CircleState::Arc { start, length }, CircleMove::Right) => {
                self.slices[(*start as usize + *length as usize - 1) % n]
            }
            (CircleState::Whole, _) => 0,
        }
    }

    /// The whole circle and every arc; any first slice, one slice per move, and one position
    /// per number of slices taken when taking one end every time.
    fn bounds(&self) -> Bounds {
        let n = self.n() as u128;
        Bounds {
            states: n * n.saturating_sub(1) + 2,
            moves: n,
            depth: n,
            least_states: n + 1,
        }
    }

    fn pile_row(&self) -> Option<&[i64]> {
        Some(&self.slices)
    }

    fn piles_left(&self, state: &CircleState) -> Option<Vec<std::ops::Range<usize>>> {
        let n = self.n();
        Some(match *state {
            CircleState::Whole => crate::base::game::one_run(0..n),
            CircleState::Arc { start, length } => {
                let (start, end) = (start as usize, start as usize + length as usize);
                if end <= n {
                    crate::base::game::one_run(start..end)
                } else {
                    vec![start..n, 0..end - n]
                }
            }
        })
    }

    fn describe_state(&self, state: &CircleState) -> String {
        match state {
            CircleState::Whole => format!("{} (circle)", format_piles(&self.slices)),
            CircleState::Arc { start, length } => {
                let arc: Vec<i64> = (0..*length as usize)
                    .map(|k| self.slices[(*start as usize + k) % self.n()])
                    .collect();
                format_piles(&arc)
            }
        }
    }

    fn describe_move(&self, state: &CircleState, mv: CircleMove) -> MoveDescription {
        let value = self.gain(state, mv);
        let (key, action_value, text) = match mv {
            CircleMove::Slice(i) => (
                "slice",
                ActionValue::Number(i as u64),
                format!("takes slice {i} ({value})"),
            ),
            CircleMove::Left => (
                "side",
                ActionValue::Word("left"),
                format!("takes the left end ({value})"),
            ),
            CircleMove::Right => (
                "side",
                ActionValue::Word("right"),
                format!("takes the right end ({value})"),
            ),
        };
        MoveDescription {
            action: Action {
                key,
                value: action_value,
            },
            took: vec![value],
            text,
        }
    }
}

impl CoinsInACircle {
    /// Validates the slices (checked present and non-empty by the caller) and builds the instance.
    fn from_piles(slices: Vec<i64>) -> Result<CoinsInACircle, InputError> {
        check_score_range(Self::NAME, &slices)?;
        let total = slices.iter().sum();
        Ok(CoinsInACircle { slices, total })
    }

    /// Builds and validates an instance.
    pub fn from_input(input: &InstanceInput) -> Result<CoinsInACircle, InputError> {
        CoinsInACircle::from_piles(take_piles(Self::NAME, input)?)
    }

    /// [`CoinsInACircle::from_input`], keeping the caller's slice vector.
    pub fn from_owned_input(input: InstanceInput) -> Result<CoinsInACircle, InputError> {
        CoinsInACircle::from_piles(into_piles(Self::NAME, input)?)
    }

    /// The instance as input fields.
    pub fn input(&self) -> InstanceInput {
        InstanceInput::piles(self.slices.clone())
    }
}

/// The arc DP of the module docs.
pub const DP: SolverKind = SolverKind::named("dp");

/// coins-in-a-circle's registry entry.
pub const DEFINITION: GameDefinition<CoinsInACircle> = GameDefinition {
    title: "Coins in a circle: Winkler's pizza problem, any first slice then arc ends",
    rules: "Slices lie in a circle. Players alternate, first player first; the first move takes \
        any slice, every later move takes a slice next to the eaten part (an end of the remaining \
        arc). Whoever holds more wins; equal totals are a tie. With non-negative slices the first \
        player can always get 4/9 of the total, and no more is guaranteed.",
    input_form: InputForm::Piles { negative: true },
    share_bound: Some((
        GUARANTEED_SHARE,
        "4/9: the first player's guarantee (pizza theorem, Cibulka et al. 2010)",
    )),
    from_input: CoinsInACircle::from_input,
    from_owned_input: Some(CoinsInACircle::from_owned_input),
    input: CoinsInACircle::input,
    solvers: Solvers {
        own: &[Solver::new(
            DP,
            "the end-taking DP on every arc of the doubled row, then the best first slice",
            solve_by_dp,
            dp_cost,
        )
        .with_value(value_by_dp)],
        auto: |_, _| DP,
    },
    batch: BatchPaths::margins(
        |input, _| {
            Ok(circle_margin(
                &input.read(CoinsInACircle::from_input)?.slices,
            ))
        },
        margin_cost,
    ),
    fast: FastPaths {
        facts: Some(facts),
        ..FastPaths::NONE
    },
};

/// The first player's share against the pizza theorem's bound, for non-negative slices.
fn facts(game: &CoinsInACircle) -> Vec<String> {
    if game.total <= 0 || game.slices.iter().any(|&s| s < 0) {
        return vec![];
    }
    let first = (game.total + circle_margin(&game.slices)) / 2;
    vec![format!(
        "the first player's optimal share is {first}/{} = {:.4}; the pizza theorem guarantees \
         at least 4/9 = {GUARANTEED_SHARE:.4} for non-negative slices",
        game.total,
        first as f64 / game.total as f64
    )]
}

/// The arc DP: n lengths of n arcs each, on two rows for the value.
fn margin_cost(size: u64) -> Cost {
    let n = size as u128;
    Cost::new(
        n.saturating_mul(16),
        // Besides the n² cells, an instance's set-up (its prefix sums and two rows) costs about
        // 65 cells, most of a small instance in a sweep.
        Work::of(Operation::CoinsDp, n.saturating_mul(n).saturating_add(65)),
    )
}

/// With the moves (up to 4,096 slices) every row is kept, 8 bytes a cell, and the value
/// computed again.
fn dp_cost(game: &CoinsInACircle, value_only: bool) -> Cost {
    let n = game.n();
    let value = margin_cost(n as u64);
    if value_only || n > TABLE_SLICE_LIMIT.min(PRINCIPAL_VARIATION_LIMIT) {
        value
    } else {
        let cells = (n as u128) * (n as u128);
        Cost::new(cells * 8, value.work.times(2)).then(line_cost(game))
    }
}

fn value_by_dp(game: &CoinsInACircle) -> Result<Solution, SolveError> {
    let margin = circle_margin(&game.slices);
    let scores = Scores::from_total_and_margin(game.total, margin);
    Ok(Solution::value_only(CoinsInACircle::NAME, DP, scores))
}

fn solve_by_dp(game: &CoinsInACircle) -> Result<Solution, SolveError> {
    if game.n() > TABLE_SLICE_LIMIT.min(PRINCIPAL_VARIATION_LIMIT) {
        return value_by_dp(game);
    }
    let arcs = ArcMargins::build(&game.slices);
    let whole = circle_margin(&game.slices);
    Ok(solution_from_values(game, DP, |state| match state {
        CircleState::Whole => whole,
        CircleState::Arc { start, length } => arcs.get(*start as usize, *length as usize),
    }))
}
