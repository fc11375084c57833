//! The heap family: impartial games on heaps of tokens. A position is the heaps left and who
//! moves ([`Position`]); a move takes tokens from one heap and leaves nothing, one heap or two
//! (octal games split heaps), and who cannot move loses (normal play). The members differ in the
//! options of one heap ([`HeapRule`]): a proper divisor (divisor-game), a square (stone-game-iv),
//! an amount of a set (nim), the digits of an octal code (kayles and its relatives).
//!
//! An instance is one heap (`--n 10`) or several (`--heaps 10,7,3`): a sum of games, decided
//! by the XOR of the heaps' Grundy values (Sprague-Grundy), which the family's `grundy` solver
//! computes from the rule's nim-sequence. [`HeapGame`] is the whole game for any rule, so a new
//! member is its rule, its solvers and its registry entry. The winner is paid 1 and the loser 0,
//! so the margin is ±1.

use crate::analysis::grundy::NimValues;
use crate::base::error::{InputError, Setting, SolveError};
use crate::base::game::{
    Action, ActionValue, Bounds, DagSize, Game, MoveDescription, Player, Scores,
};
use crate::base::input::InstanceInput;
use crate::base::input::fields::take_heaps;
use crate::cost::{Cost, Operation, Work};
use crate::games::entry::{LosingSink, NimSequence};
use crate::solve::{
    PRINCIPAL_VARIATION_LIMIT, Solution, Solver, SolverKind, line_cost, solution_from_outcomes,
    value_from_outcome,
};
use crate::strategy::PositionTable;
use smallvec::SmallVec;
use std::fmt::Debug;

/// The heaps of a position, largest first; a heap a move empties is gone.
pub type Heaps = SmallVec<[u64; 2]>;

/// A position: the heaps left and who moves.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    pub heaps: Heaps,
    pub mover: Player,
}

/// One option of a heap: the tokens taken and the heaps left of it (`left[0] >= left[1]`; 0
/// stands for no heap, so `[0, 0]` takes the whole heap and `[a, 0]` leaves one heap of a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HeapOption {
    pub take: u64,
    pub left: [u64; 2],
}

impl HeapOption {
    /// Taking `take` of a heap of `heap` tokens and leaving the rest as one heap (none if
    /// nothing is left): the move of a subtraction game.
    #[inline]
    pub fn subtract(heap: u64, take: u64) -> HeapOption {
        HeapOption {
            take,
            left: [heap - take, 0],
        }
    }

    /// The heaps left, largest first, without the empty ones.
    #[inline]
    pub fn parts(self) -> impl Iterator<Item = u64> {
        self.left.into_iter().filter(|&part| part > 0)
    }
}

/// A move: the option taken on a heap of `heap` tokens. Heaps of one size are alike, so a move
/// names the heap by its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HeapMove {
    pub heap: u64,
    pub option: HeapOption,
}

