//! Utilities with no knowledge of games: named choices, decimal digits, fast hashing, the SIMD
//! cap, thread counts, counts with their nouns, seeded random streams, statistics, files
//! written whole or not at all, stop requests for long loops, and messages fit for one line.

pub mod choice;
pub mod digits;
pub mod hashing;
pub mod output;
pub mod parallel;
pub mod plural;
pub mod random;
pub mod shown;
pub mod simd;
pub mod stats;
pub mod stop;
