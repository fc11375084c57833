"""Sums of heap games (``heaps=``) and nim-sequences (:func:`gamelab.grundy`): the sum's winner
is the XOR rule's, the sequence and its summary are the command line's, and bad input names
the Python keyword."""

import functools
import json
import random

import numpy as np
import pandas as pd
import pytest

import gamelab

from conftest import cli, cli_json


def xor_winner(values: np.ndarray, heaps: list[int]) -> str:
    """Who wins a sum of heaps under normal play: the first player iff the XOR of the heaps'
    Grundy values is not 0 (Sprague-Grundy)."""
    return "first" if functools.reduce(lambda a, b: a ^ b, (int(values[h]) for h in heaps)) \
        else "second"


@pytest.mark.parametrize("game,subtract", [("nim", None), ("nim", [1, 3, 4]),
                                           ("stone-game-iv", None), ("divisor-game", None)])
def test_a_sum_of_heaps_is_won_as_the_xor_rule_says(game, subtract):
    sequence = gamelab.grundy(game, 60, subtract=subtract)
    smallest = sequence.first_heap
    rng = random.Random(7)
    for _ in range(40):
        heaps = [rng.randint(max(smallest, 1), 60) for _ in range(rng.randint(1, 5))]
        solution = gamelab.solve(game, heaps=heaps, subtract=subtract, value_only=True)
        assert solution.winner == xor_winner(sequence.values, heaps), heaps


def test_nim_with_one_three_four_has_period_seven_proved():
    sequence = gamelab.grundy("nim", 100, subtract=[1, 3, 4])
    assert (sequence.period, sequence.preperiod, sequence.proved) == (7, 0, True)
    assert sequence.values.dtype == np.int64 and sequence.values.shape == (101,)
    assert list(sequence.values[:7]) == [0, 1, 0, 1, 2, 3, 2]
    assert sequence.largest == 3 and sequence.zeros == int(np.sum(sequence.values == 0))
    assert "period 7 from heap 0, proved" in repr(sequence)


def test_an_octal_code_is_named_in_its_usual_form():
    sequence = gamelab.grundy("octal", 20, code=".60")
    assert sequence.rule == "code 0.6"
    assert "NimSequence(octal (code 0.6)" in repr(sequence)


@pytest.mark.parametrize("game,extra", [("nim", ["--subtract", "1,3,4"]), ("nim", []),
                                        ("stone-game-iv", []), ("divisor-game", [])])
def test_grundy_is_the_command_lines(game, extra, tmp_path):
    subtract = [int(k) for k in extra[1].split(",")] if extra else None
    sequence = gamelab.grundy(game, 300, subtract=subtract)
    out = tmp_path / "values.csv"
    expected = cli_json("grundy", game, "--n-max", "300", *extra, "--format", "json",
                        "--out", out)
    assert json.loads(sequence.to_json()) == expected
    assert sequence.checksum == expected["checksum"]
    assert sequence.first_zeros == expected["first_zeros"]
    frame = sequence.frame()
    pd.testing.assert_frame_equal(frame, pd.read_csv(out))
    assert frame.to_csv(index=False) == out.read_text()


def test_heaps_reach_every_function_that_takes_an_instance():
    heaps = [3, 5, 6]
    expected = cli_json("solve", "nim", "--heaps", "3,5,6", "--format", "json")
    assert json.loads(gamelab.solve("nim", heaps=heaps).to_json()) == expected
    analysis = gamelab.analyze("nim", heaps=heaps)
    assert analysis["value"] == ("win" if expected["winner"] == "first" else "lose")
    assert gamelab.tree("nim", heaps=[2, 3], dag=True).instance == "heaps 3 + 2 S={1, 2, 3}"
    assert gamelab.explorer("nim", heaps=[2, 3]).positions == 15
    record = gamelab.play("nim", "optimal", "optimal", heaps=heaps)
    assert record["winner"] == expected["winner"]
    state = gamelab.load_game("stone-game-iv", heaps=[4, 9]).new_initial_state()
    assert str(state) == "heaps 9 + 4" and state.legal_moves()


def test_heaps_and_n_together_are_refused_naming_both():
    with pytest.raises(gamelab.InputError, match="^nim takes n or heaps, not both$"):
        gamelab.solve("nim", n=5, heaps=[1, 2])
    with pytest.raises(gamelab.InputError, match="n or heaps, not both"):
        gamelab.load_game("divisor-game", n=5, heaps=[1, 2])


@pytest.mark.parametrize("call,message", [
    (lambda: gamelab.solve("stone-game", heaps=[1, 2]), "stone-game does not take heaps"),
    (lambda: gamelab.solve("nim", heaps=[]), "heaps is empty"),
    (lambda: gamelab.solve("nim", heaps=[3, -1]), "entry 2 of heaps is -1"),
    (lambda: gamelab.solve("nim", heaps="3,4"), "heaps must be a list of integers"),
    (lambda: gamelab.solve("nim", n=4, code="0.77"), "nim does not take code"),
    (lambda: gamelab.solve("nim", n=4, code=77), "code must be a string"),
    (lambda: gamelab.play("nim", "optimal", "greedy", heaps=[3, 4], trials=3),
     "give either heaps (one instance) or trials (many), not both"),
    (lambda: gamelab.grundy("stone-game", 10), "stone-game is not an impartial heap game"),
    (lambda: gamelab.grundy("nim", -1), "n_max must be an integer"),
    (lambda: gamelab.grundy("nim", 10**12), "use a smaller n_max"),
    (lambda: gamelab.grundy("divisor-game", 10**7 + 1),
     "n_max must be at most 10000000 for divisor-game"),
])
def test_bad_heap_settings_name_the_python_keyword(call, message):
    with pytest.raises(gamelab.InputError) as raised:
        call()
    assert message in str(raised.value)


def test_a_game_defined_in_python_refuses_the_keywords_of_an_instance():
    class Heap(gamelab.Game):
        def initial(self):
            return (3, "first")

        def to_move(self, state):
            return state[1]

        def moves(self, state):
            return [1] if state[0] else []

        def play(self, state, move):
            return (state[0] - 1, "second" if state[1] == "first" else "first"), 0

    for call in (gamelab.solve, gamelab.analyze, gamelab.tree, gamelab.explorer):
        with pytest.raises(gamelab.InputError, match="heaps describes a built-in game's instance"):
            call(Heap(), heaps=[1, 2])
    with pytest.raises(gamelab.InputError, match="n, trials describe"):
        gamelab.play(Heap(), "optimal", "greedy", n=4, trials=10)


def test_divisor_games_sequence_starts_at_heap_one(tmp_path):
    sequence = gamelab.grundy("divisor-game", 10)
    assert sequence.first_heap == 1 and list(sequence.frame()["n"])[:2] == [1, 2]
    out = tmp_path / "divisor.csv"
    cli("grundy", "divisor-game", "--n-max", "10", "--out", out)
    assert out.read_text().startswith("n,grundy\n1,0\n")
    assert sequence.frame().to_csv(index=False) == out.read_text()


def test_a_sequence_equals_an_equal_sequence_and_no_array():
    sequence = gamelab.grundy("nim", 12, subtract=[1, 2])
    assert sequence == gamelab.grundy("nim", 12, subtract=[1, 2])
    assert sequence != gamelab.grundy("nim", 13, subtract=[1, 2])
    # One answer, not NumPy's element by element (which made `if sequence == values:` raise).
    for other in (sequence.values, np.arange(13)):
        assert (sequence == other) is False and (other == sequence) is False
        assert (sequence != other) is True and (other != sequence) is True
