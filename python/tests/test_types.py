"""The extension's stub (gamelab/_gamelab.pyi) says what the built extension has: mypy's
stubtest imports gamelab._gamelab and compares every class, function, parameter and default
with the stub, both ways (``__all__`` included), so the stub cannot drift from python/src/.
The package's other modules carry their types inline (test_api.py checks they are there)."""

import subprocess
import sys

from conftest import ROOT, require

require("mypy", "pip install mypy")


def test_the_extension_stub_matches_the_built_extension(tmp_path):
    # Run in a folder of its own, where mypy leaves its cache; the package is the one the
    # venv has installed (this checkout's, built in place by maturin develop), and
    # pyproject.toml's [tool.mypy] says how to take pandas, which ships no types.
    result = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "--mypy-config-file",
         str(ROOT / "python" / "pyproject.toml"), "gamelab._gamelab"],
        cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
