//! The costed operations: every path whose time grows with its input counts its work in units
//! of one of these, and each has a cost per unit measured on this kind of machine
//! (`rates.rs`). The unit's name is what a refusal says dominates a request. An operation is one
//! line of the table below: its variant, its name in the rates table and in `gamelab bench`, and
//! its unit in words, plural, as a refusal names it.

/// Declares [`Operation`] from the table: the enum, its list in order, and its two names.
macro_rules! operations {
    ($($(#[$doc:meta])* $variant:ident: $name:literal, $unit:literal;)*) => {
        /// One costed unit of work of one path.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Operation {
            $($(#[$doc])* $variant,)*
        }

        impl Operation {
            /// Every operation, in the order of the rates table.
            pub const ALL: &'static [Operation] = &[$(Operation::$variant),*];

            /// The operation's name in the rates table and in `gamelab bench --calibrate`.
            pub fn name(self) -> &'static str {
                match self {
                    $(Operation::$variant => $name,)*
                }
            }

            /// The unit in words, plural, as a refusal names it: `DP cells of stone-game's
            /// rolling`.
            pub fn unit(self) -> &'static str {
                match self {
                    $(Operation::$variant => $unit,)*
                }
            }
        }
    };
}

operations! {
    /// stone-game `rolling`, the value of one row (SIMD, on every core for long rows): a DP cell.
    StoneGameRollingRow: "stone-game-rolling-row", "DP cells of stone-game's rolling";
    /// stone-game `rolling` with the moves (checkpoint rows and the line): a DP cell.
    StoneGameRollingLine:
        "stone-game-rolling-line", "DP cells of stone-game's rolling with the moves";
    /// stone-game's value of many rows at once, one per SIMD lane (sweeps): a DP cell.
    StoneGameRollingBatch:
        "stone-game-rolling-batch", "DP cells of stone-game rows solved in batches";
    /// stone-game's value of one short row on one core (claims, charts, strategies): a DP cell.
    StoneGameRollingScalar:
        "stone-game-rolling-scalar", "DP cells of stone-game rows solved one by one";
    /// stone-game `peaks`, the value: a pile.
    StoneGamePeaks: "stone-game-peaks", "piles of stone-game's peaks";
    /// stone-game `table`: a cell of the (first, second) score table.
    StoneGameTable: "stone-game-table", "cells of stone-game's table";
    /// stone-game `diff`: a cell of the margin table (also what `optimal` play reads).
    StoneGameDiff: "stone-game-diff", "cells of stone-game's diff table";
    /// stone-game-ii `window`: a cell (i, M) of its table.
    StoneGameIIWindow: "stone-game-ii-window", "cells of stone-game-ii's window table";
    /// stone-game-ii `dp`, the textbook O(n^3) DP: a move tried.
    StoneGameIIDp: "stone-game-ii-dp", "moves tried by stone-game-ii's textbook DP";
    /// stone-game-iii `dp`: a pile.
    StoneGameIIIDp: "stone-game-iii-dp", "piles of stone-game-iii's DP";
    /// stone-game-vii `dp`: a DP cell.
    StoneGameVIIDp: "stone-game-vii-dp", "DP cells of stone-game-vii";
    /// stone-game-iv `dp`: a square tried from one N.
    StoneGameIVDp: "stone-game-iv-dp", "squares tried by stone-game-iv's DP";
    /// subtract-a-square's windowed forward sieve (stone-game-iv): a knock-out marked.
    SubtractASquareSieve:
        "subtract-a-square-sieve", "knock-outs of subtract-a-square's sieve";
    /// divisor-game's win table (a sieve): a number up to N.
    DivisorSieve: "divisor-game-sieve", "numbers in divisor-game's table";
    /// A Grundy table of a heap game (nim's, stone-game-iv's, divisor-game's): a move tried from
    /// one heap.
    GrundyTable: "grundy-table", "moves tried by a Grundy table";
    /// An octal game's nim-sequence by rare and common values: a pair of heaps with a rare one,
    /// as the estimate counts them (`games::octal::sequence::sequence_cost`).
    OctalRarePairs: "octal-rare-pairs", "pairs with a rare heap of octal nim-sequences";
    /// coins-in-a-circle `dp`: a DP cell.
    CoinsDp: "coins-in-a-circle-dp", "DP cells of coins-in-a-circle";
    /// `memo` (and `optimal` play without a table): a move tried from a distinct position.
    MemoMove: "memo-move", "moves tried by a memoised search";
    /// `brute`: a node of the game tree.
    BruteNode: "brute-node", "game-tree nodes searched by brute";
    /// A move of a line of optimal play read off a solver's values: a move tried.
    LineMove: "line-move", "moves tried along lines of optimal play";
    /// A move chosen by a simple strategy (greedy, random, parity, a table lookup): a move tried.
    StrategyMove: "strategy-move", "moves tried by the strategies";
    /// `lookahead-K`: a position searched.
    LookaheadNode: "lookahead-node", "positions searched by lookahead";
    /// `mcts-K`: a step of a simulation (selection, expansion or a playout move).
    MctsStep: "mcts-step", "MCTS simulation steps";
    /// One pile value drawn for a random instance.
    DrawPile: "draw-pile", "random pile values";
    /// One instance drawn and tallied (besides its solver and its piles).
    Instance: "instance", "instances";
    /// One instance a claim check draws and judges (besides its solver and its piles).
    Candidate: "candidate", "instances judged by the claim check";
    /// One instance of a number game built from its input and solved in closed form.
    NumberInstance: "number-instance", "number-game instances solved in closed form";
    /// One pile written as JSON (`generate`).
    WritePile: "write-pile", "piles written as JSON";
    /// One instance drawn and written as a JSON line, besides its piles (`generate`).
    WriteInstance: "write-instance", "instances written as JSON lines";
    /// One line of numbers written to a file: a CSV row (`grundy --out`, `losing-positions
    /// --out`) or a position of a list (`losing-positions --list`).
    WriteRow: "write-row", "lines of numbers written to a file";
    /// One row of a sweep: its rates and intervals, written out.
    SweepRow: "sweep-row", "sweep rows";
    /// One byte of a sweep CSV read back and checked (`merge`, `plot`).
    CsvByte: "csv-byte", "bytes of sweep CSV read and checked";
    /// One game redrawn by a bootstrap resample of a tournament's ratings.
    RatingGame: "rating-game", "games redrawn by the ratings' bootstrap";
    /// One multiply-add of the Newton steps fitting a tournament's ratings (k³/3 per step).
    RatingStep: "rating-step", "steps of the ratings' fits";
    /// One node or move of a game tree or state DAG built and exported.
    GraphNode: "graph-node", "graph nodes and moves built and written";
    /// One position of a solved space (`analyze`, `explore`): a move of it.
    SpaceMove: "space-move", "moves of solved positions";
    /// One position written into an explorer page.
    PagePosition: "page-position", "positions written into the page";
}

use super::machine::Kind;

impl Operation {
    /// How many operations there are.
    pub const COUNT: usize = Operation::ALL.len();

    /// The operation's place in [`Operation::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The cost of one unit on one core of this machine, in nanoseconds: the reference rate
    /// (`rates.rs`) times the machine factor of its kind ([`super::machine_factor`]).
    #[inline]
    pub fn nanos_per_unit(self) -> f64 {
        super::rates::nanos_per_unit(self) * super::machine_factor(self.kind())
    }

    /// The kind of work the operation is, whose machine factor scales it: the kind of the
    /// calibration probe it runs most like.
    pub fn kind(self) -> Kind {
        use Operation::*;
        match self {
            StoneGameRollingRow | StoneGameRollingLine => Kind::Rows,
            StoneGameRollingBatch
            | StoneGameRollingScalar
            | StoneGamePeaks
            | StoneGameTable
            | StoneGameDiff
            | StoneGameIIWindow
            | StoneGameIIDp
            | StoneGameIIIDp
            | StoneGameVIIDp
            | StoneGameIVDp
            | DivisorSieve
            | GrundyTable
            | SubtractASquareSieve
            | OctalRarePairs
            | CoinsDp
            | MemoMove
            | BruteNode
            | RatingGame
            | RatingStep
            | SpaceMove
            | PagePosition => Kind::Dp,
            DrawPile | Instance | Candidate | NumberInstance => Kind::Draws,
            WritePile | WriteInstance | WriteRow | SweepRow | CsvByte => Kind::Writing,
            GraphNode => Kind::Graph,
            LineMove | StrategyMove | LookaheadNode | MctsStep => Kind::Strategy,
        }
    }

    /// The cost of one unit on one core of the reference machine, in nanoseconds (`rates.rs`).
    #[inline]
    pub fn reference_nanos_per_unit(self) -> f64 {
        super::rates::nanos_per_unit(self)
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
