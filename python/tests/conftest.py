"""Shared helpers: the gamelab binary the Rust test harness built (``GAMELAB_BIN``), run with
the same arguments as the Python call under test."""

import json
import os
import subprocess
from pathlib import Path

import pytest

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
