"""The command line's charts, drawn by the gamelab library in its house style (no matplotlib):
the same pictures ``gamelab plot KIND`` and ``gamelab sweep --plot`` draw for the same data.
The picture format follows the file's extension: ``.svg`` or ``.png``."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Optional, Sequence

from . import _gamelab
from .bridge import PathLike, options, sweep_table
from .kinds import builtin_name

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["divisor", "heatmap", "margins", "outcome_shares", "score_share", "win_rate",
           "winner_strip"]

#: A file's path; the picture's format follows its extension (``.svg`` or ``.png``).
Path = PathLike


def win_rate(frame: pd.DataFrame, path: Path) -> None:
    """First-player win rate against n from a :func:`gamelab.sweep` frame, odd and even n
    apart, with 95% intervals and ties (``gamelab plot win-rate``)."""
    _gamelab.plot_table("win-rate", sweep_table(frame), os.fspath(path))


def outcome_shares(frame: pd.DataFrame, path: Path) -> None:
    """First wins, ties and second wins against n as stacked bars (``gamelab plot
    outcome-shares``)."""
    _gamelab.plot_table("outcome-shares", sweep_table(frame), os.fspath(path))


def score_share(frame: pd.DataFrame, path: Path) -> None:
    """The first player's share of the total against n, beside the game's known guarantee
    (``gamelab plot score-share``)."""
    _gamelab.plot_table("score-share", sweep_table(frame), os.fspath(path))


def winner_strip(frame: pd.DataFrame, path: Path) -> None:
    """Who wins for every N, from the sweep frame of a number game (``gamelab plot
    winner-strip``)."""
    _gamelab.plot_table("winner-strip", sweep_table(frame), os.fspath(path))


def margins(
    game: str,
    n: int,
    path: Path,
    *,
    trials: int = 10_000,
    min_value: Optional[int] = None,
    max_value: Optional[int] = None,
    distribution: Optional[str] = None,
    total_parity: Optional[str] = None,
    subtract: Optional[Sequence[int]] = None,
    seed: int = 1,
) -> None:
    """Histogram of the margin over ``trials`` random instances of size ``n`` (``gamelab plot
    margins``)."""
    _gamelab.plot_margins(
        builtin_name(game, "plot"),
        options(n=n, trials=trials, min_value=min_value, max_value=max_value,
                 distribution=distribution, total_parity=total_parity, subtract=subtract,
                 seed=seed),
        os.fspath(path),
    )


def heatmap(
    game: str,
    path: Path,
    piles: Optional[Sequence[int]] = None,
    n: Optional[int] = None,
) -> None:
    """Heatmap of one instance's DP table, stone-game or stone-game-ii (``gamelab plot
    heatmap``)."""
    _gamelab.plot_heatmap(builtin_name(game, "plot"), options(piles=piles, n=n), os.fspath(path))


def divisor(path: Path, n_min: int = 1, n_max: int = 200) -> None:
    """divisor-game: who wins for every N in ``n_min..n_max``, solved by the DP (``gamelab
    plot divisor``)."""
    for name, value in (("n_min", n_min), ("n_max", n_max)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise _gamelab.InputError(f"{name} must be a whole number, got {value!r}")
    _gamelab.plot_divisor(n_min, n_max, os.fspath(path))
