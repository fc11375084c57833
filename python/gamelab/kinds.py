"""The kinds of game the package's functions take, told apart in one place.

A game is one of: a built-in game's name (``"stone-game"``, with its instance given as
keywords), a game defined in Python (a :class:`gamelab.Game`, or any object with its methods),
the table such a game was explored into (:func:`gamelab.custom.explore`), or a
:class:`~gamelab.positions.LoadedGame`. :func:`loaded` is the one dispatch on that kind
(a :func:`functools.singledispatch` function): it gives every game that is not a built-in
game's name as a ``LoadedGame``, whose methods then solve, analyse, play, draw and explore it,
and ``None`` for a name, which the extension takes with the call's keywords. Every function
that takes a game asks it, so a new kind of game is one registration here::

    @gamelab.kinds.loaded.register
    def _(game: MyKind, max_states=None):
        return gamelab.load_game(game.as_python_game(), max_states=max_states)
"""

from __future__ import annotations

import functools
from typing import Any, Hashable, Iterable, Optional, Protocol, Sequence, Union

from . import _gamelab
from ._gamelab import ExploredGame, InputError
from .positions import LoadedGame

__all__ = ["AnyGame", "BUILTIN_ONLY", "BuiltinOnly", "NotAGame", "Rules", "builtin_name", "defines_rules", "is_custom", "one_game",
           "load_game", "loaded", "own_instance"]


class Rules(Protocol):
    """What a game defined in Python provides (see :class:`gamelab.Game`): ``moves`` and
    ``play`` may give way to the batch hook ``children``; ``final_payoff``, ``describe_state``
    and ``describe_move`` are optional."""

    def initial(self) -> Hashable: ...

    def to_move(self, state: Any) -> str: ...

    def moves(self, state: Any) -> Iterable[Any]: ...

    def play(self, state: Any, move: Any) -> tuple[Hashable, int]: ...


#: Any game a function such as :func:`gamelab.solve` takes.
AnyGame = Union[str, Rules, ExploredGame, LoadedGame]


class NotAGame(TypeError):
    """``game`` is none of the kinds of game, so no function takes it."""

    def __init__(self, game: Any):
        self.type_name = type(game).__name__
        super().__init__(
            "game must be a built-in game's name (gamelab.games() lists them), or where the "
            "function takes one a game defined in Python (gamelab.Game); got "
            f"{self.type_name}")


def defines_rules(game: Any) -> bool:
    """Whether ``game`` (an object, or a class) has the methods of a game defined in Python:
    ``initial``, and ``moves`` and ``play`` or the batch hook ``children``."""
    return hasattr(game, "initial") and (
        hasattr(game, "children") or (hasattr(game, "moves") and hasattr(game, "play")))


#: The functions that take a built-in game's name only, each with the reason.
BUILTIN_ONLY = {
    "solve_many": "it solves rows of an array as instances of the game",
    "generate": "it draws random instances of the game",
    "sweep": "it draws random instances of the game",
    "tournament": "it draws random instances of the game",
    "grundy": "it reads the nim-sequence off the game's rule",
    "plot": "it draws random instances of the game",
    "distributed.sweep": "it draws random instances of the game",
}


class BuiltinOnly(NotAGame):
    """A function that takes a built-in game's name only was given another kind of game."""

    def __init__(self, game: Any, function: str):
        NotAGame.__init__(self, game)
        self.args = (
            f"{function} takes a built-in game's name ({BUILTIN_ONLY[function]}), got "
            f"{self.type_name}; a game of any other kind is one instance, which solve, analyze, "
            "play, tree, explorer and load_game take, and check takes many of (an iterable of "
            "games)",)


def builtin_name(game: Any, function: Optional[str] = None) -> str:
    """``game`` as a built-in game's name, for the functions that take nothing else; else
    :class:`NotAGame` (rather than the extension's "'NoneType' object cannot be cast as
    'str'"), saying why ``function`` (a key of :data:`BUILTIN_ONLY`) takes names only."""
    if isinstance(game, str):
        return text(game, "the game's name")
    if function is not None:
        raise BuiltinOnly(game, function)
    raise NotAGame(game)


