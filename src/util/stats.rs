//! Statistics for proportions: the Wilson score interval.

/// z for a two-sided 95% interval.
pub const Z_95: f64 = 1.959_963_984_540_054;

/// The 95% Wilson score interval for `successes` out of `trials` (`trials > 0`). Unlike the
/// normal approximation it stays inside [0, 1] and is informative at rates of 0 or 1, which the
/// sweeps meet often (even n: the first player never loses).
///
/// ```
/// use gamelab::util::stats::wilson_interval;
/// let (low, high) = wilson_interval(10, 10);
/// assert!(low > 0.69 && low < 0.73 && high == 1.0);
/// ```
pub fn wilson_interval(successes: u64, trials: u64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = Z_95 * Z_95;
    let denominator = 1.0 + z2 / n;
    let center = (p + z2 / (2.0 * n)) / denominator;
    let half_width = Z_95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denominator;
    // At no or all successes the bound is exactly 0 or 1: say so, not 0.9999999999999999.
    let low = if successes == 0 {
        0.0
    } else {
        (center - half_width).max(0.0)
    };
    let high = if successes == trials {
        1.0
    } else {
        (center + half_width).min(1.0)
    };
    (low, high)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_a_textbook_value() {
        // 81 successes in 263 trials: Wilson 95% interval (0.2553, 0.3662) (Newcombe 1998).
        let (low, high) = wilson_interval(81, 263);
        assert!((low - 0.2553).abs() < 5e-4, "{low}");
        assert!((high - 0.3662).abs() < 5e-4, "{high}");
    }

    #[test]
    fn wilson_stays_within_zero_and_one() {
        assert_eq!(wilson_interval(0, 5).0, 0.0);
        assert_eq!(wilson_interval(5, 5).1, 1.0);
    }
}
