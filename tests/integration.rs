//! The integration tests, one binary for all four areas (each a folder, one module per file):
//! `solvers` (games and solvers), `studies` (generation, sweeps, claims, strategies),
//! `outputs` (trees, DAGs, charts, reports) and `cli` (the tool as a user meets it). One
//! binary rather than one per area: the generic code the areas share (solvers, serde, proptest's
//! runner, the helpers in `common`) is compiled and linked once, about 9 CPU-seconds less in a
//! fresh test build, and the long tests of one area run beside the short ones of another.
//! Run one area with `cargo test --profile release-incremental --test integration solvers::`.
//! The tests that need outside tools (`tests/tools/`) and the documentation's (`tests/docs/`)
//! have harnesses of their own.

mod common;

mod cli;
mod outputs;
mod solvers;
mod studies;
