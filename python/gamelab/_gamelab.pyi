"""Types of the extension module ``gamelab._gamelab`` (Rust, python/src/), the one part of the
package without Python source to carry them. The package's own modules are typed inline; this
stub is checked against the built extension by ``mypy.stubtest`` (python/tests/test_types.py).
Its functions take a game's name and one dict of keyword settings (those the public functions
were given, without the ones left at None); :mod:`gamelab` is their documented face."""

import os
from typing import Any, Optional, Union, final

import numpy as np
import numpy.typing as npt
import pandas as pd

# What the module exports (PyO3 lists every class and function it adds); stubtest holds the two
# lists equal, so nothing the extension exports goes untyped.
__all__ = [
    "ExploredGame", "Graph", "InputError", "Solution", "__version__", "analyze", "budget",
    "check", "claim_sentence", "expectation_holds",
    "explore_builtin", "explore_game", "explored_tree", "explorer_page", "explorer_page_explored",
    "games", "generate", "grundy", "merge_csv", "play", "plot_divisor", "plot_heatmap", "plot_margins",
    "plot_table", "rewrite_csv", "set_budget", "solve", "solve_many", "sweep", "tournament",
    "tree",
]
__version__: str

class InputError(ValueError):
    """Bad input: an unknown game, a malformed instance, settings that cannot be met. The
    message is the command line's one-line message, naming settings by their keywords."""

@final
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
    def move_rows(self) -> list[tuple[str, str, str, int, list[int], str]]:
        """The line as ``(player, key, move, gain, took, position_after)`` tuples."""
    def to_json(self) -> str:
        """The solution as ``gamelab solve --format json`` prints it (without the newline)."""
    def moves_frame(self) -> pd.DataFrame:
        """The optimal line as a DataFrame, one row per move, the same columns
        (``MOVE_COLUMNS``) for every game (written in Python: :mod:`gamelab.results`)."""

@final
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
        """A ``networkx.DiGraph`` with the JSON fields as attributes (needs networkx; written
        in Python: :mod:`gamelab.results`)."""
    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        """Jupyter's display: ``image/svg+xml`` for small graphs, ``text/plain`` always."""

@final
class ExploredGame:
    """A game explored by the engine into a table of positions (a game defined in Python,
    :func:`gamelab.custom.explore`, or a built-in instance, :meth:`gamelab.LoadedGame.explore`);
    solving and playing it run on the table. Positions and moves are numbers (0 is the
    start)."""

    name: str
    position_count: int
    move_count: int
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

_Settings = dict[str, Any]
_Path = Union[str, os.PathLike[str]]

def set_budget(
    max_memory: Union[None, int, str] = None, max_time: Union[None, int, float, str] = None
) -> dict[str, Any]: ...
def budget() -> dict[str, Any]: ...
def games() -> list[dict[str, Any]]: ...
def solve(name: str, options: _Settings) -> Solution: ...
def solve_many(
    name: str, instances: npt.NDArray[np.int64], subtract: Optional[list[int]] = None
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]: ...
def generate(name: str, options: _Settings) -> Union[np.ndarray, list[np.ndarray]]: ...
def sweep(name: str, options: _Settings) -> tuple[str, bool]: ...
def grundy(name: str, options: _Settings) -> tuple[npt.NDArray[np.int64], dict[str, Any]]: ...
def merge_csv(tables: list[tuple[str, str]]) -> tuple[str, bool]: ...
def rewrite_csv(name: str, text: str) -> str: ...
def analyze(name: str, options: _Settings, moves: list[str]) -> dict[str, Any]: ...
def check(name: str, options: _Settings) -> dict[str, Any]: ...
def expectation_holds(expect: str, margin: int) -> bool: ...
def claim_sentence(expect: str) -> str: ...
def play(name: str, options: _Settings) -> dict[str, Any]: ...
def tournament(name: str, options: _Settings) -> tuple[str, dict[str, Any]]: ...
def tree(name: str, options: _Settings) -> Graph: ...
def explored_tree(explored: ExploredGame, dag: bool, max_nodes: Optional[int] = None) -> Graph: ...
def explore_game(game: Any, max_states: int) -> ExploredGame: ...
def explore_builtin(
    name: str, options: _Settings, max_states: Optional[int] = None
) -> ExploredGame: ...
def explorer_page(name: str, options: _Settings) -> tuple[str, int]: ...
def explorer_page_explored(
    explored: ExploredGame, title: str = ..., rules: str = ...
) -> tuple[str, int]: ...
def plot_table(kind: str, table: str, path: _Path) -> None: ...
def plot_margins(name: str, options: _Settings, path: _Path) -> None: ...
def plot_heatmap(name: str, options: _Settings, path: _Path) -> None: ...
def plot_divisor(n_min: int, n_max: int, path: _Path) -> None: ...
