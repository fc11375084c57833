"""Type stubs of the gamelab package (the public API; the extension ``gamelab._gamelab`` is
private). Every keyword is a setting of the ``gamelab`` command with the same name and default
(``--n-min`` is ``n_min``)."""

import os
from typing import Any, Callable, Iterable, NamedTuple, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt
import pandas as pd

from . import custom as custom
from . import plot as plot

__version__: str
SWEEP_DTYPES: dict[str, str]
SVG_NODE_LIMIT: int
MOVE_COLUMNS: tuple[str, ...]
TERMINAL: int
"""What ``State.current_player()`` says once the game is over (OpenSpiel's -4)."""

class InputError(ValueError):
    """Bad input: an unknown game, a malformed instance, settings that cannot be met. The
    message is the command line's one-line message, naming settings by their keywords."""

class Solution:
    """One instance solved: optimal play by both players. ``str()`` is the CLI's text."""

    game: str
    """The game's name."""
    instance: str
    """The instance as the CLI writes it, e.g. ``[4, 6, 2, 3]`` or ``N = 10``."""
    solver: str
    """The solver that produced it (``auto`` names the one it picked)."""
    winner: str
    """``first``, ``second`` or ``tie``."""
    first_score: int
    second_score: int
    margin: int
    """``first_score - second_score``."""
    moves: Optional[list[dict[str, Any]]]
    """The optimal play as in the CLI's JSON (``player``, ``gain``, the game's move key,
    ``took``), or None for a value-only solution."""
    def to_json(self) -> str:
        """The solution as ``gamelab solve --format json`` prints it (without the newline)."""
    def move_rows(self) -> list[tuple[str, str, str, int, list[int], str]]:
        """The line as ``(player, key, move, gain, took, position_after)`` tuples."""
    def moves_frame(self) -> pd.DataFrame:
        """The optimal line as a DataFrame, one row per move, the same columns
        (``MOVE_COLUMNS``) for every game."""

class Batch(NamedTuple):
    """The results of :func:`solve_many`, one int64 entry per instance, in input order."""

    margin: np.ndarray
    first_score: np.ndarray
    second_score: np.ndarray

class Graph:
    """A solved game tree or state DAG; Jupyter draws it (SVG up to ``SVG_NODE_LIMIT``
    nodes)."""

    game: str
    instance: str
    kind: str
    """``tree`` or ``dag``."""
    node_count: int
    edge_count: int
    tree_nodes: int
    """Nodes of the full game tree (also for a DAG)."""
    dag_nodes: int
    """Nodes of the state DAG (distinct positions)."""
    def to_dot(self) -> str:
        """Graphviz DOT, as ``gamelab tree``."""
    def to_efg(self) -> str:
        """Gambit's extensive form (EFG 2 R), as ``gamelab tree --format efg``; trees only."""
    def to_json(self) -> str:
        """Nodes and edges as JSON text, as ``gamelab tree --format json``."""
    def to_svg(self) -> str:
        """The picture: Graphviz's dot when installed, else the built-in renderer."""
    def to_networkx(self) -> Any:
        """A ``networkx.DiGraph`` with the JSON fields as attributes (needs networkx)."""
    def _repr_mimebundle_(
        self, include: Any = None, exclude: Any = None
    ) -> dict[str, str]:
        """Jupyter's display: ``image/svg+xml`` for small graphs, ``text/plain`` always."""

class Verdict:
    """The outcome of :func:`check`; true when the claim holds."""

    holds: bool
    checked: int
    exhaustive: bool
    claim: str
    counterexample: Optional[dict[str, Any]]
    solution: Optional[Solution]
    def __init__(self, record: dict[str, Any]) -> None: ...
    def to_json(self) -> str:
        """The verdict as ``gamelab check --format json`` prints it."""
    def __bool__(self) -> bool: ...

PathLike = Union[str, os.PathLike[str]]

