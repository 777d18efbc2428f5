"""Ice Cream's log: what happened, told from one seat's side.

Events are tuples whose first item names their kind. A card only its owner may see (a face-down
delivery, a discarded one) is a `Secret` inside an event: the text names its flavour to the
owner alone, so that the others read "Seat 2 discarded" and nothing more.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from parlour.boxes.icecream.components import Flavour
from parlour.kernel import Seat

Event = tuple[Any, ...]


@dataclass(frozen=True)
class Secret:
    """A card seen by its owner only."""

    owner: int
    flavour: Flavour

    def seen_by(self, viewer: Seat) -> Flavour | None:
        """The flavour if `viewer` owns the card, else None."""
        return self.flavour if viewer == self.owner else None


def seat_name(seat: int, viewer: Seat) -> str:
    """How the log names a seat to `viewer`: `You`, or `Seat 2` (seats count from 1)."""
    return "You" if seat == viewer else f"Seat {seat + 1}"


def names(seats: Sequence[int], viewer: Seat) -> str:
    """`Seat 1, You and Seat 3`."""
    named = [seat_name(seat, viewer) for seat in seats]
    return " and ".join([", ".join(named[:-1]), named[-1]] if len(named) > 1 else named)


def scoops_text(scoops: Sequence[Flavour]) -> str:
    """`strawberry, strawberry, chocolate chip`."""
    return ", ".join(scoop.key for scoop in scoops)


def describe(event: Event, viewer: Seat) -> dict[str, Any]:
    """One log entry, told from `viewer`'s side."""
    kind = event[0]
    entry: dict[str, Any] = {"event": kind}
    text: str
    if kind == "day":
        _, day, dealer = event
        entry.update(day=day, seat=dealer)
        text = f"Day {day} begins; {seat_name(dealer, viewer)} deal{_s(dealer, viewer)}."
    elif kind == "deal":
        text = _deal_text(event, viewer)
    elif kind == "back":
        text = f"The {_cards(event[1])} discarded went back into the Ice Cream deck, shuffled."
    elif kind == "reveal":
        shown = ", ".join(f"{seat_name(seat, viewer)} {flavour.key}" for seat, flavour in event[1])
        text = f"The face-down cards are revealed: {shown}." if shown else "No card is face down."
    elif kind == "score":
        text = _score_text(event, viewer)
    elif kind == "end":
        _, winners, totals, unopened = event
        verb = "win" if len(winners) > 1 or winners == (viewer,) else "wins"
        best = winners[0]
        text = (
            f"Game over: {names(winners, viewer)} {verb} with {totals[best]} points "
            f"({_cards(unopened[best])} unopened)."
        )
    else:
        seat = event[1]
        entry["seat"] = seat
        if kind == "place":
            entry.update(scoop=event[2].key, cone=event[3])
        elif kind == "serve":
            entry.update(cone=event[2], points=event[5])
        text = _turn_text(event, seat_name(seat, viewer), viewer)
    entry["text"] = text
    return entry


def _turn_text(event: Event, who: str, viewer: Seat) -> str:
    """The text of a player's own action (or lack of one)."""
    kind = event[0]
    if kind == "keep":
        kept = event[2].seen_by(viewer)
        return f"{who} kept the delivery" + (f" ({kept.key})." if kept is not None else ".")
    if kind == "discard":
        old, new = event[2].seen_by(viewer), event[3].seen_by(viewer)
        if old is None or new is None:
            return f"{who} discarded and took another card face down."
        return f"{who} discarded {old.key} and took {new.key} face down, which you must keep."
    if kind == "place":
        _, _, scoop, number, new, cone = event
        where = f"started cone {number}" if new else f"put it on cone {number}"
        held = f" ({scoops_text(cone.scoops)})" if not new else ""
        return f"{who} turned over {scoop.key} and {where}{held}."
    if kind == "serve":
        _, _, number, cone, returned, points = event
        how = "exactly" if returned is None else f"with the {returned.key} scoop missing"
        back = "" if returned is None else f"; the {returned.key} scoop went back"
        return (
            f"{who} served cone {number} {how} ({scoops_text(cone.scoops)}): "
            f"{points} point{'s' if points != 1 else ''}{back}."
        )
    if kind == "draw":
        return f"{who} drew {event[2].key}."
    # stuck
    return (
        f"{who} {'have' if who == 'You' else 'has'} no action: the Ice Cream deck is empty and "
        "every cone has two or more scoops of flavours missing. Serving is over."
    )


def _deal_text(event: Event, viewer: Seat) -> str:
    _, order, secrets = event
    dealt = [secret.owner for secret in secrets]
    if not dealt:
        return "The Ice Cream deck is empty: nobody gets a delivery."
    text = f"{seat_name(order[0], viewer)} dealt one card face down to {names(dealt, viewer)}"
    yours = next((s.seen_by(viewer) for s in secrets if s.seen_by(viewer) is not None), None)
    if yours is not None:
        text += f"; yours is {yours.key}"
    missed = [seat for seat in order if seat not in dealt]
    if missed:
        text += f". The deck ran out: no delivery for {names(missed, viewer)}"
    return text + "."


def _score_text(event: Event, viewer: Seat) -> str:
    _, day, scores, totals = event
    parts = [
        f"{seat_name(seat, viewer)} {score.scoops} + {score.duplicates} = {score.points} "
        f"(total {totals[seat]})"
        for seat, score in enumerate(scores)
    ]
    return f"Day {day} scores (scoops + duplicates): {'; '.join(parts)}."


def _cards(count: int) -> str:
    return f"{count} card{'s' if count != 1 else ''}"


def _s(seat: int, viewer: Seat) -> str:
    return "" if seat == viewer else "s"
