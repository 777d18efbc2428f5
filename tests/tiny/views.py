"""What Tiny Duel shows: the view's declared type (a round told in words is in `words.py`). A
seat sees its own hand and its own sealed card; of the others only how many cards they hold
and whether they have chosen; every revealed round is public."""

from __future__ import annotations

from typing_extensions import TypedDict

from parlour.kernel.views import BaseView
from tests.tiny.events import Round


class Entry(TypedDict, closed=True):
    """A line of the log."""

    text: str


class RoundView(TypedDict, closed=True):
    """A revealed round: each seat's card and who won it (`None`: a tie)."""

    cards: list[int]
    winner: int | None


class TinyView(BaseView, closed=True):
    """Everything a seat (or a spectator, `seat` None) sees of Tiny Duel."""

    highest: int
    """The highest card (the `cards` option): pages read it here, never restate it."""
    hand: list[int]
    """The viewer's cards (a spectator's: none)."""
    choice: int | None
    """The card the viewer has chosen this round, sealed from the others."""
    held: list[int]
    """How many cards each seat holds, its sealed card apart."""
    chosen: list[bool]
    """Whether each seat has chosen this round."""
    deck: int
    """Cards left to draw."""
    rounds: list[RoundView]
    log: list[Entry]


def round_view(done: Round) -> RoundView:
    """A revealed round as JSON."""
    return {"cards": list(done.cards), "winner": done.winner}
