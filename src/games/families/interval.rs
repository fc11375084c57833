//! The interval family: a row of piles, each turn takes the leftmost or the rightmost one. A
//! position is the interval of piles left ([`Interval`]); the members differ only in what a
//! move scores ([`EndRule`]): the pile taken (stone-game) or the sum of the piles left
//! (stone-game-vii). [`IntervalGame`] is the whole game for any rule, so a new member is its
//! rule and its registry entry.

use crate::base::error::InputError;
use crate::base::game::{Action, ActionValue, Bounds, Game, MoveDescription, Player};
use crate::base::input::fields::{check_score_bound, check_score_range, into_piles, take_piles};
use crate::base::input::{InstanceInput, format_piles, write_piles};
use std::fmt::Debug;

/// The piles still on the table: `piles[left..right]`. The empty interval is always `(n, n)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Interval {
    pub left: u32,
    pub right: u32,
}

impl Interval {
    /// Number of piles left.
    #[inline]
    pub fn len(self) -> usize {
        (self.right - self.left) as usize
    }

    /// Whether no pile is left.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.left == self.right
    }

    /// The whole row of `n` piles: the start of every end-taking game.
    pub fn whole(n: usize) -> Interval {
        Interval {
            left: 0,
            right: n as u32,
        }
    }

    /// Who moves on this interval of a row of `n` piles (one pile leaves per move).
    #[inline]
    pub fn mover(self, n: usize) -> Player {
        Player::after_moves(n - self.len())
    }

    /// The ends that can be taken, left first; a single pile is taken from the left only, so
    /// that the game tree has no duplicate branch.
    #[inline]
    pub fn ends(self) -> Vec<Side> {
        match self.len() {
            0 => vec![],
            1 => vec![Side::Left],
            _ => vec![Side::Left, Side::Right],
        }
    }

    /// The interval after taking the pile at `side`, in a row of `n` piles; every empty
    /// interval becomes `(n, n)`, so the game has one terminal position.
    #[inline]
    pub fn after(self, side: Side, n: usize) -> Interval {
        let next = match side {
            Side::Left => Interval {
                left: self.left + 1,
                ..self
            },
            Side::Right => Interval {
                right: self.right - 1,
                ..self
            },
        };
        if next.is_empty() {
            let n = n as u32;
            Interval { left: n, right: n }
        } else {
            next
        }
    }

    /// The index of the pile at `side`.
    #[inline]
    pub fn end(self, side: Side) -> usize {
        match side {
            Side::Left => self.left as usize,
            Side::Right => self.right as usize - 1,
        }
    }
}

/// Which end a move takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Left,
    Right,
}

impl Side {
    /// `left` or `right`, as moves are named in every output.
    pub fn word(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
        }
    }
}

/// What distinguishes one member of the family: its name and what a move scores.
pub trait EndRule: 'static {
    /// The game's command-line name.
    const NAME: &'static str;
    /// Whether the final scores always add up to the total (see `Game::CONSTANT_SUM`).
    const CONSTANT_SUM: bool = true;
    /// What an instance keeps beside its piles to score moves fast (the total, prefix sums).
    type Extra: Clone + Debug + PartialEq + Eq + Send + Sync;

    /// [`EndRule::Extra`] of a row.
    fn extra(piles: &[i64]) -> Self::Extra;

    /// At least the largest score a player may reach on `piles` (their absolute sum where the
    /// points are the piles taken): input is refused where that would leave 64 bits.
    fn score_bound(piles: &[i64]) -> u128;

    /// The points for taking the pile at `side` of `state`.
    fn gain(piles: &[i64], extra: &Self::Extra, state: Interval, side: Side) -> i64;

    /// The move in words, e.g. `takes the left pile (4)`; `pile` is the pile taken.
    fn move_text(side: Side, pile: i64, gain: i64) -> String;
}

/// A row game of the family under rule `R`: one instance, its piles.
#[derive(Debug)]
pub struct IntervalGame<R: EndRule> {
    piles: Vec<i64>,
    extra: R::Extra,
}