def text(value: str, what: str) -> str:
    """``value`` if UTF-8 can hold it, else :class:`InputError` naming ``what``: a lone
    surrogate (as a file name read with ``surrogateescape`` may hold) cannot reach the
    extension, which would raise ``UnicodeEncodeError`` instead."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise InputError(f"{what} must be text UTF-8 can hold, got {value!r}") from None
    return value


@functools.singledispatch
def loaded(game: Any, max_states: Optional[int] = None) -> Optional[LoadedGame]:
    """``game`` as a :class:`~gamelab.positions.LoadedGame`, or ``None`` for a built-in game's
    name. A game defined in Python is explored (on first use) into at most ``max_states``
    positions, else its own ``max_states``; a ``LoadedGame`` keeps its own. Anything else
    raises :class:`NotAGame`."""
    if not defines_rules(game):
        raise NotAGame(game)
    return LoadedGame(type(game).__name__, rules=game, max_states=max_states)


@loaded.register
def _(game: str, max_states: Optional[int] = None) -> None:
    return None


@loaded.register
def _(game: LoadedGame, max_states: Optional[int] = None) -> LoadedGame:
    return game


@loaded.register
def _(game: ExploredGame, max_states: Optional[int] = None) -> LoadedGame:
    return LoadedGame(game.name, rules=game, table=game)


@loaded.register
def _(game: type, max_states: Optional[int] = None) -> LoadedGame:
    # A class, e.g. MyGame where MyGame(...) was meant: its instances are games, not it.
    if defines_rules(game):
        raise InputError(
            f"pass an instance of the game, e.g. {game.__name__}(...), not the class itself")
    raise NotAGame(game)


def own_instance(game: Optional[LoadedGame], **instance: Any) -> Optional[LoadedGame]:
    """``game`` (what :func:`loaded` gave), refusing the keywords of a built-in game's instance
    (``piles``, ``n``, ``heaps``...) beside any other kind of game, which is its own instance:
    a keyword given there would otherwise be ignored."""
    if game is not None:
        given = [key for key, value in instance.items() if value is not None]
        if given:
            raise InputError(
                f"{', '.join(given)} describe{'s' if len(given) == 1 else ''} a built-in game's "
                f"instance; {game.name} is its own instance")
    return game


def one_game(value: Any) -> bool:
    """Whether ``value`` is one game of a kind other than a built-in game's name (a game defined
    in Python, a LoadedGame, an explored game), rather than several (an iterable of games, a
    function of an index, or a class of games)."""
    if isinstance(value, (str, type)):
        return False
    try:
        return loaded(value) is not None
    except NotAGame:
        return False


def is_custom(game: Any) -> bool:
    """Whether ``game`` is a game defined in Python (rather than a built-in game's name): one
    that :func:`loaded` takes, or its class."""
    try:
        return loaded(game) is not None
    except NotAGame:
        return False
    except InputError:  # the class of a game
        return True


def load_game(game: AnyGame, piles: Optional[Sequence[int]] = None, n: Optional[int] = None,
              subtract: Optional[Sequence[int]] = None, *,
              heaps: Optional[Sequence[int]] = None, code: Optional[str] = None,
              max_states: Optional[int] = None) -> LoadedGame:
    """A game to step through: a built-in game's name with its instance
    (``load_game("stone-game", piles=[4, 6, 2, 3])``, ``load_game("nim", n=10,
    subtract=[1, 3, 4])``, ``load_game("nim", heaps=[3, 5])``) or a game defined in Python
    (``load_game(MyGame())``). Its
    positions are explored on the first :meth:`LoadedGame.new_initial_state`, refused above
    ``max_states`` (default 2,000,000)."""
    try:
        game_loaded = loaded(game, max_states)
    except NotAGame as error:
        raise InputError(
            f"load_game takes a built-in game's name or a game defined in Python (a "
            f"gamelab.Game), got {error.type_name}") from None
    if game_loaded is not None:
        return game_loaded
    name = builtin_name(game)
    given = (("piles", piles), ("n", n), ("subtract", subtract), ("heaps", heaps), ("code", code))
    options = {key: value for key, value in given if value is not None}
    # Solved (for its value only) now, so that a bad instance fails here rather than at the
    # first step, and the instance is named as the command line names it.
    instance = _gamelab.solve(name, dict(options, value_only=True)).instance
    return LoadedGame(f"{name} {instance}", builtin={"game": name, "options": options},
                      max_states=max_states)
