"""The examples in the package's docstrings run and show what they say. Only the modules that
hold an example are imported, so a module that needs something optional cannot break this."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
WITH_EXAMPLES = sorted(
    path for path in (SRC / "parlour").rglob("*.py") if ">>> " in path.read_text(encoding="utf-8")
)


def module_name(path: Path) -> str:
    """`parlour.kernel` for src/parlour/kernel/__init__.py, `parlour.sim` for src/parlour/sim.py."""
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_the_package_docstring_has_an_example() -> None:
    assert SRC / "parlour" / "__init__.py" in WITH_EXAMPLES


@pytest.mark.parametrize("path", WITH_EXAMPLES, ids=module_name)
def test_docstring_examples_run(path: Path) -> None:
    module = importlib.import_module(module_name(path))
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    assert result.attempted > 0
    assert result.failed == 0
