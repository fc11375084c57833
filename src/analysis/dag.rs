//! Solving a game's whole state DAG once: positions discovered breadth first, values computed
//! children first (margin, remoteness and Grundy value), then laid out as a [`SolvedSpace`].

use crate::analysis::{MoveEntry, PositionEntry, SolvedSpace};
use crate::base::error::InputError;
use crate::base::game::{Action, ActionValue, Game, Player, Scores};
use crate::cost::{Operation, Work};
use crate::solve::first_best;
use crate::util::hashing::FastMap;
use std::collections::HashMap;

/// The state DAG: positions in discovery order (breadth first from the start), their moves in
/// legal order, and the player to move at each.
pub(super) struct Dag<G: Game> {
    states: Vec<G::State>,
    /// Per position: (move, child) in legal order.
    moves: Vec<Vec<(G::Move, u32)>>,
    /// Per position: the player to move (at a finished position, the player who would move
    /// next: see [`Dag::split_finished_positions`]).
    movers: Vec<Player>,
}

/// The solved values of a [`Dag`]'s positions, with its states handed on for the index.
pub(super) struct Values<G: Game> {
    pub(super) states: Vec<G::State>,
    margin: Vec<i64>,
    remoteness: Vec<u64>,
    grundy: Vec<u64>,
}

impl<G: Game> Dag<G> {
    pub(super) fn discover(game: &G) -> Result<Dag<G>, InputError> {
        let start = game.initial_state();
        // Room for every position up front (the bound was costed against the budget): a
        // machine that cannot give it refuses here, not halfway through.
        let bound = usize::try_from(game.bounds().states).unwrap_or(usize::MAX);
        let mut index: HashMap<G::State, u32> = HashMap::new();
        index.try_reserve(bound).map_err(|error| {
            crate::cost::out_of_memory(
                "the index of positions",
                bound,
                std::mem::size_of::<G::State>() + 12,
                error,
            )
        })?;
        index.insert(start.clone(), 0);
        let mut states = Vec::new();
        crate::cost::reserve(&mut states, bound, "the positions")?;
        states.push(start);
        let mut moves = Vec::new();
        crate::cost::reserve(&mut moves, bound, "the moves of the positions")?;
        let mut movers = Vec::new();
        crate::cost::reserve(&mut movers, bound, "the players to move")?;
        let mut progress = PassProgress::default();
        let mut next = 0;
        while next < states.len() {
            let state = states[next].clone();
            let mut edges = Vec::new();
            for mv in game.legal_moves(&state) {
                let child = game.apply(&state, mv);
                let id = match index.get(&child) {
                    Some(&id) => id,
                    None => {
                        let id = states.len() as u32;
                        index.insert(child.clone(), id);
                        states.push(child);
                        id
                    }
                };
                edges.push((mv, id));
            }
            progress.add(1 + edges.len());
            moves.push(edges);
            movers.push(game.to_move(&state));
            next += 1;
        }
        Ok(Dag {
            states,
            moves,
            movers,
        })
    }

    /// Gives every finished position the player who would move next, the opponent of the one
    /// who moved into it. A game may end in one shared position whoever moved last (the
    /// `Game` trait leaves its player to move open); such a position is split in two, the copy
    /// taking the moves of the player who did not come first, so that "who is to move once the
    /// game is over" has one answer on every line, in every game. The start keeps the game's
    /// player when it is already finished.
    pub(super) fn split_finished_positions(&mut self) {
        // The players who moved into each finished position, in the order first seen.
        let mut arrivals: HashMap<u32, Vec<Player>> = HashMap::new();
        for (parent, edges) in self.moves.iter().enumerate() {
            for &(_, child) in edges {
                if self.moves[child as usize].is_empty() {
                    let movers = arrivals.entry(child).or_default();
                    if !movers.contains(&self.movers[parent]) {
                        movers.push(self.movers[parent]);
                    }
                }
            }
        }
        let mut finished: Vec<(u32, Vec<Player>)> = arrivals.into_iter().collect();
        finished.sort_unstable_by_key(|&(id, _)| id);
        // Per finished position reached by both players: the copy, and who moves into it.
        let mut copies: HashMap<u32, (u32, Player)> = HashMap::new();
        for (id, arrived) in finished {
            self.movers[id as usize] = arrived[0].other();
            if let Some(&second) = arrived.get(1) {
                let copy = self.states.len() as u32;
                self.states.push(self.states[id as usize].clone());
                self.moves.push(Vec::new());
                self.movers.push(second.other());
                copies.insert(id, (copy, second));
            }
        }
        if copies.is_empty() {
            return;
        }
        for (parent, edges) in self.moves.iter_mut().enumerate() {
            for edge in edges {
                if let Some(&(copy, second)) = copies.get(&edge.1)
                    && self.movers[parent] == second
                {
                    edge.1 = copy;
                }
            }
        }
    }

