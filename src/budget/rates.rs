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
        Operation::StoneGameRollingRow => 0.0474,
        Operation::StoneGameRollingLine => 0.0748,
        Operation::StoneGameRollingBatch => 0.0292,
        Operation::StoneGameRollingScalar => 0.787,
        Operation::StoneGamePeaks => 7.82,
        Operation::StoneGameTable => 16.8,
        Operation::StoneGameDiff => 8.90,
        Operation::StoneGameIIWindow => 2.89,
        Operation::StoneGameIIDp => 1.46,
        Operation::StoneGameIIIDp => 1.69,
        Operation::StoneGameVIIDp => 1.44,
        Operation::StoneGameIVDp => 0.0584,
        Operation::DivisorSieve => 20.0,
        Operation::NimGrundy => 2.10,
        Operation::CoinsDp => 1.49,
        Operation::MemoMove => 104.0,
        Operation::BruteNode => 9.31,
        Operation::LineMove => 1.53,
        Operation::StrategyMove => 216.0,
        Operation::LookaheadNode => 24.1,
        Operation::MctsStep => 33.7,
        Operation::DrawPile => 1.01,
        Operation::Instance => 10.4,
        Operation::Candidate => 150.0,
        Operation::WritePile => 4.32,
        Operation::WriteInstance => 58.9,
        Operation::SweepRow => 609.0,
        Operation::CsvByte => 14.5,
        Operation::RatingGame => 1.44,
        Operation::RatingStep => 0.516,
        Operation::GraphNode => 39.4,
        Operation::SpaceMove => 311.0,
        Operation::PagePosition => 425.0,
    }
}