class Game:
    """Base class of a game defined in Python (see :mod:`gamelab.custom`): override
    ``initial``, ``to_move``, ``moves`` and ``play``; ``final_payoff``, ``describe_state`` and
    ``describe_move`` are optional."""

    max_states: int
    def initial(self) -> Any: ...
    def to_move(self, state: Any) -> str: ...
    def moves(self, state: Any) -> Iterable[Any]: ...
    def play(self, state: Any, move: Any) -> tuple[Any, int]: ...
    def final_payoff(self, state: Any) -> tuple[int, int]: ...
    def describe_state(self, state: Any) -> str: ...
    def describe_move(self, state: Any, move: Any) -> str: ...

class ExploredGame:
    """A game defined in Python, explored by the engine into a table of positions
    (:func:`gamelab.custom.explore`); solving and playing it run on the table."""

    @property
    def name(self) -> str: ...
    @property
    def position_count(self) -> int: ...
    @property
    def move_count(self) -> int: ...
    def solve(self) -> Solution: ...
    def first_margin(self) -> int: ...
    def play(self, first: str, second: str, seed: int = 0) -> dict[str, Any]: ...
    def analyze(self, moves: list[str]) -> dict[str, Any]: ...
    def to_move(self, position: int) -> int: ...
    def moves(self, position: int) -> list[tuple[int, int, int]]: ...
    def payoff(self, position: int) -> tuple[int, int]: ...
    def label(self, position: int) -> str: ...
    def move_name(self, mv: int) -> str: ...
    def move_object(self, mv: int) -> Any: ...
    def state_object(self, position: int) -> Any: ...
    def value(self, position: int) -> int: ...
    def best_move(self, position: int) -> Optional[int]: ...
    def move_value(self, position: int, mv: int) -> int: ...
    def extremes(self) -> tuple[int, int, int]: ...

class Move(NamedTuple):
    """A legal move of a :class:`State`: its place in the legal list, its name, and the
    game's own move object (an OpenSpiel action number for OpenSpiel games)."""

    index: int
    name: str
    action: Any

class State:
    """A position of a :class:`LoadedGame`, with OpenSpiel's verbs."""

    @property
    def game(self) -> LoadedGame: ...
    @property
    def position(self) -> int: ...
    def current_player(self) -> int:
        """0 (first), 1 (second), or ``TERMINAL`` (-4) once the game is over."""
    def is_terminal(self) -> bool: ...
    def legal_moves(self) -> list[Move]:
        """The legal moves in legal order."""
    def apply_move(self, move: Union[Move, int, str]) -> None:
        """Plays a move (a ``Move``, its index or its name) in place."""
    def child(self, move: Union[Move, int, str]) -> State:
        """The state after a move; this one stays."""
    def clone(self) -> State: ...
    def returns(self) -> list[int]:
        """``[first, second]`` points so far (with the end's payoff once over)."""
    def history(self) -> list[str]: ...
    def analyze(self) -> dict[str, Any]:
        """The position analysis, as ``gamelab.analyze`` after this state's moves."""

class LoadedGame:
    """A game to step through, solve, analyse, draw and play (see :func:`load_game`)."""

    name: str
    rules: Any
    def explore(self) -> ExploredGame: ...
    def new_initial_state(self) -> State: ...
    def num_players(self) -> int: ...
    def solve(self, value_only: bool = False) -> Solution: ...
    def analyze(self, moves: Sequence[str] = ()) -> dict[str, Any]: ...
    def tree(self, dag: bool = False, max_nodes: Optional[int] = None) -> Graph: ...
    def play(self, first: str, second: str, seed: int = 0) -> dict[str, Any]: ...

def load_game(
    game: Any,
    piles: Optional[Sequence[int]] = None,
    n: Optional[int] = None,
    subtract: Optional[Sequence[int]] = None,
    *,
    max_states: Optional[int] = None,
) -> LoadedGame:
    """A game to step through: a built-in game's name with its instance, or a game defined
    in Python."""

CustomGame = Union[Game, ExploredGame, LoadedGame]

