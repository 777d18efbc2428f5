"""Dicecream's observation encoding, read from a view: the round and phase, the active turn's
dice and bowls, the revealed bonus cards, the seats choosing at once and the viewer's own
sealed choice, and every sheet space by space (the viewer's first, then the seats after it);
every number within 0..1. A spectator's view encodes with seat 0 first and no sealed choice."""

from __future__ import annotations

import functools
from typing import cast, get_args

from parlour.boxes.dicecream.components import (
    BEANS,
    BONUS_CARDS,
    CREAM_BONUS,
    DICE,
    FACES,
    FLAVOURS,
    ROUNDS,
    SPACES,
    STACK,
    SUNDAES,
    TOPPINGS_MULTIPLIER,
    Kind,
)
from parlour.boxes.dicecream.notation import ACTIONS
from parlour.boxes.dicecream.rules import PhaseName
from parlour.boxes.dicecream.views import DicecreamView
from parlour.kernel import View
from parlour.kernel.encoding import Encoding, bits, one_hot, seat_order, unit

PHASES: tuple[PhaseName, ...] = get_args(PhaseName)
USES = ("placed", "bowl", "unused")
CARD_KEYS = tuple(card.key for card in BONUS_CARDS)
ACTION_INDEX = {action: index for index, action in enumerate(ACTIONS)}
MOST_SUNDAE = TOPPINGS_MULTIPLIER * (len(SUNDAES[0].cubes) * FACES + 3 + FACES + CREAM_BONUS)
"""The most a sundae scores: three 6s, a white 3 and 6 and the cream bonus, doubled."""
MOST_TOTAL = len(SUNDAES) * MOST_SUNDAE + BEANS * 2
ROUNDS_MOST = max(ROUNDS.values())
STACK_MOST = max(STACK.values())
WHERE = tuple(
    (
        space.sundae,
        {Kind.CUBE: "cubes", Kind.CREAM: "cream", Kind.TOPPING: "toppings"}[space.kind],
        space.side.value if space.side else space.colour.key,
    )
    for space in SPACES
)
"""Where the view holds each space of a sheet: its sundae's place, section and key."""
TOPPINGS = sum(len(sundae.toppings) for sundae in SUNDAES)


@functools.cache
def encoding(players: int) -> Encoding:
    """The encoding of a Dicecream view for `players` seats."""
    n = players

    features = (
        unit("to_act", n, "1 for each seat to act now (viewer first, then the seats after)"),
        unit("phase", len(PHASES), "one-hot of the phase: " + ", ".join(PHASES)),
        unit("round", ROUNDS_MOST, f"one-hot of the round, 1..{ROUNDS_MOST} (fewer: more players)"),
        unit("active", n, "one-hot of the seat whose turn it is (0: none)"),
        unit("stack", 1, f"bonus cards left in the stack / {STACK_MOST}"),
        unit("bonus_cards", len(BONUS_CARDS), "1 for each bonus card revealed now (18)"),
        unit("rolled", 1, "1 once the active seat has rolled"),
        unit("may_reroll", 1, "1 while the active seat may spend a bean to reroll"),
        unit("dice", len(DICE) * FACES, "one-hot of each die's face (blue..white, 5x6)"),
        unit("uses", len(DICE) * len(USES), "one-hot of each die's use: " + ", ".join(USES)),
        unit("unlocked", len(FLAVOURS), "1 for each sundae unlocked this turn"),
        unit("limits", len(FLAVOURS), f"each unlocked sundae's sum limit / {FACES}"),
        unit("spent", len(FLAVOURS), f"each unlocked sundae's dice placed so far / {FACES}"),
        unit("takeable", len(DICE), "1 for each die the others may take"),
        unit("eligible", n, "1 for each seat choosing at once now"),
        unit("waiting", n, "1 for each seat yet to choose"),
        unit("yours", len(ACTIONS), "one-hot of the viewer's sealed choice (action order)"),
        unit("filled", n * len(SPACES), "per seat, 1 for each space filled or ticked (32)"),
        unit("numbers", n * len(SPACES), f"per seat, each space's number / {FACES} (0: none)"),
        unit("scores", n * len(SUNDAES), f"per seat, each sundae's points / {MOST_SUNDAE}"),
        unit("beans", n, f"per seat, chocolate beans left / {BEANS}"),
        unit("toppings", n, f"per seat, toppings ticked / {TOPPINGS}"),
        unit("total", n, f"per seat, its total / {MOST_TOTAL}"),
    )

    def fill(view: View) -> list[float]:
        v = cast(DicecreamView, view)
        order = seat_order(v["seat"], n)
        where = {seat: k for k, seat in enumerate(order)}
        active, turn, choosing = v["active"], v["turn"], v["choosing"]
        values = bits(seat in v["to_act"] for seat in order)
        values += one_hot(PHASES.index(v["phase"]), len(PHASES))
        values += one_hot(v["round"] - 1, ROUNDS_MOST)
        values += one_hot(None if active is None else where[active], n)
        values.append(v["stack"] / STACK_MOST)
        shown = {card["key"] for card in v["bonus_cards"]}
        values += bits(key in shown for key in CARD_KEYS)
        dice = turn["dice"] if turn is not None else []
        values += bits(
            [turn is not None and turn["rolled"], turn is not None and turn["may_reroll"]]
        )
        for k in range(len(DICE)):
            values += one_hot(dice[k]["face"] - 1 if dice else None, FACES)
        for k in range(len(DICE)):
            values += one_hot(USES.index(dice[k]["use"]) if dice else None, len(USES))
        bowls = {bowl["sundae"]: bowl for bowl in turn["unlocked"]} if turn is not None else {}
        values += bits(f.key in bowls for f in FLAVOURS)
        values += [bowls[f.key]["limit"] / FACES if f.key in bowls else 0.0 for f in FLAVOURS]
        values += [bowls[f.key]["spent"] / FACES if f.key in bowls else 0.0 for f in FLAVOURS]
        takeable = turn["takeable"] if turn is not None else []
        values += bits(die.key in takeable for die in DICE)
        values += bits(choosing is not None and seat in choosing["eligible"] for seat in order)
        values += bits(choosing is not None and seat in choosing["waiting"] for seat in order)
        yours = choosing["yours"] if choosing is not None else None
        values += one_hot(None if yours is None else ACTION_INDEX[yours], len(ACTIONS))
        numbers: list[float] = []
        for seat in order:
            sundaes = v["seats"][seat]["sundaes"]
            for sundae, section, key in WHERE:
                entry = sundaes[sundae][section][key]  # type: ignore[literal-required]
                values.append(0.0 if entry is None or entry is False else 1.0)
                numbers.append(0.0 if section == "toppings" else (entry or 0) / FACES)
        values += numbers
        for seat in order:
            values += [s["score"] / MOST_SUNDAE for s in v["seats"][seat]["sundaes"]]
        values += [v["seats"][seat]["beans"] / BEANS for seat in order]
        values += [v["seats"][seat]["toppings"] / TOPPINGS for seat in order]
        values += [v["seats"][seat]["total"] / MOST_TOTAL for seat in order]
        return values

    return Encoding(f"dicecream-{players}", features, fill)
