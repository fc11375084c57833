"""The explorer page from Python (gamelab.explorer): for a built-in game it is byte for byte the
page ``gamelab explore`` writes; for a game defined in Python it holds that game's positions
with its own texts; the notebook form is that page in an iframe; bad requests are clear errors.
(The pages are played in a real browser by the Rust harness's browser tests.)"""

import html
import json
import re

import pytest

import gamelab
from conftest import TakeOneOrTwo, cli



def page_data(page: str) -> dict:
    """The solved positions a page holds (its inline JSON)."""
    found = re.search(r'<script id="data" type="application/json">(.*?)</script>', page, re.S)
    assert found, "the page has its data inline"
    return json.loads(found.group(1))


@pytest.mark.parametrize(
    "game, kwargs, flags",
    [
        ("stone-game", {"piles": [4, 6, 2, 3]}, ["--piles", "4,6,2,3"]),
        ("stone-game-ii", {"piles": [2, 7, 9, 4, 4]}, ["--piles", "2,7,9,4,4"]),
        ("nim", {"n": 13, "subtract": [1, 3, 4]}, ["--n", "13", "--subtract", "1,3,4"]),
    ],
)
def test_a_built_in_games_page_is_the_page_gamelab_explore_writes(tmp_path, game, kwargs, flags):
    page = gamelab.explorer(game, **kwargs)
    saved = page.save(tmp_path / "python.html")
    cli("explore", game, *flags, "--out", tmp_path / "cli.html")
    assert (tmp_path / "cli.html").read_bytes() == (tmp_path / "python.html").read_bytes()
    assert saved == str(tmp_path / "python.html")
    assert page.positions == len(page_data(page.html)["positions"]["margin"])
    assert page.data == page_data(page.html)
    assert repr(page) == f"Explorer(game='{game}', positions={page.positions})"


def test_a_python_games_page_holds_its_positions_with_its_own_texts():
    page = gamelab.explorer(TakeOneOrTwo(9))
    data = page_data(page.html)
    assert page.name == "TakeOneOrTwo"
    assert data["game"] == "TakeOneOrTwo"
    assert data["board"] == "text"
    assert data["row"] is None and data["interval"] is False
    assert "piles" not in data["positions"] and "grundy" not in data["positions"]
    # The rules line is the class docstring's first paragraph; the instance its start.
    assert data["rules"] == "Take one or two stones from a heap; whoever takes the last stone wins."
    assert data["instance"] == "9 stones"
    # (heap, player) pairs from 9: 18 positions, each with its own text.
    positions = data["positions"]
    assert page.positions == 18 == len(positions["margin"]) == len(positions["label"])
    assert sorted(set(data["move_names"])) == ["take 1", "take 2"]
    # The start: 9 is a multiple of 3, so the first player loses (margin -1 from here).
    assert (positions["to_move"][0], positions["margin"][0], positions["label"][0]) == (0, -1, "9 stones")
    # Its two moves come first among the moves; the one who cannot move loses.
    assert positions["move_count"][0] == 2
    assert sorted(data["move_names"][name] for name in data["moves"]["name"][:2]) == ["take 1", "take 2"]
    finished = positions["move_count"].index(0)
    assert positions["payoff"][finished] in ([0, 1], [1, 0])


def test_a_loaded_games_page_is_headed_by_the_game_not_by_the_loader():
    # A built-in game loaded with load_game: its own title and rules, as `gamelab explore`'s.
    entry = next(entry for entry in gamelab.games() if entry["name"] == "stone-game")
    data = page_data(gamelab.explorer(gamelab.load_game("stone-game", piles=[4, 6, 2, 3])).html)
    assert (data["title"], data["rules"]) == (entry["title"], entry["rules"])
    # A game defined in Python, loaded: its class's docstring, not LoadedGame's.
    data = page_data(gamelab.explorer(gamelab.load_game(TakeOneOrTwo(5))).html)
    assert data["rules"] == "Take one or two stones from a heap; whoever takes the last stone wins."


def test_title_and_rules_can_be_given_and_the_page_escapes_them():
    page = gamelab.explorer(TakeOneOrTwo(4), title="</script><b>heap</b>", rules="a & b")
    data = page_data(page.html)
    assert (data["title"], data["rules"]) == ("</script><b>heap</b>", "a & b")
    assert "</script><b>" not in page.html


def test_the_notebook_form_is_the_page_in_a_sandboxed_iframe():
    page = gamelab.explorer("divisor-game", n=6)
    shown = page._repr_html_()
    found = re.fullmatch(r'<iframe srcdoc="([^"]*)" title="[^"]*" sandbox="allow-scripts" style="[^"]*"></iframe>', shown)
    assert found, shown[:200]
    assert html.unescape(found.group(1)) == page.html


def test_an_explored_game_and_a_game_object_give_the_same_page():
    game = TakeOneOrTwo(7)
    assert gamelab.explorer(gamelab.custom.explore(game)).positions == gamelab.explorer(game).positions


def test_a_python_game_of_ten_thousand_positions_makes_a_page():
    # Two heaps of 0..99 stones, one taken per move (the player to move follows from the
    # stones left): 100 x 100 positions.
    class TwoHeaps(gamelab.Game):
        def initial(self):
            return (99, 99, 0)

        def to_move(self, state):
            return "first" if state[2] == 0 else "second"

        def moves(self, state):
            return [m for m in ((1, 0), (0, 1)) if state[0] >= m[0] and state[1] >= m[1]]

        def play(self, state, move):
            return (state[0] - move[0], state[1] - move[1], 1 - state[2]), move[0]

    page = gamelab.explorer(TwoHeaps())
    assert page.positions == len(page.data["positions"]["margin"])
    assert page.positions == 10_000


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: gamelab.explorer("chess", n=3), "unknown game"),
        (lambda: gamelab.explorer("stone-game", n=3), "piles"),
        (lambda: gamelab.explorer("stone-game", piles=[1] * 700), "max_states"),
        (lambda: gamelab.explorer(TakeOneOrTwo(3), n=3), "its own instance"),
        (lambda: gamelab.explorer("nim", n=5, title="x"), "defined in Python"),
        (lambda: gamelab.explorer(42), "not int"),
        (lambda: gamelab.explorer(TakeOneOrTwo(50), max_states=10), "max_states"),
    ],
)
def test_bad_requests_are_clear_errors(call, message):
    with pytest.raises(gamelab.InputError, match=message):
        call()


@pytest.mark.parametrize("height", ["big", 0, -5, 2.5, True])
def test_a_bad_frame_height_is_refused_when_given(height):
    with pytest.raises(gamelab.InputError, match="height must be a positive whole number"):
        gamelab.explorer(TakeOneOrTwo(3), height=height)


def test_the_frame_fits_the_output_cell():
    frame = gamelab.explorer(TakeOneOrTwo(3))._repr_html_()
    assert "box-sizing: border-box; width: 100%" in frame
