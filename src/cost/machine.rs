//! How this machine's speed compares with the machine the rates were measured on: the
//! **machine factors**, one per [`Kind`] of work, by which the rates of `rates.rs` are
//! multiplied (2: this machine takes twice as long for the same work). Machines differ unevenly:
//! long SIMD rows are bound by memory and the core's vector units, JSON writing by the
//! allocator and formatting, so one factor for everything would leave some kinds several times
//! off. The rates table is the reference machine's; a front end sets the factors once at
//! start-up, from a short calibration on the running machine (`crate::calibration::machine`), so
//! that an estimate made here holds here. A library user who never sets them gets the reference
//! machine's estimates (factors of 1).
//!
//! Process-wide and read on every costing, as one atomic load.

use std::sync::atomic::{AtomicU64, Ordering};

/// A kind of work that machines differ on as a whole: every operation is of one kind
/// ([`crate::cost::Operation::kind`]), and each kind has its own factor, measured by one probe.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Long SIMD rows of stone-game's rolling DP (memory and vector units).
    Rows,
    /// Tables and short rows of integer DP, searches over them.
    Dp,
    /// Random values drawn and instances tallied.
    Draws,
    /// Text written: JSON lines, CSV rows.
    Writing,
    /// Graphs built and exported (trees and state DAGs).
    Graph,
    /// Strategies choosing moves, move by move.
    Strategy,
}

impl Kind {
    /// Every kind, in the order of [`MachineFactors::factors`].
    pub const ALL: [Kind; 6] = [
        Kind::Rows,
        Kind::Dp,
        Kind::Draws,
        Kind::Writing,
        Kind::Graph,
        Kind::Strategy,
    ];

    /// The kind's name in the cache file and in `gamelab bench --calibrate-machine`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Rows => "rows",
            Kind::Dp => "dp",
            Kind::Draws => "draws",
            Kind::Writing => "writing",
            Kind::Graph => "graph",
            Kind::Strategy => "strategy",
        }
    }
}

/// A factor per kind, in the order of [`Kind::ALL`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MachineFactors {
    pub factors: [f64; 6],
}

impl MachineFactors {
    /// The same factor for every kind (the reference machine's is 1).
    pub fn uniform(factor: f64) -> MachineFactors {
        MachineFactors {
            factors: [factor; 6],
        }
    }

    /// The factor of `kind`.
    pub fn of(&self, kind: Kind) -> f64 {
        self.factors[kind as usize]
    }

    /// The geometric mean of the factors: the machine's speed in one number, as said to users.
    pub fn mean(&self) -> f64 {
        let logs: f64 = self.factors.iter().map(|factor| factor.ln()).sum();
        (logs / self.factors.len() as f64).exp()
    }
}

/// The factors in force, as the bits of `f64`s.
static FACTORS: [AtomicU64; 6] = [const { AtomicU64::new(0x3ff0_0000_0000_0000) }; 6];

/// The smallest and largest factor accepted: a machine a hundred times faster or slower than
/// the reference one is a measurement gone wrong, not a machine.
pub const FACTOR_RANGE: (f64, f64) = (0.01, 100.0);

/// Sets the machine factors for every estimate made from now on; `None` if one is not a number
/// within [`FACTOR_RANGE`] (the factors in force are kept).
pub fn set_machine_factors(factors: MachineFactors) -> Option<()> {
    if !factors
        .factors
        .iter()
        .all(|factor| (FACTOR_RANGE.0..=FACTOR_RANGE.1).contains(factor))
    {
        return None;
    }
    for (slot, factor) in FACTORS.iter().zip(factors.factors) {
        slot.store(factor.to_bits(), Ordering::Relaxed);
    }
    Some(())
}

/// The machine factors in force (1 until a front end sets them).
pub fn machine_factors() -> MachineFactors {
    MachineFactors {
        factors: std::array::from_fn(|index| machine_factor(Kind::ALL[index])),
    }
}

/// The machine factor of `kind` in force.
#[inline]
pub fn machine_factor(kind: Kind) -> f64 {
    f64::from_bits(FACTORS[kind as usize].load(Ordering::Relaxed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_initial_factor_is_one_and_the_kinds_are_in_their_places() {
        assert_eq!(f64::from_bits(0x3ff0_0000_0000_0000), 1.0);
        for (index, kind) in Kind::ALL.iter().enumerate() {
            assert_eq!(*kind as usize, index);
        }
        assert!((MachineFactors::uniform(2.0).mean() - 2.0).abs() < 1e-12);
    }
}
