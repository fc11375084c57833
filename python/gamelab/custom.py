"""Games defined in Python, solved by the Rust engine.

Subclass :class:`Game` (or write any class with the same methods) and pass an instance to
:func:`gamelab.solve`, :func:`gamelab.play`, :func:`gamelab.tree` or :func:`gamelab.check`::

    class TakeOneOrTwo(gamelab.Game):
        def __init__(self, heap):
            self.heap = heap
        def initial(self):
            return (self.heap, "first")          # any hashable value
        def to_move(self, state):
            return state[1]                      # "first" or "second"
        def moves(self, state):
            return [k for k in (1, 2) if k <= state[0]]   # empty when the game is over
        def play(self, state, move):
            heap, player = state
            other = "second" if player == "first" else "first"
            return (heap - move, other), 0      # (next state, points the mover gains)
        def final_payoff(self, state):
            return (0, 1) if state[1] == "first" else (1, 0)  # who cannot move has lost

    gamelab.solve(TakeOneOrTwo(9)).winner        # 'second'

How it runs: the engine walks every position reachable from ``initial()`` once, depth first,
calling the rules with the GIL held, and interns each distinct position (by ``hash`` and
``==``) in a table. Solving, playing and drawing then run on that table in Rust without the
GIL and without calling Python again. Positions must be hashable; a position that repeats along
a line of play is an error (games must end), and so is a state space beyond ``max_states``.
An exception raised by the rules comes back as itself, with its traceback and a note naming
the call (``play((3, 'first'), 2)``) that raised it.

Players maximise their own points minus the opponent's, as in every gamelab game; points come
from moves (``play``) and from the end (``final_payoff``).
"""

from __future__ import annotations

import json
from typing import Any, Callable, Hashable, Iterable, Optional, Union

from . import _gamelab
from ._gamelab import ExploredGame, Graph, InputError, Solution
from .kinds import AnyGame, is_custom, loaded, one_game
from .positions import DEFAULT_MAX_STATES
from .results import Verdict

__all__ = ["DEFAULT_MAX_STATES", "Game", "check", "explore", "is_custom", "play", "solve",
           "tree"]


class Game:
    """Base class of a game defined in Python: override :meth:`initial`, :meth:`to_move`,
    :meth:`moves` and :meth:`play`; :meth:`final_payoff`, :meth:`describe_state` and
    :meth:`describe_move` are optional. The instance is one game (one row of piles, one N);
    positions are the values the methods pass around."""

    #: Distinct positions the engine explores before refusing the game (an instance or class
    #: attribute; the functions' ``max_states`` argument overrides it).
    max_states: int = DEFAULT_MAX_STATES

    def initial(self) -> Hashable:
        """The starting position (any hashable value: a tuple, an int, a frozenset...)."""
        raise NotImplementedError(
            f"{type(self).__name__} does not define initial(), which every game needs")

    def to_move(self, state: Any) -> str:
        """``"first"`` or ``"second"``: the player to move at ``state``."""
        raise NotImplementedError(
            f"{type(self).__name__} does not define to_move(), which every game needs")

    def moves(self, state: Any) -> Iterable[Any]:
        """The legal moves at ``state`` (printable values), in the order ties are broken;
        empty when the game is over."""
        raise NotImplementedError(
            f"{type(self).__name__} does not define moves(), which every game needs")

    def play(self, state: Any, move: Any) -> tuple[Hashable, int]:
        """``(next_state, points)``: the position after ``move`` and the points its mover
        gains (0 for games scored only at the end)."""
        raise NotImplementedError(
            f"{type(self).__name__} does not define play(), which every game needs")

    def final_payoff(self, state: Any) -> tuple[int, int]:
        """``(first_points, second_points)`` awarded at a position without moves. Default
        ``(0, 0)``; a win/lose game gives 1 to the winner."""
        return (0, 0)

    def describe_state(self, state: Any) -> str:
        """How a position is shown in output (default ``repr``)."""
        return repr(state)

    def describe_move(self, state: Any, move: Any) -> str:
        """How a move is named in output (default ``str``)."""
        return str(move)

    # Optional, not defined here (the engine looks for them):
    #
    # children(state) -> [(move, next_state, points), ...]: every legal move with what it
    #     leads to, in one call (a batch hook: saves a play() call per move; when defined,
    #     moves() and play() are not needed).
    # key(state) -> hashable: what identifies a position when the state object itself is not
    #     hashable or holds more than the position (an OpenSpiel state: key = str).
    # title: a string naming the instance in output (default: the class and start position).


