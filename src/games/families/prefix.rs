//! The prefix family: a row of piles, each turn takes the first few remaining piles, as many as
//! the rule allows. A position is how many piles are gone, the rule's limit and who moves
//! ([`Position`]); the members differ in how many piles a move may take ([`PrefixRule`]): one to
//! three (stone-game-iii), or one to 2M with M growing (stone-game-ii). [`PrefixGame`] is the
//! whole game for any rule, so a new member is its rule and its registry entry.

use crate::base::error::InputError;
use crate::base::game::{Action, ActionValue, Bounds, Game, MoveDescription, Player};
use crate::base::input::fields::{check_score_range, into_piles, take_piles};
use crate::base::input::{InstanceInput, format_piles};
use std::fmt::Debug;
use std::hash::Hash;
use std::sync::OnceLock;

/// A position: `piles[next..]` remain, the rule's `limit` (M for stone-game-ii) and who moves.
/// The game's end is one terminal position, with the first player "to move" and the rule's
/// [`PrefixRule::END`] limit, whoever moved last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position<L> {
    pub next: u32,
    pub limit: L,
    pub mover: Player,
}

/// What distinguishes one member of the family: its name and how many piles a move may take.
pub trait PrefixRule: 'static {
    /// The game's command-line name.
    const NAME: &'static str;
    /// The rule's part of a position (M for stone-game-ii; nothing for stone-game-iii).
    type Limit: Copy + Debug + Eq + Hash + Ord + Send + Sync;
    /// The limit at the start.
    const START: Self::Limit;
    /// The limit at the end of the game (one terminal position).
    const END: Self::Limit;

    /// The most piles a move may take with `remaining` piles left under `limit` (at least one).
    fn most(limit: Self::Limit, remaining: usize) -> usize;

    /// The limit after a move took `take` piles and left `remaining` (at least one).
    fn after(limit: Self::Limit, take: usize, remaining: usize) -> Self::Limit;

    /// The limit in the text of a position with `remaining` piles left, e.g. ` M=2` (empty for a
    /// rule without one).
    fn describe_limit(limit: Self::Limit, remaining: usize) -> String;

    /// The bounds of a row of `n` piles (see `Game::bounds`).
    fn bounds(n: u128) -> Bounds;
}

/// A row game of the family under rule `R`: one instance, its piles.
#[derive(Debug)]
pub struct PrefixGame<R: PrefixRule> {
    piles: Vec<i64>,
    total: i64,
    /// `sums[k]` is the sum of `piles[..k]`, made when a move's gain is first asked for: the
    /// fast solvers never ask, and for a long row the sums would be as large as the row.
    sums: OnceLock<Vec<i64>>,
    rule: std::marker::PhantomData<fn() -> R>,
}

// By hand: derived impls would ask the rule's marker type, not only the piles, to be Clone.
impl<R: PrefixRule> Clone for PrefixGame<R> {
    fn clone(&self) -> Self {
        PrefixGame {
            piles: self.piles.clone(),
            total: self.total,
            sums: self.sums.clone(),
            rule: std::marker::PhantomData,
        }
    }
}

impl<R: PrefixRule> PartialEq for PrefixGame<R> {
    fn eq(&self, other: &Self) -> bool {
        self.piles == other.piles
    }
}

impl<R: PrefixRule> Eq for PrefixGame<R> {}

impl<R: PrefixRule> PrefixGame<R> {
    /// A validated instance: at least one pile, and the sum of absolute values within 64 bits.
    pub fn new(piles: Vec<i64>) -> Result<PrefixGame<R>, InputError> {
        PrefixGame::from_input(&InstanceInput::piles(piles))
    }

    /// The piles.
    pub fn piles(&self) -> &[i64] {
        &self.piles
    }

    /// The prefix sums: `sums()[k]` is the sum of the first `k` piles.
    pub fn sums(&self) -> &[i64] {
        self.sums.get_or_init(|| {
            let mut sums = Vec::with_capacity(self.piles.len() + 1);
            sums.push(0);
            for &pile in &self.piles {
                sums.push(sums[sums.len() - 1] + pile);
            }
            sums
        })
    }

    /// The sum of every pile.
    pub fn total(&self) -> i64 {
        self.total
    }

