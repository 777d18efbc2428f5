"""Helpers for the Dokitto! Ice tests: games with chosen hands and stars, and moves.

A scripted game takes its chance from `chance`, in the order the game draws it: the flavours
(only when the `flavours` option is empty), then for each round the deal (seat 0's cards first,
one at a time, each an index into the cards not yet dealt, in card order) and the star's place
in each stack from the top, in flavour order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import parlour
from parlour.boxes.dokitto import DokittoState
from parlour.boxes.dokitto.components import (
    CARD_NAMES,
    FLAVOUR_NAMES,
    HAND_SIZE,
    cards_of,
)
from parlour.boxes.dokitto.views import Entry


@dataclass(frozen=True)
class Deal:
    """One round's chance: the cards each seat must hold (the rest of each hand: the first
    cards, in card order, that no seat is given, skipping the flavours the seat `lacks`) and
    each stack's star place from the top (default 0, the top tile)."""

    hands: Sequence[Sequence[str]]
    stars: Mapping[str, int] = field(default_factory=dict)
    lacks: Mapping[int, Sequence[str]] = field(default_factory=dict)


def deal_script(flavours: Sequence[str], deal: Deal) -> list[int]:
    """The chance outcomes that deal `deal` with these flavours in play."""
    in_play = tuple(sorted(FLAVOUR_NAMES[key] for key in flavours))
    deck = [CARD_NAMES[card] for card in cards_of(in_play)]
    players = len(deal.hands)
    named = {card for hand in deal.hands for card in hand}
    assert len(named) == sum(len(hand) for hand in deal.hands), "a card is given twice"
    spare = [card for card in deck if card not in named]
    script: list[int] = []
    for seat, hand in enumerate(deal.hands):
        lacks = deal.lacks.get(seat, ())
        fill = [card for card in spare if card.split()[0] not in lacks]
        full = [*hand, *fill[: HAND_SIZE[players] - len(hand)]]
        spare = [card for card in spare if card not in full]
        for card in full:
            script.append(deck.index(card))
            deck.remove(card)
    script += [deal.stars.get(flavour.key, 0) for flavour in in_play]
    return script


def new_state(flavours: Sequence[str], *deals: Deal, seed: int = 0, **options: Any) -> DokittoState:
    """A game with these flavours (the option) whose first rounds are dealt as `deals`
    (later rounds: from the seed)."""
    players = len(deals[0].hands)
    chance = [n for deal in deals for n in deal_script(flavours, deal)]
    game = parlour.load("dokitto", players, flavours=list(flavours), **options)
    state = game.new(seed, chance=chance)
    assert isinstance(state, DokittoState)
    return state


def play(state: DokittoState, *cards: str) -> DokittoState:
    """The seats to act play these cards (`grape 7`) or take these tiles (`take grape`), in
    turn."""
    for card in cards:
        action = card if card.startswith("take ") else f"play {card}"
        state.apply(state.to_act[0], action)
    return state


def cone(state: DokittoState, seat: int) -> list[str]:
    """A seat's tiles as a spectator sees them: `grape` or `grape*` (starred)."""
    tiles = state.view(None)["cones"][seat]["tiles"]
    return [tile["flavour"] + ("*" if tile["star"] else "") for tile in tiles]


def events(state: DokittoState, kind: str, viewer: int | None = None) -> list[Entry]:
    """The log entries of one kind, as `viewer` sees them."""
    return [entry for entry in state.view(viewer)["log"] if entry["event"] == kind]
