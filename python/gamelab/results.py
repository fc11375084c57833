"""What the package's functions return beside the extension's own classes: :class:`Batch`
(:func:`gamelab.solve_many`), :class:`Verdict` (:func:`gamelab.check`, for built-in games and
games defined in Python alike), and the methods written in Python of the extension's
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

__all__ = ["Batch", "MOVE_COLUMNS", "SVG_NODE_LIMIT", "Verdict"]

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

    def __repr__(self) -> str:
        if self.holds:
            how = "exhaustively" if self.exhaustive else "on samples"
            return f"Verdict(claim={self.claim!r}, holds on {self.checked} instances {how})"
        example = {k: v for k, v in (self.counterexample or {}).items()
                   if k in ("piles", "n", "subtract")}
        return (f"Verdict(claim={self.claim!r}, refuted after {self.checked} instances, "
                f"counterexample={example})")


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
