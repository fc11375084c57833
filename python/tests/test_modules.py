"""The package's modules (python/gamelab/*.py), read as source: each says what it is for in a
docstring, no two import each other in a cycle (directly or round several modules, at the top
or inside a function), and none imports another's private ``_names``: what modules share is
public, in the module that owns it (the extension ``_gamelab`` is the one private module they
all use). ``gamelab.kinds`` is the one place that tells the kinds of game apart."""

import ast

from conftest import ROOT

PACKAGE = ROOT / "python" / "gamelab"
MODULES = {path.stem: path for path in sorted(PACKAGE.glob("*.py"))}
NATIVE = "_gamelab"


def imports(name: str) -> list:
    """``(module imported, names taken from it)`` for every import of a package module in
    module ``name``, wherever it stands; the root is ``__init__``."""
    found = []
    for node in ast.walk(ast.parse(MODULES[name].read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "gamelab":
                    found.append((parts[1] if len(parts) > 1 else "__init__", []))
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and (node.module or "").split(".")[0] != "gamelab":
                continue
            if node.level > 1:
                continue
            parts = (node.module or "").split(".")
            target = parts[1] if node.level == 0 and len(parts) > 1 else (
                parts[0] if node.level == 1 and node.module else None)
            names = [alias.name for alias in node.names]
            if target is not None:
                found.append((target, names))
                continue
            # `from . import x`: x is a module of the package, or a name of its root.
            for alias in names:
                if alias in MODULES or alias == NATIVE:
                    found.append((alias, []))
                else:
                    found.append(("__init__", [alias]))
    return found


def graph() -> dict:
    return {name: sorted({target for target, _ in imports(name) if target in MODULES})
            for name in MODULES}


def cycles(edges: dict) -> list:
    """Every import cycle, each as the list of modules round it (found by depth-first
    search: an edge back to a module still on the path closes one)."""
    found, state, path = [], {}, []

    def visit(module):
        state[module] = "open"
        path.append(module)
        for target in edges[module]:
            if state.get(target) == "open":
                found.append(path[path.index(target):] + [target])
            elif target not in state:
                visit(target)
        path.pop()
        state[module] = "done"

    for module in edges:
        if module not in state:
            visit(module)
    return found


def test_every_module_says_what_it_is_for():
    for name, path in MODULES.items():
        docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
        assert docstring and len(docstring.split()) >= 5, f"{path.name} has no module docstring"


def test_no_module_imports_another_in_a_cycle():
    assert cycles(graph()) == []


def test_the_cycle_check_finds_cycles():
    assert cycles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == [["a", "b", "c", "a"]]
    assert cycles({"a": ["a"]}) == [["a", "a"]]
    assert cycles({"a": ["b"], "b": []}) == []


def test_no_module_imports_a_private_name_of_another():
    private = [(name, target, taken) for name in MODULES for target, names in imports(name)
               for taken in names if taken.startswith("_") and taken != NATIVE]
    assert private == []


def test_modules_import_from_the_module_that_owns_a_name_not_from_the_root():
    # The root imports every module it re-exports; a module taking names from the root would
    # depend on all of them (and on the order the root imports them in).
    from_root = [name for name in MODULES if name != "__init__"
                 for target, _ in imports(name) if target == "__init__"]
    assert from_root == []


def test_only_kinds_tells_the_kinds_of_game_apart():
    # What the functions once asked by hand before dispatching (is it a LoadedGame? a game
    # defined in Python?), asked anywhere but gamelab.kinds, would be a second dispatch.
    found = []
    for name, path in MODULES.items():
        if name == "kinds":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            called = ast.unparse(node.func)
            if called.split(".")[-1] == "is_custom" or (
                    called == "isinstance" and "LoadedGame" in ast.unparse(node.args[1])):
                found.append((name, node.lineno, ast.unparse(node)))
    assert found == []
