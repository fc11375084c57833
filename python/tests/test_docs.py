"""Every ```python block of the pages a reader follows runs: README.md, python/README.md and the
guide (docs/src/). A page's blocks run in order, in one namespace and one temporary folder, so
later blocks see what earlier ones made. A block with `>>> ` prompts runs as a doctest and must
print what it shows; any other block must run without an exception. Blocks marked
```python,ignore are shown but not run (CONTRIBUTING.md, "Writing documentation")."""

import doctest
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def pages():
    found = [ROOT / "README.md", ROOT / "python" / "README.md"]
    found += sorted((ROOT / "docs" / "src").rglob("*.md"))
    return [page for page in found if python_blocks(page)]


def python_blocks(page):
    """(first line, code) of every ```python block of `page` that is not marked ignore."""
    blocks, inside, runnable, start, lines = [], False, False, 0, []
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1):
        stripped = line.strip()
        if not inside:
            if stripped.startswith("```"):
                info = [part.strip() for part in stripped[3:].split(",")]
                runnable = info[0] == "python" and "ignore" not in info[1:]
                inside, start, lines = True, number + 1, []
        elif stripped == "```":
            if runnable:
                blocks.append((start, "\n".join(lines) + "\n"))
            inside = False
        else:
            lines.append(line)
    return blocks


@pytest.mark.parametrize("page", pages(), ids=lambda page: str(page.relative_to(ROOT)))
def test_every_python_block_of_the_page_runs(page, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    namespace = {"__name__": "__main__"}  # as a script runs: guarded blocks run too
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for line, code in python_blocks(page):
        where = f"{page.relative_to(ROOT)}:{line}"
        if ">>> " in code:
            test = parser.get_doctest(code, namespace, where, str(page), line)
            result = runner.run(test, clear_globs=False)
            assert result.failed == 0, f"{where}: the doctest's output differs (see above)"
        else:
            exec(compile(code, where, "exec"), namespace)