/// What distinguishes one member of the family: its name, the options of a heap, its
/// nim-sequence, and how its heaps and moves are worded.
pub trait HeapRule: Clone + Debug + PartialEq + Eq + Send + Sync + 'static {
    /// The game's command-line name.
    const NAME: &'static str;
    /// The key a move of a single heap is named by in JSON (`x`, `take`).
    const MOVE_KEY: &'static str;
    /// The smallest heap an instance may start from.
    const SMALLEST_HEAP: u64 = 1;
    /// The smallest heap that is a position: 0, the empty heap, unless moves never empty a heap.
    const SMALLEST_POSITION: u64 = 0;
    /// The largest heap whose value the rule computes whatever the budget, where it has such a
    /// limit and no period extends it (the divisor game's table); `None`: the budget decides.
    const TABLE_LIMIT: Option<u64> = None;

    /// The options of a heap, in tie-breaking order; empty exactly when the heap has no move.
    fn options(&self, heap: u64) -> Vec<HeapOption>;

    /// Whether a heap has no move left (default: no option; a rule that knows it without
    /// listing them says so).
    fn is_dead(&self, heap: u64) -> bool {
        self.options(heap).is_empty()
    }

    /// Whether a move may leave two heaps of one (octal games): then even a game of one heap
    /// becomes a sum, and moves are named by the heaps they leave.
    fn splits(&self) -> bool {
        false
    }

    /// The bounds of a game of one heap of `heap` tokens (see `Game::bounds`).
    fn heap_bounds(&self, heap: u64) -> Bounds;

    /// The exact size of the state DAG of one heap, where a formula or one pass gives it far
    /// faster than a walk (see `Game::dag_size_by_formula`).
    fn dag_size(&self, heap: u64) -> Option<DagSize> {
        let _ = heap;
        None
    }

    /// The Grundy values of heaps of 0 to `n_max` tokens, and their period where one is found
    /// (a proved period may end the computation early: see [`NimValues`]).
    fn nim_values(&self, n_max: u64) -> Result<NimValues, SolveError>;

    /// What [`HeapRule::nim_values`] costs up to `n_max`.
    fn nim_cost(&self, n_max: u64) -> Cost;

    /// Streams the losing heaps (Grundy value 0) from the smallest position to `n_max` to
    /// `sink` in increasing order and returns how many there were: by default the zeros of
    /// [`HeapRule::nim_values`]; a rule with a faster way (a sieve) overrides it and
    /// [`HeapRule::losing_cost`] together.
    fn losing_heaps(&self, n_max: u64, sink: LosingSink<'_>) -> Result<u64, SolveError> {
        self.nim_values(n_max)?
            .zeros(Self::SMALLEST_POSITION, n_max, sink)
    }

    /// What [`HeapRule::losing_heaps`] costs up to `n_max`: by default the nim-sequence and a
    /// look at every heap's value.
    fn losing_cost(&self, n_max: u64) -> Cost {
        cost_by_values(self.nim_cost(n_max), n_max)
    }

    /// At least as many losing heaps as there are up to `n_max`: by default every heap.
    fn losing_bound(&self, n_max: u64) -> u64 {
        n_max.saturating_add(1)
    }

    /// The values through the first cycle of a period the rule proves at a cost bounded
    /// whatever the heap (an octal game's first stage), if it proves one so and that costs
    /// less than the values of heaps up to `n_max`: the losing heaps up to any N then follow
    /// from that cycle ([`NimValues::zero_count`]). By default none.
    fn proved_values(&self, n_max: u64) -> Result<Option<NimValues>, SolveError> {
        let _ = n_max;
        Ok(None)
    }

    /// A heap in words, e.g. `N=5` or `5 stones`.
    fn describe_heap(&self, heap: u64) -> String;

    /// An option in words, e.g. `takes 4 (2²) stones`.
    fn describe_option(&self, heap: u64, option: HeapOption) -> String;

    /// The rule's part of an instance's input (nim's subtraction set, an octal code), added to
    /// the heaps.
    fn write_input(&self, input: InstanceInput) -> InstanceInput {
        input
    }
}

/// [`HeapRule::losing_cost`]'s default from the nim-sequence's cost up to `n_max`: that, then a
/// look at every heap's value.
pub fn cost_by_values(nim_cost: Cost, n_max: u64) -> Cost {
    let scan = Work::of(Operation::GrundyTable, u128::from(n_max).saturating_add(1));
    nim_cost.then(Cost::work(scan))
}

/// A game of the family under rule `R`: one instance, its starting heaps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapGame<R: HeapRule> {
    /// Largest first.
    heaps: Heaps,
    rule: R,
}

impl<R: HeapRule> HeapGame<R> {
    /// The instance of one heap of `n` tokens under `rule` (validated by the caller).
    pub fn with_rule(n: u64, rule: R) -> HeapGame<R> {
        HeapGame::with_heaps(&[n], rule)
    }

