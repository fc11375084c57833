//! Ratings with honest uncertainty from any tournament: a Bradley–Terry model fitted by maximum
//! likelihood, on the Elo scale, with bootstrap confidence intervals.
//!
//! Model. When strategy i moves first against strategy j, i scores 1 for a win, 1/2 for a tie
//! and 0 for a loss, with expected score `1 / (1 + exp(-(b_i - b_j + h)))`: `b` are the
//! strengths and `h` is the advantage (or handicap) of moving first, which matters in games such
//! as stone-game where the first player can always secure a tie with an even number of piles. A
//! strategy's games against itself carry no information and are left out. Ratings are reported
//! in Elo points, `400 / ln 10` times the strengths, shifted so that their mean is 0: a gap of
//! 400 points means odds of 10 to 1.
//!
//! Fitting. Newton's method on the log-likelihood (concave), from all strengths 0. One
//! virtual tied game is added to every ordered pairing — the smallest prior that keeps every
//! estimate finite when a strategy never loses (optimal play often does not), and negligible
//! next to a thousand real games.
//!
//! Uncertainty. Each bootstrap replicate redraws every pairing's games with replacement from its
//! observed wins, ties and losses (a multinomial resample of its `trials` games) and refits; the
//! 95% interval is the 2.5th to 97.5th percentile of the replicates. The resamples are drawn from
//! streams keyed by the seed and the replicate number, so the intervals are reproducible.

use crate::cost::{Cost, Operation, Work, times};
use crate::util::random::keyed_stream;
use rayon::prelude::*;
use serde::Serialize;

/// Bootstrap replicates by default.
pub const BOOTSTRAP_REPLICATES: u32 = 1000;

/// Distinguishes the bootstrap's streams from every other (see `keyed_stream`).
const RATINGS_STREAM_TAG: u64 = 0x5241_5449_4e47_5300; // "RATINGS"

/// Elo points per unit of Bradley–Terry strength: 400 / ln 10.
const ELO_PER_STRENGTH: f64 = 173.717_792_761_245_9;

/// The games of one ordered pairing: `first` moved first against `second`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairResult {
    pub first: usize,
    pub second: usize,
    pub first_wins: u64,
    pub ties: u64,
    pub second_wins: u64,
}

impl PairResult {
    fn games(&self) -> u64 {
        self.first_wins + self.ties + self.second_wins
    }
}

/// A rating with its 95% bootstrap interval, in Elo points.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rating {
    pub strategy: String,
    pub elo: f64,
    pub low: f64,
    pub high: f64,
}

/// The fitted ratings of a tournament.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Ratings {
    /// One per strategy, in the tournament's order.
    pub ratings: Vec<Rating>,
    /// The advantage of moving first, in Elo points, with its interval.
    pub first_move: Rating,
    pub replicates: u32,
    pub seed: u64,
}

/// What [`fit_ratings`] costs for `strategies` strategies whose pairings played `games` games
/// in all, with `replicates` resamples: each resample redraws every game and refits, and a fit
/// takes a few Newton steps, each a k x k elimination (k³/3 multiply-adds) and a pass over the
/// k² pairings. The resamples run on every core.
pub fn fit_cost(strategies: usize, games: u128, replicates: u32) -> Cost {
    let k = strategies as u128 + 1;
    // An elimination of k³/3 multiply-adds, and k² for the pairings and the hessian's rows.
    let fit = Work::of(
        Operation::RatingStep,
        (k * k * k / 3 + 16 * k * k).saturating_mul(TYPICAL_NEWTON_STEPS),
    );
    let resample = Work::of(Operation::RatingGame, games).plus(fit);
    let fits = replicates as u128 + 1;
    Cost::new(
        // The hessian of each fit in flight, and the resampled ratings.
        times(k * k * 8, crate::util::parallel::pool_threads() as u128)
            .saturating_add(times(fits, k * 8)),
        resample
            .times(replicates as u128)
            .spread_over(crate::util::parallel::pool_threads())
            .plus(fit),
    )
}

/// Newton steps a fit takes, as measured on tournaments of a few to a few hundred strategies
/// (it stops at 100).
const TYPICAL_NEWTON_STEPS: u128 = 8;

/// Fits the ratings of `strategies` from `results`, with `replicates` bootstrap resamples keyed
/// by `seed`.
pub fn fit_ratings(
    strategies: &[String],
    results: &[PairResult],
    replicates: u32,
    seed: u64,
) -> Ratings {
    let k = strategies.len();
    let informative: Vec<PairResult> = results
        .iter()
        .copied()
        .filter(|pair| pair.first != pair.second && pair.first < k && pair.second < k)
        .collect();
    let estimate = fit(k, &observed(&informative));
    let resampled: Vec<Vec<f64>> = (0..replicates)
        .into_par_iter()
        .map(|replicate| {
            let mut draws = keyed_stream([seed, replicate as u64, 0, RATINGS_STREAM_TAG]);
            let scores: Vec<(usize, usize, f64, f64)> = informative
                .iter()
                .map(|pair| {
                    let games = pair.games();
                    let mut score = 0.0;
                    for _ in 0..games {
                        let u = draws.below(games);
                        if u < pair.first_wins {
                            score += 1.0;
                        } else if u < pair.first_wins + pair.ties {
                            score += 0.5;
                        }
                    }
                    (pair.first, pair.second, score, games as f64)
                })
                .collect();
            fit(k, &scores)
        })
        .collect();
    let interval = |index: usize| -> (f64, f64) {
        let mut values: Vec<f64> = resampled.iter().map(|fit| fit[index]).collect();
        if values.is_empty() {
            return (estimate[index], estimate[index]);
        }
        values.sort_by(f64::total_cmp);
        let at = |q: f64| values[((q * values.len() as f64) as usize).min(values.len() - 1)];
        (at(0.025), at(0.975))
    };
    let round = |value: f64| (value * 10.0).round() / 10.0;
    let rating = |name: &str, index: usize| {
        let (low, high) = interval(index);
        Rating {
            strategy: name.to_string(),
            elo: round(estimate[index]),
            low: round(low),
            high: round(high),
        }
    };
    Ratings {
        ratings: strategies
            .iter()
            .enumerate()
            .map(|(index, name)| rating(name, index))
            .collect(),
        first_move: rating("moving first", k),
        replicates,
        seed,
    }
}

