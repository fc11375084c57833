"""gamelab.distributed on a real Dask LocalCluster (two worker processes): the distributed sweep
equals the one-machine sweep byte for byte as CSV; a worker killed mid-run is survived (the
shard is redone) or, when the cluster allows no failures, reported as ShardFailed rather than a
partial table; bad settings are the local sweep's errors."""

import inspect
import os
import signal
import threading
import time

import pytest

import gamelab
import gamelab.distributed

# Dask is installed by .ci/run; with CI=true a missing Dask fails instead of skipping.
if os.environ.get("CI") != "true":
    pytest.importorskip("distributed")
from distributed import Client, LocalCluster  # noqa: E402

SETTINGS = dict(n_min=1, n_max=24, trials=300, seed=5)


@pytest.fixture(scope="module")
def client():
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        yield client


def test_the_distributed_sweep_equals_the_local_one_byte_for_byte(client):
    local = gamelab.sweep("stone-game", **SETTINGS)
    for shards in (1, 7, 64):
        spread = gamelab.distributed.sweep(client, "stone-game", shards=shards, **SETTINGS)
        assert gamelab.to_csv(spread) == gamelab.to_csv(local), shards
    two_threads = gamelab.distributed.sweep(client, "stone-game", shards=3, threads_per_shard=2,
                                            **SETTINGS)
    assert gamelab.to_csv(two_threads) == gamelab.to_csv(local)
    # Shards dealt to fewer Dask tasks (and more tasks than shards) change nothing.
    for shards, tasks in ((64, 1), (64, 3), (7, 2), (5, 50)):
        grouped = gamelab.distributed.sweep(client, "stone-game", shards=shards, tasks=tasks,
                                            **SETTINGS)
        assert gamelab.to_csv(grouped) == gamelab.to_csv(local), (shards, tasks)
    nim = dict(n_min=1, n_max=200, subtract=[1, 3, 4])
    assert gamelab.to_csv(gamelab.distributed.sweep(client, "nim", shards=5, **nim)) == \
        gamelab.to_csv(gamelab.sweep("nim", **nim))


def test_bad_settings_are_the_local_sweeps_errors(client):
    with pytest.raises(gamelab.InputError) as local:
        gamelab.sweep("stone-game", n_min=9, n_max=3)
    with pytest.raises(gamelab.InputError) as spread:
        gamelab.distributed.sweep(client, "stone-game", shards=4, n_min=9, n_max=3)
    assert str(spread.value) == str(local.value)
    with pytest.raises(gamelab.InputError, match="shards must be a positive integer"):
        gamelab.distributed.sweep(client, "stone-game", shards=0)
    # Ten million shards would be ten million tables held for the merge: refused at once.
    with pytest.raises(gamelab.InputError, match="shards must be at most 100,000, got 10,000,000"):
        gamelab.distributed.sweep(NoClient(), "stone-game", shards=10**7)
    with pytest.raises(gamelab.InputError, match="leave out shard="):
        gamelab.distributed.sweep(client, "stone-game", shards=2, shard="1/2")
    for tasks in (0, -1, True, 2.5):
        with pytest.raises(gamelab.InputError, match="tasks must be a positive integer"):
            gamelab.distributed.sweep(client, "stone-game", shards=4, tasks=tasks)
    with pytest.raises(gamelab.InputError, match="use threads_per_shard="):
        gamelab.distributed.sweep(client, "stone-game", shards=2, threads=2)
    with pytest.raises(gamelab.InputError, match="threads_per_shard must be an integer"):
        gamelab.distributed.sweep(NoClient(), "stone-game", shards=2, threads_per_shard=0)
    with pytest.raises(gamelab.InputError, match="retries must be a non-negative integer"):
        gamelab.distributed.sweep(NoClient(), "stone-game", shards=2, retries=-1)
    with pytest.raises(TypeError, match="takes a dask.distributed.Client first, got str"):
        gamelab.distributed.sweep("client", "stone-game", shards=2)
    # A misspelt setting is refused as gamelab.sweep refuses it, not left at its default.
    with pytest.raises(TypeError, match="unexpected keyword argument 'trails'"):
        gamelab.distributed.sweep(NoClient(), "stone-game", shards=2, trails=5)


def test_the_settings_passed_on_are_the_local_sweeps():
    local = set(inspect.signature(gamelab.sweep).parameters) - {"game", "shard", "threads"}
    assert set(gamelab.distributed._SWEEP_SETTINGS) == local


