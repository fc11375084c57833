"""What the package's functions return beside the extension's own classes: :class:`Batch`
(:func:`gamelab.solve_many`), :class:`Verdict` (:func:`gamelab.check`, for built-in games and
games defined in Python alike), :class:`NimSequence` (:func:`gamelab.grundy`), and the methods written in Python of the extension's
:class:`~gamelab.Solution` (``moves_frame``) and :class:`~gamelab.Graph` (``to_networkx`` and
Jupyter's display), attached to those classes when this module is imported."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, NamedTuple, Optional

import numpy as np

from ._gamelab import Graph, Solution

if TYPE_CHECKING:  # pandas and networkx are imported when needed, not with the package
    import networkx
    import pandas as pd

__all__ = ["Batch", "MOVE_COLUMNS", "NimSequence", "SVG_NODE_LIMIT", "Verdict"]

#: A frame of more than this many graph nodes is shown as text only in Jupyter.
SVG_NODE_LIMIT = 500

#: The columns of :meth:`Solution.moves_frame`, the same for every game.
MOVE_COLUMNS = ("number", "player", "move", "key", "gain", "took", "first_score",
                "second_score", "position")


class Batch(NamedTuple):
    """The results of :func:`solve_many`, one entry per instance, in input order (int64
    arrays). ``pandas.DataFrame(batch._asdict())`` makes a frame of them."""

    margin: np.ndarray
    first_score: np.ndarray
    second_score: np.ndarray

    def __eq__(self, other: object) -> bool:
        """Equal when every array is (a tuple's equality would compare arrays elementwise)."""
        if not isinstance(other, Batch):
            return NotImplemented
        return all(np.array_equal(mine, theirs) for mine, theirs in zip(self, other))

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None  # type: ignore[assignment]  # arrays are mutable


class Verdict:
    """The outcome of :func:`check`: ``holds``, ``checked`` (instances), ``exhaustive``,
    ``claim`` (in words), ``counterexample`` (a dict as in the CLI's JSON, or None) and
    ``solution`` (the counterexample's :class:`Solution`, or None). True when the claim
    holds."""

    def __init__(self, record: dict[str, Any]):
        self.holds: bool = record["holds"]
        self.checked: int = record["checked"]
        self.exhaustive: bool = record["exhaustive"]
        self.counterexample: Optional[dict[str, Any]] = record["counterexample"]
        self.claim: str = record["claim"]
        self.solution: Optional[Solution] = record["solution"]
        self._json: str = record["json"]

    def to_json(self) -> str:
        """The verdict as ``gamelab check --format json`` prints it (without the newline)."""
        return self._json

    def __bool__(self) -> bool:
        return self.holds

    def __eq__(self, other: object) -> bool:
        """Equal when the CLI's JSON of both is: the same claim, instances and counterexample."""
        if not isinstance(other, Verdict):
            return NotImplemented
        return self._json == other._json and self.solution == other.solution

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        if self.holds:
            how = "exhaustively" if self.exhaustive else "on samples"
            return f"Verdict(claim={self.claim!r}, holds on {self.checked} instances {how})"
        found = self.counterexample or {}
        example: Any = {k: v for k, v in found.items()
                        if k in ("piles", "n", "heaps", "subtract", "code")}
        if not example and "instance" in found:  # games defined in Python: the instance's name
            example = found["instance"]
        return (f"Verdict(claim={self.claim!r}, refuted after {self.checked} instances, "
                f"counterexample={example!r})")


class NimSequence:
    """The nim-sequence of a heap game, :func:`gamelab.grundy`: ``values`` (an int64 array
    indexed by the heap: ``values[n]`` is the Grundy value of a heap of n, for n from 0 to
    ``n_max``) and the summary ``gamelab grundy`` prints: ``period`` and ``preperiod`` (None
    when no period was found), ``proved`` (whether the period holds for every heap, not only
    those computed), ``largest``, ``zeros`` (how many heaps from ``first_heap`` to ``n_max``
    have value 0: the losing ones) with ``first_zeros`` (the first 20 of them), ``checksum``
    (ogsolve's Fletcher checksum, hexadecimal), ``game``, ``rule`` (``S={1, 3, 4}``; empty for
    games of one rule) and ``first_heap`` (the smallest heap that is a position: 0, or 1 for
    divisor-game, whose ``values[0]`` is 0 for indexing only)."""

    def __init__(self, values: np.ndarray, record: dict[str, Any]):
        self.values: np.ndarray = values
        self.game: str = record["game"]
        self.rule: str = record["rule"]
        self.first_heap: int = record["first_heap"]
        self.n_max: int = record["n_max"]
        self.period: Optional[int] = record["period"]
        self.preperiod: Optional[int] = record["preperiod"]
        self.proved: bool = record["proved"]
        self.largest: int = record["largest"]
        self.zeros: int = record["zeros"]
        self.first_zeros: list[int] = record["first_zeros"]
        self.checksum: Optional[str] = record["checksum"]
        self._json: str = record["json"]

    def to_json(self) -> str:
        """The summary as ``gamelab grundy --format json`` prints it (without the newline)."""
        return self._json

    def __eq__(self, other: object) -> bool:
        """Equal when the values and the summary are."""
        if not isinstance(other, NimSequence):
            return NotImplemented
        return self._json == other._json and np.array_equal(self.values, other.values)

    __hash__ = None  # type: ignore[assignment]
    # NumPy's operators leave a NimSequence to its own: ``sequence == array`` is False, as
    # with any other object, instead of NumPy comparing the array's every element with it.
    __array_ufunc__ = None

    def frame(self) -> pd.DataFrame:
        """The values as a DataFrame with the columns of ``gamelab grundy --out`` (``n``,
        ``grundy``), one row per heap from ``first_heap`` to ``n_max``."""
        import pandas as pd

        heaps = np.arange(self.first_heap, self.n_max + 1, dtype=np.int64)
        return pd.DataFrame({"n": heaps, "grundy": self.values[self.first_heap:]})

    def __repr__(self) -> str:
        rule = f" ({self.rule})" if self.rule else ""
        if self.period is None:
            period = "no period found"
        else:
            how = "proved" if self.proved else "observed, not proved"
            period = f"period {self.period} from heap {self.preperiod}, {how}"
        return (f"NimSequence({self.game}{rule}, heaps {self.first_heap}..{self.n_max}: "
                f"{period}, largest {self.largest}, {self.zeros} zeros)")


def _graph_to_networkx(self: Graph) -> networkx.DiGraph:
    """The graph as a ``networkx.DiGraph`` (``pip install networkx``): node and edge
    attributes are the fields of :meth:`to_json`."""
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


def _graph_mimebundle(self: Graph, include: Any = None, exclude: Any = None) -> dict[str, str]:
    """Jupyter's display: SVG for graphs of up to :data:`SVG_NODE_LIMIT` nodes (drawn by
    Graphviz when installed, else by the built-in renderer), text only above, as the graphviz
    package does."""
    bundle = {"text/plain": repr(self)}
    if self.node_count <= SVG_NODE_LIMIT:
        bundle["image/svg+xml"] = self.to_svg()
    return bundle


def _solution_moves_frame(self: Solution) -> pd.DataFrame:
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


# The extension's classes are defined in Rust; these methods are Python's work (pandas and
# networkx live here), so they are attached once, when the package is imported.
Solution.moves_frame = _solution_moves_frame  # type: ignore[method-assign]
Graph.to_networkx = _graph_to_networkx  # type: ignore[method-assign]
Graph._repr_mimebundle_ = _graph_mimebundle  # type: ignore[method-assign]
