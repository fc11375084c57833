//! `optimal`: the solvers' play, each move's value read from the game's fast solver's table when
//! there is one, else memoised minimax over the positions reached.

use crate::base::game::Game;
use crate::solve::best_move;
use crate::solve::brute::search;
use crate::strategy::{PositionTable, Strategy};
use std::collections::HashMap;
use std::sync::Arc;

/// Optimal play, the solvers' tie-break: each move's value read from the game's fast solver's
/// table when there is one, else memoised minimax over the positions reached.
pub struct Optimal<G: Game> {
    values: OptimalValues<G>,
}

/// Where [`Optimal`] reads positions' values from.
enum OptimalValues<G: Game> {
    Searched(HashMap<G::State, i64>),
    Table(Arc<PositionTable<G>>),
}

impl<G: Game> Optimal<G> {
    /// An optimal strategy that searches, with nothing solved yet.
    pub fn new() -> Optimal<G> {
        Optimal {
            values: OptimalValues::Searched(HashMap::new()),
        }
    }

    /// An optimal strategy that reads every position's value from `table`.
    pub fn from_table(table: Arc<PositionTable<G>>) -> Optimal<G> {
        Optimal {
            values: OptimalValues::Table(table),
        }
    }
}

impl<G: Game> Default for Optimal<G> {
    fn default() -> Self {
        Optimal::new()
    }
}

impl<G: Game> Strategy<G> for Optimal<G> {
    fn choose(&mut self, game: &G, state: &G::State) -> G::Move {
        match &mut self.values {
            OptimalValues::Searched(values) => {
                best_move(game, state, |child| search(game, child, values))
            }
            OptimalValues::Table(table) => best_move(game, state, |child| (**table)(child)),
        }
        .expect("strategies are asked only at non-terminal states")
    }
}
