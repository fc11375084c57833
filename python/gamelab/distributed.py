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
from typing import Any

from . import InputError, _frame, _gamelab, _sweep_csv

__all__ = ["ShardFailed", "sweep"]


class ShardFailed(RuntimeError):
    """A shard of a distributed sweep failed after its retries; no table is returned."""


def _run_shard(game: str, shard: str, settings: dict) -> str:
    """One shard on a worker (a plain function of plain data, so Dask can ship it): its CSV
    text, which travels back cheaper than a DataFrame and merges without re-encoding."""
    return _sweep_csv(game, shard=shard, **settings)[0]


def sweep(client: Any, game: str, *, shards: int, retries: int = 2,
          threads_per_shard: int = 1, **settings: Any):
    """The sweep ``gamelab.sweep(game, **settings)`` computed as ``shards`` shards on the Dask
    ``client``'s workers and merged: a DataFrame equal to the one-machine sweep (the same CSV
    bytes). ``settings`` are :func:`gamelab.sweep`'s keywords (n_min, n_max, trials, seed...).

    Each shard solves on ``threads_per_shard`` threads (default 1): Dask already runs one task
    per worker thread, so a worker with ``threads_per_worker=T`` keeps T cores busy with T
    shards, and shards that each used every core would oversubscribe the machine. Give more
    threads only to workers that run fewer tasks than their machine has cores."""
    if isinstance(shards, bool) or not isinstance(shards, int) or shards < 1:
        raise InputError(f"shards must be a positive integer, got {shards!r}")
    if "shard" in settings:
        raise InputError("distributed.sweep makes the shards itself; leave out shard=")
    if "threads" in settings:
        raise InputError("distributed.sweep sets each shard's threads; use threads_per_shard=")
    settings["threads"] = threads_per_shard
    specs = [f"{k}/{shards}" for k in range(1, shards + 1)]
    # Keys unique to this call, so two sweeps never share Dask results.
    call = uuid.uuid4().hex[:12]
    futures = [
        client.submit(_run_shard, game, spec, settings, key=f"gamelab-sweep-{call}-{spec}",
                      retries=retries, pure=False)
        for spec in specs
    ]
    tables = []
    for spec, future in zip(specs, futures):
        try:
            tables.append((f"shard {spec}", future.result()))
        except InputError:  # bad settings: the same error as a local sweep
            for pending in futures:
                pending.cancel()
            raise
        except Exception as error:  # a lost worker (KilledWorker), a crashed process...
            for pending in futures:
                pending.cancel()
            raise ShardFailed(
                f"shard {spec} of the {game} sweep failed after {retries} retries: "
                f"{type(error).__name__}: {error}; no partial table was returned"
            ) from error
    # The library's merge proves the tables are exactly the N distinct shards of one sweep.
    return _frame(*_gamelab.merge_csv(tables))

