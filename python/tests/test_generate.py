"""generate: the very instances of ``gamelab generate`` for the same arguments."""

import json

import numpy as np

import gamelab
from conftest import cli


def cli_instances(*args):
    return [json.loads(line) for line in cli("generate", *args).stdout.splitlines()]


def test_one_size_gives_a_2d_array_of_the_cli_piles():
    array = gamelab.generate("stone-game", 50, n=16, seed=9, distribution="geometric",
                             max_value=1000)
    expected = cli_instances("stone-game", "--count", "50", "--n", "16", "--seed", "9",
                             "--distribution", "geometric", "--max-value", "1000")
    assert array.shape == (50, 16) and array.dtype == np.int64
    assert array.tolist() == [instance["piles"] for instance in expected]


def test_several_sizes_give_a_list_of_arrays():
    arrays = gamelab.generate("stone-game-iii", 30, n_min=2, n_max=9, min_value=-10, seed=3)
    expected = cli_instances("stone-game-iii", "--count", "30", "--n-min", "2", "--n-max", "9",
                             "--min-value", "-10", "--seed", "3")
    assert [a.tolist() for a in arrays] == [instance["piles"] for instance in expected]


def test_number_games_give_a_vector_of_n():
    ns = gamelab.generate("nim", 20, n_min=5, n_max=60, n_parity="odd", subtract=[1, 2],
                          seed=2)
    expected = cli_instances("nim", "--count", "20", "--n-min", "5", "--n-max", "60",
                             "--n-parity", "odd", "--subtract", "1,2", "--seed", "2")
    assert ns.tolist() == [instance["n"] for instance in expected]


def test_defaults_match_the_cli_defaults():
    arrays = gamelab.generate("stone-game")
    assert [a.tolist() for a in arrays] == [i["piles"] for i in cli_instances("stone-game")]
