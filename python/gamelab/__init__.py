"""gamelab: solve, sweep, draw and plot two-player games of perfect information.

The engine is the gamelab Rust library (the extension module ``gamelab._gamelab``); this
package names its functions the Python way and returns numpy arrays, pandas DataFrames and
objects that Jupyter draws. Every function takes the command line's settings as keywords
(``--n-min`` is ``n_min``) with the same defaults, and the same arguments give the same
numbers as the ``gamelab`` command. Bad input raises :class:`InputError`, a ``ValueError``
whose message is the command line's one-line message.

>>> import gamelab
>>> gamelab.solve("stone-game", piles=[4, 6, 2, 3]).first_score
9
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional, Sequence, Union

import numpy as np

from . import _gamelab, custom
from ._gamelab import ExploredGame, Graph, InputError, Solution
from .bridge import SWEEP_DTYPES, PathLike, options, read_csv, sweep_csv, sweep_frame, sweep_table
from .custom import Game
from .explorer_page import Explorer, explorer
from .kinds import AnyGame, builtin_name, load_game, loaded, one_game, own_instance, text
from .positions import TERMINAL, LoadedGame, Move, State
from .results import MOVE_COLUMNS, SVG_NODE_LIMIT, Batch, NimSequence, Verdict

if TYPE_CHECKING:  # pandas is imported when a frame is made, not with the package
    import numpy.typing as npt
    import pandas as pd

__all__ = [
    "Batch",
    "analyze",
    "budget",
    "ExploredGame",
    "Explorer",
    "Game",
    "Graph",
    "InputError",
    "LoadedGame",
    "Move",
    "NimSequence",
    "Solution",
    "State",
    "Verdict",
    "check",
    "explorer",
    "games",
    "generate",
    "grundy",
    "load_game",
    "merge",
    "play",
    "set_budget",
    "solve",
    "solve_many",
    "sweep",
    "to_csv",
    "tournament",
    "tree",
]

__version__: str = _gamelab.__version__


def set_budget(
    max_memory: Union[None, int, str] = None, max_time: Union[None, int, float, str] = None
) -> dict[str, Any]:
    """Sets the budget every later call is costed against before it runs (the command line's
    ``--max-memory`` and ``--max-time``): ``max_memory`` in bytes or as a size such as ``"8G"``
    (default 1 GiB), ``max_time`` in seconds or as a time such as ``"10m"``, ``"none"`` for no
    limit (default 10 seconds, estimated before the call runs). A part not given stays as it
    is. A request over the budget raises :class:`InputError` naming its cost, the budget and
    how to proceed. Returns the budget now in force, as :func:`budget` does."""
    return _gamelab.set_budget(max_memory, max_time)


def budget() -> dict[str, Any]:
    """The budget in force: ``{"max_memory": bytes, "max_time": seconds or None}``."""
    return _gamelab.budget()


def games() -> list[dict[str, Any]]:
    """The registered games: ``name``, ``title``, ``rules``, ``input`` (the keywords an
    instance takes), ``solvers``, ``special_strategies`` and ``constant_sum``."""
    return _gamelab.games()


def solve(
    game: AnyGame,
    piles: Optional[Sequence[int]] = None,
    n: Optional[int] = None,
    subtract: Optional[Sequence[int]] = None,
    solver: str = "auto",
    value_only: bool = False,
    max_states: Optional[int] = None,
    *,
    heaps: Optional[Sequence[int]] = None,
    code: Optional[str] = None,
) -> Solution:
    """Solves one instance exactly: ``solve('stone-game', piles=[4, 6, 2, 3])``.

    Pile games take ``piles``; heap games take ``n`` (one heap) or ``heaps`` (a sum of heaps,
    ``heaps=[7, 11, 30]``), nim also ``subtract`` and the octal games ``code``. ``solver`` is
    one of the game's solvers (see :func:`games`); ``value_only`` skips the move list. The
    :class:`Solution` prints as ``gamelab solve`` does.

    ``game`` may also be a game defined in Python (a :class:`Game`): it is explored into a
    table of at most ``max_states`` positions and solved there (see :mod:`gamelab.custom`), and
    so may a :class:`LoadedGame` (see :func:`load_game`)."""
    game_loaded = own_instance(loaded(game, max_states), piles=piles, n=n, subtract=subtract,
                               heaps=heaps, code=code)
    if game_loaded is not None:
        if solver not in ("auto", "memo"):
            raise InputError(
                f"solver {solver!r} does not apply to {game_loaded.name}: a game that is not "
                "built in is solved by memoised search over its positions ('auto' or 'memo')")
        return game_loaded.solve(value_only=value_only)
    settings = options(piles=piles, n=n, subtract=subtract, heaps=heaps, code=code, solver=solver,
                       value_only=value_only)
    return _gamelab.solve(builtin_name(game), settings)


def analyze(
    game: AnyGame,
    piles: Optional[Sequence[int]] = None,
    n: Optional[int] = None,
    subtract: Optional[Sequence[int]] = None,
    *,
    heaps: Optional[Sequence[int]] = None,
    code: Optional[str] = None,
    moves: Sequence[str] = (),
    max_states: Optional[int] = None,
) -> dict[str, Any]:
    """The position analysis of ``gamelab analyze``: after the line ``moves`` (named as in
    ``solve``'s JSON: ``left``, ``2``...), the player to move, its value (win/tie/lose), margin
    and remoteness, the Grundy value where the game has one, and every legal move with the
    value, margin and remoteness it leads to, best first. The ``json`` key holds the CLI's JSON
    line. ``game`` may also be a game defined in Python (moves named by its ``describe_move``).
    An illegal move raises :class:`InputError` naming it and the legal ones."""
    if isinstance(moves, str):
        raise InputError("moves must be a list of move names, e.g. ['left', 'right']")
    moves = [text(str(move), "a move's name") for move in moves]
    game_loaded = own_instance(loaded(game, max_states), piles=piles, n=n, subtract=subtract,
                               heaps=heaps, code=code)
    if game_loaded is not None:
        return game_loaded.analyze(moves)
    settings = options(piles=piles, n=n, subtract=subtract, heaps=heaps, code=code,
                       max_states=max_states)
    return _gamelab.analyze(builtin_name(game), settings, moves)


def grundy(
    game: str,
    n_max: int,
    subtract: Optional[Sequence[int]] = None,
    code: Optional[str] = None,
) -> NimSequence:
    """The nim-sequence of a heap game, as ``gamelab grundy GAME --n-max N``: the Grundy value
    of every heap from 0 to ``n_max`` (``values``, an int64 array indexed by the heap) and its
    summary (period, pre-period, whether the period is proved, largest value, losing heaps,
    checksum). Nim takes its ``subtract`` set, the octal games their ``code``.

    >>> gamelab.grundy("nim", 100, subtract=[1, 3, 4]).period
    7"""
    values, record = _gamelab.grundy(
        builtin_name(game, "grundy"), options(n_max=n_max, subtract=subtract, code=code))
    return NimSequence(values, record)


def _integer_array(values: npt.ArrayLike, name: str) -> np.ndarray:
    try:
        array = np.asarray(values)
    except ValueError:  # rows of different lengths: NumPy's message names its own internals
        raise InputError(f"{name} must be an array of integers whose rows have one length "
                         "(one instance per row)") from None
    if array.size == 0 and array.dtype == np.float64:
        array = array.astype(np.int64)
    if array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer):
        raise InputError(f"{name} must be an array of integers, got dtype {array.dtype}")
    if array.dtype == np.uint64 and array.size and int(array.max()) > np.iinfo(np.int64).max:
        raise InputError(f"{name} holds values above the 64-bit range of pile values")
    return np.ascontiguousarray(array, dtype=np.int64)


def solve_many(
    game: str, instances: npt.ArrayLike, subtract: Optional[Sequence[int]] = None
) -> Batch:
    """Solves many instances at once with the fastest exact solver, in parallel, releasing
    the GIL (Ctrl-C stops it).

    Pile games take a 2-D integer array, one instance per row (all of the same length); number
    games a 1-D array of N (nim: one ``subtract`` for all). Returns a :class:`Batch` of
    margins and both scores."""
    array = _integer_array(instances, "instances")
    margin, first, second = _gamelab.solve_many(
        builtin_name(game, "solve_many"), array, None if subtract is None else list(subtract)
    )
    return Batch(margin, first, second)


def generate(
    game: str,
    count: int = 10,
    *,
    n: Optional[int] = None,
    n_min: Optional[int] = None,
    n_max: Optional[int] = None,
    n_parity: Optional[str] = None,
    n_mod: Optional[int] = None,
    n_residue: Optional[int] = None,
    min_value: Optional[int] = None,
    max_value: Optional[int] = None,
    distribution: Optional[str] = None,
    total_parity: Optional[str] = None,
    subtract: Optional[Sequence[int]] = None,
    seed: int = 1,
) -> Union[np.ndarray, list[np.ndarray]]:
    """Seeded random instances, the same as ``gamelab generate`` with the same arguments.

    Pile games of one size (``n``, or ``n_min == n_max``) give a 2-D int64 array (count x n),
    ready for :func:`solve_many`; pile games of several sizes a list of 1-D arrays; number games
    a 1-D array of N. Defaults: 1..10 piles of values 1..100, or N in 1..100; seed 1."""
    return _gamelab.generate(
        builtin_name(game, "generate"),
        options(
            count=count, n=n, n_min=n_min, n_max=n_max, n_parity=n_parity, n_mod=n_mod,
            n_residue=n_residue, min_value=min_value, max_value=max_value,
            distribution=distribution, total_parity=total_parity, subtract=subtract, seed=seed,
        ),
    )


def sweep(
    game: str,
    *,
    n: Optional[int] = None,
    n_min: Optional[int] = None,
    n_max: Optional[int] = None,
    n_parity: Optional[str] = None,
    n_mod: Optional[int] = None,
    n_residue: Optional[int] = None,
    min_value: Optional[int] = None,
    max_value: Optional[int] = None,
    distribution: Optional[str] = None,
    total_parity: Optional[str] = None,
    subtract: Optional[Sequence[int]] = None,
    trials: Optional[int] = None,
    seed: int = 1,
    shard: Union[None, str, tuple] = None,
    threads: Optional[int] = None,
) -> pd.DataFrame:
    """Solves ``trials`` random instances for every size n and tallies who wins: a pandas
    DataFrame with the columns and values of ``gamelab sweep --format csv`` (see
    :data:`SWEEP_DTYPES`). Runs in parallel without the GIL; Ctrl-C stops it.

    Defaults: n = 1..20 piles of values 1..100 and 1000 trials, or N = 1..100 (one instance
    each); seed 1. ``shard=(k, count)`` (or ``"k/count"``) runs one shard; :func:`merge`
    combines the shards. :func:`to_csv` writes the frame byte for byte as the CLI does.
    ``threads`` (1..1024) solves on that many threads instead of every core; the table is the
    same on any thread count."""
    return sweep_frame(*sweep_csv(
        game, n=n, n_min=n_min, n_max=n_max, n_parity=n_parity, n_mod=n_mod,
        n_residue=n_residue, min_value=min_value, max_value=max_value, distribution=distribution,
        total_parity=total_parity, subtract=subtract, trials=trials, seed=seed, shard=shard,
        threads=threads,
    ))


def merge(frames: Sequence[pd.DataFrame]) -> pd.DataFrame:
    """Combines the frames of a sharded sweep (each shard once) into the frame of the whole
    sweep, as ``gamelab merge`` does with CSV files."""
    if isinstance(frames, (str, bytes)) or not hasattr(frames, "__iter__"):
        raise InputError("merge takes a list of sweep DataFrames")
    tables = [(f"frame {index + 1}", sweep_table(frame)) for index, frame in enumerate(frames)]
    return sweep_frame(*_gamelab.merge_csv(tables))


def to_csv(frame: pd.DataFrame, path: Optional[PathLike] = None) -> Optional[str]:
    """Writes a sweep frame with the library's CSV writer: the very bytes ``gamelab sweep
    --out`` writes for the same rows. Returns the text when ``path`` is None."""
    text = _gamelab.rewrite_csv("the frame", sweep_table(frame))
    if path is None:
        return text
    with open(path, "w", encoding="utf-8", newline="") as out:
        out.write(text)
    return None


def check(
    game: Union[str, Iterable[AnyGame], Callable[[int], AnyGame]],
    expect: str,
    *,
    n: Optional[int] = None,
    n_min: Optional[int] = None,
    n_max: Optional[int] = None,
    n_parity: Optional[str] = None,
    n_mod: Optional[int] = None,
    n_residue: Optional[int] = None,
    min_value: Optional[int] = None,
    max_value: Optional[int] = None,
    distribution: Optional[str] = None,
    total_parity: Optional[str] = None,
    subtract: Optional[Sequence[int]] = None,
    samples: Optional[int] = None,
    seed: int = 1,
    solver: str = "auto",
) -> Verdict:
    """Settles a claim such as ``check('stone-game', 'first-wins', n_parity='even')``:
    exhaustively when the space is small, else on ``samples`` seeded instances; a refuted claim
    comes with its smallest counterexample and optimal play. Defaults as ``gamelab check``:
    up to 10 piles of values 1..100, or N up to 1000; 20,000 samples.

    For games defined in Python, ``game`` is an iterable of :class:`Game` objects or a
    callable ``f(i)`` (with ``samples`` instances); see :func:`gamelab.custom.check`."""
    if not isinstance(game, str):  # games defined in Python, not one game
        drawn = {"n": n, "n_min": n_min, "n_max": n_max, "n_parity": n_parity, "n_mod": n_mod,
                 "n_residue": n_residue, "min_value": min_value, "max_value": max_value,
                 "distribution": distribution, "total_parity": total_parity,
                 "subtract": subtract, "seed": None if seed == 1 else seed,
                 "solver": None if solver == "auto" else solver}
        given = [key for key, value in drawn.items() if value is not None]
        if given:
            raise InputError(
                f"{', '.join(given)} draw{'s' if len(given) == 1 else ''} a built-in game's "
                "instances; games defined in Python are checked as given (samples= alone "
                "limits them)")
        if samples is not None:
            try:
                count = -1 if isinstance(samples, bool) else operator.index(samples)
            except TypeError:
                count = -1
            if count < 1:
                raise InputError(f"samples must be a positive integer, got {samples!r}")
            samples = count
        if callable(game) and not one_game(game) and samples is None:
            raise InputError("check with an instance generator f(i) needs samples=, the number "
                             "of instances")
        return custom.check(game, expect, count=samples)
    record = _gamelab.check(
        game,
        options(
            expect=expect, n=n, n_min=n_min, n_max=n_max, n_parity=n_parity, n_mod=n_mod,
            n_residue=n_residue, min_value=min_value, max_value=max_value,
            distribution=distribution, total_parity=total_parity, subtract=subtract,
            samples=samples, seed=seed, solver=solver,
        ),
    )
    return Verdict(record)


def play(
    game: AnyGame,
    first: str,
    second: str,
    *,
    piles: Optional[Sequence[int]] = None,
    n: Optional[int] = None,
    n_min: Optional[int] = None,
    n_max: Optional[int] = None,
    n_parity: Optional[str] = None,
    min_value: Optional[int] = None,
    max_value: Optional[int] = None,
    distribution: Optional[str] = None,
    total_parity: Optional[str] = None,
    subtract: Optional[Sequence[int]] = None,
    heaps: Optional[Sequence[int]] = None,
    code: Optional[str] = None,
    trials: Optional[int] = None,
    seed: int = 1,
    max_states: Optional[int] = None,
) -> dict[str, Any]:
    """Plays strategy ``first`` against ``second`` (optimal, greedy, random, lookahead-K, or a
    game's own such as parity).

    With ``piles`` (or ``n`` or ``heaps`` of a heap game, without ``trials``) one instance is
    played move
    by move: the game record as ``gamelab play --format json`` gives it (``moves``, scores,
    ``optimal``...). Otherwise ``trials`` seeded instances (default 1000): the match statistics
    (wins, ties, mean margin, mean shortfall). The ``json`` key holds the CLI's JSON line.

    ``game`` may also be a game defined in Python (a :class:`Game`): one game is played on it
    with the generic strategies."""
    game_loaded = own_instance(loaded(game, max_states), piles=piles, n=n, subtract=subtract,
                               heaps=heaps, code=code, n_min=n_min, n_max=n_max,
                               trials=trials)
    if game_loaded is not None:
        return game_loaded.play(first, second, seed)
    return _gamelab.play(
        builtin_name(game),
        options(
            first=first, second=second, piles=piles, n=n, n_min=n_min, n_max=n_max,
            n_parity=n_parity, min_value=min_value, max_value=max_value,
            distribution=distribution, total_parity=total_parity, subtract=subtract,
            heaps=heaps, code=code, trials=trials, seed=seed,
        ),
    )


def tournament(
    game: str,
    strategies: Union[str, Sequence[str]],
    *,
    n: Optional[int] = None,
    n_min: Optional[int] = None,
    n_max: Optional[int] = None,
    n_parity: Optional[str] = None,
    min_value: Optional[int] = None,
    max_value: Optional[int] = None,
    distribution: Optional[str] = None,
    total_parity: Optional[str] = None,
    subtract: Optional[Sequence[int]] = None,
    trials: int = 1000,
    seed: int = 1,
) -> pd.DataFrame:
    """Every ordered pairing of ``strategies`` on the same seeded instances: a DataFrame with
    one row per pairing, the columns of ``gamelab tournament --format csv``. The frame's
    ``attrs`` hold ``settings`` (the instances in words) and ``json`` (the CLI's JSON)."""
    if isinstance(strategies, str):
        names = strategies
    else:
        names = ",".join(str(name) for name in strategies)
    text, record = _gamelab.tournament(
        builtin_name(game, "tournament"),
        options(
            strategies=names, n=n, n_min=n_min, n_max=n_max, n_parity=n_parity,
            min_value=min_value, max_value=max_value, distribution=distribution,
            total_parity=total_parity, subtract=subtract, trials=trials, seed=seed,
        ),
    )
    frame = read_csv(text)
    frame.attrs["settings"] = record["settings"]
    frame.attrs["json"] = record["json"]
    return frame


def tree(
    game: AnyGame,
    piles: Optional[Sequence[int]] = None,
    n: Optional[int] = None,
    subtract: Optional[Sequence[int]] = None,
    *,
    heaps: Optional[Sequence[int]] = None,
    code: Optional[str] = None,
    dag: bool = False,
    max_nodes: Optional[int] = None,
    max_states: Optional[int] = None,
) -> Graph:
    """The solved game tree of one instance (with ``dag=True`` the state DAG: one node per
    distinct position), refused before it is built if it has more than ``max_nodes`` nodes
    (default 1,000,000). The :class:`Graph` exports DOT, EFG and JSON as ``gamelab tree``
    does, converts to networkx, and draws itself in Jupyter. ``game`` may also be a game
    defined in Python (a :class:`Game`) or a :class:`LoadedGame`."""
    game_loaded = own_instance(loaded(game, max_states), piles=piles, n=n, subtract=subtract,
                               heaps=heaps, code=code)
    if game_loaded is not None:
        return game_loaded.tree(dag, max_nodes)
    settings = options(piles=piles, n=n, subtract=subtract, heaps=heaps, code=code, dag=dag,
                       max_nodes=max_nodes)
    return _gamelab.tree(builtin_name(game), settings)
