"""check, play and tournament against the CLI's JSON and CSV."""

import json

import pandas as pd
import pytest

import gamelab
from conftest import cli, cli_json


def test_a_refuted_claim_has_the_cli_verdict_and_counterexample():
    verdict = gamelab.check("stone-game", "first-wins", n_parity="even")
    expected = cli_json("check", "stone-game", "--expect", "first-wins", "--n-parity", "even",
                        "--format", "json", status=1)
    assert json.loads(verdict.to_json()) == expected
    assert not verdict and verdict.counterexample["piles"] == [1, 1]
    assert verdict.solution.winner == "tie" and "[1, 1]" in repr(verdict)


def test_a_claim_that_holds():
    verdict = gamelab.check("divisor-game", "first-wins", n_parity="even", n_max=300)
    expected = cli_json("check", "divisor-game", "--expect", "first-wins", "--n-parity", "even",
                        "--n-max", "300", "--format", "json")
    assert verdict.holds and json.loads(verdict.to_json()) == expected
    assert verdict.solution is None


def test_sampled_checks_match_the_cli():
    verdict = gamelab.check("stone-game-ii", "first-never-loses", n_min=30, n_max=40,
                            samples=300, seed=4)
    expected = cli_json("check", "stone-game-ii", "--expect", "first-never-loses", "--n-min",
                        "30", "--n-max", "40", "--samples", "300", "--seed", "4", "--format",
                        "json", status=0 if verdict.holds else 1)
    assert json.loads(verdict.to_json()) == expected


def test_one_game_played_move_by_move():
    record = gamelab.play("stone-game", "greedy", "optimal", piles=[3, 9, 1, 2])
    assert record["json"] == cli("play", "stone-game", "--first", "greedy", "--second",
                                 "optimal", "--piles", "3,9,1,2", "--format",
                                 "json").stdout.strip()
    assert record["second_score"] == 10 and len(record["moves"]) == 4


def test_one_instance_with_settings_of_random_ones_is_refused():
    with pytest.raises(gamelab.InputError, match=r"give either piles \(one instance\) or n_min"):
        gamelab.play("stone-game", "greedy", "optimal", piles=[1, 2], n_min=3)
    with pytest.raises(gamelab.InputError, match="or max_value"):
        gamelab.play("stone-game", "greedy", "optimal", piles=[1, 2], max_value=3)


def test_a_tournament_needs_two_different_strategies():
    with pytest.raises(gamelab.InputError, match="a tournament's strategies must be at least two"):
        gamelab.tournament("stone-game", ["optimal"])
    with pytest.raises(gamelab.InputError, match="'greedy' is there twice"):
        gamelab.tournament("stone-game", ["greedy", "optimal", "greedy"])


def test_many_games_played():
    stats = gamelab.play("stone-game-iii", "lookahead-2", "random", n_max=8, trials=300,
                         seed=6)
    assert stats["json"] == cli("play", "stone-game-iii", "--first", "lookahead-2", "--second",
                                "random", "--n-max", "8", "--trials", "300", "--seed", "6",
                                "--format", "json").stdout.strip()
    assert stats["trials"] == 300


def test_a_tournament_frame_is_the_cli_csv():
    frame = gamelab.tournament("stone-game", ["optimal", "greedy", "parity"], trials=200,
                               seed=3)
    text = cli("tournament", "stone-game", "--strategies", "optimal,greedy,parity", "--trials",
               "200", "--seed", "3", "--format", "csv").stdout
    expected = gamelab.bridge.read_csv(text)
    pd.testing.assert_frame_equal(frame, expected)
    assert len(frame) == 9 and frame.attrs["json"] == cli(
        "tournament", "stone-game", "--strategies", "optimal,greedy,parity", "--trials", "200",
        "--seed", "3", "--format", "json").stdout.strip()
