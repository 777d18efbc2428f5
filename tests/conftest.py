"""Session-wide settings: solved tables go to a cache directory of this test session."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(scope="session", autouse=True)
def parlour_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Point PARLOUR_CACHE (read by the solver and inherited by CLI subprocesses) at a fresh
    directory, so tests never read or write the user's cache."""
    path = tmp_path_factory.mktemp("parlour-cache")
    previous = os.environ.get("PARLOUR_CACHE")
    os.environ["PARLOUR_CACHE"] = str(path)
    yield path
    if previous is None:
        os.environ.pop("PARLOUR_CACHE", None)
    else:
        os.environ["PARLOUR_CACHE"] = previous
