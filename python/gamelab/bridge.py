"""What the package's modules hand the extension and read back from it: keyword settings
(:func:`options`), and sweep tables, which cross as CSV text (:func:`sweep_csv`) and become
pandas DataFrames with the columns' types (:func:`sweep_frame`) and back (:func:`sweep_table`).
Public so that :mod:`gamelab.plot` and :mod:`gamelab.distributed` use the same conversions as
:func:`gamelab.sweep`, :func:`gamelab.merge` and :func:`gamelab.to_csv`."""

from __future__ import annotations

import io
import os
from typing import TYPE_CHECKING, Any, Union

from . import _gamelab
from .kinds import builtin_name

if TYPE_CHECKING:  # pandas is imported when a frame is made, not with the package
    import pandas as pd

__all__ = ["PathLike", "SWEEP_DTYPES", "options", "read_csv", "sweep_csv", "sweep_frame",
           "sweep_table"]

#: A file's path, as ``open`` takes it.
PathLike = Union[str, "os.PathLike[str]"]

#: The column types of a sweep DataFrame (the CLI's CSV columns, in order). Columns empty in
#: some rows (the share columns, the value settings) are nullable.
SWEEP_DTYPES = {
    "n": "int64",
    "trials": "int64",
    "first_wins": "int64",
    "ties": "int64",
    "second_wins": "int64",
    "first_win_rate": "float64",
    "first_win_low": "float64",
    "first_win_high": "float64",
    "tie_rate": "float64",
    "second_win_rate": "float64",
    "mean_margin": "float64",
    "margin_sum": "int64",
    "first_score_sum": "Int64",
    "total_sum": "Int64",
    "first_share": "Float64",
    "lowest_first": "Int64",
    "lowest_total": "Int64",
    "lowest_first_share": "Float64",
    "game": "string",
    "distribution": "string",
    "min_value": "Int64",
    "max_value": "Int64",
    "total_parity": "string",
    "seed": "uint64",
    # Format 2: every setting that changes the numbers, so merge can prove shards belong together.
    "subtract": "string",
    "n_min": "Int64",
    "n_max": "Int64",
    "n_parity": "string",
    "n_mod": "Int64",
    "n_residue": "Int64",
    "trials_per_n": "Int64",
    "shard": "string",
    "format": "Int64",
}


def options(**settings: Any) -> dict[str, Any]:
    """The keyword arguments the extension reads: those not left at None (the extension then
    applies the command line's default)."""
    return {key: value for key, value in settings.items() if value is not None}


def read_csv(text: str, **settings: Any) -> pd.DataFrame:
    """pandas' CSV reader with floats read exactly (the default from pandas 3 on)."""
    import pandas as pd

    if int(pd.__version__.split(".")[0]) < 3:
        settings["float_precision"] = "round_trip"
    return pd.read_csv(io.StringIO(text), keep_default_na=False, **settings)


def sweep_frame(text: str, margin_sums_fit: bool = True) -> pd.DataFrame:
    """A sweep's CSV text as a DataFrame of :data:`SWEEP_DTYPES`; ``margin_sums_fit=False``
    (the extension's word on the text) keeps the margin sums as Python ints."""
    dtypes: dict[str, Any] = dict(SWEEP_DTYPES)
    if not margin_sums_fit:
        dtypes["margin_sum"] = str
    frame = read_csv(text, dtype=dtypes, na_values=[""])
    if not margin_sums_fit:
        frame["margin_sum"] = frame["margin_sum"].map(int)
    return frame


def sweep_table(frame: Any) -> str:
    """A sweep frame as CSV text for the library's reader (floats round-trip exactly)."""
    if frame is None or not hasattr(frame, "to_csv"):
        raise _gamelab.InputError(
            f"expected a pandas DataFrame of sweep rows, got {type(frame).__name__}")
    return frame.to_csv(index=False, na_rep="", float_format=None)


def sweep_csv(game: str, shard: Union[None, str, tuple[int, int]] = None,
              **settings: Any) -> tuple[str, bool]:
    """The sweep's CSV text and whether its margin sums fit int64 (what :func:`sweep_frame`
    turns into a frame; :mod:`gamelab.distributed` ships the text, which pickles cheaply).
    ``settings`` are :func:`gamelab.sweep`'s keywords."""
    if isinstance(shard, (tuple, list)):
        if len(shard) != 2:
            raise _gamelab.InputError(f"shard must be 'k/count' or (k, count), got {shard!r}")
        shard = f"{shard[0]}/{shard[1]}"
    elif shard is not None and not isinstance(shard, str):
        raise _gamelab.InputError(f"shard must be 'k/count' or (k, count), got {shard!r}")
    return _gamelab.sweep(builtin_name(game, "sweep"), options(shard=shard, **settings))
