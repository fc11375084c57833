//! What a request may cost before it runs: a memory budget (bytes) and a work budget (elementary
//! steps: DP cells, positions visited, instances generated), both estimated from the arguments
//! alone, so that an oversize request is refused in a fraction of a second with one line that
//! names its cost, the budget and how to proceed — instead of exhausting memory or running for
//! days.
//!
//! The budget is process-wide, like the setting names of [`crate::error`]: a front end sets it
//! ([`set_budget`]; the command line once at start-up from `--max-memory` and `--max-work`,
//! Python whenever `gamelab.set_budget` is called), and every study, graph builder and strategy
//! reads it when a request starts ([`budget`]). A library user who never sets it gets
//! [`Budget::DEFAULT`]. Estimates are upper bounds of the dominant terms (documented where
//! they are made); within the budget, memory stays bounded by it because results stream.

use crate::error::{InputError, Setting};
use std::sync::RwLock;

/// How much one request may cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Peak memory, in bytes.
    pub memory: u64,
    /// Elementary steps.
    pub work: u128,
}

impl Budget {
    /// 1 GiB of memory and 10^12 steps (minutes of work on one core for the fast paths, which do
    /// a few billion DP cells a second).
    pub const DEFAULT: Budget = Budget {
        memory: 1 << 30,
        work: 1_000_000_000_000,
    };
}

static BUDGET: RwLock<Budget> = RwLock::new(Budget::DEFAULT);

/// Sets the budget for the requests that start from now on (a request already running keeps
/// the budget it was costed against).
pub fn set_budget(budget: Budget) {
    // A panic while the lock was held cannot leave a half-written `Copy` value.
    *BUDGET
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner()) = budget;
}

/// The budget in force.
pub fn budget() -> Budget {
    *BUDGET
        .read()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The estimated cost of a request. Sums and products saturate: a cost beyond `u128` is simply
/// over every budget.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cost {
    /// Peak memory, in bytes.
    pub memory: u128,
    /// Elementary steps.
    pub work: u128,
}

impl Cost {
    /// A cost of `memory` bytes and `work` steps.
    pub fn new(memory: u128, work: u128) -> Cost {
        Cost { memory, work }
    }

    /// Both costs, one after the other (memory: the larger peak; work: the sum).
    pub fn then(self, other: Cost) -> Cost {
        Cost {
            memory: self.memory.max(other.memory),
            work: self.work.saturating_add(other.work),
        }
    }

    /// Refuses the cost of `what` (e.g. `this sweep`) if it exceeds the budget in force, with
    /// `advice` on how to proceed besides raising the budget. `what` is only formatted for a
    /// refusal, so a check on a hot path (a solve per tournament game) allocates nothing.
    pub fn check(self, what: impl std::fmt::Display, advice: &str) -> Result<(), InputError> {
        let budget = budget();
        if self.memory > budget.memory as u128 {
            // Rounded alike, a cost just over the budget would read "1.0 GiB, above 1.0 GiB".
            let (cost, limit) = match (bytes(self.memory), bytes(budget.memory as u128)) {
                (cost, limit) if cost == limit => (
                    format!("{} bytes", self.memory),
                    format!("{} bytes", budget.memory),
                ),
                pair => pair,
            };
            return Err(InputError::OverBudget(Box::new(crate::error::OverBudget {
                what: what.to_string(),
                cost: format!("about {cost} of memory"),
                budget: limit,
                setting: Setting::MaxMemory,
                advice: advice.to_string(),
            })));
        }
        if self.work > budget.work {
            let (cost, limit) = match (count(self.work), count(budget.work)) {
                (cost, limit) if cost == limit => (self.work.to_string(), budget.work.to_string()),
                pair => pair,
            };
            return Err(InputError::OverBudget(Box::new(crate::error::OverBudget {
                what: what.to_string(),
                cost: match self.work {
                    u128::MAX => "more than 3.4e38 steps".to_string(),
                    _ => format!("about {cost} steps"),
                },
                budget: format!("{limit} steps"),
                setting: Setting::MaxWork,
                advice: advice.to_string(),
            })));
        }
        Ok(())
    }
}

/// `a * b`, saturating.
pub fn times(a: u128, b: u128) -> u128 {
    a.saturating_mul(b)
}

