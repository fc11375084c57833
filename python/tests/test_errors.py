"""Bad input to every function raises a ValueError (gamelab.InputError) with the CLI's
one-line message where no setting name differs, and never a panic."""

import numpy as np
import pytest

import gamelab
import gamelab.plot
from conftest import cli_error


def raises(call, *args, **kwargs) -> str:
    with pytest.raises(ValueError) as caught:
        call(*args, **kwargs)
    assert isinstance(caught.value, gamelab.InputError)
    message = str(caught.value)
    assert "\n" not in message and "panicked" not in message
    return message


def test_messages_are_the_cli_messages():
    assert raises(gamelab.solve, "chess", piles=[1]) == cli_error("solve", "chess", "--piles", "1")
    big = [2**62, 2**62]
    assert raises(gamelab.solve, "stone-game", piles=big) == cli_error(
        "solve", "stone-game", "--piles", ",".join(map(str, big)))
    assert raises(gamelab.solve, "stone-game", piles=list(range(1, 30)), solver="brute") == \
        cli_error("solve", "stone-game", "--piles", ",".join(map(str, range(1, 30))),
                  "--solver", "brute")


def test_settings_are_named_by_their_keywords():
    assert raises(gamelab.sweep, "stone-game", n_min=9, n_max=3) == \
        cli_error("sweep", "stone-game", "--n-min", "9", "--n-max", "3").replace("--n-", "n_")
    assert "trials" in raises(gamelab.sweep, "divisor-game", trials=5)
    assert "n_parity" in raises(gamelab.sweep, "stone-game", n_parity="sideways")


BAD_CALLS = [
    (gamelab.solve, ("stone-game",), {}),
    (gamelab.solve, ("stone-game",), {"piles": []}),
    (gamelab.solve, ("stone-game",), {"piles": [1, "x"]}),
    (gamelab.solve, ("stone-game",), {"piles": "1,2"}),
    (gamelab.solve, ("stone-game",), {"piles": [2**70]}),
    (gamelab.solve, ("divisor-game",), {"n": -1}),
    (gamelab.solve, ("divisor-game",), {"n": 2.5}),
    (gamelab.solve, ("divisor-game",), {"n": 0}),
    (gamelab.solve, ("divisor-game",), {"n": 10, "solver": "rolling"}),
    (gamelab.solve, ("nim",), {"n": 5, "subtract": [0]}),
    (gamelab.solve_many, ("stone-game", np.ones((3, 0), dtype=np.int64)), {}),
    (gamelab.solve_many, ("stone-game", np.ones(3, dtype=np.int64)), {}),
    (gamelab.solve_many, ("stone-game", np.ones((2, 2)) * 0.5), {}),
    (gamelab.solve_many, ("stone-game", np.full((1, 2), 2**62)), {}),
    (gamelab.solve_many, ("divisor-game", np.array([3, -1])), {}),
    (gamelab.solve_many, ("stone-game", [[1, 2], [3]]), {}),
    (gamelab.solve, ("stone-game",), {"piles": [1, 2], "value_only": "yes"}),
    (gamelab.tree, ("stone-game",), {"piles": [1, 2], "dag": "no"}),
    (gamelab.generate, ("stone-game",), {"count": -1}),
    (gamelab.generate, ("stone-game",), {"n": 5, "n_min": 2}),
    (gamelab.generate, ("stone-game",), {"min_value": 5, "max_value": 1}),
    (gamelab.generate, ("stone-game",), {"n": 10**12, "count": 10**9}),
    (gamelab.sweep, ("stone-game",), {"trials": 0}),
    (gamelab.sweep, ("stone-game",), {"shard": (4, 3)}),
    (gamelab.sweep, ("stone-game",), {"shard": "x"}),
    (gamelab.sweep, ("stone-game",), {"distribution": "normal"}),
    (gamelab.merge, ([],), {}),
    (gamelab.merge, ("frames",), {}),
    (gamelab.to_csv, (None,), {}),
    (gamelab.check, ("stone-game", "always"), {}),
    (gamelab.check, ("stone-game", "first-wins"), {"samples": 0}),
    (gamelab.play, ("stone-game", "greedy", "telepathy"), {"piles": [1, 2]}),
    (gamelab.play, ("stone-game", "greedy", "optimal"), {"trials": 0}),
    (gamelab.play, ("stone-game", "greedy", "optimal"), {"piles": [1], "trials": 3}),
    (gamelab.tournament, ("stone-game", ["optimal", "lookahead-99"]), {}),
    (gamelab.tree, ("stone-game",), {"piles": [1, 2], "max_nodes": -5}),
    (gamelab.tree, ("divisor-game",), {"piles": [1, 2]}),
    (gamelab.plot.heatmap, ("nim", "x.svg"), {"n": 5}),
    (gamelab.plot.divisor, ("x.svg",), {"n_min": 5, "n_max": 1}),
    (gamelab.plot.margins, ("stone-game", 5, "x.svg"), {"trials": 0}),
    # Lone surrogates (a file name read with surrogateescape) have no UTF-8.
    (gamelab.grundy, ("\udcff", 10), {}),
    (gamelab.grundy, ("octal", 10), {"code": "0.7\udcff"}),
    (gamelab.analyze, ("stone-game",), {"piles": [1, 2], "moves": ["\udcff"]}),
    (gamelab.sweep, ("stone-game",), {"n_max": 3, "distribution": "\udcff"}),
]


@pytest.mark.parametrize("call,args,kwargs", BAD_CALLS)
def test_bad_input_raises_value_error(call, args, kwargs):
    raises(call, *args, **kwargs)


def test_piles_in_no_order_are_refused_rather_than_reordered():
    # The order of the piles is the game: a set would be solved in its hash order.
    for unordered in ({1, 100, 3}, frozenset({1, 100, 3}), {1: 2, 3: 4}):
        message = raises(gamelab.solve, "stone-game", piles=unordered)
        assert message.startswith("piles must be an ordered sequence (a list, tuple or array), "
                                  f"got a {type(unordered).__name__}"), message
    assert gamelab.solve("stone-game", piles=(1, 100, 3)).instance == "[1, 100, 3]"
    # A subtraction set is a set.
    assert gamelab.solve("nim", n=10, subtract={1, 3, 4}).winner == \
        gamelab.solve("nim", n=10, subtract=[1, 3, 4]).winner


def test_a_frame_that_is_not_a_sweep_is_refused(tmp_path):
    import pandas as pd

    message = raises(gamelab.to_csv, pd.DataFrame({"a": [1]}))
    assert "no 'n' column" in message
    with pytest.raises(ValueError):
        gamelab.plot.win_rate(pd.DataFrame({"a": [1]}), tmp_path / "x.svg")


@pytest.mark.parametrize("game", [None, object(), 3])
def test_a_game_of_the_wrong_type_says_what_a_game_is(game):
    for call in (gamelab.solve, gamelab.analyze):
        with pytest.raises(TypeError, match=r"game must be a built-in game's name \(gamelab"):
            call(game)
    with pytest.raises(TypeError, match=r"sweep takes a built-in game's name \(it draws"):
        gamelab.sweep(game)
