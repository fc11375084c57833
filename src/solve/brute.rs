//! `brute`: plain exhaustive minimax over the [`Game`] trait, the reference every other solver
//! is tested against.
//!
//! It walks every move sequence (the full game tree) and remembers nothing between them, so its
//! time is proportional to the number of tree nodes: exponential in the instance size
//! (2^n + 2^(n-1) - 1 nodes for stone-game with n piles). Memory is proportional to the tree's
//! depth. The walk uses an explicit stack, so deep games cannot overflow the thread's stack.

use crate::base::error::SolveError;
use crate::base::game::Game;
use crate::base::size::{Count, tree_nodes};
use crate::cost::{Operation, Work};
use crate::solve::{SolverKind, signed_for, solution_from_values, terminal_value};
use std::collections::HashMap;

/// The largest game tree `brute` accepts, in nodes (about a second of work).
pub const BRUTE_TREE_LIMIT: u128 = 4_000_000;

/// Solves `game` by exhaustive minimax, or refuses if its tree has more than
/// [`BRUTE_TREE_LIMIT`] nodes.
///
/// ```
/// use gamelab::games::stone_game::StoneGame;
/// use gamelab::solve::brute;
/// let game = StoneGame::new(vec![1, 100, 3]).unwrap();
/// assert_eq!(brute::solve(&game).unwrap().margin, -96);
/// ```
pub fn solve<G: Game>(game: &G) -> Result<crate::solve::Solution, SolveError> {
    refuse_oversize(game)?;
    Ok(solution_from_values(game, SolverKind::BRUTE, |state| {
        search(game, state, &mut NoMemory)
    }))
}

fn refuse_oversize<G: Game>(game: &G) -> Result<(), SolveError> {
    let too_large = |what, size: String| SolveError::TooLarge {
        solver: "brute",
        what,
        size,
        limit: BRUTE_TREE_LIMIT.to_string(),
        advice: crate::base::error::USE_AUTO,
    };
    let bound = game.bounds().states;
    if bound > BRUTE_TREE_LIMIT {
        return Err(too_large(
            "the number of positions",
            format!("up to {bound}"),
        ));
    }
    match tree_nodes(game, BRUTE_TREE_LIMIT, BRUTE_TREE_LIMIT) {
        Count::Exact(_) => Ok(()),
        Count::MoreThan(limit) => Err(too_large(
            "the game tree's node count",
            format!("more than {limit}"),
        )),
    }
}

/// What `brute` costs on `game`: every node of its game tree (counted exactly up to the
/// solver's limit, as its refusal does), searched about twice over, since the line of optimal
/// play searches the subtree of every position on it again.
pub fn search_work<G: Game>(game: &G) -> Work {
    let nodes = match tree_nodes(game, BRUTE_TREE_LIMIT, BRUTE_TREE_LIMIT) {
        Count::Exact(nodes) => nodes,
        Count::MoreThan(limit) => limit,
    };
    Work::of(Operation::BruteNode, nodes.saturating_mul(2))
}

/// Where a search keeps values of positions it has finished: nowhere for `brute`, a hash map for
/// `memo`.
pub trait Memory<S> {
    /// The stored value of `state`, if any.
    fn recall(&self, state: &S) -> Option<i64>;
    /// Stores the value of `state`.
    fn store(&mut self, state: S, value: i64);
}

/// Remembers nothing: every position is searched afresh each time it is reached.
pub struct NoMemory;

impl<S> Memory<S> for NoMemory {
    fn recall(&self, _: &S) -> Option<i64> {
        None
    }
    fn store(&mut self, _: S, _: i64) {}
}

impl<S: std::hash::Hash + Eq> Memory<S> for HashMap<S, i64> {
    fn recall(&self, state: &S) -> Option<i64> {
        self.get(state).copied()
    }
    fn store(&mut self, state: S, value: i64) {
        self.insert(state, value);
    }
}

/// One position being searched: where its moves start in the search's shared list of moves, the
/// next one to try, and the best so far.
struct Frame<S> {
    state: S,
    /// Its moves are `moves[first..]` up to the next frame's `first` (or the list's end).
    first: usize,
    next: usize,
    best: Option<i64>,
}

impl<S> Frame<S> {
    /// A frame for `state`, its moves appended to `moves`.
    #[inline]
    fn new<G: Game<State = S>>(game: &G, state: S, moves: &mut Vec<G::Move>) -> Frame<S> {
        let first = moves.len();
        // Pushed one by one rather than `extend`ed: once per position, and the release build
        // runs fewer instructions so.
        for mv in game.legal_moves(&state) {
            moves.push(mv);
        }
        Frame {
            state,
            first,
            next: first,
            best: None,
        }
    }
}

/// The margin the player to move at `root` secures with optimal play by both sides (negamax):
/// the best over its moves of the move's gain plus the margin of the position it leads to, seen
/// from the mover's side. Terminal positions are worth their payoff.
///
/// The frames keep their moves in one list rather than a list each: a frame is then a few
/// words, pushed and popped without copying a vector's header through the stack.
pub fn search<G: Game>(game: &G, root: &G::State, memory: &mut impl Memory<G::State>) -> i64 {
    if let Some(value) = memory.recall(root) {
        return value;
    }
    let mut moves: Vec<G::Move> = Vec::new();
    let mut stack = vec![Frame::new(game, root.clone(), &mut moves)];
    loop {
        let Some(top) = stack.last_mut() else {
            unreachable!("the loop returns when the root frame is finished");
        };
        if let Some(&mv) = moves.get(top.next) {
            let child = game.apply(&top.state, mv);
            match memory.recall(&child) {
                Some(value) => absorb(game, top, mv, value, &child),
                None => stack.push(Frame::new(game, child, &mut moves)),
            }
            continue;
        }
        let Some(done) = stack.pop() else {
            unreachable!("the stack is not empty here");
        };
        moves.truncate(done.first);
        let value = done
            .best
            .unwrap_or_else(|| terminal_value(game, &done.state));
        match stack.last_mut() {
            None => {
                memory.store(done.state, value);
                return value;
            }
            Some(parent) => {
                let mv = moves[parent.next];
                absorb(game, parent, mv, value, &done.state);
                memory.store(done.state, value);
            }
        }
    }
}

/// Folds the value of the child reached by the parent's current move into the parent's best.
#[inline]
fn absorb<G: Game>(
    game: &G,
    parent: &mut Frame<G::State>,
    mv: G::Move,
    child_value: i64,
    child: &G::State,
) {
    let mover = game.to_move(&parent.state);
    let score = game.gain(&parent.state, mv) + signed_for(game, child, mover, child_value);
    parent.best = Some(parent.best.map_or(score, |best| best.max(score)));
    parent.next += 1;
}
