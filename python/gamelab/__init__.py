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

import io
from typing import Any, NamedTuple, Optional, Sequence, Union

import numpy as np

from . import _gamelab, custom
from ._gamelab import ExploredGame, Graph, InputError, Solution
from .custom import Game
from .explorer_page import Explorer, explorer
from .positions import TERMINAL, LoadedGame, Move, State, load_game

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
    "Solution",
    "State",
    "Verdict",
    "check",
    "explorer",
    "games",
    "generate",
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

__version__ = _gamelab.__version__

#: The column types of a sweep DataFrame (the CLI's CSV columns, in order). Columns empty in
#: some rows (the share columns, the value settings) are nullable.
SWEEP_DTYPES = {
    "n": "int64",
    "trials": "int64",
    "first_wins": "int64",
    "ties": "int64",
    "second_wins": "int64",
    "first_win_rate": "float64",
    "first_win_low": "float64",
    "first_win_high": "float64",
    "tie_rate": "float64",
    "second_win_rate": "float64",
    "mean_margin": "float64",
    "margin_sum": "int64",
    "first_score_sum": "Int64",
    "total_sum": "Int64",
    "first_share": "Float64",
    "lowest_first": "Int64",
    "lowest_total": "Int64",
    "lowest_first_share": "Float64",
    "game": "string",
    "distribution": "string",
    "min_value": "Int64",
    "max_value": "Int64",
    "total_parity": "string",
    "seed": "uint64",
    # Format 2: every setting that changes the numbers, so merge can prove shards belong together.
    "subtract": "string",
    "n_min": "Int64",
    "n_max": "Int64",
    "n_parity": "string",
    "n_mod": "Int64",
    "n_residue": "Int64",
    "trials_per_n": "Int64",
    "shard": "string",
    "format": "Int64",
}

#: A frame of more than this many graph nodes is shown as text only in Jupyter.
SVG_NODE_LIMIT = 500


def _game_name(game: Any) -> str:
    """``game`` as a built-in game's name, or a ``TypeError`` saying what a game may be (rather
    than the extension's "'NoneType' object cannot be cast as 'str'")."""
    if isinstance(game, str):
        return game
    raise TypeError(
        "game must be a built-in game's name (gamelab.games() lists them), or where the "
        f"function takes one a game defined in Python (gamelab.Game); got {type(game).__name__}"
    )


def _options(**options: Any) -> dict:
    """The keyword arguments the extension reads, without those left at None."""
    return {key: value for key, value in options.items() if value is not None}


def set_budget(
    max_memory: Union[None, int, str] = None, max_time: Union[None, int, float, str] = None
) -> dict:
    """Sets the budget every later call is costed against before it runs (the command line's
    ``--max-memory`` and ``--max-time``): ``max_memory`` in bytes or as a size such as ``"8G"``
    (default 1 GiB), ``max_time`` in seconds or as a time such as ``"10m"``, ``"none"`` for no
    limit (default 10 seconds, estimated before the call runs). A part not given stays as it
    is. A request over the budget raises :class:`InputError` naming its cost, the budget and
    how to proceed. Returns the budget now in force, as :func:`budget` does."""
    return _gamelab.set_budget(max_memory, max_time)


def budget() -> dict:
    """The budget in force: ``{"max_memory": bytes, "max_time": seconds or None}``."""
    return _gamelab.budget()


def games() -> list[dict]:
    """The registered games: ``name``, ``title``, ``rules``, ``input`` (the keywords an
    instance takes), ``solvers``, ``special_strategies`` and ``constant_sum``."""
    return _gamelab.games()


