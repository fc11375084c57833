//! Ratings recover a known ordering: games simulated from a Bradley–Terry model with known
//! strengths (and a first-move advantage) are fitted back within a few dozen Elo points, the
//! ordering is exact, and the 95% intervals cover the truth; a real tournament rates optimal
//! play above random play.

use gamelab::games::find_game;
use gamelab::studies::generate::{Generator, GeneratorSpec, SizeRange, ValueSpec};
use gamelab::studies::ratings::{PairResult, fit_ratings};
use gamelab::studies::tournament::tournament;
use gamelab::util::random::keyed_stream;

#[test]
fn ratings_recover_a_known_ordering() {
    let truth = [-250.0, 0.0, 120.0, 400.0];
    let first_move = 60.0;
    let names: Vec<String> = ["weak", "fair", "good", "strong"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let mut draws = keyed_stream([42, 0, 0, 7]);
    let mut results = Vec::new();
    for first in 0..4 {
        for second in 0..4 {
            let gap: f64 = truth[first] - truth[second] + first_move;
            let expected = 1.0 / (1.0 + 10f64.powf(-gap / 400.0));
            // With a tie one game in ten, the other games are won with the probability that
            // keeps the expected score (ties counting half) at the model's.
            let win = ((expected - 0.05) / 0.9).clamp(0.0, 1.0);
            let (mut wins, mut ties, mut losses) = (0, 0, 0);
            for _ in 0..3000 {
                let u = draws.below(1_000_000) as f64 / 1e6;
                if draws.below(10) == 0 {
                    ties += 1;
                } else if u < win {
                    wins += 1;
                } else {
                    losses += 1;
                }
            }
            results.push(PairResult {
                first,
                second,
                first_wins: wins,
                ties,
                second_wins: losses,
            });
        }
    }
    let ratings = fit_ratings(&names, &results, 300, 5);
    let mean = truth.iter().sum::<f64>() / 4.0;
    for (rating, true_value) in ratings.ratings.iter().zip(truth) {
        let centred = true_value - mean;
        assert!(
            (rating.elo - centred).abs() < 40.0,
            "{}: {} against {centred}",
            rating.strategy,
            rating.elo
        );
        assert!(rating.low <= rating.elo && rating.elo <= rating.high);
        assert!(
            rating.low - 15.0 <= centred && centred <= rating.high + 15.0,
            "{rating:?} against {centred}"
        );
    }
    let mut order: Vec<usize> = (0..4).collect();
    order.sort_by(|&a, &b| ratings.ratings[a].elo.total_cmp(&ratings.ratings[b].elo));
    assert_eq!(order, vec![0, 1, 2, 3]);
    assert!(
        (ratings.first_move.elo - first_move).abs() < 40.0,
        "{:?}",
        ratings.first_move
    );
    // Reproducible for a seed.
    assert_eq!(ratings, fit_ratings(&names, &results, 300, 5));
}

#[test]
fn a_tournament_rates_optimal_play_above_random_play() {
    let entry = find_game("stone-game").unwrap();
    let generator = Generator::new(
        entry,
        GeneratorSpec::new(SizeRange::new(2, 12), Some(ValueSpec::uniform(1, 100)), 3),
    )
    .unwrap();
    let strategies = ["optimal", "greedy", "random"].map(|s| s.parse().unwrap());
    let result = tournament(entry, &strategies, &generator, 300, 3).unwrap();
    let elo = |k: usize| result.ratings.ratings[k].elo;
    assert!(elo(0) > elo(1) && elo(1) > elo(2), "{:?}", result.ratings);
    assert!(result.ratings.ratings[0].low > result.ratings.ratings[2].high);
    let stats = result.pairing(0, 2);
    assert_eq!(stats.first_rating, Some(elo(0)));
    assert_eq!(stats.second_rating, Some(elo(2)));
}
