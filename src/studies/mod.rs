//! Studies over many instances: seeded generation, sweeps, claims, batches, tournaments, ratings,
//! where strategies make mistakes, and the nim-sequences of the heap games.

pub mod batch;
pub mod claims;
pub mod generate;
pub mod grundy;
pub mod mistakes;
pub mod ratings;
pub mod sweep;
pub mod tournament;