def solve(
    game: str,
    piles: Optional[Sequence[int]] = None,
    n: Optional[int] = None,
    subtract: Optional[Sequence[int]] = None,
    solver: str = "auto",
    value_only: bool = False,
    max_states: Optional[int] = None,
) -> Solution:
    """Solves one instance exactly: ``solve('stone-game', piles=[4, 6, 2, 3])``.

    Pile games take ``piles``; number games take ``n`` (and nim ``subtract``). ``solver`` is
    one of the game's solvers (see :func:`games`); ``value_only`` skips the move list. The
    :class:`Solution` prints as ``gamelab solve`` does.

    ``game`` may also be a game defined in Python (a :class:`Game`): it is explored into a
    table of at most ``max_states`` positions and solved there (see :mod:`gamelab.custom`), and
    so may a :class:`LoadedGame` (see :func:`load_game`)."""
    if isinstance(game, LoadedGame):
        return game.solve(value_only=value_only)
    if custom.is_custom(game):
        return custom.solve(game, max_states)
    return _gamelab.solve(
        _game_name(game),
        _options(piles=piles, n=n, subtract=subtract, solver=solver, value_only=value_only),
    )


def analyze(
    game: Any,
    piles: Optional[Sequence[int]] = None,
    n: Optional[int] = None,
    subtract: Optional[Sequence[int]] = None,
    *,
    moves: Sequence[str] = (),
    max_states: Optional[int] = None,
) -> dict:
    """The position analysis of ``gamelab analyze``: after the line ``moves`` (named as in
    ``solve``'s JSON: ``left``, ``2``...), the player to move, its value (win/tie/lose), margin
    and remoteness, the Grundy value where the game has one, and every legal move with the
    value, margin and remoteness it leads to, best first. The ``json`` key holds the CLI's JSON
    line. ``game`` may also be a game defined in Python (moves named by its ``describe_move``).
    An illegal move raises :class:`InputError` naming it and the legal ones."""
    if isinstance(moves, str):
        raise InputError("moves must be a list of move names, e.g. ['left', 'right']")
    moves = [str(move) for move in moves]
    if isinstance(game, LoadedGame):
        return game.analyze(moves)
    if custom.is_custom(game):
        return _gamelab.analyze_explored(custom.explore(game, max_states), moves)
    return _gamelab.analyze(
        _game_name(game), _options(piles=piles, n=n, subtract=subtract, max_states=max_states), moves
    )


class Batch(NamedTuple):
    """The results of :func:`solve_many`, one entry per instance, in input order (int64
    arrays). ``pandas.DataFrame(batch._asdict())`` makes a frame of them."""

    margin: np.ndarray
    first_score: np.ndarray
    second_score: np.ndarray


def _integer_array(values: Any, name: str) -> np.ndarray:
    array = np.asarray(values)
    if array.size == 0 and array.dtype == np.float64:
        array = array.astype(np.int64)
    if array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer):
        raise InputError(f"{name} must be an array of integers, got dtype {array.dtype}")
    if array.dtype == np.uint64 and array.size and int(array.max()) > np.iinfo(np.int64).max:
        raise InputError(f"{name} holds values above the 64-bit range of pile values")
    return np.ascontiguousarray(array, dtype=np.int64)


def solve_many(
    game: str, instances: Any, subtract: Optional[Sequence[int]] = None
) -> Batch:
    """Solves many instances at once with the fastest exact solver, in parallel, releasing
    the GIL (Ctrl-C stops it).

    Pile games take a 2-D integer array, one instance per row (all of the same length); number
    games a 1-D array of N (nim: one ``subtract`` for all). Returns a :class:`Batch` of
    margins and both scores."""
    array = _integer_array(instances, "instances")
    margin, first, second = _gamelab.solve_many(
        _game_name(game), array, None if subtract is None else list(subtract)
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
) -> Union[np.ndarray, list]:
    """Seeded random instances, the same as ``gamelab generate`` with the same arguments.

    Pile games of one size (``n``, or ``n_min == n_max``) give a 2-D int64 array (count x n),
    ready for :func:`solve_many`; pile games of several sizes a list of 1-D arrays; number games
    a 1-D array of N. Defaults: 1..10 piles of values 1..100, or N in 1..100; seed 1."""
    return _gamelab.generate(
        _game_name(game),
        _options(
            count=count, n=n, n_min=n_min, n_max=n_max, n_parity=n_parity, n_mod=n_mod,
            n_residue=n_residue, min_value=min_value, max_value=max_value,
            distribution=distribution, total_parity=total_parity, subtract=subtract, seed=seed,
        ),
    )


