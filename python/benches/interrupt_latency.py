"""How long a Ctrl-C takes to stop each long call: SIGINT is sent to a fresh process while the
call runs, and the time from the signal to the ``except`` clause is measured.

    python python/benches/interrupt_latency.py               # every call, 5 runs each: medians
    python python/benches/interrupt_latency.py --call check --runs 9

Each run is a process of its own, so that every call is also its process's first (the case
where NumPy's C API is not loaded yet). A run prints one JSON line: the call, the exception's
type (``KeyboardInterrupt`` expected; ``finished`` if the call ended before the signal came,
which makes the run useless: make the call larger) and the seconds from signal to exception.
python/tests/test_interrupt.py runs one of each, checking the type only (no time limits in
tests: a loaded machine would fail them)."""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

#: The calls, each far longer than the delay before the signal when left to finish. Set up
#: before the clock starts: ``setup`` runs first, ``call`` is interrupted.
CALLS = {
    "generate": ("", 'gamelab.generate("stone-game", 8_000_000, n=64)'),
    "check": ("", 'gamelab.check("stone-game", "first-never-loses", n=16, n_parity="even", '
                  'samples=200_000_000)'),
    "tournament": ("", 'gamelab.tournament("stone-game", ["optimal", "greedy", "random"], '
                       'n=24, trials=20_000_000)'),
    "sweep": ("", 'gamelab.sweep("stone-game", n_min=1, n_max=40, trials=20_000_000)'),
    "grundy": ("", 'gamelab.grundy("octal", 10**6, code="0.76")'),
    "solve_many": ('rows = gamelab.generate("stone-game-ii", 20_000, n=600)',
                   'gamelab.solve_many("stone-game-ii", rows)'),
    "custom_solve": (
        "class Count(gamelab.Game):\n"
        "    keep_states = False\n"
        "    def initial(self): return (5_000_000, 'first')\n"
        "    def to_move(self, s): return s[1]\n"
        "    def moves(self, s): return [1, 2] if s[0] >= 2 else ([1] if s[0] else [])\n"
        "    def play(self, s, m): return (s[0] - m, 'second' if s[1] == 'first' else 'first'), 0\n",
        "gamelab.solve(Count(), max_states=10**8)"),
}

#: Seconds between the call's start and the signal.
DELAY = 0.5

CHILD = """
import json, os, signal, sys, threading, time
import gamelab
# Python leaves SIGINT ignored when its parent ignored it (a job started in the background of a
# script, nohup): restore the handler that raises KeyboardInterrupt, the case measured here.
signal.signal(signal.SIGINT, signal.default_int_handler)
gamelab.set_budget(max_time="none", max_memory="64G")
{setup}
sent = []
def interrupt():
    sent.append(time.perf_counter())
    os.kill(os.getpid(), signal.SIGINT)
threading.Timer({delay}, interrupt).start()
try:
    {call}
    outcome = "finished"
except BaseException as error:
    outcome = type(error).__name__
caught = time.perf_counter()
latency = caught - sent[0] if sent else None
print(json.dumps({{"call": {name!r}, "outcome": outcome, "latency": latency}}), flush=True)
"""


def run_once(name: str, timeout: float = 60.0) -> dict:
    """One run of call ``name`` in a fresh interpreter: its JSON line as a dict."""
    setup, call = CALLS[name]
    code = CHILD.format(setup=setup, call=call, delay=DELAY, name=name)
    try:
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"call": name, "outcome": f"still running {timeout:.0f} s after", "latency": None}
    lines = [line for line in result.stdout.splitlines() if line.startswith("{")]
    if result.returncode != 0 or not lines:
        return {"call": name, "outcome": f"exit {result.returncode}",
                "latency": None, "stderr": result.stderr[-2000:]}
    return json.loads(lines[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--call", choices=sorted(CALLS), action="append")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds a run may take before it counts as not stopped")
    args = parser.parse_args()
    for name in args.call or list(CALLS):
        runs = [run_once(name, args.timeout) for _ in range(args.runs)]
        outcomes = sorted({run["outcome"] for run in runs})
        latencies = [run["latency"] for run in runs if run["outcome"] == "KeyboardInterrupt"]
        median = f"{statistics.median(latencies) * 1000:.0f} ms" if latencies else "-"
        worst = f"{max(latencies) * 1000:.0f} ms" if latencies else "-"
        print(f"{name:13} {'/'.join(outcomes):20} median {median:>8}  worst {worst:>8}  "
              f"({len(latencies)} of {len(runs)} runs)", flush=True)


if __name__ == "__main__":
    main()
