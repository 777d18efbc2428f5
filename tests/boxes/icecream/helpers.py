"""Helpers for the Ice Cream tests: games dealt exactly as a test says, cones built from a plan,
and random play.

Cards are drawn at random from a deck kept as counts by flavour: a chance outcome is the index
of the card drawn in the deck taken in flavour order (its strawberries, then its black
raspberries, ...). `Shoe` mirrors both decks to turn the flavours a test wants into those
indices, in the order the game draws them: at setup the removed scoops, then one face-up card
a seat from the first dealer on; each day the deliveries from the dealer on and a replacement
for each discard, then one scoop a placement turn, then the cards drawn while serving.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

import parlour
from parlour.boxes.icecream import IcecreamState
from parlour.boxes.icecream.components import (
    FLAVOURS,
    ICE_CREAM_CARDS,
    SCOOP_CARDS,
    Flavour,
    FlavourName,
)
from parlour.boxes.icecream.views import LogEntry

S = Flavour.STRAWBERRY
BR = Flavour.BLACK_RASPBERRY
CC = Flavour.CHOCOLATE_CHIP
CH = Flavour.CHOCOLATE
P = Flavour.PISTACHIO
V = Flavour.VANILLA
ONE_OF_EACH = tuple(FLAVOURS)
"""The six scoops removed at setup unless a test says otherwise (3 or 4 players)."""


class Shoe:
    """Both decks as a test scripts them; `chance` is the script so far."""

    def __init__(self, removed: Sequence[Flavour] = ONE_OF_EACH) -> None:
        self.chance: list[int] = []
        self._ice = [ICE_CREAM_CARDS] * len(FLAVOURS)
        pool = [SCOOP_CARDS] * len(FLAVOURS)
        self._draw(pool, removed)
        self._day_scoops = tuple(pool)
        self._scoops = list(pool)

    def _draw(self, deck: list[int], flavours: Iterable[Flavour]) -> None:
        for flavour in flavours:
            if not deck[flavour]:
                raise ValueError(f"the script draws a {flavour.key} card the deck has not")
            self.chance.append(sum(deck[:flavour]))
            deck[flavour] -= 1

    def ice(self, *flavours: Flavour) -> Shoe:
        """The next Ice Cream cards drawn (face-up deal, deliveries, replacements, draws)."""
        self._draw(self._ice, flavours)
        return self

    def scoops(self, *flavours: Flavour) -> Shoe:
        """The next scoops turned over."""
        self._draw(self._scoops, flavours)
        return self

    def back(self, *flavours: Flavour) -> Shoe:
        """Cards going back into the Ice Cream deck (discards after deliveries or scoring)."""
        for flavour in flavours:
            self._ice[flavour] += 1
        return self

    def raw(self, *outcomes: int) -> Shoe:
        """Chance outcomes as they are, for a test about what an outcome means."""
        self.chance.extend(outcomes)
        return self

    def new_day(self) -> Shoe:
        """Every scoop but the removed ones is back in the Scoop deck."""
        self._scoops = list(self._day_scoops)
        return self


def new_game(
    players: int, shoe: Shoe | None = None, seed: int = 0, **options: Any
) -> IcecreamState:
    """A new game whose chance begins with the shoe's script (then the seed's)."""
    chance = shoe.chance if shoe is not None else []
    state = parlour.load("icecream", players, **options).new(seed, chance=chance)
    assert isinstance(state, IcecreamState)
    return state


def cone_plan(*cones: Sequence[Flavour]) -> tuple[list[Flavour], list[str]]:
    """The scoops to turn over and the placements that build these cones one after another
    (each cone's first scoop starts it, the others go on it): cone i is `cone i+1`."""
    scoops: list[Flavour] = []
    actions: list[str] = []
    for number, cone in enumerate(cones, start=1):
        for index, scoop in enumerate(cone):
            scoops.append(scoop)
            actions.append("new cone" if index == 0 else f"cone {number}")
    return scoops, actions


def play(state: IcecreamState, *actions: str) -> IcecreamState:
    """Apply actions, each by the seat to act."""
    for action in actions:
        state.apply(state.to_act[0], action)
    return state


def keep_all(state: IcecreamState) -> IcecreamState:
    """Everyone keeps their delivery."""
    while state.view(None)["phase"] == "deliveries":
        play(state, "keep")
    return state


def fill_cones(state: IcecreamState) -> IcecreamState:
    """Every scoop of the day goes on the first cone with room (four a cone)."""
    while state.view(None)["phase"] == "cones":
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state


def random_step(state: IcecreamState, rnd: random.Random) -> None:
    """The seat to act plays a random legal action."""
    seat = state.to_act[0]
    state.apply(seat, rnd.choice(state.legal_actions(seat)))


def hand(state: IcecreamState, seat: int) -> dict[str, int]:
    """A seat's face-up cards as the table sees them: how many of each flavour."""
    cards: dict[str, int] = {}
    for card in state.view(None)["seats"][seat]["cards"]:
        cards[card["flavour"]] = cards.get(card["flavour"], 0) + 1
    return cards


def on_cards(state: IcecreamState, seat: int) -> dict[str, int]:
    """The scoops served today on a seat's cards, by flavour (cards without scoops left out)."""
    return {
        card["flavour"]: card["scoops"]
        for card in state.view(None)["seats"][seat]["cards"]
        if card["scoops"]
    }


def cones(state: IcecreamState) -> dict[int, list[FlavourName]]:
    """The cones not yet served: their scoops by cone number."""
    return {cone["cone"]: cone["scoops"] for cone in state.view(None)["cones"]}


def events(state: IcecreamState, kind: str, viewer: int | None = None) -> list[LogEntry]:
    """The log entries of one kind, as `viewer` sees them."""
    return [entry for entry in state.view(viewer)["log"] if entry["event"] == kind]
