//! The library's integration tests, one binary for four areas (each a folder, one module per
//! file): `solvers` (games and solvers), `studies` (generation, sweeps, claims, strategies),
//! `outputs` (trees, DAGs, charts, reports) and `project` (the layering of the source, the
//! examples, the fuzz targets and what the published crate holds). One binary rather than one per
//! area: the generic code the areas share is compiled and linked once. The command line's tests
//! are in cli/tests/. Run one area with
//! `cargo test --profile release-incremental --test library solvers::`.

mod common;

mod outputs;
mod project;
mod solvers;
mod studies;
