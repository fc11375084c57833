"""sweep, merge, to_csv: the CLI's CSV byte for byte, DataFrame types, shards, the GIL released
during a sweep, and Ctrl-C stopping one."""

import signal
import threading
import time
import _thread

import pandas as pd
import pytest

import gamelab
from conftest import cli


def test_a_sweep_is_the_cli_csv_byte_for_byte(tmp_path):
    frame = gamelab.sweep("stone-game", n_min=1, n_max=12, trials=300, seed=5)
    expected = cli("sweep", "stone-game", "--n-min", "1", "--n-max", "12", "--trials", "300",
                   "--seed", "5", "--format", "csv").stdout
    assert gamelab.to_csv(frame) == expected
    gamelab.to_csv(frame, tmp_path / "sweep.csv")
    assert (tmp_path / "sweep.csv").read_text() == expected
    assert frame["first_wins"].sum() == gamelab.bridge.read_csv(expected)["first_wins"].sum()


@pytest.mark.parametrize("args", [
    ("stone-game-vii", ["--n-max", "6", "--trials", "50", "--total-parity", "odd"]),
    ("divisor-game", ["--n-min", "1", "--n-max", "40"]),
    ("nim", ["--n-max", "30", "--subtract", "1,3,4"]),
    ("stone-game-iii", ["--n-max", "5", "--trials", "40", "--min-value", "-9",
                        "--distribution", "geometric"]),
])
def test_other_games_and_settings_match_the_cli(args):
    game, flags = args
    keywords = {}
    for flag, value in zip(flags[::2], flags[1::2]):
        key = flag[2:].replace("-", "_")
        if key == "subtract":
            keywords[key] = [int(v) for v in value.split(",")]
        elif key in ("total_parity", "distribution"):
            keywords[key] = value
        else:
            keywords[key] = int(value)
    frame = gamelab.sweep(game, **keywords)
    assert gamelab.to_csv(frame) == cli("sweep", game, *flags, "--format", "csv").stdout


def test_the_frame_has_the_csv_columns_and_types():
    frame = gamelab.sweep("stone-game", n_max=4, trials=20)
    header = cli("sweep", "stone-game", "--n-max", "4", "--trials", "20", "--format",
                 "csv").stdout.splitlines()[0]
    assert list(frame.columns) == header.split(",")
    assert {column: str(dtype) for column, dtype in frame.dtypes.items()} == {
        column: dtype if dtype != "string" else str(frame[column].dtype)
        for column, dtype in gamelab.SWEEP_DTYPES.items()}
    assert frame["n"].dtype == "int64" and frame["first_win_rate"].dtype == "float64"
    assert frame["first_share"].dtype == "Float64" and frame["game"].iloc[0] == "stone-game"


def test_merged_shards_give_the_whole_sweep():
    whole = gamelab.sweep("stone-game", n_max=9, trials=101, seed=2)
    shards = [gamelab.sweep("stone-game", n_max=9, trials=101, seed=2, shard=(k, 3))
              for k in (1, 2, 3)]
    assert gamelab.to_csv(gamelab.merge(shards)) == gamelab.to_csv(whole)
    assert gamelab.to_csv(gamelab.merge([shards[0], shards[1], shards[2]])) == cli(
        "sweep", "stone-game", "--n-max", "9", "--trials", "101", "--seed", "2", "--format",
        "csv").stdout


def test_the_thread_count_changes_nothing_but_the_speed():
    whole = gamelab.to_csv(gamelab.sweep("stone-game", n_max=30, trials=700, seed=4))
    for threads in (1, 2, 3):
        frame = gamelab.sweep("stone-game", n_max=30, trials=700, seed=4, threads=threads)
        assert gamelab.to_csv(frame) == whole
    for bad in (0, 1025, True, 2.0):
        with pytest.raises(gamelab.InputError, match="threads"):
            gamelab.sweep("stone-game", n_max=3, trials=5, threads=bad)


def test_a_python_thread_runs_while_a_sweep_runs():
    ticks = []
    done = threading.Event()

    def count():
        while not done.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    # Sweep until 0.2 s have been spent inside sweeps, however fast this machine is.
    sweeping = []
    while sum(finished - started for started, finished in sweeping) < 0.2:
        started = time.perf_counter()
        gamelab.sweep("stone-game", n_min=200, n_max=260, trials=4000)
        sweeping.append((started, time.perf_counter()))
    done.set()
    counter.join()
    during = [t for t in ticks if any(s < t < f for s, f in sweeping)]
    # A thread ticking every millisecond gets in about 150 ticks during 0.2 s of sweeps when
    # the sweep releases the GIL; holding it, only a tick or two at each sweep's edges.
    assert len(during) >= 50 + 2 * len(sweeping), (len(during), sweeping)


@pytest.fixture
def python_ctrl_c():
    """Python's own Ctrl-C handler, as in any interactive session: a run started in the
    background (`cmd &`) inherits SIGINT ignored, and then interrupt_main does nothing."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def test_ctrl_c_stops_a_long_sweep_within_a_second(python_ctrl_c):
    timer = threading.Timer(0.3, _thread.interrupt_main)
    started = time.perf_counter()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        # Minutes of work, within the default work budget (about 6e11 steps).
        gamelab.sweep("stone-game", n_min=500, n_max=600, trials=20_000)
    timer.join()
    assert time.perf_counter() - started < 1.5
