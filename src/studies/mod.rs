//! Studies over many instances: seeded generation, sweeps, claims, batches, tournaments, ratings,
//! where strategies make mistakes, and how a game's losing positions grow.

pub mod batch;
pub mod claims;
pub mod generate;
pub mod losing;
pub mod mistakes;
pub mod ratings;
pub mod sweep;
pub mod tournament;