    /// The instance of `heaps` under `rule` (validated by the caller: not empty, every heap at
    /// least the rule's smallest).
    pub fn with_heaps(heaps: &[u64], rule: R) -> HeapGame<R> {
        let mut heaps: Heaps = heaps.iter().copied().collect();
        heaps.sort_unstable_by(|a, b| b.cmp(a));
        HeapGame { heaps, rule }
    }

    /// An instance read from input: N or the heaps, each at least the rule's smallest heap.
    pub fn read(input: &InstanceInput, rule: R) -> Result<HeapGame<R>, InputError> {
        let heaps = take_heaps(R::NAME, input, R::SMALLEST_HEAP)?;
        Ok(HeapGame::with_heaps(&heaps, rule))
    }

    /// The starting heaps, largest first.
    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    /// The heap of a game of one heap; `None` for a sum.
    pub fn single_heap(&self) -> Option<u64> {
        match self.heaps[..] {
            [heap] => Some(heap),
            _ => None,
        }
    }

    /// The heap of a game of one heap, or the error that names `solver` as a solver of one heap.
    pub fn one_heap_for(&self, solver: &'static str) -> Result<u64, SolveError> {
        self.single_heap().ok_or(SolveError::OneHeapOnly {
            solver,
            game: R::NAME,
        })
    }

    /// The largest starting heap.
    pub fn largest_heap(&self) -> u64 {
        self.heaps[0]
    }

    /// The tokens of every heap together.
    pub fn tokens(&self) -> u64 {
        self.heaps
            .iter()
            .fold(0, |sum, &heap| sum.saturating_add(heap))
    }

    /// The rule.
    pub fn rule(&self) -> &R {
        &self.rule
    }

    /// The instance as input fields: N for one heap, else the heaps.
    pub fn input(&self) -> InstanceInput {
        let input = match self.single_heap() {
            Some(n) => InstanceInput::number(n),
            None => InstanceInput {
                heaps: Some(self.heaps.to_vec()),
                ..InstanceInput::default()
            },
        };
        self.rule.write_input(input)
    }

    /// The value alone when `first_wins` tells the outcome, as `solver` found it.
    pub fn value_from(&self, solver: SolverKind, first_wins: bool) -> Solution {
        value_from_outcome(R::NAME, solver, first_wins)
    }

    /// What listing optimal play costs, with the moves (`value_only` false) and up to the
    /// principal-variation limit; nothing otherwise, as larger instances get their value only.
    pub fn line_cost(&self, value_only: bool) -> Cost {
        if value_only || self.tokens() > PRINCIPAL_VARIATION_LIMIT as u64 {
            Cost::default()
        } else {
            line_cost(self)
        }
    }

    /// The solution by `solver`, which tells at every position whether the player to move wins:
    /// optimal play listed up to the principal-variation limit, the value alone above it.
    pub fn solution_from(
        &self,
        solver: SolverKind,
        mover_wins: impl Fn(&Position) -> bool,
    ) -> Solution {
        solution_from_outcomes(self, solver, self.tokens(), mover_wins)
    }

    /// The solution of a game of one heap by `solver`, from whether the player to move wins
    /// with `heap` tokens (a game of one heap that never splits stays one heap).
    pub fn solution_from_heap(
        &self,
        solver: SolverKind,
        mover_wins: impl Fn(u64) -> bool,
    ) -> Solution {
        self.solution_from(solver, |state| {
            mover_wins(state.heaps.first().copied().unwrap_or(0))
        })
    }

    /// The nim-sum (XOR) of the Grundy values of `heaps` under `values`; `None` when a heap's
    /// value is unknown (beyond the values and no proved period).
    pub fn nim_sum(values: &NimValues, heaps: &[u64]) -> Option<u32> {
        heaps
            .iter()
            .try_fold(0, |sum, &heap| Some(sum ^ values.value(heap)?))
    }

    /// The Grundy values this instance needs: every heap up to the largest.
    fn needed_values(&self) -> Result<NimValues, SolveError> {
        self.rule.nim_values(self.largest_heap())
    }

