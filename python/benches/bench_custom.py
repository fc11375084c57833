"""Benchmarks of games defined in Python and of OpenSpiel games solved by gamelab, each against
a plain memoised Python solver that calls the same methods (medians of CPU times, the two
alternated in one process; run after ``pip install ./python`` or ``maturin develop``):

1. The Python stone-game of examples/python/custom_games.py on 447 piles (100,129 positions,
   199,809 moves): ``gamelab.solve`` (exploring and solving) against the plain solver calling
   ``to_move``, ``moves``, ``play`` and ``final_payoff``: target <= 1.1x. Then the same game
   with the optional batch hook ``children(state)``: target <= 0.8x of the plain solver. Each
   in microseconds a position, with the share of the time spent inside the game's own methods
   (the same calls replayed alone).
2. OpenSpiel's nim on piles 5;5;5;5;5 (normal play) wrapped by ``gamelab.openspiel.game``:
   ``solve`` against a plain memoised solver written on pyspiel's own API (``str(state)`` as
   the memo key, ``legal_actions``, ``child``, ``returns``): target <= 1.1x.
   ``--piles 1201`` gives the Python stone-game 721,802 positions.
3. With ``--dask``: a 64-shard sweep (n 1..40, 500,000 trials each) on a 2-worker Dask
   LocalCluster against the same sweep in one process: target <= 1.3x.

    python python/benches/bench_custom.py [--runs K] [--dask]
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples" / "python"))
sys.setrecursionlimit(100_000)

import gamelab  # noqa: E402
from custom_games import StoneGame  # noqa: E402


class BatchStoneGame(StoneGame):
    """The example game with the batch hook: every (move, next state, points) in one call."""

    def children(self, state):
        left, right = state
        piles = self.piles
        if right - left > 1:
            return [("left", (left + 1, right), piles[left]),
                    ("right", (left, right - 1), piles[right - 1])]
        if left == right:
            return []
        return [("left", (0, 0), piles[left])]


def plain_solver(game):
    """The first player's margin by a plain memoised minimax over the game's methods: what a
    Python user writes without gamelab."""
    memo = {}
    to_move, moves, play, final_payoff = game.to_move, game.moves, game.play, game.final_payoff

    def value(state):
        # (margin for the player to move, that player)
        known = memo.get(state)
        if known is not None:
            return known
        mover = to_move(state)
        best = None
        for move in moves(state):
            after, points = play(state, move)
            child, child_mover = value(after)
            score = points + (child if child_mover == mover else -child)
            if best is None or score > best:
                best = score
        if best is None:
            first, second = final_payoff(state)
            best = first - second if mover == "first" else second - first
        memo[state] = (best, mover)
        return memo[state]

    margin, mover = value(game.initial())
    return margin if mover == "first" else -margin, len(memo)


def recorded_calls(game):
    """Every call the plain solver makes to the game's methods, to replay them alone."""
    calls = []
    for name in ("to_move", "moves", "play", "final_payoff"):
        method = getattr(game, name)

        def recording(*args, method=method):
            calls.append((method, args))
            return method(*args)

        setattr(game, name, recording)
    plain_solver(game)
    for name in ("to_move", "moves", "play", "final_payoff"):
        delattr(game, name)
    return calls


def replay(calls):
    for method, args in calls:
        method(*args)


def cpu_seconds(function):
    started = time.process_time()
    function()
    return time.process_time() - started


def alternated(functions, runs):
    """Median CPU seconds of each function, the functions run in turn ``runs`` times."""
    times = {name: [] for name in functions}
    for _ in range(runs):
        for name, function in functions.items():
            times[name].append(cpu_seconds(function))
    return {name: statistics.median(values) for name, values in times.items()}


def python_defined(runs, count=447):
    piles = [(7 * i) % 100 + 1 for i in range(count)]
    game, batch = StoneGame(piles), BatchStoneGame(piles)
    explored = gamelab.custom.explore(game)
    positions = explored.position_count
    margin = gamelab.solve("stone-game", piles=piles).margin
    assert plain_solver(game) == (margin, positions)
    assert gamelab.solve(game).margin == margin and gamelab.solve(batch).margin == margin
    calls = recorded_calls(game)
    medians = alternated({
        "plain": lambda: plain_solver(game),
        "engine": lambda: gamelab.solve(game),
        "engine, batch hook": lambda: gamelab.solve(batch),
        "the game's methods alone": lambda: replay(calls),
    }, runs)
    print(f"python-defined stone-game, {count} piles: {positions} positions, "
          f"{explored.move_count} moves; median CPU time of {runs} alternated runs")
    per = {name: seconds / positions * 1e6 for name, seconds in medians.items()}
    methods = medians["the game's methods alone"]
    for name in ("plain", "engine", "engine, batch hook"):
        share = min(methods / medians[name], 1.0) if name != "engine, batch hook" else None
        print(f"  {name:22s} {medians[name]:7.3f} s  {per[name]:6.2f} us a position"
              + (f"  ({share:.0%} inside the game's methods)" if share is not None else ""))
    print(f"  engine / plain             {medians['engine'] / medians['plain']:5.2f} x "
          "(target <= 1.1)")
    print(f"  engine with batch / plain  {medians['engine, batch hook'] / medians['plain']:5.2f} x "
          "(target <= 0.8)")