/// A byte count for people, in the binary units `--max-memory` takes: `512 B`, `3.2 MiB`,
/// `4.7 GiB`; beyond 2^70 bytes a plain count (`3.4e38 bytes`).
pub fn bytes(amount: u128) -> String {
    const UNITS: [(&str, f64); 5] = [
        ("PiB", (1u64 << 50) as f64),
        ("TiB", (1u64 << 40) as f64),
        ("GiB", (1u64 << 30) as f64),
        ("MiB", (1u64 << 20) as f64),
        ("KiB", (1u64 << 10) as f64),
    ];
    if amount >= 1_000_000_000_000_000_000_000 {
        return format!("{} bytes", count(amount));
    }
    let value = amount as f64;
    for (unit, size) in UNITS {
        if value >= size {
            return format!("{:.1} {unit}", value / size);
        }
    }
    format!("{amount} B")
}

/// A count for people: exact below a million, else in scientific notation (`3.4e19`).
pub fn count(amount: u128) -> String {
    if amount < 1_000_000 {
        amount.to_string()
    } else if amount == u128::MAX {
        "more than 3.4e38".to_string()
    } else {
        format!("{:.1e}", amount as f64)
    }
}

/// Parses a memory size: a number of bytes with an optional unit `K`, `M`, `G`, `T` (powers of
/// 1024; `KB`, `KiB`, `k` alike), e.g. `8G`, `512M`, `1073741824`.
pub fn parse_bytes(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (digits, unit) = text.split_at(split);
    let form = || format!("'{text}' is not a memory size such as 512M, 8G or 1073741824");
    let number: u64 = digits.parse().map_err(|_| form())?;
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        "t" | "tb" | "tib" => 40,
        _ => return Err(form()),
    };
    number
        .checked_mul(1u64 << shift)
        .ok_or_else(|| format!("'{text}' is more than 16 EiB"))
}

/// Parses a step count: digits, or `1e12` style.
pub fn parse_steps(text: &str) -> Result<u128, String> {
    let text = text.trim();
    let form = || format!("'{text}' is not a step count such as 1000000 or 1e12");
    if let Some((mantissa, exponent)) = text.split_once(['e', 'E']) {
        let mantissa: u128 = mantissa.parse().map_err(|_| form())?;
        let exponent: u32 = exponent.parse().map_err(|_| form())?;
        return 10u128
            .checked_pow(exponent)
            .and_then(|power| power.checked_mul(mantissa))
            .ok_or_else(form);
    }
    text.parse().map_err(|_| form())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_sizes_parse_with_binary_units() {
        assert_eq!(parse_bytes("8G"), Ok(8 << 30));
        assert_eq!(parse_bytes("512m"), Ok(512 << 20));
        assert_eq!(parse_bytes("1024"), Ok(1024));
        assert_eq!(parse_bytes("2 KiB"), Ok(2048));
        for bad in ["", "G", "8X", "-1G", "99999999999T"] {
            assert!(parse_bytes(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn step_counts_parse_in_both_notations() {
        assert_eq!(parse_steps("1e12"), Ok(1_000_000_000_000));
        assert_eq!(parse_steps("25e2"), Ok(2500));
        assert_eq!(parse_steps("77"), Ok(77));
        for bad in ["", "e5", "1e", "1e99", "x"] {
            assert!(parse_steps(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn costs_over_the_default_budget_are_refused_with_the_figures() {
        let message = Cost::new(5_000_000_000, 1)
            .check("this sweep", "shard it")
            .unwrap_err()
            .to_string();
        assert_eq!(
            message,
            "this sweep needs about 4.7 GiB of memory, above the budget of 1.0 GiB (the memory \
             budget); shard it, or raise the memory budget"
        );
        assert!(Cost::new(1000, 1000).check("x", "y").is_ok());
        let work = Cost::new(0, u128::MAX).check("this", "less").unwrap_err();
        assert!(
            work.to_string().contains("more than 3.4e38 steps"),
            "{work}"
        );
    }

    #[test]
    fn a_cost_just_over_the_budget_is_given_exactly() {
        // Rounded, both would read 1.0e12 (1,414,214 piles of stone-game's rolling).
        let work = Cost::new(0, 1_000_000_618_898).check("x", "y").unwrap_err();
        assert!(
            work.to_string()
                .contains("about 1000000618898 steps, above the budget of 1000000000000 steps"),
            "{work}"
        );
        let memory = Cost::new((1 << 30) + 1, 0).check("x", "y").unwrap_err();
        assert!(
            memory
                .to_string()
                .contains("about 1073741825 bytes of memory, above the budget of 1073741824 bytes"),
            "{memory}"
        );
        // Otherwise the rounded figures stand.
        let work = Cost::new(0, 2_000_000_000_000).check("x", "y").unwrap_err();
        assert!(
            work.to_string()
                .contains("about 2.0e12 steps, above the budget of 1.0e12 steps")
        );
    }
}
