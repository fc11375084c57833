"""Benchmark of solve_many against the command line on the same instances (medians of several
runs, measured in one run of this script):

1. ``gamelab.solve_many`` on 1,000,000 stone-game instances of 16 piles, against
   ``gamelab solve stone-game --input FILE --value-only`` on the very same instances (the JSON lines
   ``gamelab generate`` writes): target <= 1.5x. The CLI's time includes reading and parsing
   its file and writing one JSON line per instance, as a user runs it; the Python call gets
   the instances as an array already.
2. the overhead of one ``solve`` call on the gold pots beyond the Rust solve: target <= 20 us
   (the whole call is timed, so the overhead is at most that).

    python python/benches/bench.py [PATH/TO/gamelab] [--runs K] [--count N]
"""

import argparse
import os
import statistics
import subprocess
import tempfile
import time
import timeit

import gamelab


def median_seconds(function, runs):
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        function()
        times.append(time.perf_counter() - started)
    return statistics.median(times), times


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("gamelab", nargs="?", default="target/release/gamelab")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--count", type=int, default=1_000_000)
    args = parser.parse_args()

    instances = gamelab.generate("stone-game", args.count, n=16, seed=1)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "instances.jsonl")
        with open(path, "w") as out:
            subprocess.run([args.gamelab, "generate", "stone-game", "--n", "16", "--count",
                            str(args.count), "--seed", "1"], check=True, stdout=out)
        with open(path) as lines:
            assert sum(1 for _ in lines) == args.count

        def cli():
            subprocess.run([args.gamelab, "solve", "stone-game", "--input", path, "--value-only"],
                           check=True, stdout=subprocess.DEVNULL)

        def python():
            gamelab.solve_many("stone-game", instances)

        # Alternated, so that a busy moment on the machine hits both alike.
        cli_times, python_times = [], []
        for _ in range(args.runs):
            cli_times.append(median_seconds(cli, 1)[0])
            python_times.append(median_seconds(python, 1)[0])
    cli_median, python_median = statistics.median(cli_times), statistics.median(python_times)
    print(f"{args.count} stone-game instances of 16 piles, medians of {args.runs} alternated runs:")
    print(f"  gamelab.solve_many                         {python_median:8.3f} s  "
          f"({', '.join(f'{t:.3f}' for t in python_times)})")
    print(f"  gamelab solve ... --input FILE --value-only{cli_median:8.3f} s  "
          f"({', '.join(f'{t:.3f}' for t in cli_times)})")
    print(f"  solve_many / CLI                           {python_median / cli_median:8.2f} x "
          f"(target <= 1.5)")

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
