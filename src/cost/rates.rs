//! The calibrated cost of each operation, in nanoseconds per unit on one core: written by
//! `gamelab bench --calibrate` (which times every operation's probe, `gamelab::calibration`,
//! and prints this file) and checked in, so that estimates are measured, not guessed. Regenerate
//! it on an idle machine after a change that moves a path's speed:
//! `cargo run --release -- bench --calibrate > src/cost/rates.rs`, then check every estimate
//! against a measurement with `gamelab bench --check-estimates`.
//!
//! Measured: gamelab 0.2.0, SIMD avx512, 2 threads, the median of 5 runs each.

use crate::cost::Operation;

/// Nanoseconds per unit of `operation` on one core.
#[inline]
pub(super) fn nanos_per_unit(operation: Operation) -> f64 {
    match operation {
        Operation::StoneGameRollingRow => 0.0515,
        Operation::StoneGameRollingLine => 0.0750,
        Operation::StoneGameRollingBatch => 0.0315,
        Operation::StoneGameRollingScalar => 0.803,
        Operation::StoneGamePeaks => 7.91,
        Operation::StoneGameTable => 10.8,
        Operation::StoneGameDiff => 6.42,
        Operation::StoneGameIIWindow => 2.86,
        Operation::StoneGameIIDp => 1.51,
        Operation::StoneGameIIIDp => 1.71,
        Operation::StoneGameVIIDp => 1.43,
        Operation::StoneGameIVDp => 0.0583,
        Operation::SubtractASquareSieve => 0.54,
        Operation::DivisorSieve => 19.8,
        Operation::GrundyTable => 2.23,
        Operation::OctalRarePairs => 1.15,
        Operation::CoinsDp => 1.50,
        Operation::MemoMove => 107.0,
        Operation::BruteNode => 7.97,
        Operation::LineMove => 1.53,
        Operation::StrategyMove => 239.0,
        Operation::LookaheadNode => 22.2,
        Operation::MctsStep => 32.9,
        Operation::DrawPile => 0.833,
        Operation::Instance => 10.6,
        Operation::Candidate => 206.0,
        Operation::NumberInstance => 100.0,
        Operation::WritePile => 6.57,
        Operation::WriteInstance => 60.2,
        Operation::WriteRow => 25.0,
        Operation::SweepRow => 807.0,
        Operation::CsvByte => 13.4,
        Operation::RatingGame => 0.620,
        Operation::RatingStep => 0.497,
        Operation::GraphNode => 36.9,
        Operation::SpaceMove => 281.0,
        Operation::PagePosition => 386.0,
    }
}
