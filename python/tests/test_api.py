"""The public API: documented, typed (inline in the modules, and by the extension's stub, which
test_types.py checks), and the README's one-liner."""

import inspect
import subprocess
import sys

import pytest

import gamelab
import gamelab.distributed
import gamelab.openspiel
import gamelab.plot
from conftest import ROOT

PUBLIC = [(module, name) for module in (gamelab, gamelab.plot, gamelab.distributed,
                                        gamelab.openspiel) for name in module.__all__]


def unannotated(function) -> list:
    """The parameters of ``function`` (and ``return``) that carry no annotation."""
    signature = inspect.signature(function)
    missing = [name for name, parameter in signature.parameters.items()
               if name not in ("self", "cls") and parameter.annotation is inspect.Parameter.empty]
    if signature.return_annotation is inspect.Signature.empty and function.__name__ != "__init__":
        missing.append("return")
    return missing


@pytest.mark.parametrize("module, name", PUBLIC,
                         ids=lambda value: getattr(value, "__name__", value))
def test_every_public_name_has_a_docstring_and_types(module, name):
    value = getattr(module, name)
    assert value.__doc__, name
    if value.__module__ == "gamelab._gamelab":
        return  # typed by the extension's stub, which stubtest holds to the extension
    if inspect.isfunction(value):
        assert not unannotated(value), (name, unannotated(value))
    elif inspect.isclass(value):
        for attribute, method in vars(value).items():
            public = not attribute.startswith("_") or attribute == "__init__"
            if public and inspect.isfunction(method):
                assert not unannotated(method), (name, attribute, unannotated(method))


def test_the_package_says_it_is_typed():
    assert (ROOT / "python" / "gamelab" / "py.typed").exists()
    assert (ROOT / "python" / "gamelab" / "_gamelab.pyi").exists()


def test_the_readme_one_liner_prints_the_gold_pots():
    output = subprocess.run(
        [sys.executable, "-c",
         "import gamelab; print(gamelab.solve('stone-game', piles=[4,6,2,3]))"],
        capture_output=True, text=True, check=True).stdout
    assert "winner: first  (first 9, second 6, margin +3)" in output
