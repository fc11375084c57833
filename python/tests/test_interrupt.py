"""Ctrl-C stops every long call with ``KeyboardInterrupt``, never a ``PanicException``, the first
call of a process included: SIGINT is sent into each call in a fresh process (the calls and the
child script are python/benches/interrupt_latency.py's, which measures how fast they stop; no
time is compared here beyond a watchdog, since a loaded machine would fail a limit)."""

import importlib.util
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "benches" / "interrupt_latency.py"
spec = importlib.util.spec_from_file_location("interrupt_latency", BENCH)
assert spec is not None and spec.loader is not None
latency = importlib.util.module_from_spec(spec)
spec.loader.exec_module(latency)

#: Seconds a run may take before it counts as not stopped (the calls run for minutes unstopped).
WATCHDOG = 20.0


@pytest.mark.parametrize("name", sorted(latency.CALLS))
def test_sigint_into_a_long_call_raises_keyboard_interrupt(name):
    run = latency.run_once(name, timeout=WATCHDOG)
    assert run["outcome"] == "KeyboardInterrupt", run
