//! The calibrated cost of each operation, in nanoseconds per unit on one core: written by
//! `gamelab bench --calibrate` (which times every operation's probe, `gamelab::calibration`,
//! and prints this file) and checked in, so that estimates are measured, not guessed. Regenerate
//! it on an idle machine after a change that moves a path's speed:
//! `cargo run --release -- bench --calibrate > src/budget/rates.rs`. The test suite checks every
//! estimate against a measurement (`tests/studies/estimates.rs`).
//!
//! Measured: gamelab 0.1.0, SIMD avx512, 2 threads, the median of 5 runs each.

use super::Operation;

/// Nanoseconds per unit of `operation` on one core.
pub(super) fn nanos_per_unit(operation: Operation) -> f64 {
    match operation {
        Operation::StoneGameRollingRow => 0.0490,
        Operation::StoneGameRollingLine => 0.0738,
        Operation::StoneGameRollingBatch => 0.0308,
        Operation::StoneGameRollingScalar => 0.762,
        Operation::StoneGamePeaks => 7.91,
        Operation::StoneGameTable => 16.4,
        Operation::StoneGameDiff => 8.92,
        Operation::StoneGameIIWindow => 2.86,
        Operation::StoneGameIIDp => 1.49,
        Operation::StoneGameIIIDp => 1.74,
        Operation::StoneGameVIIDp => 1.43,
        Operation::StoneGameIVDp => 0.0584,
        Operation::DivisorSieve => 19.2,
        Operation::NimGrundy => 2.12,
        Operation::CoinsDp => 1.49,
        Operation::MemoMove => 112.0,
        Operation::BruteNode => 9.92,
        Operation::LineMove => 1.56,
        Operation::StrategyMove => 219.0,
        Operation::LookaheadNode => 26.2,
        Operation::MctsStep => 33.8,
        Operation::DrawPile => 1.01,
        Operation::Instance => 10.2,
        Operation::Candidate => 150.0,
        Operation::NumberInstance => 46.9,
        Operation::WritePile => 6.55,
        Operation::WriteInstance => 82.4,
        Operation::SweepRow => 858.0,
        Operation::CsvByte => 14.9,
        Operation::RatingGame => 1.31,
        Operation::RatingStep => 0.538,
        Operation::GraphNode => 39.6,
        Operation::SpaceMove => 310.0,
        Operation::PagePosition => 419.0,
    }
}
