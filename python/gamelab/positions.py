"""One way to step through any game: a :class:`LoadedGame` (made by :func:`gamelab.load_game`
for a built-in game, ``load_game("stone-game", piles=[4, 6, 2, 3])``, a game defined in Python,
``load_game(MyGame())``, or by :func:`gamelab.openspiel.game` for an OpenSpiel game), with
OpenSpiel's verbs::

    game = gamelab.load_game("stone-game", piles=[4, 6, 2, 3])
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_move(state.legal_moves()[0])   # a Move, its index, or its name ("left")
    state.returns()                                # [first's points, second's points]

A state is a position of the game's table: every position reachable from the start, explored
once on the first :meth:`LoadedGame.new_initial_state` (at most ``max_states`` of them) and then
stepped through without calling the rules again; :meth:`State.analyze` reads the same table
solved. The loaded game also solves, analyses, draws and plays as the module-level functions do
(``game.solve()`` is ``gamelab.solve(...)`` on the same game; they call these methods for every
game that is not a built-in game's name), and follows the :class:`gamelab.Game` protocol
itself, so it can go wherever a game defined in Python goes.
"""

from __future__ import annotations

import operator
from typing import Any, NamedTuple, Optional, Sequence, Union

import numpy as np

from . import _gamelab
from ._gamelab import ExploredGame, Graph, Solution

#: Distinct positions explored before a game defined in Python is refused, unless
#: ``max_states`` (the functions' argument, or the game's attribute) says otherwise.
DEFAULT_MAX_STATES = 2_000_000

#: What :meth:`State.current_player` says once the game is over (OpenSpiel's
#: ``pyspiel.PlayerId.TERMINAL``).
TERMINAL = -4

_PLAYER_NAMES = ("first", "second")


#: The largest whole number the engine takes (a seed, a node limit): 2^64 - 1.
_MOST = 2**64 - 1


def _whole_number(value: Any, name: str) -> int:
    """``value`` as an integer from 0 to 2^64 - 1 (NumPy's integers too), else the one-line
    InputError the built-in games give."""
    if not isinstance(value, bool):
        try:
            number = operator.index(value)
        except TypeError:
            number = -1
        if 0 <= number <= _MOST:
            return number
    raise _gamelab.InputError(f"{name} must be an integer from 0 to {_MOST}, got {value!r}")