    /// The nim-sum of the starting heaps' Grundy values.
    pub fn starting_nim_sum(&self) -> Result<u32, SolveError> {
        let values = self.needed_values()?;
        HeapGame::<R>::nim_sum(&values, &self.heaps).ok_or_else(|| SolveError::TooLarge {
            solver: "grundy",
            what: "the largest heap",
            size: self.largest_heap().to_string(),
            limit: format!("the {} Grundy values computed", values.values.len()),
            advice: "use smaller heaps",
        })
    }

    /// The first player's margin (±1): by `one_heap`, whether the player to move wins a game of
    /// one heap, or by the nim-sum of a sum's heaps.
    pub fn first_margin(
        &self,
        one_heap: impl FnOnce(u64) -> Result<bool, SolveError>,
    ) -> Result<i64, SolveError> {
        let first_wins = match self.single_heap() {
            Some(heap) => one_heap(heap)?,
            None => self.starting_nim_sum()? != 0,
        };
        Ok(if first_wins { 1 } else { -1 })
    }

    /// [`HeapGame::sum_facts`] for a sum, nothing for one heap.
    pub fn sum_facts_if_several(&self) -> Vec<String> {
        if self.heaps.len() > 1 {
            self.sum_facts()
        } else {
            Vec::new()
        }
    }

    /// Facts about a sum: each heap's Grundy value and their nim-sum, which decides it.
    pub fn sum_facts(&self) -> Vec<String> {
        let Ok(values) = self.needed_values() else {
            return Vec::new();
        };
        let mut facts = Vec::new();
        let mut sum = 0;
        let mut parts = Vec::new();
        for &heap in &self.heaps {
            let Some(value) = values.value(heap) else {
                return Vec::new();
            };
            sum ^= value;
            parts.push(format!("g({heap}) = {value}"));
        }
        facts.push(format!("Grundy values: {}", parts.join(", ")));
        let verdict = if sum == 0 { "loses" } else { "wins" };
        facts.push(format!(
            "nim-sum {sum} (their XOR), so the first player {verdict} (Sprague-Grundy)"
        ));
        facts
    }
}

/// The `grundy` solver: the XOR of the heaps' Grundy values from the rule's nim-sequence, the
/// Sprague-Grundy theorem's answer for a sum; every member lists it.
pub const GRUNDY: SolverKind = SolverKind::named("grundy");

impl<R: HeapRule> HeapGame<R> {
    /// The `grundy` solver of the family (see [`GRUNDY`]), for a member's registry entry.
    pub const GRUNDY_SOLVER: Solver<HeapGame<R>> = Solver::new(
        GRUNDY,
        "the XOR of the heaps' Grundy values, from the nim-sequence (Sprague-Grundy)",
        |game: &HeapGame<R>| {
            let values = game.needed_values()?;
            Ok(game.solution_from(GRUNDY, |state| {
                HeapGame::<R>::nim_sum(&values, &state.heaps).is_some_and(|sum| sum != 0)
            }))
        },
        |game, value_only| game.grundy_cost().then(game.line_cost(value_only)),
    )
    .with_value(|game: &HeapGame<R>| Ok(game.value_from(GRUNDY, game.starting_nim_sum()? != 0)));

    /// What the `grundy` solver's nim-sequence costs.
    pub fn grundy_cost(&self) -> Cost {
        self.rule.nim_cost(self.largest_heap())
    }

    /// Every position's value for the player to move (+1 a win, -1 a loss) from the nim-sum of
    /// its heaps: the fast path of optimal play and regret (`FastPaths::position_values`), far
    /// cheaper than minimax over the positions of a game whose heaps split.
    pub fn position_table(&self) -> Result<PositionTable<HeapGame<R>>, SolveError> {
        let values = self.needed_values()?;
        Ok(Box::new(
            move |state: &Position| match HeapGame::<R>::nim_sum(&values, &state.heaps) {
                Some(0) | None => -1,
                Some(_) => 1,
            },
        ))
    }

