"""tree: the CLI's DOT, EFG and JSON, counts, networkx, and Jupyter's SVG bundle."""

import json

import pytest

import gamelab
from conftest import cli


@pytest.mark.parametrize("game,instance,flags", [
    ("stone-game", {"piles": [4, 6, 2, 3]}, ["--piles", "4,6,2,3"]),
    ("nim", {"n": 7, "subtract": [1, 3]}, ["--n", "7", "--subtract", "1,3"]),
    ("stone-game-ii", {"piles": [2, 7, 9]}, ["--piles", "2,7,9"]),
])
def test_exports_are_the_cli_exports(game, instance, flags):
    graph = gamelab.tree(game, **instance)
    assert graph.to_dot() == cli("tree", game, *flags).stdout
    assert graph.to_efg() == cli("tree", game, *flags, "--format", "efg").stdout
    assert graph.to_json() == cli("tree", game, *flags, "--format", "json").stdout
    dag = gamelab.tree(game, dag=True, **instance)
    assert dag.to_dot() == cli("tree", game, *flags, "--dag").stdout
    data = json.loads(dag.to_json())
    assert (dag.node_count, dag.edge_count) == (len(data["nodes"]), len(data["edges"]))
    assert dag.kind == "dag" and dag.node_count == graph.dag_nodes


def test_tree_counts_and_networkx():
    graph = gamelab.tree("stone-game", [4, 6, 2, 3])
    # A row of 4 piles: 1 + 2 + 4 + 8 + 16 - 8 ... the tree has sum_{k=0..4} 2^k nodes at most.
    assert graph.node_count == graph.tree_nodes == 1 + 2 + 4 + 8 + 8
    assert graph.edge_count == graph.node_count - 1
    nx = pytest.importorskip("networkx")
    digraph = graph.to_networkx()
    assert isinstance(digraph, nx.DiGraph)
    assert digraph.number_of_nodes() == graph.node_count
    assert nx.is_tree(digraph)


def test_small_graphs_show_as_svg_large_ones_as_text():
    bundle = gamelab.tree("stone-game", [4, 6, 2, 3])._repr_mimebundle_()
    assert bundle["image/svg+xml"].lstrip().startswith(("<?xml", "<svg", "<!--"))
    assert "</svg>" in bundle["image/svg+xml"]
    assert "Graph(" in bundle["text/plain"]
    big = gamelab.tree("stone-game", list(range(1, 10)))
    assert big.node_count > gamelab.SVG_NODE_LIMIT
    assert set(big._repr_mimebundle_()) == {"text/plain"}


def test_too_large_a_graph_is_refused_before_it_is_built():
    with pytest.raises(gamelab.InputError, match="max_nodes"):
        gamelab.tree("stone-game", list(range(1, 30)), max_nodes=1000)


def test_a_built_in_games_graph_pickles_and_a_python_games_says_it_cannot():
    import pickle
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples" / "python"))
    from custom_games import StoneGame

    for graph in (
        gamelab.tree("stone-game", [4, 6, 2, 3]),
        gamelab.tree("kayles", n=6, dag=True),
        gamelab.tree("nim", heaps=[2, 3], max_nodes=5000),
    ):
        copy = pickle.loads(pickle.dumps(graph))
        assert copy.to_dot() == graph.to_dot()
        assert (copy.kind, copy.game, copy.instance, copy.node_count, copy.edge_count) == (
            graph.kind,
            graph.game,
            graph.instance,
            graph.node_count,
            graph.edge_count,
        )
    with pytest.raises(TypeError, match="a Graph of a game defined in Python does not pickle"):
        pickle.dumps(gamelab.tree(StoneGame([4, 6, 2, 3])))
