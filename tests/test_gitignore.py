"""`.gitignore` ignores exactly the games `parlour play` saves by default, wherever they are
saved in the work tree, and no other file named like them."""

from __future__ import annotations

import subprocess
from datetime import datetime
from pathlib import Path

import pytest

from parlour.terminal.saving import default_save_path

ROOT = Path(__file__).resolve().parent.parent


def ignored(path: Path) -> bool:
    """Whether git ignores `path` (relative to the work tree; it need not exist)."""
    found = subprocess.run(
        ["git", "check-ignore", "-q", "--no-index", str(path)], cwd=ROOT, check=False
    )
    assert found.returncode in (0, 1), f"git check-ignore failed on {path}"
    return found.returncode == 0


@pytest.fixture(autouse=True)
def work_tree() -> None:
    """These tests need the project's git work tree (not an unpacked sdist)."""
    if not (ROOT / ".git").exists():
        pytest.skip("not a git work tree")


@pytest.mark.parametrize("folder", [Path(), Path("tests") / "boxes"])
def test_the_default_save_name_is_ignored(folder: Path, tmp_path: Path) -> None:
    began = datetime(2026, 12, 2, 7, 5)
    first = default_save_path("icecream", began, tmp_path)
    first.write_text("{}")
    second = default_save_path("icecream", began, tmp_path)  # the name taken: "-2"
    assert second.name == f"{first.stem}-2.json"
    for saved in (first, second, default_save_path("dicetime", began, tmp_path)):
        assert ignored(folder / saved.name), saved.name


@pytest.mark.parametrize(
    "name", ["parlour-notes.json", "dicetime.json", "parlour-icecream-2026.json", "x.parlour.json"]
)
def test_other_json_files_are_not_ignored(name: str) -> None:
    assert not ignored(Path(name))
