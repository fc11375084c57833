//! The `GAMELAB_SIMD` cap on the SIMD level that every kernel picks at run time.
//!
//! The kernels (`solve::dp::stone_game_fast`, `solve::dp::stone_game_batch`, `random::lanes`)
//! each pick the widest copy this CPU runs. `GAMELAB_SIMD` caps that, for benchmarks and tests
//! comparing levels: `avx2` or `portable` (any case, spaces around ignored). Unset, empty,
//! `avx512` or any other value leaves the level uncapped: the variable only ever lowers a level,
//! and a level the CPU lacks is never chosen.

/// The highest level the kernels may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Cap {
    /// The portable copies only.
    Portable,
    /// Up to AVX2.
    Avx2,
    /// Whatever the CPU offers.
    None,
}

impl Cap {
    /// The cap a value of `GAMELAB_SIMD` sets.
    pub fn parse(value: &str) -> Cap {
        match value.trim().to_ascii_lowercase().as_str() {
            "portable" => Cap::Portable,
            "avx2" => Cap::Avx2,
            _ => Cap::None,
        }
    }

    /// The cap `GAMELAB_SIMD` sets in this process's environment.
    pub fn from_env() -> Cap {
        std::env::var("GAMELAB_SIMD").map_or(Cap::None, |value| Cap::parse(&value))
    }

    /// Whether AVX-512 copies may run.
    pub fn allows_avx512(self) -> bool {
        self == Cap::None
    }

    /// Whether AVX2 copies may run.
    pub fn allows_avx2(self) -> bool {
        self >= Cap::Avx2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_cap_the_level_only_downwards() {
        assert_eq!(Cap::parse("portable"), Cap::Portable);
        assert_eq!(Cap::parse(" Portable "), Cap::Portable);
        assert_eq!(Cap::parse("AVX2"), Cap::Avx2);
        for uncapped in ["", "avx512", "AVX512", "native", "sse9"] {
            assert_eq!(Cap::parse(uncapped), Cap::None, "{uncapped:?}");
        }
        assert!(Cap::None.allows_avx512() && Cap::None.allows_avx2());
        assert!(!Cap::Avx2.allows_avx512() && Cap::Avx2.allows_avx2());
        assert!(!Cap::Portable.allows_avx512() && !Cap::Portable.allows_avx2());
    }
}
