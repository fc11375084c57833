//! The `GAMELAB_SIMD` cap on the SIMD level that every kernel picks at run time.
//!
//! The kernels (stone-game's in `games/stone_game/`, the octal games' in `games/octal/`, the
//! random lanes) each pick the widest copy this CPU runs. `GAMELAB_SIMD` caps that, for benchmarks and tests
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

/// A SIMD level a kernel runs at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Portable,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

/// The widest level this CPU runs (AVX-512 with its byte and word instructions, avx512f and
/// avx512bw), under the `GAMELAB_SIMD` cap; chosen once per process.
pub fn level() -> Level {
    static CHOSEN: std::sync::OnceLock<Level> = std::sync::OnceLock::new();
    *CHOSEN.get_or_init(|| {
        let cap = Cap::from_env();
        #[cfg(target_arch = "x86_64")]
        {
            if cap.allows_avx512()
                && std::is_x86_feature_detected!("avx512f")
                && std::is_x86_feature_detected!("avx512bw")
            {
                return Level::Avx512;
            }
            if cap.allows_avx2() && std::is_x86_feature_detected!("avx2") {
                return Level::Avx2;
            }
        }
        let _ = cap;
        Level::Portable
    })
}