def set_budget(
    max_memory: Union[None, int, str] = ..., max_time: Union[None, int, float, str] = ...
) -> dict[str, Any]:
    """Sets the budget later calls are costed against (bytes or "8G"; seconds, "10m" or
    "none"); returns it."""
def budget() -> dict[str, Any]:
    """The budget in force: {"max_memory": bytes, "max_time": seconds or None}."""
def games() -> list[dict[str, Any]]:
    """The registered games: name, title, rules, input keywords, solvers, special strategies."""

def solve(
    game: Union[str, CustomGame],
    piles: Optional[Sequence[int]] = None,
    n: Optional[int] = None,
    subtract: Optional[Sequence[int]] = None,
    solver: str = "auto",
    value_only: bool = False,
    max_states: Optional[int] = None,
) -> Solution:
    """Solves one instance exactly, as ``gamelab solve``, or a game defined in Python."""

def analyze(
    game: Union[str, CustomGame],
    piles: Optional[Sequence[int]] = None,
    n: Optional[int] = None,
    subtract: Optional[Sequence[int]] = None,
    *,
    moves: Sequence[str] = (),
    max_states: Optional[int] = None,
) -> dict[str, Any]:
    """The position analysis of ``gamelab analyze`` after the line ``moves``."""

def solve_many(
    game: str, instances: npt.ArrayLike, subtract: Optional[Sequence[int]] = None
) -> Batch:
    """Solves a 2-D array of piles (one instance per row) or a 1-D array of N in parallel,
    without the GIL."""

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
    """The instances of ``gamelab generate``: a 2-D array for pile games of one size, a list of
    arrays for several sizes, a 1-D array of N for number games."""

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
    shard: Union[None, str, tuple[int, int]] = None,
    threads: Optional[int] = None,
) -> pd.DataFrame:
    """The table of ``gamelab sweep --format csv`` as a DataFrame; no GIL, Ctrl-C stops it.
    ``threads`` solves on that many threads (default: every core); the table is the same."""

def merge(frames: Sequence[pd.DataFrame]) -> pd.DataFrame:
    """The frames of a sharded sweep merged into the whole sweep's frame."""

def to_csv(frame: pd.DataFrame, path: Optional[PathLike] = None) -> Optional[str]:
    """A sweep frame written by the library's CSV writer (the CLI's bytes)."""

def check(
    game: Union[str, Iterable[CustomGame], Callable[[int], CustomGame]],
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
    """Settles a claim, as ``gamelab check``, with the smallest counterexample if refuted."""

def play(
    game: Union[str, CustomGame],
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
) -> dict[str, Any]:
    """Two strategies on one instance (the game record) or many (the match statistics)."""

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
    """Every ordered pairing of the strategies: one row per pairing, the CLI's CSV columns."""

def tree(
    game: Union[str, CustomGame],
    piles: Optional[Sequence[int]] = None,
    n: Optional[int] = None,
    subtract: Optional[Sequence[int]] = None,
    *,
    dag: bool = False,
    max_nodes: Optional[int] = None,
    max_states: Optional[int] = None,
) -> Graph:
    """The solved game tree (or with ``dag=True`` the state DAG) of one instance."""

class Explorer:
    """One explorer page (:func:`explorer`): shown inline by Jupyter, saved by :meth:`save`."""

    html: str
    name: str
    positions: int
    height: int
    def save(self, path: PathLike) -> str:
        """Writes the page to ``path`` and returns the path."""
    def _repr_html_(self) -> str: ...

def explorer(
    game: Union[str, Any],
    piles: Optional[Sequence[int]] = None,
    n: Optional[int] = None,
    subtract: Optional[Sequence[int]] = None,
    *,
    max_states: Optional[int] = None,
    title: Optional[str] = None,
    rules: Optional[str] = None,
    height: int = 900,
) -> Explorer:
    """The explorer page of a built-in game's instance or of a game defined in Python (any
    object with the methods of :class:`Game`)."""