    /// Children before parents: an iterative depth-first post-order from the start, so deep
    /// games cannot overflow the stack.
    fn children_first(&self) -> Vec<u32> {
        let mut order = Vec::with_capacity(self.states.len());
        let mut seen = vec![false; self.states.len()];
        let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
        seen[0] = true;
        while let Some(&mut (id, ref mut next)) = stack.last_mut() {
            match self.moves[id as usize].get(*next) {
                Some(&(_, child)) => {
                    *next += 1;
                    if !seen[child as usize] {
                        seen[child as usize] = true;
                        stack.push((child, 0));
                    }
                }
                None => {
                    order.push(id);
                    stack.pop();
                }
            }
        }
        order
    }

    /// The mover's margin of a move from position `id`: its gain plus the child's value seen
    /// from the mover's side.
    fn move_margin(&self, game: &G, id: usize, mv: G::Move, child: u32, margin: &[i64]) -> i64 {
        let child_value = margin[child as usize];
        let seen = if self.movers[child as usize] == self.movers[id] {
            child_value
        } else {
            -child_value
        };
        game.gain(&self.states[id], mv) + seen
    }

    pub(super) fn values(&self, game: &G) -> Values<G> {
        let count = self.states.len();
        let mut margin = vec![0i64; count];
        let mut remoteness = vec![0u64; count];
        let mut grundy = vec![0u64; count];
        for id in self.children_first() {
            let id = id as usize;
            let moves = &self.moves[id];
            if moves.is_empty() {
                margin[id] = game
                    .terminal_payoff(&self.states[id])
                    .margin_for(self.movers[id]);
                continue;
            }
            let scored: Vec<(u32, i64)> = moves
                .iter()
                .map(|&(mv, child)| (child, self.move_margin(game, id, mv, child, &margin)))
                .collect();
            let best = scored.iter().map(|&(_, m)| m).max().unwrap_or(0);
            let keeping = scored
                .iter()
                .filter(|&&(_, m)| m == best)
                .map(|&(child, _)| remoteness[child as usize]);
            let quickest_or_longest = if best >= 0 {
                keeping.min()
            } else {
                keeping.max()
            };
            margin[id] = best;
            remoteness[id] = 1 + quickest_or_longest.unwrap_or(0);
            if G::IMPARTIAL {
                grundy[id] = mex(moves.iter().map(|&(_, child)| grundy[child as usize]));
            }
        }
        Values {
            states: self.states.clone(),
            margin,
            remoteness,
            grundy,
        }
    }

    pub(super) fn into_space(
        self,
        game: &G,
        values: &Values<G>,
    ) -> Result<SolvedSpace, InputError> {
        let mut names = MoveNames::default();
        let mut progress = PassProgress::default();
        let mut positions = Vec::new();
        crate::cost::reserve(&mut positions, self.states.len(), "the solved positions")?;
        for (id, state) in self.states.iter().enumerate() {
            let optimal = first_best(self.moves[id].iter().map(|&(mv, child)| {
                (child, self.move_margin(game, id, mv, child, &values.margin))
            }))
            .map(|(child, _)| child);
            let mut moves: Vec<MoveEntry> = self.moves[id]
                .iter()
                .map(|&(mv, child)| MoveEntry {
                    name: names.intern(game.move_action(state, mv)),
                    child,
                    gain: game.gain(state, mv),
                    margin: self.move_margin(game, id, mv, child, &values.margin),
                    remoteness: 1 + values.remoteness[child as usize],
                    optimal: Some(child) == optimal,
                })
                .collect();
            moves.sort_by_key(|entry| best_first_key(entry.margin, entry.remoteness));
            progress.add(1 + moves.len());
            positions.push(PositionEntry {
                to_move: self.movers[id],
                margin: values.margin[id],
                remoteness: values.remoteness[id],
                grundy: G::IMPARTIAL.then_some(values.grundy[id]),
                payoff: if moves.is_empty() {
                    game.terminal_payoff(state)
                } else {
                    Scores::ZERO
                },
                piles: game.piles_left(state),
                label: game.describe_state(state),
                beyond_piles: game.describe_beyond_piles(state),
                moves,
            });
        }
        Ok(SolvedSpace {
            game: G::NAME,
            move_keys: names.keys,
            move_names: names.names,
            pile_row: game.pile_row().map(<[i64]>::to_vec),
            positions,
        })
    }
}

