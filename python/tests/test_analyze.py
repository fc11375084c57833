"""gamelab.analyze equals `gamelab analyze --format json` for the same arguments, works on games
defined in Python, and turns illegal moves into the CLI's one-line error."""

import json
import sys
from pathlib import Path

import pytest

import gamelab
from conftest import cli, cli_error

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples" / "python"))
from custom_games import StoneGame  # noqa: E402


@pytest.mark.parametrize("game, args, kwargs, moves", [
    ("stone-game", ["--piles", "4,6,2,3"], dict(piles=[4, 6, 2, 3]), []),
    ("stone-game", ["--piles", "4,6,2,3"], dict(piles=[4, 6, 2, 3]), ["right", "left"]),
    ("stone-game-ii", ["--piles", "2,7,9,4,4"], dict(piles=[2, 7, 9, 4, 4]), ["2"]),
    ("divisor-game", ["--n", "12"], dict(n=12), []),
    ("nim", ["--n", "20", "--subtract", "1,3,4"], dict(n=20, subtract=[1, 3, 4]), ["3"]),
])
def test_analyze_equals_the_cli(game, args, kwargs, moves):
    extra = ["--moves", ",".join(moves)] if moves else []
    expected = json.loads(cli("analyze", game, *args, *extra, "--format", "json").stdout)
    found = gamelab.analyze(game, moves=moves, **kwargs)
    assert json.loads(found.pop("json")) == expected
    assert found == expected


def test_analyze_a_python_game_like_the_built_in_one():
    mine = gamelab.analyze(StoneGame([4, 6, 2, 3]), moves=["right"])
    built_in = gamelab.analyze("stone-game", piles=[4, 6, 2, 3], moves=["right"])
    for key in ("value", "margin", "remoteness"):
        assert mine[key] == built_in[key], key


def test_an_illegal_move_is_the_clis_error():
    message = cli_error("analyze", "stone-game", "--piles", "4,6,2,3", "--moves", "middle")
    with pytest.raises(gamelab.InputError) as caught:
        gamelab.analyze("stone-game", piles=[4, 6, 2, 3], moves=["middle"])
    assert str(caught.value) == message
    with pytest.raises(gamelab.InputError, match="moves must be a list"):
        gamelab.analyze("stone-game", piles=[1, 2], moves="left")
