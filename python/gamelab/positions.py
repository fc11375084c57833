"""One way to step through any game: :func:`load_game` gives a :class:`LoadedGame` for a
built-in game (``load_game("stone-game", piles=[4, 6, 2, 3])``), a game defined in Python
(``load_game(MyGame())``) or an OpenSpiel game (:func:`gamelab.openspiel.game`), with
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
(``game.solve()`` is ``gamelab.solve(...)`` on the same game), and follows the
:class:`gamelab.Game` protocol itself, so it can go wherever a game defined in Python goes.
"""

from __future__ import annotations

from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Union

from . import _gamelab, custom

#: What :meth:`State.current_player` says once the game is over (OpenSpiel's
#: ``pyspiel.PlayerId.TERMINAL``).
TERMINAL = -4

_PLAYER_NAMES = ("first", "second")


class Move(NamedTuple):
    """A legal move of a :class:`State`: ``index`` is its place in :meth:`State.legal_moves`
    (legal order), ``name`` the name output uses (``left``, ``2``, ``x(1,1)``), and ``action``
    the game's own move object: the move a game defined in Python lists (an OpenSpiel action
    number for OpenSpiel games), the name for a built-in game."""

    index: int
    name: str
    action: Any


class LoadedGame:
    """A game ready to step through, solve, analyse, draw and play; made by :func:`load_game`
    or :func:`gamelab.openspiel.game`, never directly.

    ``rules`` is the game defined in Python behind it (None for a built-in game), ``name`` its
    name (``stone-game [4, 6, 2, 3]``, the Python class's name, ``tic_tac_toe()``)."""

    def __init__(self, name: str, *, builtin: Optional[dict] = None, rules: Any = None,
                 max_states: Optional[int] = None):
        self.name = name
        self.rules = rules
        self._builtin = builtin
        self._max_states = max_states
        self._table: Optional[_gamelab.ExploredGame] = None

    # --- the table ----------------------------------------------------------------------------

    def explore(self) -> "_gamelab.ExploredGame":
        """The game's table of positions (explored on the first call, then kept)."""
        if self._table is None:
            if self._builtin is not None:
                game, options = self._builtin["game"], self._builtin["options"]
                self._table = _gamelab.explore_builtin(game, options, self._max_states)
            else:
                self._table = custom.explore(self.rules, self._max_states)
        return self._table

    # --- OpenSpiel's verbs --------------------------------------------------------------------

    def new_initial_state(self) -> "State":
        """The start of the game."""
        return State(self, 0, (0, 0), ())

    def num_players(self) -> int:
        """Always 2: gamelab's games are two-player games."""
        return 2

    # --- gamelab's functions on this game -----------------------------------------------------

    def solve(self, value_only: bool = False):
        """The value and optimal play from the start, as :func:`gamelab.solve`."""
        if self._builtin is not None:
            return _gamelab.solve(self._builtin["game"],
                                  dict(self._builtin["options"], value_only=value_only))
        return self.explore().solve()

    def analyze(self, moves: Sequence[str] = ()) -> dict:
        """The analysis of the position after ``moves`` (move names), as :func:`gamelab.analyze`."""
        if isinstance(moves, str):
            raise _gamelab.InputError("moves must be a list of move names, e.g. ['left', 'right']")
        return self.explore().analyze([str(move) for move in moves])

    def tree(self, dag: bool = False, max_nodes: Optional[int] = None):
        """The game tree (or with ``dag=True`` the state DAG), as :func:`gamelab.tree`."""
        if self._builtin is not None:
            options = dict(self._builtin["options"], dag=dag)
            if max_nodes is not None:
                options["max_nodes"] = max_nodes
            return _gamelab.tree(self._builtin["game"], options)
        return _gamelab.explored_tree(self.explore(), dag, max_nodes)

    def play(self, first: str, second: str, seed: int = 0) -> dict:
        """One game of strategy ``first`` against ``second`` (optimal, greedy, random,
        lookahead-K...): the game record, as :func:`gamelab.play`."""
        if self._builtin is not None:
            options = dict(self._builtin["options"], first=first, second=second, seed=seed)
            return _gamelab.play(self._builtin["game"], options)
        return self.explore().play(first, second, seed)

    # --- the gamelab.Game protocol, on the table's positions (numbers), with the batch hook
    # ``children`` (``play`` is taken by the strategies above) -------------------------------

    def initial(self) -> int:
        return 0

    def to_move(self, position: int) -> str:
        return _PLAYER_NAMES[self.explore().to_move(position)]

    def children(self, position: int) -> list:
        return [(mv, child, gain) for mv, child, gain in self.explore().moves(position)]

    def moves(self, position: int) -> list:
        return [mv for mv, _, _ in self.explore().moves(position)]

    def final_payoff(self, position: int) -> tuple:
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

    def __init__(self, game: LoadedGame, position: int, scores: tuple, line: tuple):
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

    def _table(self):
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

    def legal_moves(self) -> List[Move]:
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

    def _resolve(self, move: Union[Move, int, str]):
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
            for entry in listed:
                if table.move_name(entry[0]) == move:
                    return entry
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

    def child(self, move: Union[Move, int, str]) -> "State":
        """The state after ``move``; this one stays as it is."""
        after = self.clone()
        after.apply_move(move)
        return after

    def clone(self) -> "State":
        """An independent copy."""
        return State(self._game, self._position, self._scores, self._line)

    def returns(self) -> List[int]:
        """``[first, second]``: the points each player has taken so far, with the points paid
        at the end once the game is over (OpenSpiel's "returns" for a game of points)."""
        first, second = self._scores
        if self.is_terminal():
            paid_first, paid_second = self._table().payoff(self._position)
            first, second = first + paid_first, second + paid_second
        return [first, second]

    def history(self) -> List[str]:
        """The names of the moves played from the start."""
        return list(self._line)

    def analyze(self) -> dict:
        """The position analysis (value, margin, remoteness and every legal move with its
        value), as :func:`gamelab.analyze` gives it after this state's moves."""
        return self._table().analyze(list(self._line))

    def __str__(self) -> str:
        return self._table().label(self._position)

    def __repr__(self) -> str:
        return f"State({self._game.name!r}, position={self._position}, moves={list(self._line)})"


