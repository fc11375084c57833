//! The dynamic program for divisor-game (LeetCode 1025): from N, subtract a proper divisor.
//!
//! `wins[k]` tells whether the player to move from k wins: `wins[k]` is true iff some proper
//! divisor x of k (0 < x < k, k % x == 0) leaves a losing `k - x`. Divisors come from a
//! smallest-prime-factor sieve, so each k costs its number of divisors (often just one check:
//! x = 1 already leaves a losing position for every even k), not a scan over all x < k.

/// The largest N the table accepts (about 50 MB of sieve and table).
pub const TABLE_LIMIT: u64 = 10_000_000;

/// `wins[k]` for every k in `0..=limit` (`wins[0]` is unused and false).
///
/// Time O(limit · d) where d is the average number of divisors examined (small: see the
/// module docs), memory 5 bytes per entry.
///
/// ```
/// use gamelab::games::divisor_game::dp::win_table;
/// let wins = win_table(6);
/// assert_eq!(&wins[1..], &[false, true, false, true, false, true]);
/// ```
pub fn win_table(limit: usize) -> Vec<bool> {
    let smallest_factor = smallest_prime_factors(limit);
    let mut wins = vec![false; limit + 1];
    let mut divisors = Vec::new();
    for k in 2..=limit {
        wins[k] = !wins[k - 1] || {
            proper_divisors_from_sieve(k, &smallest_factor, &mut divisors);
            divisors.iter().any(|&x| !wins[k - x])
        };
    }
    wins
}

/// Grundy values `g(0..=limit)` of the divisor game: the mex of `g(k - x)` over the proper
/// divisors x of k (`g(0)` and `g(1)` are 0: no move).
///
/// Time O(limit · d) where d is the average number of divisors (about ln limit), memory 8 bytes
/// per value.
///
/// ```
/// use gamelab::games::divisor_game::dp::grundy_values;
/// assert_eq!(grundy_values(8), vec![0, 0, 1, 0, 2, 0, 1, 0, 3]);
/// ```
pub fn grundy_values(limit: usize) -> Vec<u32> {
    let smallest_factor = smallest_prime_factors(limit);
    let mut values = vec![0u32; limit + 1];
    let mut divisors = Vec::new();
    // `seen[v] == k` marks value v as an option of k, so the marks need no clearing.
    let mut seen: Vec<usize> = Vec::new();
    for k in 2..=limit {
        proper_divisors_from_sieve(k, &smallest_factor, &mut divisors);
        for &x in &divisors {
            let value = values[k - x] as usize;
            if value >= seen.len() {
                seen.resize(value + 1, 0);
            }
            seen[value] = k;
        }
        values[k] = seen
            .iter()
            .position(|&mark| mark != k)
            .unwrap_or(seen.len()) as u32;
    }
    values
}

/// `factor[k]` is the smallest prime factor of k (0 and 1 map to themselves); linear sieve.
fn smallest_prime_factors(limit: usize) -> Vec<u32> {
    let mut factor: Vec<u32> = (0..=limit as u32).collect();
    let mut primes: Vec<u32> = Vec::new();
    for k in 2..=limit {
        if factor[k] == k as u32 {
            primes.push(k as u32);
        }
        for &p in &primes {
            let multiple = k * p as usize;
            if p > factor[k] || multiple > limit {
                break;
            }
            factor[multiple] = p;
        }
    }
    factor
}

/// Fills `out` with the divisors of `k` smaller than `k`, in no particular order.
fn proper_divisors_from_sieve(k: usize, smallest_factor: &[u32], out: &mut Vec<usize>) {
    out.clear();
    out.push(1);
    let mut rest = k;
    while rest > 1 {
        let p = smallest_factor[rest] as usize;
        let mut exponent = 0;
        while rest.is_multiple_of(p) {
            rest /= p;
            exponent += 1;
        }
        let known = out.len();
        let mut power = 1;
        for _ in 0..exponent {
            power *= p;
            for index in 0..known {
                out.push(out[index] * power);
            }
        }
    }
    out.retain(|&x| x < k);
}

/// The divisors of `n` smaller than `n`, ascending; trial division up to √n.
///
/// ```
/// use gamelab::games::divisor_game::dp::proper_divisors;
/// assert_eq!(proper_divisors(12), vec![1, 2, 3, 4, 6]);
/// assert!(proper_divisors(1).is_empty());
/// ```
pub fn proper_divisors(n: u64) -> Vec<u64> {
    let mut small = Vec::new();
    let mut large = Vec::new();
    let mut x = 1;
    while x <= n / x {
        if n.is_multiple_of(x) {
            small.push(x);
            if x != n / x {
                large.push(n / x);
            }
        }
        x += 1;
    }
    small.extend(large.into_iter().rev());
    small.retain(|&x| x < n);
    small
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sieve_divisors_match_trial_division() {
        let smallest_factor = smallest_prime_factors(500);
        let mut divisors = Vec::new();
        for k in 1..=500 {
            proper_divisors_from_sieve(k, &smallest_factor, &mut divisors);
            divisors.sort_unstable();
            let expected: Vec<usize> = proper_divisors(k as u64)
                .iter()
                .map(|&x| x as usize)
                .collect();
            assert_eq!(divisors, expected, "k={k}");
        }
    }

    #[test]
    fn table_matches_a_scan_over_all_x() {
        let wins = win_table(300);
        let mut slow = vec![false; 301];
        for k in 2..=300 {
            slow[k] = (1..k).any(|x| k.is_multiple_of(x) && !slow[k - x]);
        }
        assert_eq!(wins, slow);
    }
}
