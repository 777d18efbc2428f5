"""Results as Parquet datasets for pandas, Polars or DuckDB: a simulation's games (`parlour
sim --out`) and every decision of stored or simulated games (`parlour export`)."""

from __future__ import annotations

import importlib
from types import ModuleType

from parlour.kernel import ParlourError


def load_pyarrow() -> ModuleType:
    """`pyarrow` (with `pyarrow.parquet`), imported only when Parquet is written, or a clear
    error saying how to install it."""
    try:
        importlib.import_module("pyarrow.parquet")
        return importlib.import_module("pyarrow")
    except ImportError:
        raise ParlourError(
            "writing Parquet needs pyarrow, which is not installed: "
            "pip install parlour[cluster] (or parlour[research])"
        ) from None