    /// Builds and validates an instance.
    pub fn from_input(input: &InstanceInput) -> Result<PrefixGame<R>, InputError> {
        Self::from_piles(take_piles(R::NAME, input)?)
    }

    /// [`PrefixGame::from_input`], keeping the caller's pile vector.
    pub fn from_owned_input(input: InstanceInput) -> Result<PrefixGame<R>, InputError> {
        Self::from_piles(into_piles(R::NAME, input)?)
    }

    /// The instance as input fields.
    pub fn input(&self) -> InstanceInput {
        InstanceInput::piles(self.piles.clone())
    }

    fn from_piles(piles: Vec<i64>) -> Result<PrefixGame<R>, InputError> {
        // Every score is a sum of piles.
        check_score_range(R::NAME, &piles)?;
        Ok(PrefixGame {
            total: piles.iter().sum(),
            piles,
            sums: OnceLock::new(),
            rule: std::marker::PhantomData,
        })
    }

    /// The canonical position with `piles[next..]` left, `limit` and `mover` to move.
    pub fn position(&self, next: usize, limit: R::Limit, mover: Player) -> Position<R::Limit> {
        if next == self.piles.len() {
            return Position {
                next: next as u32,
                limit: R::END,
                mover: Player::First,
            };
        }
        Position {
            next: next as u32,
            limit,
            mover,
        }
    }
}

impl<R: PrefixRule> Game for PrefixGame<R> {
    const NAME: &'static str = R::NAME;
    type State = Position<R::Limit>;
    /// How many piles the move takes.
    type Move = usize;

    #[inline]
    fn initial_state(&self) -> Position<R::Limit> {
        self.position(0, R::START, Player::First)
    }

    #[inline]
    fn to_move(&self, state: &Position<R::Limit>) -> Player {
        state.mover
    }

    #[inline]
    fn legal_moves(&self, state: &Position<R::Limit>) -> Vec<usize> {
        let remaining = self.piles.len() - state.next as usize;
        if remaining == 0 {
            return Vec::new();
        }
        (1..=R::most(state.limit, remaining).min(remaining)).collect()
    }

    #[inline]
    fn apply(&self, state: &Position<R::Limit>, take: usize) -> Position<R::Limit> {
        let next = state.next as usize + take;
        let remaining = self.piles.len() - next;
        let limit = if remaining == 0 {
            R::END
        } else {
            R::after(state.limit, take, remaining)
        };
        self.position(next, limit, state.mover.other())
    }

    #[inline]
    fn gain(&self, state: &Position<R::Limit>, take: usize) -> i64 {
        let next = state.next as usize;
        let sums = self.sums();
        sums[next + take] - sums[next]
    }

    fn bounds(&self) -> Bounds {
        R::bounds(self.piles.len() as u128)
    }

    fn describe_state(&self, state: &Position<R::Limit>) -> String {
        let next = state.next as usize;
        if next == self.piles.len() {
            return "[]".to_string();
        }
        format!(
            "{}{}",
            format_piles(&self.piles[next..]),
            R::describe_limit(state.limit, self.piles.len() - next)
        )
    }

    fn move_action(&self, _state: &Position<R::Limit>, take: usize) -> Action {
        Action {
            key: "count",
            value: ActionValue::Number(take as u64),
        }
    }

    fn describe_move(&self, state: &Position<R::Limit>, take: usize) -> MoveDescription {
        let next = state.next as usize;
        let took = self.piles[next..next + take].to_vec();
        let noun = if take == 1 { "pile" } else { "piles" };
        MoveDescription {
            text: format!("takes {take} {noun} {}", format_piles(&took)),
            action: self.move_action(state, take),
            took,
        }
    }

    fn pile_row(&self) -> Option<&[i64]> {
        Some(&self.piles)
    }

    fn piles_left(&self, state: &Position<R::Limit>) -> Option<Vec<std::ops::Range<usize>>> {
        Some(crate::base::game::one_run(
            state.next as usize..self.piles.len(),
        ))
    }

    /// The rule's limit on the next move (stone-game-ii's M), while piles are left.
    fn describe_beyond_piles(&self, state: &Position<R::Limit>) -> Option<String> {
        let remaining = self.piles.len() - state.next as usize;
        let text = R::describe_limit(state.limit, remaining);
        let text = text.trim();
        (remaining > 0 && !text.is_empty()).then(|| text.to_string())
    }
}
