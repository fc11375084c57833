//! The costed operations: every path whose time grows with its input counts its work in units
//! of one of these, and each has a cost per unit measured on this kind of machine
//! (`rates.rs`). The name of the unit is what a refusal says dominates a request.

/// One costed unit of work of one path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operation {
    /// stone-game `rolling`, the value of one row (SIMD, on every core for long rows): a DP cell.
    StoneGameRollingRow,
    /// stone-game `rolling` with the moves (checkpoint rows and the line): a DP cell.
    StoneGameRollingLine,
    /// stone-game's value of many rows at once, one per SIMD lane (sweeps): a DP cell.
    StoneGameRollingBatch,
    /// stone-game's value of one short row on one core (claims, charts, strategies): a DP cell.
    StoneGameRollingScalar,
    /// stone-game `peaks`, the value: a pile.
    StoneGamePeaks,
    /// stone-game `table`: a cell of the (first, second) score table.
    StoneGameTable,
    /// stone-game `diff`: a cell of the margin table (also what `optimal` play reads).
    StoneGameDiff,
    /// stone-game-ii `window`: a cell (i, M) of its table.
    StoneGameIIWindow,
    /// stone-game-ii `dp`, the textbook O(n^3) DP: a move tried.
    StoneGameIIDp,
    /// stone-game-iii `dp`: a pile.
    StoneGameIIIDp,
    /// stone-game-vii `dp`: a DP cell.
    StoneGameVIIDp,
    /// stone-game-iv `dp`: a square tried from one N.
    StoneGameIVDp,
    /// divisor-game's win table (a sieve): a number up to N.
    DivisorSieve,
    /// nim's Grundy table: an amount of the subtraction set tried from one N.
    NimGrundy,
    /// coins-in-a-circle `dp`: a DP cell.
    CoinsDp,
    /// `memo` (and `optimal` play without a table): a move tried from a distinct position.
    MemoMove,
    /// `brute`: a node of the game tree.
    BruteNode,
    /// A move of a line of optimal play read off a solver's values: a move tried.
    LineMove,
    /// A move chosen by a simple strategy (greedy, random, parity, a table lookup): a move tried.
    StrategyMove,
    /// `lookahead-K`: a position searched.
    LookaheadNode,
    /// `mcts-K`: a step of a simulation (selection, expansion or a playout move).
    MctsStep,
    /// One pile value drawn for a random instance.
    DrawPile,
    /// One instance drawn and tallied (besides its solver and its piles).
    Instance,
    /// One instance a claim check draws and judges (besides its solver and its piles).
    Candidate,
    /// One instance of a number game built from its input and solved in closed form.
    NumberInstance,
    /// One pile written as JSON (`generate`).
    WritePile,
    /// One instance drawn and written as a JSON line, besides its piles (`generate`).
    WriteInstance,
    /// One row of a sweep: its rates and intervals, written out.
    SweepRow,
    /// One byte of a sweep CSV read back and checked (`merge`, `plot`).
    CsvByte,
    /// One game redrawn by a bootstrap resample of a tournament's ratings.
    RatingGame,
    /// One multiply-add of the Newton steps fitting a tournament's ratings (k³/3 per step).
    RatingStep,
    /// One node or move of a game tree or state DAG built and exported.
    GraphNode,
    /// One position of a solved space (`analyze`, `explore`): a move of it.
    SpaceMove,
    /// One position written into an explorer page.
    PagePosition,
}

