"""Helpers for the Like Dice tests: games dealt from named cards and challenges, dice written
as card text, and players answering right, wrong or not at all.

A scripted game takes its chance in the order the game draws: each seat's own card (seat 0
first), the three common cards, the first challenge; then, whenever a challenge is settled,
the card refilling the common display (after a take) and the next challenge. Each outcome is
an index into the cards (or challenges) not yet drawn, in `CARDS` (`CHALLENGES`) order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import parlour
from parlour.boxes.likedice import LikeDiceState
from parlour.boxes.likedice.components import (
    BY_INITIAL,
    CARDS,
    CHALLENGE_BY_KEY,
    CHALLENGES,
    DECKS,
    Die,
    Level,
)
from parlour.boxes.likedice.views import Entry

OWN_COMMON = (["B1 R5", "B2 R1"], ["G4 Y5", "Y2 P6", "B3 G3"])
"""A two-player deal: seat 0 holds blue 1 and red 5, seat 1 blue 2 and red 1; the common
display is G4 Y5, Y2 P6, B3 G3. Blue: 1 + 3 = 4 for seat 0, 2 + 3 = 5 for seat 1."""


def dice(text: str) -> list[Die]:
    """Dice written as on the cards: `B4 G6 G6` is a blue 4 and two green 6s."""
    return [Die(BY_INITIAL[word[0]], int(word[1:])) for word in text.split()]


class Script:
    """The chance outcomes that draw the named dice cards and challenges, built in the order
    the game draws them."""

    def __init__(self, level: str = "beginner") -> None:
        self.level = level
        self.deck = [card.key for card in CARDS]
        self.pile = [CHALLENGES[index].key for index in DECKS[Level[level.upper()]]]
        self.used: list[str] = []
        self.chance: list[int] = []

    def cards(self, *keys: str) -> Script:
        for key in keys:
            self.chance.append(self.deck.index(key))
            self.deck.remove(key)
        return self

    def challenge(self, *keys: str) -> Script:
        for key in keys:
            if not self.pile:
                self.pile = sorted(self.used, key=lambda k: CHALLENGE_BY_KEY[k].index)
                self.used = []
            self.chance.append(self.pile.index(key))
            self.pile.remove(key)
            self.used.append(key)
        return self

    def new(self, players: int = 2, seed: int = 0, **options: Any) -> LikeDiceState:
        """A game dealt by this script (then by the seed), at the script's level."""
        game = parlour.load("likedice", players, level=self.level, **options)
        state = game.new(seed, chance=self.chance)
        assert isinstance(state, LikeDiceState)
        return state


def new_game(players: int, seed: int, **options: Any) -> LikeDiceState:
    """A new game dealt from `seed`."""
    state = parlour.load("likedice", players, **options).new(seed)
    assert isinstance(state, LikeDiceState)
    return state


def deal(
    own: list[str],
    common: list[str],
    challenges: list[str],
    level: str = "beginner",
    **options: Any,
) -> LikeDiceState:
    """A game whose seats' own cards, common display and first challenges are these (one own
    card per seat; several challenges are drawn in turn as long as nobody wins)."""
    script = Script(level).cards(*own, *common).challenge(*challenges)
    return script.new(len(own), **options)


def answer_all(state: LikeDiceState, *answers: tuple[int, int | None]) -> None:
    """Apply (seat, result) answers in calling order; `None` passes."""
    for seat, value in answers:
        state.apply(seat, "pass" if value is None else f"answer {value}")


def wrong(state: LikeDiceState, seat: int) -> int:
    """A result that is wrong for `seat` now."""
    return (state.solution(seat) + 1) % 100


def keys(cards: Sequence[Mapping[str, Any]]) -> list[str]:
    """The keys of cards as a view shows them."""
    return [card["key"] for card in cards]


def events(state: LikeDiceState, kind: str, viewer: int | None = None) -> list[Entry]:
    """The log entries of one kind, as `viewer` sees them."""
    return [entry for entry in state.view(viewer)["log"] if entry["event"] == kind]


def win(state: LikeDiceState, seat: int) -> None:
    """`seat` calls out the right result first, the others pass; as the winner it takes the
    first card it may."""
    state.apply(seat, f"answer {state.solution(seat)}")
    for other in state.to_act:
        state.apply(other, "pass")
    if state.to_act == (seat,):
        state.apply(seat, state.legal_actions(seat)[0])


def nobody(state: LikeDiceState) -> None:
    """Everyone passes."""
    for seat in state.to_act:
        state.apply(seat, "pass")