def load_game(game: Any, piles: Optional[Sequence[int]] = None, n: Optional[int] = None,
              subtract: Optional[Sequence[int]] = None, *,
              max_states: Optional[int] = None) -> LoadedGame:
    """A game to step through: a built-in game's name with its instance
    (``load_game("stone-game", piles=[4, 6, 2, 3])``, ``load_game("nim", n=10,
    subtract=[1, 3, 4])``) or a game defined in Python (``load_game(MyGame())``). Its
    positions are explored on the first :meth:`LoadedGame.new_initial_state`, refused above
    ``max_states`` (default 2,000,000)."""
    if isinstance(game, LoadedGame):
        return game
    if isinstance(game, str):
        options: Dict[str, Any] = {key: value for key, value in
                                   (("piles", piles), ("n", n), ("subtract", subtract))
                                   if value is not None}
        # Solved (for its value only) now, so that a bad instance fails here rather than at the
        # first step, and the instance is named as the command line names it.
        instance = _gamelab.solve(game, dict(options, value_only=True)).instance
        return LoadedGame(f"{game} {instance}", builtin={"game": game, "options": options},
                          max_states=max_states)
    if not custom.is_custom(game) or isinstance(game, _gamelab.ExploredGame):
        raise _gamelab.InputError(
            f"load_game takes a built-in game's name or a game defined in Python (a "
            f"gamelab.Game), got {type(game).__name__}")
    if isinstance(game, type):
        custom.explore(game)  # raises the "pass an instance" error
    return LoadedGame(type(game).__name__, rules=game, max_states=max_states)
