//! How big a game is — nodes of its full tree, distinct positions and moves of its state DAG —
//! counted through the [`Game`] trait with a limit, so that solvers and graph builders can refuse
//! oversize requests before they start. Counting never recurses (instances can be deep) and stops
//! as soon as the answer is known to exceed the limit.

use crate::base::game::Game;
use crate::util::hashing::{FastMap, FastSet};

/// A count, or the fact that it exceeds the limit it was taken with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    Exact(u128),
    MoreThan(u128),
}

impl Count {
    /// The exact count, if within the limit.
    pub fn exact(self) -> Option<u128> {
        match self {
            Count::Exact(count) => Some(count),
            Count::MoreThan(_) => None,
        }
    }
}

impl std::fmt::Display for Count {
    /// `47`, `more than 1000000`; counts that saturated 128 bits read `more than 3.4e38`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Count::Exact(u128::MAX) | Count::MoreThan(u128::MAX) => write!(f, "more than 3.4e38"),
            Count::Exact(count) => write!(f, "{count}"),
            Count::MoreThan(limit) => write!(f, "more than {limit}"),
        }
    }
}

pub use crate::base::game::DagSize;

/// Nodes of the full game tree (one per move sequence, the root and the leaves included).
///
/// Works on the DAG with one count per distinct position (counts add up saturating at
/// `u128::MAX`), so the cost is bounded by the positions visited. Stops with
/// `MoreThan(node_limit)` once any subtree holds more than `node_limit` nodes, and with
/// `MoreThan(state_limit)` once more than `state_limit` positions were visited (the tree has at
/// least as many nodes as positions). The walk's memory and time are bounded by the limits: it
/// refuses at once when [`Bounds::least_states`](crate::base::game::Bounds::least_states) is over either limit, and it stops once it has
/// generated more than `node_limit` moves (every move of a reachable position is an edge of the
/// tree, so the tree then has more than `node_limit` nodes), or more than `state_limit`.
pub fn tree_nodes<G: Game>(game: &G, node_limit: u128, state_limit: u128) -> Count {
    if game.bounds().least_states > state_limit {
        return Count::MoreThan(state_limit);
    }
    if game.bounds().least_states > node_limit {
        return Count::MoreThan(node_limit);
    }
    let mut counts: FastMap<G::State, u128> = FastMap::default();
    let mut moves_generated: u128 = 0;
    let mut stack = vec![CountFrame::new(game, game.initial_state())];
    while let Some(top) = stack.last_mut() {
        if let Some(child) = top.children.get(top.next) {
            if let Some(&count) = counts.get(child) {
                top.subtotal = top.subtotal.saturating_add(count);
                top.next += 1;
                if top.subtotal > node_limit {
                    return Count::MoreThan(node_limit);
                }
            } else {
                if counts.len() as u128 >= state_limit {
                    return Count::MoreThan(state_limit);
                }
                let child = child.clone();
                let frame = CountFrame::new(game, child);
                moves_generated += frame.children.len() as u128;
                if moves_generated > node_limit.min(state_limit) {
                    return Count::MoreThan(node_limit.min(state_limit));
                }
                stack.push(frame);
            }
            continue;
        }
        let Some(done) = stack.pop() else { break };
        if stack.is_empty() {
            return Count::Exact(done.subtotal);
        }
        counts.insert(done.state, done.subtotal);
    }
    Count::Exact(0)
}

/// A position being counted: its children, how many are counted, and the nodes so far.
struct CountFrame<S> {
    state: S,
    children: Vec<S>,
    next: usize,
    subtotal: u128,
}

impl<S: Clone> CountFrame<S> {
    /// A frame for `state` with a subtotal of 1, the node itself.
    fn new<G: Game<State = S>>(game: &G, state: S) -> CountFrame<S> {
        let children = game
            .legal_moves(&state)
            .into_iter()
            .map(|mv| game.apply(&state, mv))
            .collect();
        CountFrame {
            state,
            children,
            next: 0,
            subtotal: 1,
        }
    }
}

/// Distinct positions and moves of the state DAG, or `None` once more than `limit` positions,
/// or more than `edge_limit` moves, have been found (at once if [`Bounds::least_states`](crate::base::game::Bounds::least_states) is over
/// `limit`). Depth-first, no recursion.
pub fn dag_size<G: Game>(game: &G, limit: u128, edge_limit: u128) -> Option<DagSize> {
    if game.bounds().least_states > limit {
        return None;
    }
    if let Some(size) = game.dag_size_by_formula() {
        return (size.states <= limit && size.edges <= edge_limit).then_some(size);
    }
    walk_dag_size(game, limit, edge_limit)
}

/// [`dag_size`] by walking the game, whatever [`Game::dag_size_by_formula`] says (tests check
/// the formulas against it).
pub fn walk_dag_size<G: Game>(game: &G, limit: u128, edge_limit: u128) -> Option<DagSize> {
    let root = game.initial_state();
    let mut seen: FastSet<G::State> = FastSet::default();
    seen.insert(root.clone());
    let mut frontier = vec![root];
    let mut edges: u128 = 0;
    while let Some(state) = frontier.pop() {
        for mv in game.legal_moves(&state) {
            edges += 1;
            if edges > edge_limit {
                return None;
            }
            let child = game.apply(&state, mv);
            if !seen.contains(&child) {
                if seen.len() as u128 >= limit {
                    return None;
                }
                seen.insert(child.clone());
                frontier.push(child);
            }
        }
    }
    Some(DagSize {
        states: seen.len() as u128,
        edges,
    })
}
