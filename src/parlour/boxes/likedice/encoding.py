"""Like Dice's observation encoding, read from a view (every seat sees the same table): the
challenge, the common display, each seat's own display and the dice it counts (the common
display and its own, by colour and pips), the answers called, the take and the last result
(the viewer's seat first, then the seats after it); every number within 0..1. A spectator's
view encodes with seat 0 first. The answers' values are not encoded, only who answered or
passed: a wrong answer tells nothing a player needs to decide."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import cast

from parlour.boxes.likedice.components import (
    CARD_BY_KEY,
    CARDS,
    CHALLENGE_BY_KEY,
    CHALLENGES,
    COMMON_CARDS,
    FACES,
    TARGET,
    Colour,
)
from parlour.boxes.likedice.views import CardView, LikeDiceView
from parlour.kernel import View
from parlour.kernel.encoding import Encoding, bits, one_hot, seat_order, unit

PHASES = ("answer", "take", "over")
DICE = len(Colour) * FACES
COPIES = 2
"""Every colour shows every pip value on exactly two of the 30 cards."""
MOST_PIPS = sum(card.pips for card in CARDS)


@functools.cache
def encoding(players: int) -> Encoding:
    """The encoding of a Like Dice view for `players` seats."""
    n = players

    features = (
        unit("to_act", n, "1 for each seat to act now (viewer first, then the seats after)"),
        unit("phase", len(PHASES), "one-hot of the phase: " + ", ".join(PHASES)),
        unit("challenge", len(CHALLENGES), "one-hot of the challenge card (30, by index)"),
        unit("common", COMMON_CARDS * len(CARDS), "per place, one-hot of its dice card (30)"),
        unit("display", n * len(CARDS), "per seat, 1 for each dice card in its own display"),
        unit(
            "dice",
            n * DICE,
            f"per seat, the dice it counts (common and own) by colour then pips / {COPIES}",
        ),
        unit("cards", n, f"per seat, cards in its own display / {TARGET}"),
        unit("targets", n, f"per seat, its target / {TARGET}"),
        unit("pips", n, f"per seat, its display's dot total / {MOST_PIPS}"),
        unit("answered", n, "per seat, 1 once it answered the challenge running"),
        unit("passed", n, "per seat, 1 once it passed on the challenge running"),
        unit("taker", n, "one-hot of the seat choosing a card to take (0: none)"),
        unit("takeable", COMMON_CARDS, "1 for each common place the taker may take"),
        unit("last_winner", n, "one-hot of the last challenge's winner (0: none)"),
        unit("last_right", n, "per seat, 1 if its answer to the last challenge was right"),
        unit("dice_deck", 1, f"cards left in the dice deck / {len(CARDS)}"),
        unit("challenge_pile", 1, f"challenges not yet revealed / {len(CHALLENGES)}"),
    )

    def fill(view: View) -> list[float]:
        v = cast(LikeDiceView, view)
        order = seat_order(v["seat"], n)
        where = {seat: k for k, seat in enumerate(order)}
        seats = [v["seats"][seat] for seat in order]
        take, result = v["take"], v["result"]
        values = bits(seat in v["to_act"] for seat in order)
        values += one_hot(PHASES.index(v["phase"]), len(PHASES))
        values += one_hot(CHALLENGE_BY_KEY[v["challenge"]["key"]].index, len(CHALLENGES))
        common = [CARD_BY_KEY[card["key"]].index for card in v["common"]]
        for place in range(COMMON_CARDS):
            values += one_hot(common[place] if place < len(common) else None, len(CARDS))
        for s in seats:
            shown = {CARD_BY_KEY[card["key"]].index for card in s["display"]}
            values += bits(card in shown for card in range(len(CARDS)))
        for s in seats:
            values += dice_counts([*v["common"], *s["display"]])
        values += [s["cards"] / TARGET for s in seats]
        values += [s["target"] / TARGET for s in seats]
        values += [s["pips"] / MOST_PIPS for s in seats]
        called = {a["seat"]: a["answer"] for a in v["answers"]}
        values += bits(called.get(seat) is not None for seat in order)
        values += bits(seat in called and called[seat] is None for seat in order)
        values += one_hot(None if take is None else where[take["seat"]], n)
        places = {int(c["action"].split()[-1]) - 1 for c in take["choices"]} if take else set()
        values += bits(place in places for place in range(COMMON_CARDS))
        winner = None if result is None else result["winner"]
        values += one_hot(None if winner is None else where[winner], n)
        right = {c["seat"] for c in result["checked"] if c["right"]} if result else set()
        values += bits(seat in right for seat in order)
        values.append(v["dice_deck"] / len(CARDS))
        values.append(v["challenge_pile"] / len(CHALLENGES))
        return values

    return Encoding(f"likedice-{players}", features, fill)


def dice_counts(cards: Sequence[CardView]) -> list[float]:
    """How many dice of each colour and pips these cards show, over `COPIES`."""
    values = [0.0] * DICE
    for card in cards:
        for die in card["dice"]:
            values[Colour[die["colour"].upper()] * FACES + die["pips"] - 1] += 1 / COPIES
    return values
