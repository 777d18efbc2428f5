"""The examples of docs/research-environments.md run as they are written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "research-environments.md"
EXAMPLES = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.DOTALL)


def test_the_page_has_its_three_examples() -> None:
    assert len(EXAMPLES) == 3


@pytest.mark.parametrize("code", EXAMPLES, ids=["pettingzoo", "gymnasium", "tables"])
def test_example_runs(code: str) -> None:
    exec(compile(code, str(PAGE), "exec"), {})
