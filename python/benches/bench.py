"""Benchmarks of the Python package's two targets (medians of several runs):

1. solve_many on 1,000,000 stone-game instances of 16 piles, against the CLI's sweep of the
   same instances (``gamelab sweep stone-game --n 16 --trials 1000000``): target <= 1.5x.
2. the overhead of one ``solve`` call on the gold pots beyond the Rust solve: target <= 20 us
   (the whole call is timed, so the overhead is at most that).

    python python/benches/bench.py [PATH/TO/gamelab] [--runs K]
"""

import argparse
import statistics
import subprocess
import time
import timeit

import gamelab


def median_seconds(function, runs):
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        function()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("gamelab", nargs="?", default="target/release/gamelab")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--count", type=int, default=1_000_000)
    args = parser.parse_args()

    instances = gamelab.generate("stone-game", args.count, n=16, seed=1)
    generate = median_seconds(
        lambda: gamelab.generate("stone-game", args.count, n=16, seed=1), args.runs)
    solve_many = median_seconds(lambda: gamelab.solve_many("stone-game", instances), args.runs)
    sweep = median_seconds(lambda: subprocess.run(
        [args.gamelab, "sweep", "stone-game", "--n", "16", "--trials", str(args.count),
         "--format", "csv"], check=True, capture_output=True), args.runs)
    python_sweep = median_seconds(
        lambda: gamelab.sweep("stone-game", n=16, trials=args.count), args.runs)
    print(f"{args.count} stone-game instances of 16 piles, median of {args.runs} runs:")
    print(f"  gamelab.generate          {generate:8.3f} s")
    print(f"  gamelab.solve_many        {solve_many:8.3f} s")
    print(f"  generate + solve_many     {generate + solve_many:8.3f} s")
    print(f"  gamelab sweep (CLI)       {sweep:8.3f} s")
    print(f"  gamelab.sweep (Python)    {python_sweep:8.3f} s")
    print(f"  solve_many / CLI sweep    {solve_many / sweep:8.2f} x (target <= 1.5)")
    print(f"  (generate + solve_many) / CLI sweep {(generate + solve_many) / sweep:.2f} x")

    calls = 20_000
    per_call = [t / calls for t in timeit.repeat(
        lambda: gamelab.solve("stone-game", piles=[4, 6, 2, 3]), number=calls, repeat=5)]
    value_only = [t / calls for t in timeit.repeat(
        lambda: gamelab.solve("stone-game", piles=[4, 6, 2, 3], value_only=True),
        number=calls, repeat=5)]
    print(f"solve('stone-game', piles=[4, 6, 2, 3]), median of 5 x {calls} calls:")
    print(f"  whole call, with moves    {statistics.median(per_call) * 1e6:8.2f} us")
    print(f"  whole call, value only    {statistics.median(value_only) * 1e6:8.2f} us")
    print("  (the whole call bounds the overhead beyond the Rust solve; target <= 20 us)")


if __name__ == "__main__":
    main()
