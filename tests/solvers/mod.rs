//! Solvers and games: the official examples, every solver against `brute`, the fast paths and
//! their lanes, the conformance suite, position analysis, batch solving and subtract-a-square's
//! sieve.

mod analysis;
mod batch;
mod conformance;
mod explicit;
mod fast_paths;
mod lane_widths;
mod more_games;
mod octal;
mod official_examples;
mod optimal_line;
mod peaks;
mod subtract_a_square;
