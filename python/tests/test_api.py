"""The public API: documented, typed in the stubs, and the README's one-liner."""

import subprocess
import sys

import gamelab
import gamelab.plot
from conftest import ROOT


def test_every_public_name_has_a_docstring_and_a_stub():
    stubs = (ROOT / "python" / "gamelab" / "__init__.pyi").read_text()
    for name in gamelab.__all__:
        assert getattr(gamelab, name).__doc__, name
        assert f"def {name}(" in stubs or f"class {name}" in stubs, name
    plot_stubs = (ROOT / "python" / "gamelab" / "plot.pyi").read_text()
    for name in gamelab.plot.__all__:
        assert getattr(gamelab.plot, name).__doc__ and f"def {name}(" in plot_stubs, name
    assert (ROOT / "python" / "gamelab" / "py.typed").exists()


def test_the_readme_one_liner_prints_the_gold_pots():
    output = subprocess.run(
        [sys.executable, "-c",
         "import gamelab; print(gamelab.solve('stone-game', piles=[4,6,2,3]))"],
        capture_output=True, text=True, check=True).stdout
    assert "winner: first  (first 9, second 6, margin +3)" in output
