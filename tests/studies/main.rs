//! The studies: seeded generation, sweeps and their merging, claims, strategies, regret and
//! ratings. One test binary for the area.

#[path = "../common/mod.rs"]
mod common;

mod claims;
mod generate;
mod merge;
mod ratings;
mod regret;
mod strategy;
mod sweep;
