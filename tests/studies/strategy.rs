//! Strategies: optimal play reproduces the solvers, no strategy beats the game value against an
//! optimal opponent, optimal play never does worse than the value, parity never loses with even
//! n but can be worse than optimal, greedy loses to optimal on a known instance; determinism and
//! the command line.

use gamelab::base::game::Scores;
use gamelab::base::input::InstanceInput;
use gamelab::games::{AnyGame, find_game};
use gamelab::solve::SolverKind;
use gamelab::strategy::GameRecord;
use gamelab::strategy::Pairing;
use gamelab::strategy::StrategySpec;
use gamelab::studies::generate::{Generator, GeneratorSpec, SizeRange, ValueSpec};
use gamelab::studies::tournament::{run_matches, tournament};
use proptest::prelude::*;

fn spec(text: &str) -> StrategySpec {
    text.parse().unwrap()
}

/// An instance of `game` with the piles `piles`.
fn piles_of(game: &str, piles: Vec<i64>) -> Box<dyn AnyGame> {
    let entry = find_game(game).unwrap();
    entry.build(&InstanceInput::piles(piles)).unwrap()
}

/// A stone-game instance.
fn stone_game(piles: Vec<i64>) -> Box<dyn AnyGame> {
    piles_of("stone-game", piles)
}

fn play(game: &dyn AnyGame, first: &str, second: &str, seed: u64) -> (GameRecord, Scores) {
    let optimal = game.solve(SolverKind::AUTO).unwrap().scores();
    (
        game.play(Pairing {
            first: &spec(first),
            second: &spec(second),
            optimal,
            seed,
            index: 0,
        })
        .unwrap(),
        optimal,
    )
}

