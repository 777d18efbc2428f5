"""Dicecream's observation encoding, read from a view: the round and phase, the active turn's
dice and bowls, the revealed bonus cards, the seats choosing at once and the viewer's own
sealed choice, and every sheet space by space (the viewer's first, then the seats after it);
every number within 0..1. A spectator's view encodes with seat 0 first and no sealed choice.
`observe` writes the very same numbers straight from the state, without building the view."""

from __future__ import annotations

import functools
from typing import cast, get_args

import numpy as np

from parlour.boxes.dicecream import rules
from parlour.boxes.dicecream.components import (
    BEAN_POINTS,
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
from parlour.boxes.dicecream.rules import PHASE_NAMES, Phase, PhaseName
from parlour.boxes.dicecream.state import DicecreamState
from parlour.boxes.dicecream.views import TURN_PHASES, DicecreamView
from parlour.kernel import Seat, View
from parlour.kernel.encoding import Encoding, bits, one_hot, seat_order, starts, unit

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
PHASE_INDEX = {phase: PHASES.index(name) for phase, name in PHASE_NAMES.items()}
PLACED, BOWL, UNUSED = (USES.index(use) for use in ("placed", "bowl", "unused"))
NUMBERED = tuple(space.index for space in SPACES if space.kind is not Kind.TOPPING)
"""The spaces that hold a number (cubes, cream), by index: the others hold a tick."""


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

    at = starts(features)
    to_act_at, phase_at, round_at = at["to_act"], at["phase"], at["round"]
    active_at, stack_at, cards_at = at["active"], at["stack"], at["bonus_cards"]
    rolled_at, reroll_at = at["rolled"], at["may_reroll"]
    dice_at, uses_at, unlocked_at = at["dice"], at["uses"], at["unlocked"]
    limits_at, spent_at, takeable_at = at["limits"], at["spent"], at["takeable"]
    eligible_at, waiting_at, yours_at = at["eligible"], at["waiting"], at["yours"]
    filled_at, numbers_at, scores_at = at["filled"], at["numbers"], at["scores"]
    beans_at, toppings_at, total_at = at["beans"], at["toppings"], at["total"]
    spaces, sundaes, uses = len(SPACES), len(SUNDAES), len(USES)

    def observe(state: DicecreamState, seat: Seat, out: np.ndarray) -> None:
        """`fill(state.view(seat))`, written straight from the state into `out`."""
        first = 0 if seat is None else seat
        phase = state._phase
        for other in state._to_act:
            out[to_act_at + (other - first) % n] = 1.0
        out[phase_at + PHASE_INDEX[phase]] = 1.0
        out[round_at + state._round - 1] = 1.0
        stack = len(state._stack)
        if stack:
            out[stack_at] = stack / STACK_MOST
        for card in state._revealed:
            out[cards_at + card] = 1.0
        if phase in TURN_PHASES:
            active, faces, used = state._active, state._faces, state._used
            out[active_at + (active - first) % n] = 1.0
            if faces:
                out[rolled_at] = 1.0
                placed = 0
                for space in state._placed:
                    placed |= 1 << space.colour
                for die, face in enumerate(faces):
                    out[dice_at + die * FACES + face - 1] = 1.0
                    if placed >> die & 1:
                        use = PLACED
                    elif used >> die & 1:
                        use = BOWL
                    else:
                        use = UNUSED
                    out[uses_at + die * uses + use] = 1.0
            if phase is Phase.PLACE and state._beans[active] > 0 and not used:
                out[reroll_at] = 1.0
            limits, spent = state._limit, state._spent
            for sundae in FLAVOURS:
                limit = limits[sundae]
                if limit:
                    out[unlocked_at + sundae] = 1.0
                    out[limits_at + sundae] = limit / FACES
                    out[spent_at + sundae] = spent[sundae] / FACES
            if phase is Phase.TAKE:
                for space in state._placed:
                    out[takeable_at + space.colour] = 1.0
        if phase is Phase.TAKE or phase is Phase.BONUS:
            for other in state._eligible:
                out[eligible_at + (other - first) % n] = 1.0
            for other in state._to_act:
                out[waiting_at + (other - first) % n] = 1.0
            yours = state._choices.get(seat)  # a spectator has none
            if yours is not None:
                out[yours_at + ACTION_INDEX[yours]] = 1.0
        beans = state._beans
        for other, sheet in enumerate(state._sheets):
            k = (other - first) % n
            filled = filled_at + k * spaces
            for index, entry in enumerate(sheet):
                if entry:
                    out[filled + index] = 1.0
            numbers = numbers_at + k * spaces
            for index in NUMBERED:
                entry = sheet[index]
                if entry:
                    out[numbers + index] = entry / FACES
            total = BEAN_POINTS * beans[other]
            scores = scores_at + k * sundaes
            for sundae in FLAVOURS:
                score = rules.sundae_score(sheet, sundae)
                out[scores + sundae] = score / MOST_SUNDAE
                total += score
            out[beans_at + k] = beans[other] / BEANS
            out[toppings_at + k] = rules.toppings_ticked(sheet) / TOPPINGS
            out[total_at + k] = total / MOST_TOTAL

    return Encoding(f"dicecream-{players}", features, fill, observe)