def _flag(value: Any, name: str) -> bool:
    """``value`` as a yes or no: True or False (NumPy's too), not any value Python finds true."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise _gamelab.InputError(f"{name} must be True or False, got {value!r}")


def state_limit(game: Any, max_states: Optional[int] = None) -> int:
    """The most positions to explore of ``game``: ``max_states``, else the game's own
    ``max_states`` attribute, else :data:`DEFAULT_MAX_STATES`; refused unless a positive
    integer."""
    limit = max_states if max_states is not None else getattr(game, "max_states", None)
    limit = DEFAULT_MAX_STATES if limit is None else limit
    if _whole_number(limit, "max_states") < 1:
        raise _gamelab.InputError(f"max_states must be a positive integer, got {limit!r}")
    return operator.index(limit)


class Move(NamedTuple):
    """A legal move of a :class:`State`: ``index`` is its place in :meth:`State.legal_moves`
    (legal order), ``name`` the name output uses (``left``, ``2``, ``x(1,1)``), and ``action``
    the game's own move object: the move a game defined in Python lists (an OpenSpiel action
    number for OpenSpiel games), the name for a built-in game."""

    index: int
    name: str
    action: Any


class LoadedGame:
    """A game ready to step through, solve, analyse, draw and play; made by
    :func:`gamelab.load_game` or :func:`gamelab.openspiel.game`, never directly.

    ``rules`` is the game defined in Python behind it (None for a built-in game; the table
    itself for a game loaded from its explored table, ``table``), ``name`` its name
    (``stone-game [4, 6, 2, 3]``, the Python class's name, ``tic_tac_toe()``)."""

    def __init__(self, name: str, *, builtin: Optional[dict[str, Any]] = None,
                 rules: Any = None, max_states: Optional[int] = None,
                 table: Optional[ExploredGame] = None):
        self.name = name
        self.rules = rules
        self._builtin = builtin
        self._max_states = max_states
        self._table = table

    @property
    def builtin_game(self) -> Optional[str]:
        """The built-in game's name behind it (``"stone-game"``), or None for any other game."""
        return None if self._builtin is None else self._builtin["game"]

    # --- the table ----------------------------------------------------------------------------

    def explore(self) -> ExploredGame:
        """The game's table of positions (explored on the first call, then kept)."""
        if self._table is None:
            if self._builtin is not None:
                game, options = self._builtin["game"], self._builtin["options"]
                self._table = _gamelab.explore_builtin(game, options, self._max_states)
            else:
                limit = state_limit(self.rules, self._max_states)
                self._table = _gamelab.explore_game(self.rules, limit)
        return self._table

    # --- OpenSpiel's verbs --------------------------------------------------------------------

    def new_initial_state(self) -> State:
        """The start of the game."""
        return State(self, 0, (0, 0), ())

    def num_players(self) -> int:
        """Always 2: gamelab's games are two-player games."""
        return 2

    # --- gamelab's functions on this game -----------------------------------------------------

    def solve(self, value_only: bool = False) -> Solution:
        """The value and optimal play from the start, as :func:`gamelab.solve`."""
        if self._builtin is not None:
            return _gamelab.solve(self._builtin["game"],
                                  dict(self._builtin["options"], value_only=value_only))
        return self.explore().solve()

    def analyze(self, moves: Sequence[str] = ()) -> dict[str, Any]:
        """The analysis of the position after ``moves`` (move names), as :func:`gamelab.analyze`."""
        if isinstance(moves, str):
            raise _gamelab.InputError("moves must be a list of move names, e.g. ['left', 'right']")
        return self.explore().analyze([str(move) for move in moves])

    def tree(self, dag: bool = False, max_nodes: Optional[int] = None) -> Graph:
        """The game tree (or with ``dag=True`` the state DAG), as :func:`gamelab.tree`."""
        if self._builtin is not None:
            options = dict(self._builtin["options"], dag=dag)
            if max_nodes is not None:
                options["max_nodes"] = max_nodes
            return _gamelab.tree(self._builtin["game"], options)
        return _gamelab.explored_tree(
            self.explore(), _flag(dag, "dag"),
            None if max_nodes is None else _whole_number(max_nodes, "max_nodes"))

    def play(self, first: str, second: str, seed: int = 0) -> dict[str, Any]:
        """One game of strategy ``first`` against ``second`` (optimal, greedy, random,
        lookahead-K...): the game record, as :func:`gamelab.play`."""
        if self._builtin is not None:
            options = dict(self._builtin["options"], first=first, second=second, seed=seed)
            return _gamelab.play(self._builtin["game"], options)
        return self.explore().play(first, second, _whole_number(seed, "seed"))

    # --- the gamelab.Game protocol, on the table's positions (numbers), with the batch hook
    # ``children`` (``play`` is taken by the strategies above) -------------------------------

    def initial(self) -> int:
        return 0

    def to_move(self, position: int) -> str:
        return _PLAYER_NAMES[self.explore().to_move(position)]

    def children(self, position: int) -> list[tuple[int, int, int]]:
        return [(mv, child, gain) for mv, child, gain in self.explore().moves(position)]

    def moves(self, position: int) -> list[int]:
        return [mv for mv, _, _ in self.explore().moves(position)]

    def final_payoff(self, position: int) -> tuple[int, int]:
        return self.explore().payoff(position)

    def describe_state(self, position: int) -> str:
        return self.explore().label(position)

    def describe_move(self, position: int, mv: int) -> str:
        return self.explore().move_name(mv)

    def __repr__(self) -> str:
        return f"LoadedGame({self.name!r})"


class State:
    """A position of a :class:`LoadedGame`, with the points taken on the way and the line of
    moves that reached it. OpenSpiel's verbs: :meth:`current_player`, :meth:`legal_moves`,
    :meth:`apply_move` (in place) and :meth:`child` (a new state), :meth:`is_terminal`,
    :meth:`returns`, :meth:`clone`, ``str(state)``; and :meth:`analyze`."""

    __slots__ = ("_game", "_position", "_scores", "_line")

    def __init__(self, game: LoadedGame, position: int, scores: tuple[int, int],
                 line: tuple[str, ...]):
        self._game = game
        self._position = position
        self._scores = scores
        self._line = line

    @property
    def game(self) -> LoadedGame:
        """The game this is a position of."""
        return self._game

    @property
    def position(self) -> int:
        """The position's number in the game's table (0 is the start)."""
        return self._position

    def _table(self) -> ExploredGame:
        return self._game.explore()

    def current_player(self) -> int:
        """0 when the first player is to move, 1 for the second, :data:`TERMINAL` (-4) once
        the game is over (as OpenSpiel numbers them)."""
        if self.is_terminal():
            return TERMINAL
        return self._table().to_move(self._position)

    def is_terminal(self) -> bool:
        """Whether the game is over (no legal move)."""
        return not self._table().moves(self._position)

    def legal_moves(self) -> list[Move]:
        """The legal moves in legal order (the order ties are broken in): each a
        :class:`Move` ``(index, name, action)``; empty once the game is over."""
        table = self._table()
        rules = self._game.rules
        moves = []
        for index, (mv, _, _) in enumerate(table.moves(self._position)):
            name = table.move_name(mv)
            action = table.move_object(mv) if rules is not None else name
            moves.append(Move(index, name, action))
        return moves

    def _resolve(self, move: Union[Move, int, str]) -> tuple[int, int, int]:
        """The table's (move, child, gain) for ``move``: a :class:`Move`, an index into
        :meth:`legal_moves`, or a name."""
        table = self._table()
        listed = table.moves(self._position)
        if isinstance(move, Move):
            move = move.index
        if isinstance(move, bool) or not isinstance(move, (int, str)):
            raise _gamelab.InputError(
                f"a move is a Move, its index or its name, got {type(move).__name__}")
        if isinstance(move, int):
            if 0 <= move < len(listed):
                return listed[move]
        else:
            named = [entry for entry in listed if table.move_name(entry[0]) == move]
            if len(named) > 1:
                raise _gamelab.InputError(
                    f"move {move!r} is ambiguous at {table.label(self._position)}: "
                    f"{len(named)} of the legal moves there have that name (name the moves of "
                    "a position apart, with describe_move; or pass a Move or its index)")
            if named:
                return named[0]
        legal = ", ".join(f"{i}: {table.move_name(mv)}" for i, (mv, _, _) in enumerate(listed))
        raise _gamelab.InputError(
            f"move {move!r} is not legal at {table.label(self._position)}; the legal moves are: "
            f"{legal or 'none (the game is over)'}")

    def apply_move(self, move: Union[Move, int, str]) -> None:
        """Plays ``move`` (a :class:`Move`, its index or its name) in place."""
        mv, child, gain = self._resolve(move)
        mover = self._table().to_move(self._position)
        first, second = self._scores
        self._scores = (first + gain, second) if mover == 0 else (first, second + gain)
        self._line = self._line + (self._table().move_name(mv),)
        self._position = child

    def child(self, move: Union[Move, int, str]) -> State:
        """The state after ``move``; this one stays as it is."""
        after = self.clone()
        after.apply_move(move)
        return after

    def clone(self) -> State:
        """An independent copy."""
        return State(self._game, self._position, self._scores, self._line)

    def returns(self) -> list[int]:
        """``[first, second]``: the points each player has taken so far, with the points paid
        at the end once the game is over (OpenSpiel's "returns" for a game of points)."""
        first, second = self._scores
        if self.is_terminal():
            paid_first, paid_second = self._table().payoff(self._position)
            first, second = first + paid_first, second + paid_second
        return [first, second]

    def history(self) -> list[str]:
        """The names of the moves played from the start."""
        return list(self._line)

    def analyze(self) -> dict[str, Any]:
        """The position analysis (value, margin, remoteness and every legal move with its
        value), as :func:`gamelab.analyze` gives it after this state's moves."""
        return self._table().analyze(list(self._line))

    def __str__(self) -> str:
        return self._table().label(self._position)

    def __repr__(self) -> str:
        return f"State({self._game.name!r}, position={self._position}, moves={list(self._line)})"