/// The sort key of "best first": larger margin, then shorter remoteness for a move that wins or
/// ties and longer for one that loses (a stable sort keeps legal order after that).
fn best_first_key(margin: i64, remoteness: u64) -> (i64, i128) {
    let remoteness = remoteness as i128;
    (-margin, if margin >= 0 { remoteness } else { -remoteness })
}

/// The minimum excluded value: the least natural number not among `values`.
fn mex(values: impl Iterator<Item = u64>) -> u64 {
    let mut seen: Vec<u64> = values.collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|&(expected, &value)| value != expected as u64)
        .map_or(seen.len() as u64, |(expected, _)| expected as u64)
}

/// Reports one of the two long passes over a space's positions (finding them, writing them
/// out) to the progress display, in blocks rather than per position: each pass is credited half
/// of the estimated work of its positions and moves ([`space_cost`]).
#[derive(Default)]
struct PassProgress {
    /// Positions and moves passed since the last report.
    pending: usize,
}

impl PassProgress {
    const BLOCK: usize = 1 << 16;

    fn add(&mut self, units: usize) {
        self.pending += units;
        if self.pending >= Self::BLOCK {
            self.report();
        }
    }

    fn report(&mut self) {
        let work = Work::of(Operation::SpaceMove, self.pending as u128);
        crate::cost::progress::advance(work.cpu_nanos() / 2.0);
        self.pending = 0;
    }
}

impl Drop for PassProgress {
    fn drop(&mut self) {
        self.report();
    }
}

/// Move names, each stored once. Looked up by the move's action, so that a move whose name
/// is already known costs a hash of a word or a number, not a new string (a number game has as
/// many moves as the positions have divisors, tens of millions).
#[derive(Default)]
struct MoveNames {
    keys: Vec<&'static str>,
    names: Vec<String>,
    index: FastMap<ActionValue, u32>,
}

impl MoveNames {
    fn intern(&mut self, action: Action) -> u32 {
        if let Some(&id) = self.index.get(&action.value) {
            return id;
        }
        let id = self.names.len() as u32;
        self.keys.push(action.key);
        self.names.push(action.value.to_string());
        self.index.insert(action.value, id);
        id
    }
}

/// The index of positions by state (position ids are the states' places in discovery order);
/// a finished position split in two is found as its first copy.
pub(super) fn index_of<S: std::hash::Hash + Eq>(states: Vec<S>) -> HashMap<S, u32> {
    let mut index = HashMap::with_capacity(states.len());
    for (id, state) in states.into_iter().enumerate() {
        index.entry(state).or_insert(id as u32);
    }
    index
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_is_the_least_missing_value() {
        assert_eq!(mex([0, 1, 3].into_iter()), 2);
        assert_eq!(mex([1, 2].into_iter()), 0);
        assert_eq!(mex([2, 0, 1, 1].into_iter()), 3);
        assert_eq!(mex(std::iter::empty()), 0);
    }

    #[test]
    fn winners_prefer_short_and_losers_long_lines() {
        let mut keys = [(3, 5), (3, 2), (-1, 2), (-1, 7), (0, 4), (0, 1)];
        keys.sort_by_key(|&(margin, remoteness)| best_first_key(margin, remoteness));
        assert_eq!(keys, [(3, 2), (3, 5), (0, 1), (0, 4), (-1, 7), (-1, 2)]);
    }
}
