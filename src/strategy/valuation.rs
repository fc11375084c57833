//! Valuing positions for regret: the margin the player to move secures from a position to the
//! end under optimal play by both sides, read from the game's fast solver where it has one
//! (stone-game: the `diff` table) and by memoised minimax otherwise.
//!
//! This is the one place regret gets its values from; it refuses instances above the size the
//! solver behind it accepts (`diff`: 10,000 piles; `memo`: 4,000,000 positions), the same guards
//! as `gamelab solve --solver diff|memo`.

use crate::base::error::SolveError;
use crate::base::game::Game;
use crate::games::{PositionTable, RegisteredGame};
use crate::solve::brute::search;
use crate::solve::memo;
use std::collections::HashMap;
use std::sync::Arc;

/// The values of a game's positions, computed at most once each.
pub struct PositionValues<'g, G: Game> {
    game: &'g G,
    source: Source<G>,
}

/// Where the values come from.
enum Source<G: Game> {
    /// The game's fast solver filled a table of every position up front (shared with the
    /// optimal strategies of the same game, see [`PositionValues::shared_table`]).
    Table(Arc<PositionTable<G>>),
    /// Memoised minimax, position by position as they are asked for.
    Memo(HashMap<G::State, i64>),
}

impl<'g, G: RegisteredGame> PositionValues<'g, G> {
    /// Values for `game` from its fast solver if it has one, else memoised minimax; refused
    /// above the size that solver accepts.
    pub fn new(game: &'g G) -> Result<PositionValues<'g, G>, SolveError> {
        match game.position_values() {
            Some(table) => Ok(PositionValues {
                game,
                source: Source::Table(Arc::new(table.map_err(|refused| match refused {
                    // No solver to choose here: name what refused, advise a smaller instance.
                    SolveError::TooLarge {
                        solver,
                        what,
                        size,
                        limit,
                        ..
                    } => SolveError::SearchTooLarge {
                        who: format!("valuing every move (for regret) with the {solver} table"),
                        what,
                        size,
                        limit,
                    },
                    other => other,
                })?)),
            }),
            None => PositionValues::memoised(game),
        }
    }
}

impl<'g, G: Game> PositionValues<'g, G> {
    /// Values read from a table the caller already holds (a game explored into
    /// `crate::games::explicit::ExplicitGame` has every position's value after one pass).
    pub fn from_table(game: &'g G, table: PositionTable<G>) -> PositionValues<'g, G> {
        PositionValues {
            game,
            source: Source::Table(Arc::new(table)),
        }
    }

    /// The table behind these values, if they come from one, for the optimal strategies to
    /// read instead of searching the same positions again.
    pub fn shared_table(&self) -> Option<Arc<PositionTable<G>>> {
        match &self.source {
            Source::Table(table) => Some(Arc::clone(table)),
            Source::Memo(_) => None,
        }
    }

    /// Values for any game by memoised minimax (refused above `memo`'s position limit).
    pub fn memoised(game: &'g G) -> Result<PositionValues<'g, G>, SolveError> {
        memo::refuse_oversize(
            game,
            memo::Searcher::Other("valuing every move (for regret) by memoised minimax"),
        )?;
        Ok(PositionValues {
            game,
            source: Source::Memo(HashMap::new()),
        })
    }

    /// The margin (own points minus the opponent's, from `state` to the end) that the player to
    /// move at `state` secures under optimal play by both sides.
    pub fn mover_margin(&mut self, state: &G::State) -> i64 {
        match &mut self.source {
            Source::Table(table) => (**table)(state),
            Source::Memo(values) => search(self.game, state, values),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stone_game::StoneGame;

    #[test]
    fn the_table_and_memoised_minimax_agree_on_every_position() {
        let game = StoneGame::new(vec![3, 9, 1, 2, 7, 7, 4, -5]).unwrap();
        let mut table = PositionValues::new(&game).unwrap();
        let mut memo = PositionValues::memoised(&game).unwrap();
        assert!(matches!(table.source, Source::Table(_)));
        let n = game.piles().len() as u32;
        for left in 0..=n {
            for right in left..=n {
                let state = crate::games::stone_game::Interval { left, right };
                let state = if left == right {
                    crate::games::stone_game::Interval { left: n, right: n }
                } else {
                    state
                };
                assert_eq!(table.mover_margin(&state), memo.mover_margin(&state));
            }
        }
    }

    #[test]
    fn oversize_games_are_refused() {
        let game = StoneGame::new(vec![1; 10_001]).unwrap();
        assert!(matches!(
            PositionValues::new(&game),
            Err(SolveError::SearchTooLarge { .. })
        ));
    }
}