def _read_csv(text: str, **options: Any):
    """pandas' CSV reader with floats read exactly (the default from pandas 3 on)."""
    import pandas as pd

    if int(pd.__version__.split(".")[0]) < 3:
        options["float_precision"] = "round_trip"
    return pd.read_csv(io.StringIO(text), keep_default_na=False, **options)


def _frame(text: str, margin_sums_fit: bool = True):
    dtypes = dict(SWEEP_DTYPES)
    if not margin_sums_fit:
        dtypes["margin_sum"] = "object"
    frame = _read_csv(
        text,
        dtype={k: (v if v != "object" else str) for k, v in dtypes.items()},
        na_values=[""],
    )
    if not margin_sums_fit:
        frame["margin_sum"] = frame["margin_sum"].map(int)
    return frame


def _table(frame: Any) -> str:
    """A sweep frame as CSV text for the library's reader (floats round-trip exactly)."""
    if frame is None or not hasattr(frame, "to_csv"):
        raise InputError(f"expected a pandas DataFrame of sweep rows, got {type(frame).__name__}")
    return frame.to_csv(index=False, na_rep="", float_format=None)


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
):
    """Solves ``trials`` random instances for every size n and tallies who wins: a pandas
    DataFrame with the columns and values of ``gamelab sweep --format csv`` (see
    :data:`SWEEP_DTYPES`). Runs in parallel without the GIL; Ctrl-C stops it.

    Defaults: n = 1..20 piles of values 1..100 and 1000 trials, or N = 1..100 (one instance
    each); seed 1. ``shard=(k, count)`` (or ``"k/count"``) runs one shard; :func:`merge`
    combines the shards. :func:`to_csv` writes the frame byte for byte as the CLI does.
    ``threads`` (1..1024) solves on that many threads instead of every core; the table is the
    same on any thread count."""
    return _frame(*_sweep_csv(
        game, n=n, n_min=n_min, n_max=n_max, n_parity=n_parity, n_mod=n_mod,
        n_residue=n_residue, min_value=min_value, max_value=max_value, distribution=distribution,
        total_parity=total_parity, subtract=subtract, trials=trials, seed=seed, shard=shard,
        threads=threads,
    ))


def _sweep_csv(game: str, shard: Union[None, str, tuple] = None, **settings: Any) -> tuple:
    """The sweep's CSV text and whether its margin sums fit int64 (what :func:`sweep` turns
    into a frame; :mod:`gamelab.distributed` ships the text, which pickles cheaply)."""
    if isinstance(shard, tuple):
        if len(shard) != 2:
            raise InputError(f"shard must be (k, count), got {shard!r}")
        shard = f"{shard[0]}/{shard[1]}"
    return _gamelab.sweep(_game_name(game), _options(shard=shard, **settings))


def merge(frames: Sequence[Any]):
    """Combines the frames of a sharded sweep (each shard once) into the frame of the whole
    sweep, as ``gamelab merge`` does with CSV files."""
    if isinstance(frames, (str, bytes)) or not hasattr(frames, "__iter__"):
        raise InputError("merge takes a list of sweep DataFrames")
    tables = [(f"frame {index + 1}", _table(frame)) for index, frame in enumerate(frames)]
    text, fits = _gamelab.merge_csv(tables)
    return _frame(text, fits)


def to_csv(frame: Any, path: Optional[str] = None) -> Optional[str]:
    """Writes a sweep frame with the library's CSV writer: the very bytes ``gamelab sweep
    --out`` writes for the same rows. Returns the text when ``path`` is None."""
    text = _gamelab.rewrite_csv("the frame", _table(frame))
    if path is None:
        return text
    with open(path, "w", encoding="utf-8", newline="") as out:
        out.write(text)
    return None


