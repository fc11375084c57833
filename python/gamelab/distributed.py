"""Sharded sweeps on a Dask cluster: the same table as one machine's sweep, byte for byte.

``gamelab sweep --shard K/N`` splits a sweep into N independent shards whose merge is the whole
sweep. :func:`sweep` maps those shards over a ``dask.distributed.Client`` — shard specs go out
as plain data (PyO3 objects are not picklable), each shard's CSV text comes back — and merges
them into one DataFrame::

    from dask.distributed import Client, LocalCluster
    import gamelab.distributed

    client = Client(LocalCluster(n_workers=2, threads_per_worker=1))
    frame = gamelab.distributed.sweep(client, "stone-game", shards=64,
                                      n_min=1, n_max=40, trials=20_000, seed=1)

On a real cluster only the client changes: ``Client("tcp://scheduler:8786")``, or
``dask_jobqueue.SLURMCluster(...)`` scaled to some jobs and passed to ``Client``. Every worker
needs this package installed (``pip install ./python``).

A shard that fails — a worker killed mid-run, a machine lost — is retried (``retries`` times
per shard, and Dask itself reschedules the work of a lost worker); if it still fails, the call
raises :class:`ShardFailed` naming the shard, and never returns a partial table: the merge
checks that the frames are exactly the N distinct shards of one sweep.
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any, Optional

from . import _gamelab
from ._gamelab import InputError
from .bridge import options, sweep_csv, sweep_frame
from .kinds import builtin_name

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["ShardFailed", "sweep"]


class ShardFailed(RuntimeError):
    """A shard of a distributed sweep failed after its retries; no table is returned."""


def _run_shards(game: str, shards: list[str], settings: dict[str, Any]) -> tuple[bool, Any]:
    """One Dask task: some shards on a worker, one after another (a plain function of plain
    data, so Dask can ship it). Each shard comes back as its CSV text, which travels cheaper
    than a DataFrame and merges without re-encoding: ``(True, texts)``. A refusal of the
    settings (the worker's budget) comes back as ``(False, message)`` rather than raised: it
    would fail again on every retry, each logged as a failed task."""
    try:
        return True, [sweep_csv(game, shard=shard, **settings)[0] for shard in shards]
    except InputError as error:
        return False, str(error)


#: The settings a sweep's instances are drawn with: the part of a sweep that
#: :func:`gamelab.generate` checks too.
_GENERATOR_SETTINGS = ("n", "n_min", "n_max", "n_parity", "n_mod", "n_residue", "min_value",
                       "max_value", "distribution", "total_parity", "subtract", "seed")

#: The settings :func:`sweep` passes on: :func:`gamelab.sweep`'s keywords but the two it sets
#: itself (``shard`` and ``threads``).
_SWEEP_SETTINGS = _GENERATOR_SETTINGS + ("trials",)

#: The threads one call may use, as :func:`gamelab.sweep` takes them.
_MOST_THREADS = 1024

#: The most shards one sweep is split into: every shard comes back as a table of its own, all
#: held in this process until they are merged, and a few per worker thread already even out
#: workers of different speeds.
_MOST_SHARDS = 100_000


def _check_here(game: Any, settings: dict[str, Any]) -> None:
    """Refuses a bad game or bad instance settings in this process, before any task is sent:
    on the workers each task would fail and log its traceback before the error came back."""
    name = builtin_name(game, "distributed.sweep")
    drawn = {key: value for key, value in settings.items() if key in _GENERATOR_SETTINGS}
    _gamelab.generate(name, options(count=0, **drawn))


# Dask tasks per worker thread when ``tasks`` is not given: enough to even out workers of
# different speeds and to make a retry cheap, few enough that Dask's own cost per task (a few
# milliseconds of scheduling and messages) stays small beside the shards' work.
TASKS_PER_THREAD = 4


def sweep(client: Any, game: str, *, shards: int, tasks: Optional[int] = None,
          retries: int = 2, threads_per_shard: int = 1, **settings: Any) -> pd.DataFrame:
    """The sweep ``gamelab.sweep(game, **settings)`` computed as ``shards`` shards on the Dask
    ``client``'s workers and merged: a DataFrame equal to the one-machine sweep (the same CSV
    bytes). ``settings`` are :func:`gamelab.sweep`'s keywords (n_min, n_max, trials, seed...).

    The shards travel in ``tasks`` Dask tasks (default: 4 per worker thread the client sees,
    at most one per shard; one per shard when no worker has joined yet), each running its
    shards one after another: a task per shard would pay Dask's per-task cost 64 times for
    64 shards. Shards are dealt to tasks in turn, so every task gets the same amount of work.

    Each shard solves on ``threads_per_shard`` threads (default 1): Dask already runs one task
    per worker thread, so a worker with ``threads_per_worker=T`` keeps T cores busy with T
    tasks, and tasks that each used every core would oversubscribe the machine. Give more
    threads only to workers that run fewer tasks than their machine has cores."""
    if not all(hasattr(client, method) for method in ("submit", "nthreads")):
        raise TypeError("distributed.sweep takes a dask.distributed.Client first, got "
                        f"{type(client).__name__}")
    if isinstance(shards, bool) or not isinstance(shards, int) or shards < 1:
        raise InputError(f"shards must be a positive integer, got {shards!r}")
    if shards > _MOST_SHARDS:
        raise InputError(f"shards must be at most {_MOST_SHARDS:,}, got {shards:,}: every shard "
                         "comes back as a table held until the merge")
    if tasks is not None and (isinstance(tasks, bool) or not isinstance(tasks, int)
                              or tasks < 1):
        raise InputError(f"tasks must be a positive integer, got {tasks!r}")
    if "shard" in settings:
        raise InputError("distributed.sweep makes the shards itself; leave out shard=")
    if "threads" in settings:
        raise InputError("distributed.sweep sets each shard's threads; use threads_per_shard=")
    for key in settings:
        if key not in _SWEEP_SETTINGS:
            raise TypeError(f"distributed.sweep() got an unexpected keyword argument {key!r}")
    if isinstance(retries, bool) or not isinstance(retries, int) or retries < 0:
        raise InputError(f"retries must be a non-negative integer, got {retries!r}")
    if (isinstance(threads_per_shard, bool) or not isinstance(threads_per_shard, int)
            or not 1 <= threads_per_shard <= _MOST_THREADS):
        raise InputError(f"threads_per_shard must be an integer from 1 to {_MOST_THREADS}, "
                         f"got {threads_per_shard!r}")
    _check_here(game, settings)
    settings["threads"] = threads_per_shard
    if tasks is None:
        threads = sum(client.nthreads().values())
        tasks = TASKS_PER_THREAD * threads if threads else shards
    tasks = min(tasks, shards)
    specs = [f"{k}/{shards}" for k in range(1, shards + 1)]
    groups = [specs[first::tasks] for first in range(tasks)]
    # Keys unique to this call, so two sweeps never share Dask results.
    call = uuid.uuid4().hex[:12]
    futures = [
        client.submit(_run_shards, game, group, settings,
                      key=f"gamelab-sweep-{call}-task-{index + 1}-of-{tasks}",
                      retries=retries, pure=False)
        for index, group in enumerate(groups)
    ]
    tables = {}
    for group, future in zip(groups, futures):
        try:
            done, result = future.result()
        except Exception as error:  # a lost worker (KilledWorker), a crashed process...
            for pending in futures:
                pending.cancel()
            named = f"shard {group[0]}" if len(group) == 1 else \
                f"the task of shards {', '.join(group)}"
            raise ShardFailed(
                f"{named} of the {game} sweep failed after {retries} retries: "
                f"{type(error).__name__}: {error}; no partial table was returned"
            ) from error
        if not done:  # refused by the settings: the same error as a local sweep
            for pending in futures:
                pending.cancel()
            raise InputError(result)
        tables.update(zip(group, result))
    # The library's merge proves the tables are exactly the N distinct shards of one sweep.
    return sweep_frame(*_gamelab.merge_csv([(f"shard {spec}", tables[spec]) for spec in specs]))
