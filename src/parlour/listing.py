"""What front ends list about each game (`parlour games --json`, `/api/games`): its description,
its bots with the default and their levels, what it is played for at each player count,
whether it has a tutorial, whether it gives advice (hints) and whether that advice is a
solver's (the analysis of a finished game; see `parlour.kernel.advice`), and whether it has a
daily challenge, so that no front
end needs to know a game by name."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from parlour.bots.registry import describe_bots
from parlour.kernel import ExactAdvice, GameInfo, game_class, games, load


def describe(info: GameInfo) -> dict[str, Any]:
    """One game's listing (its advice as its default options give it)."""
    advice = load(info.name).advice()
    return {
        **info.describe(),
        **describe_bots(info.name),
        "objectives": objectives(info),
        "tutorial": info.tutorial is not None,
        "advice": advice is not None,
        "analysis": isinstance(advice, ExactAdvice),
        "challenge": game_class(info.name).challenge(datetime.now(UTC).date()) is not None,
    }


def objectives(info: GameInfo) -> list[dict[str, Any]]:
    """What the game is played for at each player count, with its default options:
    `{"players": 1, "objective": "points"}`, ...(`Game.objective`)."""
    return [
        {"players": players, "objective": load(info.name, players).objective().value}
        for players in range(info.min_players, info.max_players + 1)
    ]


def listing() -> list[dict[str, Any]]:
    """Every registered game's listing, in registration order."""
    return [describe(info) for info in games()]
