//! Studies over many instances: seeded generation, sweeps, claims, batches, tournaments, ratings
//! and where strategies make mistakes.

pub mod batch;
pub mod claims;
pub mod generate;
pub mod mistakes;
pub mod ratings;
pub mod sweep;
pub mod tournament;
