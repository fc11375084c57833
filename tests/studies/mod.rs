//! The studies: seeded generation, sweeps and their merging, claims, strategies, regret and
//! ratings.

mod claims;
mod generate;
mod ratings;
mod regret;
mod strategy;
mod sweep;
