"""Shared helpers: the gamelab binary the Rust test harness built (``GAMELAB_BIN``), run with
the same arguments as the Python call under test, and a small game defined in Python."""

import json
import os
import subprocess
from pathlib import Path

import pytest

import gamelab

ROOT = Path(__file__).resolve().parents[2]


def _binary() -> str:
    configured = os.environ.get("GAMELAB_BIN")
    if configured:
        return configured
    built = ROOT / "target" / "release" / "gamelab"
    if built.exists():
        return str(built)
    pytest.skip("no gamelab binary: run through cargo test --profile release-incremental, or set GAMELAB_BIN")


def cli(*args: str, status: int = 0) -> subprocess.CompletedProcess:
    """Runs ``gamelab ARGS`` and checks its exit status."""
    result = subprocess.run([_binary(), *map(str, args)], capture_output=True, text=True)
    assert result.returncode == status, (args, result.stderr)
    return result


def cli_json(*args: str, status: int = 0):
    """The JSON ``gamelab ARGS`` prints (one object)."""
    return json.loads(cli(*args, status=status).stdout)


def cli_error(*args: str) -> str:
    """The one-line message of a failing ``gamelab ARGS``, without ``error: ``."""
    result = cli(*args, status=2)
    assert result.stderr.startswith("error: ")
    return result.stderr[len("error: "):].strip()


def require(module: str, install: str):
    """Imports an optional dependency the tests of a file need. Locally a missing one skips
    the file with the reason shown (pytest -rs); with CI=true it fails the run: CI installs
    every one of them (.ci/run), so a missing one there is a broken install, not a skip."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        reason = f"{module} is not installed ({install})"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{reason}; CI must have it", pytrace=False)
        pytest.skip(reason, allow_module_level=True)


# The game defined in Python that several tests share; its docstring is the rules its explorer
# page shows.
class TakeOneOrTwo(gamelab.Game):
    """Take one or two stones from a heap; whoever takes the last stone wins."""

    def __init__(self, heap):
        self.heap = heap

    def initial(self):
        return (self.heap, "first")

    def to_move(self, state):
        return state[1]

    def moves(self, state):
        return [k for k in (1, 2) if k <= state[0]]

    def play(self, state, move):
        other = "second" if state[1] == "first" else "first"
        return (state[0] - move, other), 0

    def final_payoff(self, state):
        return (0, 1) if state[1] == "first" else (1, 0)

    def describe_state(self, state):
        return f"{state[0]} stones"

    def describe_move(self, state, move):
        return f"take {move}"
