//! Studies over many instances: seeded generation, sweeps, claims, batches, tournaments, ratings,
//! where strategies make mistakes, the nim-sequences of the heap games, and how rare their losing
//! positions get.

pub mod batch;
pub mod claims;
pub mod generate;
pub mod grundy;
pub mod losing;
pub mod mistakes;
pub mod ratings;
pub mod sweep;
pub mod tournament;