    /// What [`HeapGame::position_table`] costs.
    pub fn position_table_cost(&self) -> Option<Cost> {
        Some(self.grundy_cost())
    }
}

impl<R: HeapRule> Game for HeapGame<R> {
    const NAME: &'static str = R::NAME;
    const IMPARTIAL: bool = true;
    type State = Position;
    type Move = HeapMove;

    #[inline]
    fn initial_state(&self) -> Position {
        Position {
            heaps: self.heaps.clone(),
            mover: Player::First,
        }
    }

    #[inline]
    fn to_move(&self, state: &Position) -> Player {
        state.mover
    }

    /// Heaps largest first (one of each size), each heap's options in the rule's order.
    fn legal_moves(&self, state: &Position) -> Vec<HeapMove> {
        let mut moves = Vec::new();
        let mut previous = None;
        for &heap in &state.heaps {
            if previous == Some(heap) {
                continue;
            }
            previous = Some(heap);
            let options = self.rule.options(heap);
            moves.extend(options.into_iter().map(|option| HeapMove { heap, option }));
        }
        moves
    }

    fn apply(&self, state: &Position, mv: HeapMove) -> Position {
        let mut heaps = state.heaps.clone();
        if let Some(at) = heaps.iter().position(|&heap| heap == mv.heap) {
            heaps.remove(at);
        }
        for part in mv.option.parts() {
            let at = heaps.partition_point(|&heap| heap > part);
            heaps.insert(at, part);
        }
        Position {
            heaps,
            mover: state.mover.other(),
        }
    }

    #[inline]
    fn is_terminal(&self, state: &Position) -> bool {
        state.heaps.iter().all(|&heap| self.rule.is_dead(heap))
    }

    /// The player to move cannot move and loses.
    #[inline]
    fn terminal_payoff(&self, state: &Position) -> Scores {
        Scores::win_for(state.mover.other())
    }

    /// One heap: the rule's bounds. A sum: positions at most the product of the heaps' (for
    /// either player), moves and depth at most the sums.
    fn bounds(&self) -> Bounds {
        let mut heaps = self.heaps.iter().map(|&heap| self.rule.heap_bounds(heap));
        let Some(first) = heaps.next() else {
            return Bounds::states(1);
        };
        heaps.fold(first, |sum, heap| Bounds {
            states: (sum.states / 2).saturating_mul(heap.states).max(1),
            moves: sum.moves.saturating_add(heap.moves),
            depth: sum.depth.saturating_add(heap.depth),
            least_states: sum.least_states.max(heap.least_states),
        })
    }

    fn dag_size_by_formula(&self) -> Option<DagSize> {
        match self.single_heap() {
            Some(heap) if !self.rule.splits() => self.rule.dag_size(heap),
            _ => None,
        }
    }

    /// One heap as the rule words it (`5 stones`, `N=5`, `a heap of 5`); several as
    /// `heaps 7 + 4 + 2`.
    fn describe_state(&self, state: &Position) -> String {
        match state.heaps[..] {
            [] => self.rule.describe_heap(0),
            [heap] => self.rule.describe_heap(heap),
            _ => {
                let heaps: Vec<String> = state.heaps.iter().map(u64::to_string).collect();
                format!("heaps {}", heaps.join(" + "))
            }
        }
    }

    /// A game of one heap that never splits names a move by the amount it takes (`take: 4`);
    /// otherwise by the heap and what is left of it: `move: "10-3"` (3 taken from the heap of
    /// 10), `"7-1=4+2"` (1 taken from 7, leaving heaps of 4 and 2).
    fn move_action(&self, _state: &Position, mv: HeapMove) -> Action {
        if self.names_moves_by_amount() {
            return Action {
                key: R::MOVE_KEY,
                value: ActionValue::Number(mv.option.take),
            };
        }
        let mut text = format!("{}-{}", mv.heap, mv.option.take);
        if let [a, b] = mv.option.left
            && b > 0
        {
            text.push_str(&format!("={a}+{b}"));
        }
        Action {
            key: "move",
            value: ActionValue::Text(text),
        }
    }

