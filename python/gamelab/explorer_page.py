"""The explorer page from Python: :func:`explorer` makes the page ``gamelab explore`` writes, for
a built-in game's instance or for any game defined in Python, and returns an :class:`Explorer`
that Jupyter shows inline and that saves the page to a file::

    import gamelab
    gamelab.explorer("stone-game", piles=[4, 6, 2, 3])      # in a notebook: the page, inline
    gamelab.explorer(TakeOneOrTwo(9)).save("take.html")     # one offline HTML file

A game defined in Python follows the protocol of :class:`gamelab.Game` (any object with the
methods ``initial``, ``to_move``, ``moves`` and ``play``; ``final_payoff``, ``describe_state``
and ``describe_move`` are optional). Its page shows each position as ``describe_state`` gives
it (default ``repr``), names moves by ``describe_move`` (default ``str``: give distinct names to
the moves of one position), and has the DAG, value history and move list of every game; only
the DP table is missing (it is drawn for the interval games).
"""

from __future__ import annotations

import html
import inspect
import json
import os
from typing import Any, Optional, Sequence

from . import _gamelab
from ._gamelab import ExploredGame, InputError
from .bridge import PathLike
from .kinds import AnyGame, NotAGame, builtin_name, loaded, own_instance
from .positions import LoadedGame

__all__ = ["Explorer", "explorer"]

#: The height of the inline frame in a notebook, in pixels.
DEFAULT_HEIGHT = 900

#: Where a page's data starts (its JSON escapes every ``<``, so the element's end is the data's).
_DATA_START = '<script id="data" type="application/json">'


def _check_height(height: Any) -> None:
    """Refuses a frame height that is not a positive whole number of pixels, when it is given
    rather than when a notebook first shows the page."""
    if isinstance(height, bool) or not isinstance(height, int) or height < 1:
        raise InputError(f"height must be a positive whole number of pixels, got {height!r}")


class Explorer:
    """One explorer page: ``html`` is the self-contained page (styles, script and the solved
    positions inline). Jupyter (JupyterLab, classic Notebook, VS Code) shows it inline through
    :meth:`_repr_html_`; :meth:`save` writes it to a file."""

    def __init__(self, page: str, name: str, positions: int, height: int = DEFAULT_HEIGHT):
        _check_height(height)
        #: The page, exactly as ``gamelab explore`` writes it for a built-in game.
        self.html: str = page
        #: The game's name (a built-in name, or the Python class's name).
        self.name: str = name
        #: How many positions the page holds.
        self.positions: int = positions
        #: The height of the inline frame in a notebook, in pixels.
        self.height: int = height

    @property
    def data(self) -> dict[str, Any]:
        """The page's data, read from the page: the game, the instance and every solved position,
        field by field as the guide's internals chapter "The explorer's data" documents it, the
        same record ``gamelab serve`` answers ``/api/explore`` with (positions and moves as
        columns: ``data["positions"]["margin"][i]`` is position ``i``'s margin from here)."""
        start = self.html.index(_DATA_START) + len(_DATA_START)
        return json.loads(self.html[start : self.html.index("</script>", start)])

    def save(self, path: PathLike) -> str:
        """Writes the page to ``path`` (UTF-8) and returns the path as a string."""
        with open(path, "w", encoding="utf-8", newline="") as out:
            out.write(self.html)
        return os.fspath(path)

    def _repr_html_(self) -> str:
        # The page in an iframe's srcdoc: notebooks do not run scripts inside an output's HTML,
        # but an iframe's document runs its own. Sandboxed to scripts only: the page needs
        # nothing else (no network, no storage, no parent).
        return (
            f'<iframe srcdoc="{html.escape(self.html, quote=True)}" '
            f'title="gamelab explorer: {html.escape(self.name, quote=True)}" '
            f'sandbox="allow-scripts" '
            # border-box: the border inside the width, or the frame is 2 px wider than the
            # output cell, which then scrolls sideways.
            f'style="display: block; box-sizing: border-box; width: 100%; '
            f'height: {int(self.height)}px; border: 1px solid #d9dee4; '
            f'border-radius: 6px"></iframe>'
        )

    def __repr__(self) -> str:
        return f"Explorer(game='{self.name}', positions={self.positions})"


def _heading_of(game: LoadedGame) -> tuple[str, str]:
    """The page's title and line of rules by default: a built-in game's own (loaded with
    :func:`gamelab.load_game`), else no title and the first paragraph of the own docstring of
    the game's class (not a base class's) behind it."""
    name = game.builtin_game
    if name is not None:
        entry = next(entry for entry in _gamelab.games() if entry["name"] == name)
        return entry["title"], entry["rules"]
    rules = game.rules
    # An explored table (made in Rust), or one of gamelab's own adapters (an OpenSpiel game's):
    # their docstrings say what they are, not the game's rules.
    if rules is None or isinstance(rules, ExploredGame) or \
            type(rules).__module__.split(".")[0] == "gamelab":
        return "", ""
    doc = type(rules).__dict__.get("__doc__")
    if not doc:
        return "", ""
    return "", " ".join(inspect.cleandoc(doc).split("\n\n")[0].split())


def explorer(
    game: AnyGame,
    piles: Optional[Sequence[int]] = None,
    n: Optional[int] = None,
    subtract: Optional[Sequence[int]] = None,
    *,
    heaps: Optional[Sequence[int]] = None,
    code: Optional[str] = None,
    max_states: Optional[int] = None,
    title: Optional[str] = None,
    rules: Optional[str] = None,
    height: int = DEFAULT_HEIGHT,
) -> Explorer:
    """The explorer page of a game: a built-in game's name with its instance (``piles=``,
    ``n=``, ``heaps=``, ``subtract=``, ``code=``, as ``gamelab explore`` takes them; refused above ``max_states``
    positions, default 200,000), or a game defined in Python (a :class:`gamelab.Game`, any
    object with its methods, or an explored game). For a Python game, ``title`` and ``rules``
    head the page (default: the class name and the first paragraph of its docstring).
    ``height`` is the inline frame's height in a notebook."""
    _check_height(height)
    try:
        game_loaded = loaded(game, max_states)
    except NotAGame as error:
        raise InputError(
            f"explorer takes a game's name (see gamelab.games()) or a game defined in Python "
            f"(see gamelab.Game), not {error.type_name}"
        ) from None
    own_instance(game_loaded, piles=piles, n=n, subtract=subtract, heaps=heaps, code=code)
    if game_loaded is not None:
        explored = game_loaded.explore()
        default_title, default_rules = _heading_of(game_loaded)
        page, positions = _gamelab.explorer_page_explored(
            explored,
            title if title is not None else default_title,
            rules if rules is not None else default_rules,
        )
        return Explorer(page, explored.name, positions, height)
    if title is not None or rules is not None:
        raise InputError("title and rules are for games defined in Python")
    name = builtin_name(game)
    options = {"piles": piles, "n": n, "subtract": subtract, "heaps": heaps, "code": code,
               "max_states": max_states}
    page, positions = _gamelab.explorer_page(name, options)
    return Explorer(page, name, positions, height)
