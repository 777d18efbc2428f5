"""Front ends use only the kernel: no module under `web/`, `terminal/`, `cli/`, `arena/` or
`report/` imports a game's package or names a game (a registered game's name, in any case, as
a word or part of an identifier, in code, strings or comments), apart from the per-game
renderer folders (`terminal/renderers/NAME.py`, `web/static/js/games/`,
`web/static/css/games/`); the same holds for the pages and their scripts. What a game offers
beyond the protocol, front ends ask for by capability (`Game.advice`, the bots it declares)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import parlour

PACKAGE = Path(parlour.__file__).parent
FRONT_ENDS = ("web", "terminal", "cli", "arena", "report")
RENDERER_FOLDERS = ("web/static/js/games", "web/static/css/games")
GAMES_PACKAGE = re.compile(r"parlour\.boxes|from\s+parlour\s+import\s+boxes")


def game_names() -> list[str]:
    return [info.name for info in parlour.games()]


def named_games(text: str, names: list[str]) -> list[str]:
    """The games `text` names, and `parlour.boxes` if it reaches into the games' package."""
    found = [
        name
        for name in names
        if re.search(rf"(?<![a-z0-9]){re.escape(name)}(?![a-z0-9])", text, re.IGNORECASE)
    ]
    return found + (["parlour.boxes"] if GAMES_PACKAGE.search(text) else [])


def front_end_files(names: list[str]) -> list[Path]:
    """Every source and page file of the front ends, but the per-game renderers."""
    renderers = {PACKAGE / "terminal" / "renderers" / f"{name}.py" for name in names}
    files = []
    for folder in FRONT_ENDS:
        for path in sorted((PACKAGE / folder).rglob("*")):
            relative = path.relative_to(PACKAGE).as_posix()
            if not path.is_file() or path.suffix not in (".py", ".js", ".html", ".css"):
                continue
            if path in renderers or relative.startswith(RENDERER_FOLDERS):
                continue
            files.append(path)
    return files


def test_no_front_end_names_a_game_or_imports_its_package() -> None:
    names = game_names()
    files = front_end_files(names)
    scanned = {path.relative_to(PACKAGE).as_posix() for path in files}
    assert {"web/app.py", "cli/solver.py", "terminal/hints.py", "web/static/js/table.js"} <= scanned
    assert {"cli/arena.py", "arena/schedule.py", "arena/stats.py", "report/page.py"} <= scanned
    assert {"web/static/js/replay.js", "web/static/table.html"} <= scanned
    offending = {
        path.relative_to(PACKAGE).as_posix(): found
        for path in files
        if (found := named_games(path.read_text(), names))
    }
    assert offending == {}


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ('if table.game != "dicetime":', ["dicetime"]),
        ("def dicetime_hints(state):", ["dicetime"]),
        ('box.hidden = table.game === "likedice";', ["likedice"]),
        ("// Dicetime's time_limit", ["dicetime"]),
        ("from parlour.boxes.x import y", ["parlour.boxes"]),
        ("from parlour import boxes", ["parlour.boxes"]),
        ("the dicetimer and the icecreams", []),
        ("five games about ice cream and dice", []),
    ],
)
def test_the_check_finds_a_game_however_it_is_named(text: str, found: list[str]) -> None:
    assert named_games(text, ["dicetime", "icecream", "likedice"]) == found


def test_the_renderers_alone_are_left_out() -> None:
    files = {path.relative_to(PACKAGE).as_posix() for path in front_end_files(game_names())}
    assert "terminal/renderers/dicetime.py" not in files
    assert "terminal/renderers/__init__.py" in files
    assert "terminal/renderers/generic.py" in files
    assert not any(name.startswith("web/static/js/games/") for name in files)
