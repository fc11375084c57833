"""Benchmarks of issue 18 (medians of 5 runs; run after ``pip install ./python``):

1. A game defined in Python with ~100,000 distinct positions (the Python stone-game of
   examples/python/custom_games.py on 447 piles: 100,129 positions, 199,810 moves) explored and
   solved by the engine: target <= 2 s. Also the overhead per position beyond the rules' own
   Python calls (the same calls made by a plain Python loop over the same positions).
2. A 64-shard sweep (n 1..40, 500,000 trials each: 20 million instances) on a 2-worker Dask
   LocalCluster against the same sweep in one process: target <= 1.3x (medians of 7, the two
   alternated).

    python python/benches/bench_custom.py
"""

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples" / "python"))

import gamelab  # noqa: E402
import gamelab.distributed  # noqa: E402
from custom_games import StoneGame  # noqa: E402


def median_seconds(run, repeat=5):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def rules_alone(game):
    """Every rules call the engine makes, from a plain Python depth-first walk."""
    seen = {}
    stack = [game.initial()]
    seen[stack[0]] = 0
    while stack:
        state = stack.pop()
        game.to_move(state)
        game.describe_state(state)
        for move in game.moves(state):
            game.describe_move(state, move)
            after, _ = game.play(state, move)
            if after not in seen:
                seen[after] = len(seen)
                stack.append(after)
    return len(seen)


class PlainStoneGame(StoneGame):
    """The example game with positions labelled by their bounds: the example's label (the
    piles left, as a list) costs O(n) per position, which would measure the labels, not the
    engine."""

    def describe_state(self, state):
        return f"{state[0]}..{state[1]}"


def main():
    game = PlainStoneGame([(7 * i) % 100 + 1 for i in range(447)])
    explored = gamelab.custom.explore(game)
    positions = explored.position_count
    solve = median_seconds(lambda: gamelab.solve(game))
    plain = median_seconds(lambda: rules_alone(game))
    print(f"python-defined stone-game, {positions} positions, {explored.move_count} moves:")
    print(f"  explore + solve: {solve:.3f} s (target <= 2 s)")
    print(f"  the rules' calls alone in a Python loop: {plain:.3f} s; engine overhead "
          f"{(solve - plain) / positions * 1e6:.2f} us per position")

    from distributed import Client, LocalCluster

    settings = dict(n_min=1, n_max=40, trials=500_000, seed=1)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        gamelab.distributed.sweep(client, "stone-game", shards=64, **settings)  # warm up
        # Alternate the two so that a busy minute on the machine hits both alike.
        ones, spreads = [], []
        for _ in range(7):
            ones.append(median_seconds(lambda: gamelab.sweep("stone-game", **settings), 1))
            spreads.append(median_seconds(
                lambda: gamelab.distributed.sweep(client, "stone-game", shards=64, **settings),
                1))
    one, spread = statistics.median(ones), statistics.median(spreads)
    print(f"sweep n 1..40 x 500,000 trials (medians of 7, alternated): one process {one:.3f} s, "
          f"64 shards in {gamelab.distributed.TASKS_PER_THREAD * 2} Dask tasks on 2 workers "
          f"{spread:.3f} s = {spread / one:.2f}x (target <= 1.3x)")


if __name__ == "__main__":
    main()
