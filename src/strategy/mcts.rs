//! `mcts-K`: Monte Carlo tree search with the UCT rule (Kocsis and Szepesvári 2006), K
//! simulations per move, seeded uniformly random rollouts.
//!
//! Each move builds a fresh tree from the position. A simulation descends by UCT while every move
//! of a node has been tried, tries the next untried move in legal order (expansion), plays random
//! legal moves to the end (rollout), and adds the first player's margin — points made from the
//! searched position to the end, payoffs included — to every node on its path.
//!
//! Values are margins, not wins, because every game here is played for the margin. UCB1 wants
//! values in [0, 1], and margins have no fixed scale, so a node's mean margin is rescaled by the
//! smallest and largest margin any simulation of this search has seen (the min-max normalisation
//! of MuZero), mirrored for the second player. A child is then scored
//! `normalised mean + c * sqrt(ln(parent visits) / child visits)` with the exploration constant
//! `c = sqrt(2)` ([`EXPLORATION`], UCB1's), ties going to the first child in legal order. The move
//! played is the root's most visited child (again the first on ties); a position with one legal
//! move is answered without searching.
//!
//! Deterministic for a seed: the rollouts draw from a stream keyed by the seed, the instance and
//! the player, and nothing else is random.

use crate::base::game::{Game, Player, Scores};
use crate::strategy::Strategy;
use crate::util::random::{Draws, keyed_stream};

/// The exploration constant c of UCB1 on normalised values.
pub const EXPLORATION: f64 = std::f64::consts::SQRT_2;

/// Distinguishes MCTS rollout streams from every other (see `keyed_stream`).
const MCTS_STREAM_TAG: u64 = 0x4d43_5453_5543_5400; // "MCTSUCT"

/// The rollout stream of the player (1 first, 2 second) in game `index` of a run with `seed`.
pub(super) fn search_stream(seed: u64, index: u64, player_word: u64) -> Draws {
    keyed_stream([seed, index, player_word, MCTS_STREAM_TAG])
}

/// UCT with a fixed number of simulations per move.
pub struct Mcts {
    simulations: u32,
    rng: Draws,
}

impl Mcts {
    /// `simulations` per move, rollouts drawn from `rng`.
    pub fn new(simulations: u32, rng: Draws) -> Mcts {
        Mcts { simulations, rng }
    }
}

/// One position of the search tree.
struct Node<G: Game> {
    state: G::State,
    mover: Player,
    moves: Vec<G::Move>,
    /// Arena indices of the children tried so far, in legal order (`children[k]` follows
    /// `moves[k]`).
    children: Vec<usize>,
    visits: u32,
    /// The sum, over the simulations through this node, of the first player's margin from the
    /// searched position to the end.
    margin_sum: f64,
}

impl<G: Game> Node<G> {
    fn new(game: &G, state: G::State) -> Node<G> {
        Node {
            mover: game.to_move(&state),
            moves: game.legal_moves(&state),
            children: Vec::new(),
            visits: 0,
            margin_sum: 0.0,
            state,
        }
    }
}

/// The smallest and largest margin seen by the search: the scale of the values.
struct Scale {
    low: f64,
    high: f64,
}

impl Scale {
    /// `mean` (a first-player margin) rescaled to [0, 1] from `mover`'s side; 0.5 before any
    /// spread has been seen.
    fn normalised(&self, mean: f64, mover: Player) -> f64 {
        if self.high <= self.low {
            return 0.5;
        }
        let t = (mean - self.low) / (self.high - self.low);
        match mover {
            Player::First => t,
            Player::Second => 1.0 - t,
        }
    }
}

impl<G: Game> Strategy<G> for Mcts {
    fn choose(&mut self, game: &G, state: &G::State) -> G::Move {
        let root = Node::new(game, state.clone());
        if root.moves.len() == 1 {
            return root.moves[0];
        }
        let mut tree = vec![root];
        let mut scale = Scale {
            low: f64::INFINITY,
            high: f64::NEG_INFINITY,
        };
        let mut path = Vec::new();
        for _ in 0..self.simulations {
            path.clear();
            path.push(0);
            let mut points = Scores::ZERO;
            let mut at = 0;
            // Selection and expansion.
            loop {
                let node = &tree[at];
                if node.moves.is_empty() {
                    break;
                }
                let tried = node.children.len();
                if tried < node.moves.len() {
                    let mv = node.moves[tried];
                    points = points.plus(node.mover, game.gain(&node.state, mv));
                    let child = Node::new(game, game.apply(&node.state, mv));
                    tree.push(child);
                    let index = tree.len() - 1;
                    tree[at].children.push(index);
                    path.push(index);
                    at = index;
                    break;
                }
                let k = select(&tree, node, &scale);
                points = points.plus(node.mover, game.gain(&node.state, node.moves[k]));
                at = node.children[k];
                path.push(at);
            }
            // Rollout.
            let mut position = tree[at].state.clone();
            loop {
                let moves = game.legal_moves(&position);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[self.rng.below(moves.len() as u64) as usize];
                points = points.plus(game.to_move(&position), game.gain(&position, mv));
                position = game.apply(&position, mv);
            }
            let payoff = game.terminal_payoff(&position);
            let margin = (points.margin() + payoff.margin()) as f64;
            scale.low = scale.low.min(margin);
            scale.high = scale.high.max(margin);
            // Backup.
            for &index in &path {
                tree[index].visits += 1;
                tree[index].margin_sum += margin;
            }
        }
        let root = &tree[0];
        let mut best = 0;
        for k in 1..root.children.len() {
            if tree[root.children[k]].visits > tree[root.children[best]].visits {
                best = k;
            }
        }
        root.moves[best]
    }
}

/// The UCT choice among the children of `node` (all tried): the index into its moves.
fn select<G: Game>(tree: &[Node<G>], node: &Node<G>, scale: &Scale) -> usize {
    let log_visits = (node.visits.max(1) as f64).ln();
    let mut best = 0;
    let mut best_score = f64::NEG_INFINITY;
    for (k, &child) in node.children.iter().enumerate() {
        let child = &tree[child];
        let visits = child.visits.max(1) as f64;
        let score = scale.normalised(child.margin_sum / visits, node.mover)
            + EXPLORATION * (log_visits / visits).sqrt();
        if score > best_score {
            best = k;
            best_score = score;
        }
    }
    best
}
