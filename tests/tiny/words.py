"""Tiny Duel's words: its refusals, and a round told to a viewer."""

from __future__ import annotations

from collections.abc import Mapping

from parlour.i18n import N_, _
from parlour.kernel import Seat, seat_name
from tests.tiny.events import Round
from tests.tiny.views import Entry

REASON_TEXTS: Mapping[str, str] = {
    "not_a_play": N_("{action!r} is no card to play"),
    "not_in_hand": N_("you hold no {card}; your cards: {hand}"),
}
"""Tiny Duel's refusals in English (`Game.reason_texts`), marked for its catalogue."""


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
