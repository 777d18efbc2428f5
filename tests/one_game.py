"""`pytest --game NAME`: every suite on one game, for a contributor checking a new box.

It keeps the cases parametrized for that game (a parameter that is the game's name, or names
it: a configuration's `game`, a `GameInfo`, a tuple that starts with the name), every test in
the game's own folder (`tests/boxes/NAME/`; Tiny Duel's is `tests/tiny/`) and every test marked
`every_game` (one that checks all registered games in one go), and deselects the rest.
`--game tiny` registers Tiny Duel for the whole session first, as a box registers itself on
import, so every case list built from the registry holds it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from parlour.bots.registry import register_bot
from parlour.kernel import GameInfo, registry

TINY = "tiny"
ROOT = Path(__file__).resolve().parent
chosen: str | None = None
"""The game of this session's `--game`, or `None` (every game)."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--game",
        metavar="NAME",
        default=None,
        help="run every suite on one registered game (tiny: register Tiny Duel first)",
    )
    parser.addoption(
        "--suites-report",
        metavar="PATH",
        default=None,
        help="with --game: write which generic suites have cases for the game (JSON)",
    )


def pytest_configure(config: pytest.Config) -> None:
    global chosen
    config.addinivalue_line(
        "markers", "every_game: a test over every registered game, kept by --game"
    )
    chosen = config.getoption("--game")
    if chosen is None:
        return
    if chosen == TINY:
        register_tiny()
    known = {info.name for info in registry.games()}
    if chosen not in known:
        raise pytest.UsageError(f"--game {chosen}: games are {', '.join(sorted(known))}")


def register_tiny() -> None:
    """Tiny Duel and its bot in the registries for the rest of the process."""
    from tests.tiny import BOTS, TinyDuel

    registry.register(TinyDuel)
    for bot in BOTS:
        register_bot(bot)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if chosen is None:
        return
    report = config.getoption("--suites-report")
    worker = getattr(config, "workerinput", {}).get("workerid", "gw0")  # one pytest-xdist worker
    if report is not None and worker == "gw0":
        Path(report).write_text(json.dumps(suites(items, chosen), indent=1, sort_keys=True))
    kept: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    for item in items:
        (kept if is_for(item, chosen) else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


def suites(items: list[pytest.Item], game: str) -> dict[str, bool]:
    """The generic suites, each with whether it has cases for `game`: every test module
    with a test marked `every_game`, or cases for each of the other registered games."""
    others = {info.name for info in registry.games()} - {game}
    covered: dict[str, set[str]] = {}
    for item in items:
        module = Path(str(item.path)).relative_to(ROOT.parent).as_posix()
        found = covered.setdefault(module, set())
        if item.get_closest_marker("every_game") is not None:
            found.update(others | {game})
        callspec = getattr(item, "callspec", None)
        for value in callspec.params.values() if callspec is not None else ():
            found.update(name for name in others | {game} if names(value, name))
    return {module: game in found for module, found in covered.items() if others <= found}


def folder(game: str) -> Path:
    """The folder of `game`'s own tests."""
    return ROOT / game if game == TINY else ROOT / "boxes" / game


def is_for(item: pytest.Item, game: str) -> bool:
    """Whether `--game game` keeps `item`."""
    if item.get_closest_marker("every_game") is not None:
        return True
    if Path(str(item.path)).is_relative_to(folder(game)):
        return True
    callspec = getattr(item, "callspec", None)
    return callspec is not None and any(names(value, game) for value in callspec.params.values())


def names(value: Any, game: str) -> bool:
    """Whether a test's parameter stands for `game`."""
    if isinstance(value, str):
        return value == game
    if isinstance(value, GameInfo):
        return value.name == game
    if isinstance(value, tuple) and value and isinstance(value[0], str):
        return value[0] == game
    return getattr(value, "game", None) == game
