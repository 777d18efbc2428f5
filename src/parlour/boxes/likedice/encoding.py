"""Like Dice's observation encoding, read from a view (every seat sees the same table): the
challenge, the common display, each seat's own display and the dice it counts (the common
display and its own, by colour and pips), the answers called, the take and the last result
(the viewer's seat first, then the seats after it); every number within 0..1. A spectator's
view encodes with seat 0 first. The answers' values are not encoded, only who answered or
passed: a wrong answer tells nothing a player needs to decide. `observe` writes the very same
numbers straight from the state, without building the view."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import cast

import numpy as np

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
from parlour.boxes.likedice.rules import Phase
from parlour.boxes.likedice.state import LikeDiceState
from parlour.boxes.likedice.views import CardView, LikeDiceView
from parlour.kernel import Seat, View
from parlour.kernel.encoding import Encoding, bits, one_hot, seat_order, starts, unit

PHASES = ("answer", "take", "over")
DICE = len(Colour) * FACES
COPIES = 2
"""Every colour shows every pip value on exactly two of the 30 cards."""
MOST_PIPS = sum(card.pips for card in CARDS)
PHASE_INDEX = {Phase(phase): index for index, phase in enumerate(PHASES)}
DIE_SLOTS = tuple(tuple(die.colour * FACES + die.pips - 1 for die in card.dice) for card in CARDS)
"""Each dice card's dice, as their places among the `DICE` counts (by card index)."""
CARD_PIPS = tuple(card.pips for card in CARDS)


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

    at = starts(features)
    to_act_at, phase_at, challenge_at = at["to_act"], at["phase"], at["challenge"]
    common_at, display_at, dice_at = at["common"], at["display"], at["dice"]
    cards_at, targets_at, pips_at = at["cards"], at["targets"], at["pips"]
    answered_at, passed_at, taker_at = at["answered"], at["passed"], at["taker"]
    takeable_at, winner_at, right_at = at["takeable"], at["last_winner"], at["last_right"]
    deck_at, pile_at = at["dice_deck"], at["challenge_pile"]
    all_cards, all_challenges = len(CARDS), len(CHALLENGES)

    def observe(state: LikeDiceState, seat: Seat, out: np.ndarray) -> None:
        """`fill(state.view(seat))`, written straight from the state into `out`."""
        first = 0 if seat is None else seat
        for other in state._to_act:
            out[to_act_at + (other - first) % n] = 1.0
        phase = state._phase
        out[phase_at + PHASE_INDEX[phase]] = 1.0
        out[challenge_at + state._challenge] = 1.0
        common = state._common
        for place, card in enumerate(common):
            out[common_at + place * all_cards + card] = 1.0
        targets = state._targets
        for other, display in enumerate(state._displays):
            k = (other - first) % n
            shown = display_at + k * all_cards
            dice = dice_at + k * DICE
            pips = 0
            for card in common:
                for slot in DIE_SLOTS[card]:
                    out[dice + slot] += 1 / COPIES
            for card in display:
                out[shown + card] = 1.0
                for slot in DIE_SLOTS[card]:
                    out[dice + slot] += 1 / COPIES
                pips += CARD_PIPS[card]
            out[cards_at + k] = len(display) / TARGET
            out[targets_at + k] = targets[other] / TARGET
            out[pips_at + k] = pips / MOST_PIPS
        for answer in state._answers:
            k = (answer.seat - first) % n
            out[(passed_at if answer.answer is None else answered_at) + k] = 1.0
        if phase is Phase.TAKE:
            assert state._winner is not None
            out[taker_at + (state._winner - first) % n] = 1.0
            for place in state._places:
                out[takeable_at + place] = 1.0
        settled = state._settled
        if settled is not None:
            if settled.winner is not None:
                out[winner_at + (settled.winner - first) % n] = 1.0
            for check in settled.checked:
                if check.answer == check.right:
                    out[right_at + (check.seat - first) % n] = 1.0
        out[deck_at] = len(state._deck) / all_cards
        out[pile_at] = len(state._pile) / all_challenges

    return Encoding(f"likedice-{players}", features, fill, observe)


def dice_counts(cards: Sequence[CardView]) -> list[float]:
    """How many dice of each colour and pips these cards show, over `COPIES`."""
    values = [0.0] * DICE
    for card in cards:
        for die in card["dice"]:
            values[Colour[die["colour"].upper()] * FACES + die["pips"] - 1] += 1 / COPIES
    return values