impl Operation {
    /// Every operation, in the order of the rates table.
    pub const ALL: &'static [Operation] = &[
        Operation::StoneGameRollingRow,
        Operation::StoneGameRollingLine,
        Operation::StoneGameRollingBatch,
        Operation::StoneGameRollingScalar,
        Operation::StoneGamePeaks,
        Operation::StoneGameTable,
        Operation::StoneGameDiff,
        Operation::StoneGameIIWindow,
        Operation::StoneGameIIDp,
        Operation::StoneGameIIIDp,
        Operation::StoneGameVIIDp,
        Operation::StoneGameIVDp,
        Operation::DivisorSieve,
        Operation::NimGrundy,
        Operation::CoinsDp,
        Operation::MemoMove,
        Operation::BruteNode,
        Operation::LineMove,
        Operation::StrategyMove,
        Operation::LookaheadNode,
        Operation::MctsStep,
        Operation::DrawPile,
        Operation::Instance,
        Operation::Candidate,
        Operation::NumberInstance,
        Operation::WritePile,
        Operation::WriteInstance,
        Operation::SweepRow,
        Operation::CsvByte,
        Operation::RatingGame,
        Operation::RatingStep,
        Operation::GraphNode,
        Operation::SpaceMove,
        Operation::PagePosition,
    ];

    /// How many operations there are.
    pub const COUNT: usize = Operation::ALL.len();

    /// The operation's place in [`Operation::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The operation's name in the rates table and in `gamelab bench --calibrate`.
    pub fn name(self) -> &'static str {
        match self {
            Operation::StoneGameRollingRow => "stone-game-rolling-row",
            Operation::StoneGameRollingLine => "stone-game-rolling-line",
            Operation::StoneGameRollingBatch => "stone-game-rolling-batch",
            Operation::StoneGameRollingScalar => "stone-game-rolling-scalar",
            Operation::StoneGamePeaks => "stone-game-peaks",
            Operation::StoneGameTable => "stone-game-table",
            Operation::StoneGameDiff => "stone-game-diff",
            Operation::StoneGameIIWindow => "stone-game-ii-window",
            Operation::StoneGameIIDp => "stone-game-ii-dp",
            Operation::StoneGameIIIDp => "stone-game-iii-dp",
            Operation::StoneGameVIIDp => "stone-game-vii-dp",
            Operation::StoneGameIVDp => "stone-game-iv-dp",
            Operation::DivisorSieve => "divisor-game-sieve",
            Operation::NimGrundy => "nim-grundy",
            Operation::CoinsDp => "coins-in-a-circle-dp",
            Operation::MemoMove => "memo-move",
            Operation::BruteNode => "brute-node",
            Operation::LineMove => "line-move",
            Operation::StrategyMove => "strategy-move",
            Operation::LookaheadNode => "lookahead-node",
            Operation::MctsStep => "mcts-step",
            Operation::DrawPile => "draw-pile",
            Operation::Instance => "instance",
            Operation::Candidate => "candidate",
            Operation::NumberInstance => "number-instance",
            Operation::WritePile => "write-pile",
            Operation::WriteInstance => "write-instance",
            Operation::SweepRow => "sweep-row",
            Operation::CsvByte => "csv-byte",
            Operation::RatingGame => "rating-game",
            Operation::RatingStep => "rating-step",
            Operation::GraphNode => "graph-node",
            Operation::SpaceMove => "space-move",
            Operation::PagePosition => "page-position",
        }
    }

    /// The unit in words, plural, as a refusal names it: `DP cells of stone-game's rolling`.
    pub fn unit(self) -> &'static str {
        match self {
            Operation::StoneGameRollingRow => "DP cells of stone-game's rolling",
            Operation::StoneGameRollingLine => "DP cells of stone-game's rolling with the moves",
            Operation::StoneGameRollingBatch => "DP cells of stone-game rows solved in batches",
            Operation::StoneGameRollingScalar => "DP cells of stone-game rows solved one by one",
            Operation::StoneGamePeaks => "piles of stone-game's peaks",
            Operation::StoneGameTable => "cells of stone-game's table",
            Operation::StoneGameDiff => "cells of stone-game's diff table",
            Operation::StoneGameIIWindow => "cells of stone-game-ii's window table",
            Operation::StoneGameIIDp => "moves tried by stone-game-ii's textbook DP",
            Operation::StoneGameIIIDp => "piles of stone-game-iii's DP",
            Operation::StoneGameVIIDp => "DP cells of stone-game-vii",
            Operation::StoneGameIVDp => "squares tried by stone-game-iv's DP",
            Operation::DivisorSieve => "numbers in divisor-game's table",
            Operation::NimGrundy => "moves tried by nim's Grundy table",
            Operation::CoinsDp => "DP cells of coins-in-a-circle",
            Operation::MemoMove => "moves tried by a memoised search",
            Operation::BruteNode => "game-tree nodes searched by brute",
            Operation::LineMove => "moves tried along lines of optimal play",
            Operation::StrategyMove => "moves tried by the strategies",
            Operation::LookaheadNode => "positions searched by lookahead",
            Operation::MctsStep => "MCTS simulation steps",
            Operation::DrawPile => "random pile values",
            Operation::Instance => "instances",
            Operation::Candidate => "instances judged by the claim check",
            Operation::NumberInstance => "number-game instances solved in closed form",
            Operation::WritePile => "piles written as JSON",
            Operation::WriteInstance => "instances written as JSON lines",
            Operation::SweepRow => "sweep rows",
            Operation::CsvByte => "bytes of sweep CSV read and checked",
            Operation::RatingGame => "games redrawn by the ratings' bootstrap",
            Operation::RatingStep => "steps of the ratings' fits",
            Operation::GraphNode => "graph nodes and moves built and written",
            Operation::SpaceMove => "moves of solved positions",
            Operation::PagePosition => "positions written into the page",
        }
    }

    /// The calibrated cost of one unit on one core, in nanoseconds (`rates.rs`).
    #[inline]
    pub fn nanos_per_unit(self) -> f64 {
        crate::cost::rates::nanos_per_unit(self)
    }

    /// The operation of a name in the rates table.
    pub fn from_name(name: &str) -> Option<Operation> {
        Operation::ALL.iter().copied().find(|op| op.name() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operation_is_listed_once_in_its_place_with_a_positive_rate() {
        assert_eq!(Operation::ALL.len(), Operation::COUNT);
        for (index, operation) in Operation::ALL.iter().enumerate() {
            assert_eq!(operation.index(), index, "{}", operation.name());
        }
        let mut names: Vec<&str> = Operation::ALL.iter().map(|op| op.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Operation::ALL.len());
        for &op in Operation::ALL {
            assert_eq!(Operation::from_name(op.name()), Some(op));
            assert!(op.nanos_per_unit() > 0.0, "{}", op.name());
        }
    }
}
