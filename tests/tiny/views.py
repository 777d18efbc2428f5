"""What Tiny Duel shows: the view's declared type, and how a round is told to a viewer. A
seat sees its own hand and its own sealed card; of the others only how many cards they hold
and whether they have chosen; every revealed round is public."""

from __future__ import annotations

from typing_extensions import TypedDict

from parlour.i18n import _
from parlour.kernel import Seat, seat_name
from tests.tiny.components import Round


class Entry(TypedDict):
    """A line of the log."""

    text: str


class RoundView(TypedDict):
    """A revealed round: each seat's card and who won it (`None`: a tie)."""

    cards: list[int]
    winner: int | None


class TinyView(TypedDict):
    """Everything a seat (or a spectator, `seat` None) sees of Tiny Duel."""

    game: str
    seat: int | None
    to_act: list[int]
    over: bool
    scores: list[int]
    winners: list[int]
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


def told(number: int, done: Round, viewer: Seat) -> Entry:
    """Round `number` (from 1) in words for `viewer`: who played what and who won."""
    played = _("{seat} played {card}")
    plays = ", ".join(
        played.format(seat=seat_name(seat, viewer), card=card)
        for seat, card in enumerate(done.cards)
    )
    result = (
        _("a tie")
        if done.winner is None
        else _("{seat} won").format(seat=seat_name(done.winner, viewer))
    )
    return {
        "text": _("Round {number}: {plays}; {result}.").format(
            number=number, plays=plays, result=result
        )
    }
