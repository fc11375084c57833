//! Valuing positions for regret: the margin the player to move secures from a position to the
//! end under optimal play by both sides, read from the game's fast solver where it has one
//! (stone-game: the `diff` table) and by memoised minimax otherwise.
//!
//! This is the one place regret gets its values from; it refuses instances above the size the
//! solver behind it accepts (`diff`: 10,000 piles; `memo`: 4,000,000 positions), the same guards
//! as `gamelab solve --solver diff|memo`.

use crate::base::error::SolveError;
use crate::base::game::Game;
use crate::solve::brute::search;
use crate::solve::memo;
use crate::strategy::PositionTable;
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

/// A game's fast solver's table of every position's value (its registry entry's
/// `position_values`), refused above the size that solver accepts.
pub type FastValues<G> = fn(&G) -> Result<PositionTable<G>, SolveError>;

impl<'g, G: Game> PositionValues<'g, G> {
    /// Values for `game` from its fast solver's table if it has one (`fast`), else memoised
    /// minimax; refused above the size the solver behind them accepts.
    pub fn new(
        game: &'g G,
        fast: Option<FastValues<G>>,
    ) -> Result<PositionValues<'g, G>, SolveError> {
        match fast.map(|table| table(game)) {
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