// By hand: derived impls would ask the rule's marker type, not only its data, to be Clone.
impl<R: EndRule> Clone for IntervalGame<R> {
    fn clone(&self) -> Self {
        IntervalGame {
            piles: self.piles.clone(),
            extra: self.extra.clone(),
        }
    }
}

impl<R: EndRule> PartialEq for IntervalGame<R> {
    fn eq(&self, other: &Self) -> bool {
        self.piles == other.piles
    }
}

impl<R: EndRule> Eq for IntervalGame<R> {}

impl<R: EndRule> IntervalGame<R> {
    /// A validated instance: at least one pile, and every possible score within 64 bits.
    pub fn new(piles: Vec<i64>) -> Result<IntervalGame<R>, InputError> {
        IntervalGame::from_input(&InstanceInput::piles(piles))
    }

    /// The piles.
    pub fn piles(&self) -> &[i64] {
        &self.piles
    }

    /// What the rule keeps beside the piles.
    pub fn extra(&self) -> &R::Extra {
        &self.extra
    }

    /// Builds and validates an instance.
    pub fn from_input(input: &InstanceInput) -> Result<IntervalGame<R>, InputError> {
        Self::from_piles(take_piles(R::NAME, input)?)
    }

    /// [`IntervalGame::from_input`], keeping the caller's pile vector.
    pub fn from_owned_input(input: InstanceInput) -> Result<IntervalGame<R>, InputError> {
        Self::from_piles(into_piles(R::NAME, input)?)
    }

    /// The instance as input fields.
    pub fn input(&self) -> InstanceInput {
        InstanceInput::piles(self.piles.clone())
    }

    fn from_piles(piles: Vec<i64>) -> Result<IntervalGame<R>, InputError> {
        check_score_range(R::NAME, &piles)?;
        check_score_bound(R::NAME, R::score_bound(&piles))?;
        let extra = R::extra(&piles);
        Ok(IntervalGame { piles, extra })
    }
}

impl<R: EndRule> Game for IntervalGame<R> {
    const NAME: &'static str = R::NAME;
    const CONSTANT_SUM: bool = R::CONSTANT_SUM;
    type State = Interval;
    type Move = Side;

    #[inline]
    fn initial_state(&self) -> Interval {
        Interval::whole(self.piles.len())
    }

    #[inline]
    fn to_move(&self, state: &Interval) -> Player {
        state.mover(self.piles.len())
    }

    #[inline]
    fn legal_moves(&self, state: &Interval) -> Vec<Side> {
        state.ends()
    }

    #[inline]
    fn apply(&self, state: &Interval, mv: Side) -> Interval {
        state.after(mv, self.piles.len())
    }

    #[inline]
    fn gain(&self, state: &Interval, mv: Side) -> i64 {
        R::gain(&self.piles, &self.extra, *state, mv)
    }

    /// Every interval and the empty row; two ends to take, one pile per move, and one position
    /// per number of piles taken when taking one end every time.
    fn bounds(&self) -> Bounds {
        let n = self.piles.len() as u128;
        Bounds {
            states: n * (n + 1) / 2 + 1,
            moves: 2,
            depth: n,
            least_states: n + 1,
        }
    }

    fn describe_state(&self, state: &Interval) -> String {
        format_piles(&self.piles[state.left as usize..state.right as usize])
    }

    fn write_state(&self, state: &Interval, out: &mut String) {
        write_piles(out, &self.piles[state.left as usize..state.right as usize])
            .expect("writing to a String cannot fail");
    }

    fn move_action(&self, _state: &Interval, mv: Side) -> Action {
        Action {
            key: "side",
            value: ActionValue::Word(mv.word()),
        }
    }

    fn describe_move(&self, state: &Interval, mv: Side) -> MoveDescription {
        let pile = self.piles[state.end(mv)];
        MoveDescription {
            action: self.move_action(state, mv),
            took: vec![pile],
            text: R::move_text(mv, pile, self.gain(state, mv)),
        }
    }

    fn pile_row(&self) -> Option<&[i64]> {
        Some(&self.piles)
    }

    fn piles_left(&self, state: &Interval) -> Option<Vec<std::ops::Range<usize>>> {
        Some(crate::base::game::one_run(
            state.left as usize..state.right as usize,
        ))
    }
}