/// The strategies every game has, plus `extra` for the game's own.
fn strategies(extra: &[&'static str]) -> Vec<&'static str> {
    let mut all = vec![
        "greedy",
        "random",
        "lookahead-1",
        "lookahead-2",
        "lookahead-3",
        "optimal",
    ];
    all.extend_from_slice(extra);
    all
}

/// The three properties of optimal play on one instance.
fn check_optimal_play(game: &dyn AnyGame, extra: &[&'static str], seed: u64) {
    let (record, optimal) = play(game, "optimal", "optimal", seed);
    assert_eq!(
        (record.first_score, record.second_score),
        (optimal.first, optimal.second)
    );
    let solution = game.solve(SolverKind::BRUTE).unwrap();
    assert_eq!(
        Some(record.moves),
        solution.moves,
        "optimal play is the solvers' line"
    );
    for strategy in strategies(extra) {
        // Against an optimal second player nobody beats the game value...
        let (record, optimal) = play(game, strategy, "optimal", seed);
        assert!(
            record.first_score <= optimal.first,
            "{strategy} beat the value"
        );
        assert!(record.shortfall() >= 0);
        // ...and optimal play gets at least the value against anybody.
        let (record, optimal) = play(game, "optimal", strategy, seed);
        assert!(
            record.first_score >= optimal.first,
            "optimal fell below the value against {strategy}"
        );
        assert!(record.margin >= optimal.margin());
    }
}

fn piles() -> impl Strategy<Value = Vec<i64>> {
    prop::collection::vec(prop_oneof![-5i64..=5, 0i64..=60], 1..=10)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn optimal_play_is_the_game_value(piles in piles(), n in 1u64..=30, seed in 0u64..1000) {
        check_optimal_play(&*stone_game(piles.clone()), &["parity"], seed);
        check_optimal_play(&*piles_of("stone-game-ii", piles.clone()), &[], seed);
        check_optimal_play(&*piles_of("stone-game-iii", piles), &[], seed);
        let divisor_game = find_game("divisor-game").unwrap();
        check_optimal_play(&*divisor_game.build(&InstanceInput::number(n)).unwrap(), &[], seed);
    }

    #[test]
    fn parity_never_loses_with_an_even_number_of_piles(
        half in prop::collection::vec((-50i64..=100, -50i64..=100), 1..=8),
        opponent in prop_oneof![Just("optimal"), Just("greedy"), Just("random"), Just("lookahead-3")],
        seed in 0u64..1000,
    ) {
        let piles: Vec<i64> = half.into_iter().flat_map(|(a, b)| [a, b]).collect();
        let game = stone_game(piles);
        let (record, _) = play(&*game, "parity", opponent, seed);
        prop_assert!(record.margin >= 0, "parity lost against {opponent}");
        prop_assert!(record.notes.is_empty());
    }
}

#[test]
fn parity_can_be_strictly_worse_than_optimal() {
    // [4, 1, 2, 5]: both colours sum to 6 (4 + 2 and 1 + 5), so parity can only tie; optimal
    // play takes the 5 and then the better of what the opponent leaves, winning 7 to 5.
    let game = stone_game(vec![4, 1, 2, 5]);
    let (parity, optimal) = play(&*game, "parity", "optimal", 1);
    assert_eq!((parity.first_score, parity.second_score), (6, 6));
    assert_eq!((optimal.first, optimal.second), (7, 5));
    assert_eq!(parity.shortfall(), 1);
}

#[test]
fn greedy_loses_to_optimal_on_the_gold_pots() {
    // [4, 6, 2, 3]: greedy takes the bigger end, 4, which exposes the 6 to the opponent; it ends
    // 7 to 8, while optimal play takes the 3 first and wins 9 to 6.
    let game = stone_game(vec![4, 6, 2, 3]);
    let (greedy, optimal) = play(&*game, "greedy", "optimal", 1);
    assert_eq!((greedy.first_score, greedy.second_score), (7, 8));
    assert_eq!(greedy.winner, gamelab::Winner::Second);
    assert_eq!((optimal.first, optimal.second), (9, 6));
    assert_eq!(greedy.moves[0].gain, 4);
}

#[test]
fn parity_says_when_it_falls_back_to_greedy() {
    let odd = stone_game(vec![1, 100, 3]);
    let (record, _) = play(&*odd, "parity", "optimal", 1);
    assert!(
        record.notes[0].contains("odd n it plays greedy"),
        "{:?}",
        record.notes
    );
    let even = stone_game(vec![1, 2]);
    let (record, _) = play(&*even, "optimal", "parity", 1);
    assert!(record.notes[0].contains("as second player it plays greedy"));
}

#[test]
fn lookahead_one_plays_like_greedy_on_pile_games() {
    let game = stone_game(vec![3, 9, 1, 2, 7, 7, 4]);
    let (greedy, _) = play(&*game, "greedy", "greedy", 1);
    let (lookahead, _) = play(&*game, "lookahead-1", "lookahead-1", 1);
    assert_eq!(greedy.moves, lookahead.moves);
}

fn generator(game: &str) -> Generator {
    let spec = GeneratorSpec {
        sizes: SizeRange::new(2, 12),
        values: Some(ValueSpec::uniform(1, 100)),
        seed: 5,
        extras: Default::default(),
    };
    Generator::new(find_game(game).unwrap(), spec).unwrap()
}

#[test]
fn tournaments_are_the_same_on_any_thread_count() {
    let entry = find_game("stone-game").unwrap();
    let strategies: Vec<StrategySpec> =
        ["optimal", "greedy", "random", "parity"].map(spec).to_vec();
    let run = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| tournament(entry, &strategies, &generator("stone-game"), 400, 9).unwrap())
    };
    let one = run(1);
    assert_eq!(one, run(4));
    // The optimal column never lets a first player beat the value.
    for row in 0..strategies.len() {
        assert!(one.pairing(row, 0).mean_shortfall >= 0.0);
    }
    assert_eq!(one.pairing(0, 0).mean_shortfall, 0.0);
    // Optimal play is not a best response: some pairing out-scores optimal against random.
    let against_random = |row| one.pairing(row, 2).mean_margin;
    assert!(against_random(0) > 0.0);
}

#[test]
fn many_games_report_the_documented_numbers() {
    let entry = find_game("stone-game-iii").unwrap();
    let pairs = [(spec("greedy"), spec("optimal"))];
    let stats = &run_matches(entry, &pairs, &generator("stone-game-iii"), 300, 2).unwrap()[0];
    assert_eq!(stats.trials, 300);
    assert_eq!(stats.first_wins + stats.ties + stats.second_wins, 300);
    assert!(stats.mean_shortfall >= 0.0);
}

/// `mcts-K`'s simulation steps in the estimate of one game of `game` at `input`.
fn mcts_steps(game: &str, input: InstanceInput, simulations: u32) -> f64 {
    let instance = find_game(game).unwrap().build(&input).unwrap();
    instance
        .strategy_cost(&StrategySpec::Mcts(simulations))
        .work
        .units(gamelab::cost::Operation::MctsStep)
}

#[test]
fn mcts_is_costed_by_how_long_its_random_rollouts_are() {
    // A row of piles: every rollout takes every pile left, so a game of n moves costs K steps
    // times Σ of the moves left at the first player's decisions, about n²/4 (one step a move
    // list of two moves).
    let row = mcts_steps("stone-game", InstanceInput::piles((1..=20).collect()), 100);
    assert_eq!(row, (100 * (20 * 20 / 4 + 1)) as f64);
    // The divisor game from N = 500 can last 499 moves (x = 1 every time), but a random rollout
    // ends it within a few dozen: the estimate counts rollouts that long, far below the longest
    // line's N²/4 per simulation.
    let divisor = InstanceInput {
        n: Some(500),
        ..InstanceInput::default()
    };
    let per_step = (2.0 * 500f64.sqrt().floor() / 2.0).ceil();
    let longest_line = 1000.0 * (500.0 * 500.0 / 4.0 + 1.0) * per_step;
    let costed = mcts_steps("divisor-game", divisor.clone(), 1000);
    assert!(costed < longest_line / 4.0, "{costed} of {longest_line}");
    // At least one rollout step at each of the first player's decisions.
    assert!(costed >= 1000.0 * 250.0 * per_step, "{costed}");
    // The rollouts are drawn from a fixed stream: the same estimate every time.
    assert_eq!(mcts_steps("divisor-game", divisor, 1000), costed);
}