def explore(game: AnyGame, max_states: Optional[int] = None) -> ExploredGame:
    """Explores ``game`` into the engine's table of positions (the step every other function
    here starts with); the result can be solved, played and drawn many times. A
    :class:`gamelab.LoadedGame` gives the table it keeps, an explored game itself."""
    game_loaded = loaded(game, max_states)
    if game_loaded is None:
        raise TypeError(
            f"explore takes a game defined in Python, not a built-in game's name: "
            f"gamelab.load_game({game!r}, ...).explore() explores an instance of one")
    return game_loaded.explore()


def solve(game: AnyGame, max_states: Optional[int] = None) -> Solution:
    """The value and optimal play of a game defined in Python."""
    return explore(game, max_states).solve()


def play(game: AnyGame, first: str, second: str, seed: int = 0,
         max_states: Optional[int] = None) -> dict[str, Any]:
    """``first`` against ``second`` (optimal, greedy, random, lookahead-K) on a game defined in
    Python: the game record, with the moves and final scores."""
    return explore(game, max_states).play(first, second, seed)


def tree(game: AnyGame, dag: bool = False, max_nodes: Optional[int] = None,
         max_states: Optional[int] = None) -> Graph:
    """The game tree (or with ``dag=True`` the state DAG) of a game defined in Python, as a
    :class:`gamelab.Graph` (DOT, EFG, JSON, Jupyter picture)."""
    return _gamelab.explored_tree(explore(game, max_states), dag, max_nodes)


def check(instances: Union[Iterable[AnyGame], Callable[[int], AnyGame]], expect: str,
          count: Optional[int] = None, max_states: Optional[int] = None) -> Verdict:
    """Checks a claim (``first-wins``, ``first-never-loses``, ``second-wins``,
    ``second-never-loses``, ``tie``) on games defined in Python: ``instances`` is an iterable
    of game objects, or a callable ``f(i)`` giving instance ``i`` for ``i`` in ``range(count)``,
    or one game (of any kind but a built-in game's name).
    A refuted claim names the refuting instance with the fewest positions (the first such when
    several tie), with its optimal play. The result is a :class:`gamelab.Verdict`, as for a
    built-in game: its ``counterexample`` holds the refuting game object under ``game``, with
    its positions and optimal scores."""
    _gamelab.expectation_holds(expect, 0)  # an unknown claim fails before any work
    if one_game(instances):
        instances = [instances]  # the claim about this game alone
    if callable(instances) and not isinstance(instances, Game):
        if count is None:
            raise InputError("check with an instance generator needs count=")
        source: Iterable[Any] = (instances(index) for index in range(count))
    else:
        try:
            source = iter(instances)
        except TypeError:
            raise InputError(
                "check takes an iterable of games or a callable f(i) with count="
            ) from None
        if count is not None:
            source = (game for _, game in zip(range(count), source))
    checked = 0
    smallest = None
    for game in source:
        if isinstance(game, str):
            raise TypeError(
                f"check's instances are games defined in Python; {game!r} is a built-in game's "
                f"name, which check takes alone: gamelab.check({game!r}, {expect!r}, ...)")
        explored = explore(game, max_states)
        solution = explored.solve()
        checked += 1
        if not _gamelab.expectation_holds(expect, solution.margin):
            if smallest is None or explored.position_count < smallest[0]:
                smallest = (explored.position_count, game, solution)
    if checked == 0:
        raise InputError("check was given no instances")
    counterexample = None
    if smallest is not None:
        positions, refuting, solution = smallest
        counterexample = {
            "instance": solution.instance,
            "positions": positions,
            "first_score": solution.first_score,
            "second_score": solution.second_score,
            "margin": solution.margin,
            "winner": solution.winner,
        }
    record = {
        "holds": smallest is None,
        "checked": checked,
        # Every instance given was solved: the claim is settled for all of them.
        "exhaustive": True,
        "counterexample": counterexample,
    }
    text = json.dumps(record, separators=(",", ":"))
    if counterexample is not None:
        counterexample["game"] = smallest[1]
    return Verdict(dict(record, claim=f"{checked} games defined in Python: "
                        f"{_gamelab.claim_sentence(expect)}",
                        solution=None if smallest is None else smallest[2], json=text))
