"""Type stubs of gamelab.plot: the CLI's charts, SVG or PNG by the file's extension."""

import os
from typing import Optional, Sequence, Union

import pandas as pd

Path = Union[str, os.PathLike[str]]

def win_rate(frame: pd.DataFrame, path: Path) -> None:
    """First-player win rate against n (``gamelab plot win-rate``)."""

def outcome_shares(frame: pd.DataFrame, path: Path) -> None:
    """Outcome shares against n as stacked bars (``gamelab plot outcome-shares``)."""

def score_share(frame: pd.DataFrame, path: Path) -> None:
    """The first player's share of the total against n (``gamelab plot score-share``)."""

def winner_strip(frame: pd.DataFrame, path: Path) -> None:
    """Who wins for every N of a number game's sweep (``gamelab plot winner-strip``)."""

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
    """Histogram of the margin over random instances of size n (``gamelab plot margins``)."""

def heatmap(
    game: str, path: Path, piles: Optional[Sequence[int]] = None, n: Optional[int] = None
) -> None:
    """Heatmap of one instance's DP table (``gamelab plot heatmap``)."""

def divisor(path: Path, n_min: int = 1, n_max: int = 200) -> None:
    """divisor-game: who wins for every N (``gamelab plot divisor``)."""