def test_a_refusal_on_the_workers_comes_back_as_the_local_sweeps(client):
    # Over the workers' time budget (the default 10 s): each task returns the refusal rather
    # than raising it (a raise would be retried and logged as a failed task), and the call
    # raises it as the local sweep does (the estimate is the worker's: its machine's speed).
    settings = dict(n_max=2000, trials=100_000)
    with pytest.raises(gamelab.InputError, match="above the budget of 10 s"):
        gamelab.sweep("stone-game", shard=(1, 2), **settings)
    with pytest.raises(gamelab.InputError, match="^this sweep .* above the budget of 10 s"):
        gamelab.distributed.sweep(client, "stone-game", shards=2, **settings)
    done, message = gamelab.distributed._run_shards("stone-game", ["1/2"], settings)
    assert not done and "above the budget of 10 s" in message


# Slow enough per shard that a worker can be killed while it works.
HEAVY = dict(n_min=1, n_max=40, trials=1_000_000, seed=9)


def _kill_a_busy_worker(client, killed):
    """Waits until a worker is processing a shard, then kills that worker's process with
    SIGKILL (as the kernel's OOM killer or a lost machine would)."""
    pids = client.run(os.getpid)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        busy = [worker for worker, tasks in client.processing().items() if tasks]
        if busy:
            time.sleep(0.1)  # let it get into the shard
            os.kill(pids[busy[0]], signal.SIGKILL)
            killed.set()
            return
        time.sleep(0.02)


def test_a_worker_killed_mid_run_does_not_change_the_table(client):
    local = gamelab.sweep("stone-game", **HEAVY)
    killed = threading.Event()
    killer = threading.Thread(target=_kill_a_busy_worker, args=(client, killed))
    killer.start()
    spread = gamelab.distributed.sweep(client, "stone-game", shards=8, **HEAVY)
    killer.join()
    assert killed.is_set()
    assert gamelab.to_csv(spread) == gamelab.to_csv(local)


def _set_allowed_failures(count, dask_scheduler=None):
    """On the scheduler: how many workers may die running one task before it is given up (a
    scheduler reads the setting from dask.config only when it starts). Returns the old count."""
    previous = dask_scheduler.allowed_failures
    dask_scheduler.allowed_failures = count
    return previous


def test_a_shard_that_keeps_failing_is_an_error_not_a_partial_table(client):
    # The module's cluster, allowing no failure for this test: a second cluster of its own
    # would start two more worker processes (about 3 CPU-seconds).
    previous = client.run_on_scheduler(_set_allowed_failures, 0)
    try:
        killed = threading.Event()
        killer = threading.Thread(target=_kill_a_busy_worker, args=(client, killed))
        killer.start()
        # Four tasks of two shards each: the error names both shards of the lost task.
        with pytest.raises(gamelab.distributed.ShardFailed,
                           match=r"the task of shards \d+/8, \d+/8 of the stone-game sweep "
                                 r"failed .*no partial table"):
            gamelab.distributed.sweep(client, "stone-game", shards=8, tasks=4, retries=0,
                                      **HEAVY)
        killer.join()
        assert killed.is_set()
    finally:
        client.run_on_scheduler(_set_allowed_failures, previous)


class NoClient:
    """A client that fails any use: what is checked before any task is sent never reaches it."""

    def submit(self, *args, **kwargs):
        raise AssertionError("the client was used (submit) before the settings were checked")

    def nthreads(self):
        raise AssertionError("the client was used (nthreads) before the settings were checked")

    def __getattr__(self, name):
        raise AssertionError(f"the client was used ({name}) before the settings were checked")


def test_a_bad_game_or_bad_settings_fail_before_any_task_is_sent():
    with pytest.raises(gamelab.InputError) as local:
        gamelab.sweep("stone-gam")
    with pytest.raises(gamelab.InputError) as spread:
        gamelab.distributed.sweep(NoClient(), "stone-gam", shards=4)
    assert str(spread.value) == str(local.value)
    with pytest.raises(gamelab.InputError, match="n_min 9 is larger than n_max 3"):
        gamelab.distributed.sweep(NoClient(), "stone-game", shards=4, n_min=9, n_max=3)
    with pytest.raises(TypeError, match="distributed.sweep takes a built-in game's name"):
        gamelab.distributed.sweep(NoClient(), gamelab.load_game("nim", n=3), shards=4)