class Verdict:
    """The outcome of :func:`check`: ``holds``, ``checked`` (instances), ``exhaustive``,
    ``claim`` (in words), ``counterexample`` (a dict as in the CLI's JSON, or None) and
    ``solution`` (the counterexample's :class:`Solution`, or None)."""

    def __init__(self, record: dict):
        self.holds: bool = record["holds"]
        self.checked: int = record["checked"]
        self.exhaustive: bool = record["exhaustive"]
        self.counterexample: Optional[dict] = record["counterexample"]
        self.claim: str = record["claim"]
        self.solution: Optional[Solution] = record["solution"]
        self._json: str = record["json"]

    def to_json(self) -> str:
        """The verdict as ``gamelab check --format json`` prints it (without the newline)."""
        return self._json

    def __bool__(self) -> bool:
        return self.holds

    def __repr__(self) -> str:
        if self.holds:
            how = "exhaustively" if self.exhaustive else "on samples"
            return f"Verdict(claim={self.claim!r}, holds on {self.checked} instances {how})"
        example = {k: v for k, v in (self.counterexample or {}).items()
                   if k in ("piles", "n", "subtract")}
        return (f"Verdict(claim={self.claim!r}, refuted after {self.checked} instances, "
                f"counterexample={example})")


def check(
    game: str,
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
    if not isinstance(game, str):
        return custom.check(game, expect, count=samples)
    record = _gamelab.check(
        _game_name(game),
        _options(
            expect=expect, n=n, n_min=n_min, n_max=n_max, n_parity=n_parity, n_mod=n_mod,
            n_residue=n_residue, min_value=min_value, max_value=max_value,
            distribution=distribution, total_parity=total_parity, subtract=subtract,
            samples=samples, seed=seed, solver=solver,
        ),
    )
    return Verdict(record)


def play(
    game: str,
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
    trials: Optional[int] = None,
    seed: int = 1,
    max_states: Optional[int] = None,
) -> dict:
    """Plays strategy ``first`` against ``second`` (optimal, greedy, random, lookahead-K, or a
    game's own such as parity).

    With ``piles`` (or ``n`` of a number game, without ``trials``) one instance is played move
    by move: the game record as ``gamelab play --format json`` gives it (``moves``, scores,
    ``optimal``...). Otherwise ``trials`` seeded instances (default 1000): the match statistics
    (wins, ties, mean margin, mean shortfall). The ``json`` key holds the CLI's JSON line.

    ``game`` may also be a game defined in Python (a :class:`Game`): one game is played on it
    with the generic strategies."""
    if isinstance(game, LoadedGame):
        return game.play(first, second, seed)
    if custom.is_custom(game):
        return custom.play(game, first, second, seed, max_states)
    return _gamelab.play(
        _game_name(game),
        _options(
            first=first, second=second, piles=piles, n=n, n_min=n_min, n_max=n_max,
            n_parity=n_parity, min_value=min_value, max_value=max_value,
            distribution=distribution, total_parity=total_parity, subtract=subtract,
            trials=trials, seed=seed,
        ),
    )


def tournament(
    game: str,
    strategies: Sequence[str],
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
):
    """Every ordered pairing of ``strategies`` on the same seeded instances: a DataFrame with
    one row per pairing, the columns of ``gamelab tournament --format csv``. The frame's
    ``attrs`` hold ``settings`` (the instances in words) and ``json`` (the CLI's JSON)."""
    import pandas as pd

    if isinstance(strategies, str):
        names = strategies
    else:
        names = ",".join(str(name) for name in strategies)
    text, record = _gamelab.tournament(
        _game_name(game),
        _options(
            strategies=names, n=n, n_min=n_min, n_max=n_max, n_parity=n_parity,
            min_value=min_value, max_value=max_value, distribution=distribution,
            total_parity=total_parity, subtract=subtract, trials=trials, seed=seed,
        ),
    )
    frame = _read_csv(text)
    frame.attrs["settings"] = record["settings"]
    frame.attrs["json"] = record["json"]
    return frame


def tree(
    game: str,
    piles: Optional[Sequence[int]] = None,
    n: Optional[int] = None,
    subtract: Optional[Sequence[int]] = None,
    *,
    dag: bool = False,
    max_nodes: Optional[int] = None,
    max_states: Optional[int] = None,
) -> Graph:
    """The solved game tree of one instance (with ``dag=True`` the state DAG: one node per
    distinct position), refused before it is built if it has more than ``max_nodes`` nodes
    (default 1,000,000). The :class:`Graph` exports DOT, EFG and JSON as ``gamelab tree``
    does, converts to networkx, and draws itself in Jupyter. ``game`` may also be a game
    defined in Python (a :class:`Game`) or a :class:`LoadedGame`."""
    if isinstance(game, LoadedGame):
        return game.tree(dag, max_nodes)
    if custom.is_custom(game):
        return custom.tree(game, dag, max_nodes, max_states)
    return _gamelab.tree(
        _game_name(game), _options(piles=piles, n=n, subtract=subtract, dag=dag, max_nodes=max_nodes)
    )


def _graph_to_networkx(self: Graph):
    """The graph as a ``networkx.DiGraph`` (``pip install networkx``): node and edge
    attributes are the fields of :meth:`to_json`."""
    import json

    try:
        import networkx as nx
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise ImportError(
            "to_networkx needs networkx: pip install networkx (or gamelab[networkx])"
        ) from error
    data = json.loads(self.to_json())
    graph = nx.DiGraph(kind=data["kind"], game=data["game"], instance=data["instance"],
                       title=data["title"], root=data["root"])
    for node in data["nodes"]:
        graph.add_node(node["id"], **{k: v for k, v in node.items() if k != "id"})
    for edge in data["edges"]:
        graph.add_edge(edge["from"], edge["to"],
                       **{k: v for k, v in edge.items() if k not in ("from", "to")})
    return graph


def _graph_mimebundle(self: Graph, include=None, exclude=None) -> dict:
    """Jupyter's display: SVG for graphs of up to :data:`SVG_NODE_LIMIT` nodes (drawn by
    Graphviz when installed, else by the built-in renderer), text only above, as the graphviz
    package does."""
    bundle = {"text/plain": repr(self)}
    if self.node_count <= SVG_NODE_LIMIT:
        bundle["image/svg+xml"] = self.to_svg()
    return bundle


#: The columns of :meth:`Solution.moves_frame`, the same for every game.
MOVE_COLUMNS = ("number", "player", "move", "key", "gain", "took", "first_score",
                "second_score", "position")


def _solution_moves_frame(self: Solution):
    """The optimal line as a pandas DataFrame, one row per move, with the same columns for
    every game (:data:`MOVE_COLUMNS`): ``number`` (1 first), ``player`` (first/second),
    ``move`` (its name, as ``moves`` gives it under ``key``: ``side``, ``count``, ``take``...),
    ``gain``, ``took`` (the pile values taken, a list; empty for games without piles), the
    running ``first_score`` and ``second_score``, and ``position`` (after the move). Empty for
    a value-only solution."""
    import pandas as pd

    rows = []
    first = second = 0
    for number, (player, key, name, gain, took, position) in enumerate(self.move_rows(), 1):
        if player == "first":
            first += gain
        else:
            second += gain
        rows.append((number, player, name, key, gain, list(took), first, second, position))
    frame = pd.DataFrame(rows, columns=list(MOVE_COLUMNS))
    return frame.astype({"number": "int64", "gain": "int64", "first_score": "int64",
                         "second_score": "int64", "player": "string", "move": "string",
                         "key": "string", "position": "string"})


Solution.moves_frame = _solution_moves_frame
Graph.to_networkx = _graph_to_networkx
Graph._repr_mimebundle_ = _graph_mimebundle
