"""Helpers shared by the kernel and game tests: every seat, and snapshots of all a state shows."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from parlour import Seat, State, View
from parlour.bots import Bot
from parlour.kernel import Action


def all_seats(state: State) -> list[Seat]:
    """Every player seat, then `None` (the spectator, and the table)."""
    return [*range(state.game.players), None]


def all_views(state: State) -> list[View]:
    """The view of every player seat and of a spectator, in `all_seats` order."""
    return [state.view(seat) for seat in all_seats(state)]


def snapshot(state: State) -> dict[str, Any]:
    """Everything a state shows through the public API, for before/after comparisons."""
    return {
        "views": all_views(state),
        "record": state.record,
        "history": state.history,
        "to_act": state.to_act,
        "legal": [tuple(state.legal_actions(seat)) for seat in all_seats(state)],
        "over": state.over,
        "scores": state.scores,
        "winners": state.winners,
    }


def json_keys(text: str) -> set[str]:
    """Every object key anywhere in a JSON document."""
    found: set[str] = set()

    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        found.update(key for key, _ in pairs)
        return dict(pairs)

    json.loads(text, object_pairs_hook=hook)
    return found


def play_legally(state: State, bots: Sequence[Bot]) -> tuple[list[Action], tuple[int, ...]]:
    """Play `state` to the end, each seat's bot choosing from its view; every choice must be
    legal. The actions taken and the final scores (to compare runs of the same seeds)."""
    actions = []
    while not state.over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.view(seat), legal)
        assert action in legal, (seat, action, legal)
        state.apply(seat, action)
        actions.append(action)
    return actions, state.scores
