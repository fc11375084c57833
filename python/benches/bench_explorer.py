"""Benchmark of the explorer from Python (medians of 7 runs; run after ``pip install ./python``
or ``maturin develop``): ``gamelab.explorer(game)`` for a game defined in Python with 20,000
positions returns its page within 1 s. Also the parts: exploring the game (the rules' Python
calls) and the rest (solving every position and writing the page, in Rust), and the page's size.

    python python/benches/bench_explorer.py
"""

import statistics
import time

import gamelab


class TwoHeaps(gamelab.Game):
    """Two heaps of 100 stones; a turn takes one stone from either heap or two from the first,
    and scores the stones it takes: 20,200 positions (almost every pair of heaps, either
    player to move)."""

    def initial(self):
        return (100, 100, "first")

    def to_move(self, state):
        return state[2]

    def moves(self, state):
        a, b, _ = state
        return [m for m in ((1, 0), (0, 1), (2, 0)) if a >= m[0] and b >= m[1]]

    def play(self, state, move):
        a, b, player = state
        other = "second" if player == "first" else "first"
        return (a - move[0], b - move[1], other), move[0] + move[1]


def median_seconds(run, repeat=7):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times), min(times), max(times)


def main():
    game = TwoHeaps()
    page = gamelab.explorer(game)
    print(f"python-defined two heaps: {page.positions} positions, a {len(page.html) / 1e6:.1f} MB page")
    whole, fastest, slowest = median_seconds(lambda: gamelab.explorer(game))
    print(f"  gamelab.explorer(game): median {whole:.3f} s (fastest {fastest:.3f}, slowest "
          f"{slowest:.3f}; target <= 1 s)")
    explore, _, _ = median_seconds(lambda: gamelab.custom.explore(game))
    print(f"  of which exploring the rules: {explore:.3f} s; solving and writing the page: "
          f"{whole - explore:.3f} s")


if __name__ == "__main__":
    main()
