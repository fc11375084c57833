"""examples/python/ runs and reproduces the report's parity study byte for byte."""

import subprocess
import sys

from conftest import ROOT


def test_the_parity_example_reproduces_the_report(tmp_path):
    result = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "python" / "parity_study.py"), str(tmp_path)],
        capture_output=True, text=True, check=True)
    assert "even" in result.stdout and "odd" in result.stdout
    for name in ("parity-uniform.csv", "parity-uniform-win-rate.svg"):
        assert (tmp_path / name).read_bytes() == (ROOT / "reports" / name).read_bytes(), name