/// Each pairing as (first, second, first's score, games).
fn observed(results: &[PairResult]) -> Vec<(usize, usize, f64, f64)> {
    results
        .iter()
        .map(|pair| {
            let score = pair.first_wins as f64 + 0.5 * pair.ties as f64;
            (pair.first, pair.second, score, pair.games() as f64)
        })
        .collect()
}

/// The maximum-likelihood ratings of `k` strategies (Elo points, mean 0) followed by the
/// first-move advantage, from (first, second, first's score, games) per pairing; one virtual
/// tie is added to each pairing.
fn fit(k: usize, pairings: &[(usize, usize, f64, f64)]) -> Vec<f64> {
    // Parameters: strengths 1..k (strategy 0 is pinned at 0) and the first-move advantage last.
    let d = k;
    let mut theta = vec![0.0; d];
    let strength = |theta: &[f64], i: usize| if i == 0 { 0.0 } else { theta[i - 1] };
    for _ in 0..100 {
        let mut gradient = vec![0.0; d];
        let mut hessian = vec![vec![0.0; d]; d];
        for &(i, j, score, games) in pairings {
            let (score, games) = (score + 0.5, games + 1.0);
            let x = strength(&theta, i) - strength(&theta, j) + theta[d - 1];
            let p = 1.0 / (1.0 + (-x).exp());
            let g = score - games * p;
            let w = games * p * (1.0 - p);
            let mut direction: Vec<(usize, f64)> = vec![(d - 1, 1.0)];
            if i > 0 {
                direction.push((i - 1, 1.0));
            }
            if j > 0 {
                direction.push((j - 1, -1.0));
            }
            for &(a, sign_a) in &direction {
                gradient[a] += sign_a * g;
                for &(b, sign_b) in &direction {
                    hessian[a][b] += w * sign_a * sign_b;
                }
            }
        }
        let Some(step) = solve(hessian, gradient) else {
            break;
        };
        let largest = step.iter().fold(0.0f64, |m, s| m.max(s.abs()));
        for (value, delta) in theta.iter_mut().zip(&step) {
            *value += delta;
        }
        if largest < 1e-10 {
            break;
        }
    }
    let strengths: Vec<f64> = (0..k).map(|i| strength(&theta, i)).collect();
    let mean = strengths.iter().sum::<f64>() / k.max(1) as f64;
    let mut elo: Vec<f64> = strengths
        .iter()
        .map(|s| (s - mean) * ELO_PER_STRENGTH)
        .collect();
    elo.push(theta[d - 1] * ELO_PER_STRENGTH);
    elo
}

/// Solves `matrix * x = rhs` by Gaussian elimination with partial pivoting; `None` if singular.
fn solve(mut matrix: Vec<Vec<f64>>, mut rhs: Vec<f64>) -> Option<Vec<f64>> {
    let n = rhs.len();
    for column in 0..n {
        let pivot = (column..n)
            .max_by(|&a, &b| matrix[a][column].abs().total_cmp(&matrix[b][column].abs()))?;
        if matrix[pivot][column].abs() < 1e-12 {
            return None;
        }
        matrix.swap(column, pivot);
        rhs.swap(column, pivot);
        let (upper, lower) = matrix.split_at_mut(column + 1);
        let pivot_tail = &upper[column][column..];
        for (offset, row) in lower.iter_mut().enumerate() {
            let factor = row[column] / pivot_tail[0];
            for (cell, pivot) in row[column..].iter_mut().zip(pivot_tail) {
                *cell -= factor * pivot;
            }
            rhs[column + 1 + offset] -= factor * rhs[column];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let tail: f64 = (row + 1..n).map(|c| matrix[row][c] * x[c]).sum();
        x[row] = (rhs[row] - tail) / matrix[row][row];
    }
    Some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_strategy_is_rated_zero() {
        let ratings = fit_ratings(&["only".to_string()], &[], 10, 1);
        assert_eq!(ratings.ratings[0].elo, 0.0);
    }

    #[test]
    fn the_linear_solver_solves() {
        let x = solve(vec![vec![2.0, 1.0], vec![1.0, 3.0]], vec![3.0, 5.0]).unwrap();
        assert!((x[0] - 0.8).abs() < 1e-12 && (x[1] - 1.4).abs() < 1e-12);
    }
}
