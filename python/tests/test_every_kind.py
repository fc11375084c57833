"""Every function that takes a game takes every kind of game (a built-in game's name, a
gamelab.Game, a LoadedGame, a wrapped OpenSpiel game), or says why it takes names only: the
functions that draw random instances of a game or read its rule."""

import importlib
import importlib.util

import pytest

import gamelab
import gamelab.plot
from conftest import TakeOneOrTwo



def kinds():
    games = {"a gamelab.Game": TakeOneOrTwo(7), "a LoadedGame": gamelab.load_game("nim", n=7),
             "an explored game": gamelab.custom.explore(TakeOneOrTwo(7))}
    if importlib.util.find_spec("pyspiel") is not None:
        openspiel = importlib.import_module("gamelab.openspiel")
        games["a wrapped OpenSpiel game"] = openspiel.game("nim", pile_sizes="1;2",
                                                           is_misere=False)
    return games


@pytest.mark.parametrize("kind", list(kinds()))
def test_the_functions_of_one_game_take_every_kind(kind):
    game = kinds()[kind]
    solution = gamelab.solve(game)
    assert gamelab.analyze(game)["margin"] == solution.margin or solution.margin
    assert gamelab.tree(game, dag=True).node_count >= 1
    assert gamelab.play(game, "optimal", "optimal")["winner"] == solution.winner
    assert gamelab.explorer(game).positions >= 1
    assert gamelab.load_game(game).new_initial_state().legal_moves()
    assert bool(gamelab.check(game, "first-wins")) == (solution.winner == "first")
    assert gamelab.check([game, game], "first-wins").checked == 2


@pytest.mark.parametrize("call,function", [
    (lambda game: gamelab.sweep(game), "sweep"),
    (lambda game: gamelab.solve_many(game, [[1, 2]]), "solve_many"),
    (lambda game: gamelab.generate(game), "generate"),
    (lambda game: gamelab.tournament(game, ["optimal"]), "tournament"),
    (lambda game: gamelab.grundy(game, 10), "grundy"),
    (lambda game: gamelab.plot.margins(game, 4, "x.svg"), "plot"),
])
def test_the_functions_of_random_instances_say_they_take_names_only(call, function):
    with pytest.raises(TypeError) as refused:
        call(TakeOneOrTwo(3))
    assert str(refused.value).startswith(f"{function} takes a built-in game's name (")
    assert "solve, analyze, play, tree, explorer and load_game take" in str(refused.value)