    fn describe_move(&self, state: &Position, mv: HeapMove) -> MoveDescription {
        let option = self.rule.describe_option(mv.heap, mv.option);
        let text = if self.names_moves_by_amount() {
            option
        } else {
            format!("heap {}: {option}", mv.heap)
        };
        MoveDescription {
            action: self.move_action(state, mv),
            took: vec![],
            text,
        }
    }
}

impl<R: HeapRule> HeapGame<R> {
    /// Whether every position of this instance has one heap at most, so that a move is named
    /// by the amount it takes alone.
    fn names_moves_by_amount(&self) -> bool {
        self.heaps.len() == 1 && !self.rule.splits()
    }
}

/// A member's nim-sequences, read off the rule an input gives: the family's [`NimSequence`].
pub struct RuleSequence<R: HeapRule> {
    /// The member's reader of instances (`from_input`).
    pub read: fn(&InstanceInput) -> Result<HeapGame<R>, InputError>,
}

impl<R: HeapRule> RuleSequence<R> {
    /// The rule an input gives; its heaps are not needed (a heap of the smallest size stands in).
    /// A rule flag the game does not take is refused as a sequence's request words it: what
    /// the game takes there is the largest heap, not an instance's N.
    fn rule(&self, input: &InstanceInput) -> Result<R, InputError> {
        let rule_only = InstanceInput {
            n: Some(R::SMALLEST_HEAP),
            heaps: None,
            ..input.clone()
        };
        match (self.read)(&rule_only) {
            Ok(game) => Ok(game.rule),
            Err(InputError::UnexpectedField { game, field, .. }) => {
                Err(InputError::UnexpectedField {
                    game,
                    field,
                    takes: Setting::MaxSize,
                })
            }
            Err(other) => Err(other),
        }
    }
}

impl<R: HeapRule> NimSequence for RuleSequence<R> {
    fn values(&self, input: &InstanceInput, n_max: u64) -> Result<NimValues, SolveError> {
        self.rule(input)?.nim_values(n_max)
    }

    fn cost(&self, input: &InstanceInput, n_max: u64) -> Result<Cost, InputError> {
        Ok(self.rule(input)?.nim_cost(n_max))
    }

    fn rule_input(&self, input: &InstanceInput) -> Result<InstanceInput, InputError> {
        Ok(self.rule(input)?.write_input(InstanceInput::default()))
    }

    fn smallest_position(&self) -> u64 {
        R::SMALLEST_POSITION
    }

    fn table_limit(&self) -> Option<u64> {
        R::TABLE_LIMIT
    }

    fn losing_positions(
        &self,
        input: &InstanceInput,
        n_max: u64,
        sink: LosingSink<'_>,
    ) -> Result<u64, SolveError> {
        self.rule(input)?.losing_heaps(n_max, sink)
    }

    fn losing_cost(&self, input: &InstanceInput, n_max: u64) -> Result<Cost, InputError> {
        Ok(self.rule(input)?.losing_cost(n_max))
    }

    fn losing_bound(&self, input: &InstanceInput, n_max: u64) -> Result<u64, InputError> {
        let rule = self.rule(input)?;
        // Exact where a proved period counts them; a failure to compute the period (beyond
        // any budget) only leaves the rule's own bound.
        let counted = rule
            .proved_values(n_max)
            .ok()
            .flatten()
            .and_then(|values| values.zero_count(R::SMALLEST_POSITION, n_max));
        Ok(counted.unwrap_or_else(|| rule.losing_bound(n_max)))
    }

    fn proved_values(
        &self,
        input: &InstanceInput,
        n_max: u64,
    ) -> Result<Option<NimValues>, SolveError> {
        self.rule(input)?.proved_values(n_max)
    }
}
