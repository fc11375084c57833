"""solve_many: numpy batches equal one-by-one solves and the CLI's sweep margins."""

import numpy as np
import pytest

import gamelab


@pytest.mark.parametrize("game", ["stone-game", "stone-game-ii", "stone-game-iii",
                                  "stone-game-vii", "coins-in-a-circle"])
def test_a_batch_equals_one_by_one_solves(game):
    instances = gamelab.generate(game, 300, n=7, min_value=-5 if game == "stone-game-iii" else 1,
                                 max_value=50, seed=4)
    assert instances.shape == (300, 7) and instances.dtype == np.int64
    batch = gamelab.solve_many(game, instances)
    for row, margin, first, second in zip(instances, *batch):
        solution = gamelab.solve(game, piles=row.tolist())
        assert (solution.margin, solution.first_score, solution.second_score) == (
            margin, first, second)
    assert all(array.dtype == np.int64 and array.shape == (300,) for array in batch)


def test_number_games_take_a_vector_of_n():
    ns = np.arange(1, 200)
    for game, subtract in [("divisor-game", None), ("stone-game-iv", None), ("nim", [1, 3, 4])]:
        batch = gamelab.solve_many(game, ns, subtract=subtract)
        expected = [gamelab.solve(game, n=int(n), subtract=subtract).margin for n in ns]
        assert batch.margin.tolist() == expected


def test_a_batch_of_random_widths_and_lists():
    batch = gamelab.solve_many("stone-game", [[4, 6, 2, 3], [1, 1, 1, 1]])
    assert batch.first_score.tolist() == [9, 2] and batch.margin.tolist() == [3, 0]
    empty = gamelab.solve_many("stone-game", np.zeros((0, 5), dtype=np.int64))
    assert empty.margin.shape == (0,)


def test_scores_near_the_64_bit_limit():
    piles = [[2**61, 2**61 - 1, 2**60, 3], [-(2**61), 5, 2**61, 1]]
    batch = gamelab.solve_many("stone-game", piles)
    for row, margin, first, second in zip(piles, *batch):
        solution = gamelab.solve("stone-game", piles=row)
        assert (solution.margin, solution.first_score, solution.second_score) == (
            margin, first, second)
