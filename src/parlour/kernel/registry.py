"""The game registry: `games()` lists what can be played, `load()` validates and builds a game."""

from __future__ import annotations

import importlib

from parlour.kernel.errors import OptionError, shown
from parlour.kernel.options import resolve_options
from parlour.kernel.protocol import Game, GameInfo

_GAMES: dict[str, type[Game]] = {}
_BUILTIN_PACKAGE = "parlour.boxes"


def register(cls: type[Game]) -> type[Game]:
    """Add a game class to the registry (usable as a class decorator)."""
    _GAMES[cls.info.name] = cls
    return cls


def _registry() -> dict[str, type[Game]]:
    importlib.import_module(_BUILTIN_PACKAGE)
    return _GAMES


def games() -> list[GameInfo]:
    """Every registered game's metadata, in registration order."""
    return [cls.info for cls in _registry().values()]


def game_class(name: str) -> type[Game]:
    """The class of the game called `name`, or `OptionError` listing the known games."""
    registry = _registry()
    if not isinstance(name, str) or name not in registry:
        raise OptionError(f"unknown game {shown(name)}; games are: {', '.join(registry)}")
    return registry[name]


def load(name: str, players: int | None = None, **options: object) -> Game:
    """The game `name` for `players` seats (default: its minimum) with validated options."""
    cls = game_class(name)
    info = cls.info
    count = info.min_players if players is None else players
    if (
        not isinstance(count, int)
        or isinstance(count, bool)
        or not (info.min_players <= count <= info.max_players)
    ):
        raise OptionError(
            f"{name} is for {info.min_players} to {info.max_players} players, not {shown(count)}"
        )
    values = resolve_options(info.options, options, count, name)
    cls.check(count, values)
    return cls(count, values)
