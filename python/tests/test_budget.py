"""The budget every call is costed against: refused requests name the Python way to raise it,
and raising it with gamelab.set_budget lets the same request run."""

import json
import subprocess
import sys

import pytest

import gamelab

#: The command line's defaults: `--max-memory 1G`, `--max-time 10s`.
DEFAULTS = {"max_memory": 1 << 30, "max_time": 10.0}


@pytest.fixture(autouse=True)
def default_budget():
    """Every test starts and ends with the library's defaults (the budget is process-wide)."""
    gamelab.set_budget(**DEFAULTS)
    yield
    gamelab.set_budget(**DEFAULTS)


def test_the_defaults_are_the_command_lines():
    # A fresh interpreter: this one's budget is the fixture's.
    fresh = subprocess.run(
        [sys.executable, "-c", "import gamelab, json; print(json.dumps(gamelab.budget()))"],
        capture_output=True, text=True, check=True,
    )
    assert json.loads(fresh.stdout) == DEFAULTS


def test_a_sweep_whose_frame_would_not_fit_is_refused_before_it_runs():
    # Ten million rows: about 11 GB as a DataFrame, where the command line streams them.
    with pytest.raises(gamelab.InputError) as refused:
        gamelab.sweep("divisor-game", n_max=10**7)
    message = str(refused.value)
    assert "the DataFrame of this sweep (1.0e7 rows) needs about" in message, message
    assert "gamelab sweep --out" in message and "raise max_memory" in message, message
    gamelab.set_budget(max_memory="2G")
    assert len(gamelab.sweep("divisor-game", n_min=1, n_max=1000)) == 1000


def test_a_sweep_over_the_time_budget_runs_once_the_budget_is_raised():
    gamelab.set_budget(max_time=0.000001)
    with pytest.raises(gamelab.InputError) as refused:
        gamelab.sweep("stone-game", n_min=1, n_max=10, trials=100)
    message = str(refused.value)
    assert "this sweep (1000 instances) would take about" in message
    assert "raise max_time in gamelab.set_budget" in message
    # Settings are named by their Python keywords, never the command line's flags.
    assert "run it in shards (shard, then merge)" in message and "--" not in message, message
    assert gamelab.set_budget(max_time="10m")["max_time"] == 600.0
    assert gamelab.set_budget(max_time="none")["max_time"] is None
    frame = gamelab.sweep("stone-game", n_min=1, n_max=10, trials=100)
    assert list(frame["trials"]) == [100] * 10


def test_a_graph_over_the_memory_budget_is_built_once_the_budget_is_raised():
    gamelab.set_budget(max_memory="1M")
    with pytest.raises(gamelab.InputError) as refused:
        gamelab.tree("stone-game-iv", n=3000, dag=True)
    message = str(refused.value)
    # 5,998 positions and their moves, at 100 bytes a node and 64 a move.
    assert "the state DAG (5998 nodes" in message
    assert "raise max_memory in gamelab.set_budget" in message
    gamelab.set_budget(max_memory="64M")
    assert gamelab.budget()["max_memory"] == 64 << 20
    graph = gamelab.tree("stone-game-iv", n=3000, dag=True)
    assert graph.node_count == 5998


@pytest.mark.parametrize(
    "settings",
    [{"max_memory": "lots"}, {"max_memory": 0}, {"max_memory": -5}, {"max_time": 0},
     {"max_time": "many"}, {"max_time": -1.5}, {"max_time": True}, {"max_memory": "0"},
     {"max_time": 1e-12}, {"max_time": "0.4ns"}, {"max_time": 1e300}],
)
def test_bad_budgets_are_refused(settings):
    with pytest.raises(gamelab.InputError):
        gamelab.set_budget(**settings)
    assert gamelab.budget() == DEFAULTS


def test_a_solve_over_the_time_budget_points_to_peaks():
    # stone-game's rolling (auto's pick) fills n^2/2 cells; peaks gives the value in O(n).
    gamelab.set_budget(max_time=1e-8)
    piles = list(range(1, 201))
    with pytest.raises(gamelab.InputError) as refused:
        gamelab.solve("stone-game", piles=piles, value_only=True, solver="rolling")
    message = str(refused.value)
    assert "solving 200 piles with the solver rolling" in message
    assert "the solver peaks gives the value alone" in message
    assert "raise max_time in gamelab.set_budget" in message
    gamelab.set_budget(max_time=1e-5)
    value = gamelab.solve("stone-game", piles=piles, solver="peaks", value_only=True)
    gamelab.set_budget(max_time=60)
    assert value.margin == gamelab.solve("stone-game", piles=piles, value_only=True).margin
    assert value.solver == "peaks"


def test_a_claim_check_over_the_time_budget_names_samples_by_its_keyword():
    with pytest.raises(gamelab.InputError) as refused:
        gamelab.check("stone-game", "tie", samples=10**15)
    message = str(refused.value)
    assert "use fewer samples or smaller sizes" in message and "--" not in message, message
