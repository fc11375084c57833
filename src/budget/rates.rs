//! The calibrated cost of each operation, in nanoseconds per unit on one core: written by
//! `gamelab bench --calibrate` (which times every operation's probe, `gamelab::calibration`,
//! and prints this file) and checked in, so that estimates are measured, not guessed. Regenerate
//! it on an idle machine after a change that moves a path's speed:
//! `cargo run --release -- bench --calibrate > src/budget/rates.rs`. The test suite checks every
//! estimate against a measurement (`tests/cli/limits.rs`, through `gamelab bench
//! --check-estimates`).
//!
//! Measured: gamelab 0.2.0, SIMD avx512, 2 threads, the median of 5 runs each.

use super::Operation;

/// Nanoseconds per unit of `operation` on one core.
pub(super) fn nanos_per_unit(operation: Operation) -> f64 {
    match operation {
        Operation::StoneGameRollingRow => 0.0493,
        Operation::StoneGameRollingLine => 0.0776,
        Operation::StoneGameRollingBatch => 0.0335,
        Operation::StoneGameRollingScalar => 0.813,
        Operation::StoneGamePeaks => 7.99,
        Operation::StoneGameTable => 11.4,
        Operation::StoneGameDiff => 6.85,
        Operation::StoneGameIIWindow => 3.86,
        Operation::StoneGameIIDp => 1.56,
        Operation::StoneGameIIIDp => 1.73,
        Operation::StoneGameVIIDp => 1.47,
        Operation::StoneGameIVDp => 0.0856,
        Operation::DivisorSieve => 21.3,
        Operation::NimGrundy => 2.21,
        Operation::CoinsDp => 1.54,
        Operation::MemoMove => 152.0,
        Operation::BruteNode => 10.8,
        Operation::LineMove => 1.60,
        Operation::StrategyMove => 222.0,
        Operation::LookaheadNode => 26.8,
        Operation::MctsStep => 36.7,
        Operation::DrawPile => 1.04,
        Operation::Instance => 10.4,
        Operation::Candidate => 157.0,
        Operation::NumberInstance => 59.7,
        Operation::WritePile => 6.84,
        Operation::WriteInstance => 77.4,
        Operation::SweepRow => 864.0,
        Operation::CsvByte => 14.9,
        Operation::RatingGame => 1.54,
        Operation::RatingStep => 0.545,
        Operation::GraphNode => 42.2,
        Operation::SpaceMove => 354.0,
        Operation::PagePosition => 440.0,
    }
}