def openspiel_plain_solver(spiel_game, board_only=False):
    """The first player's value by a plain memoised minimax on pyspiel's own API, positions
    keyed as gamelab.openspiel keys them by default: ``str(state)`` with the player to move
    (and the returns at the end), so that no two different states are merged. ``board_only``
    keys by ``str(state)`` alone, as this solver did before the bridge checked the board."""
    memo = {}

    def value(state):
        if board_only:
            key = str(state)
        else:
            player = state.current_player()
            key = (str(state), player) if player >= 0 else (str(state), player,
                                                             tuple(state.returns()))
        known = memo.get(key)
        if known is not None:
            return known
        if state.is_terminal():
            result = state.returns()[0]
        else:
            values = [value(state.child(action)) for action in state.legal_actions()]
            result = max(values) if state.current_player() == 0 else min(values)
        memo[key] = result
        return result

    return value(spiel_game.new_initial_state()), len(memo)


def openspiel_wrapped(runs):
    try:
        import pyspiel
    except ImportError:
        print("OpenSpiel not installed (pip install open_spiel): skipping the wrapped game")
        return
    import gamelab.openspiel

    params = {"pile_sizes": "5;5;5;5;5", "is_misere": False}
    spiel_game = pyspiel.load_game("nim", params)
    wrapped = gamelab.openspiel.game("nim", **params)
    value, positions = openspiel_plain_solver(spiel_game)
    assert gamelab.solve(wrapped).first_score == value
    assert wrapped.explore().position_count == positions
    medians = alternated({
        "plain": lambda: openspiel_plain_solver(spiel_game),
        "plain, board only": lambda: openspiel_plain_solver(spiel_game, board_only=True),
        "engine": lambda: gamelab.openspiel.game(spiel_game).solve(),
    }, runs)
    print(f"OpenSpiel nim 5;5;5;5;5 (normal play): {positions} positions; median CPU time of "
          f"{runs} alternated runs")
    for name in ("plain", "plain, board only", "engine"):
        print(f"  {name:22s} {medians[name]:7.3f} s  "
              f"{medians[name] / positions * 1e6:6.2f} us a position")
    print(f"  engine / plain             {medians['engine'] / medians['plain']:5.2f} x "
          "(target <= 1.1)")
    print(f"  engine / plain board only  {medians['engine'] / medians['plain, board only']:5.2f} x "
          "(the cost of telling apart states that print alike)")


def dask_sweep():
    import gamelab.distributed
    from distributed import Client, LocalCluster

    def wall(run):
        started = time.perf_counter()
        run()
        return time.perf_counter() - started

    settings = dict(n_min=1, n_max=40, trials=500_000, seed=1)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        gamelab.distributed.sweep(client, "stone-game", shards=64, **settings)  # warm up
        ones, spreads = [], []
        for _ in range(7):
            ones.append(wall(lambda: gamelab.sweep("stone-game", **settings)))
            spreads.append(wall(lambda: gamelab.distributed.sweep(
                client, "stone-game", shards=64, **settings)))
    one, spread = statistics.median(ones), statistics.median(spreads)
    print(f"sweep n 1..40 x 500,000 trials (medians of 7, alternated): one process {one:.3f} s, "
          f"64 shards on 2 Dask workers {spread:.3f} s = {spread / one:.2f}x (target <= 1.3x)")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--dask", action="store_true", help="also the Dask sweep benchmark")
    parser.add_argument("--piles", type=int, default=447,
                        help="piles of the Python stone-game (1201: 721,802 positions)")
    args = parser.parse_args()
    python_defined(args.runs, args.piles)
    openspiel_wrapped(args.runs)
    if args.dask:
        dask_sweep()


if __name__ == "__main__":
    main()
