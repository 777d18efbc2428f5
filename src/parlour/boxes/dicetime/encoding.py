"""Dicetime's observation encoding: every seat's sheet and turn (the viewer's first, then the
seats after it), read from a view; every number within 0..1 (bits, one-hots, points scaled by
their maximum). Dicetime hides nothing, so a spectator's view encodes too (seat 0 first)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import cast

from parlour.boxes.dicetime.components import (
    CATEGORIES,
    DICE,
    FACES,
    FIVE_OF_A_KIND_SCORE,
    FULL_HOUSE_SCORE,
    KEYS,
    LARGE_STRAIGHT_SCORE,
    PUZZLE_REROLLS,
    ROLLS_PER_TURN,
    SMALL_STRAIGHT_SCORE,
    UPPER_BONUS,
    Category,
)
from parlour.boxes.dicetime.views import DicetimeView
from parlour.kernel import View
from parlour.kernel.encoding import Encoding, bits, one_hot, seat_order, unit

MOST = {
    **{c: DICE * (c + 1) for c in CATEGORIES if c.is_upper},
    Category.THREE_OF_A_KIND: DICE * FACES,
    Category.FOUR_OF_A_KIND: DICE * FACES,
    Category.FULL_HOUSE: FULL_HOUSE_SCORE,
    Category.SMALL_STRAIGHT: SMALL_STRAIGHT_SCORE,
    Category.LARGE_STRAIGHT: LARGE_STRAIGHT_SCORE,
    Category.FIVE_OF_A_KIND: FIVE_OF_A_KIND_SCORE,
    Category.CHANCE: DICE * FACES,
}
"""The most each category can score: the scale of its points."""
MOST_UPPER = sum(MOST[c] for c in CATEGORIES if c.is_upper)
MOST_TOTAL = sum(MOST.values()) + UPPER_BONUS
SCALES = [MOST[c] for c in CATEGORIES]
ROWS = len(CATEGORIES)


@functools.cache
def encoding(players: int, puzzle: bool) -> Encoding:
    """The encoding of a Dicetime view for `players` seats (the puzzle counts a pool)."""
    n = players

    features = [
        unit("to_act", n, "1 for each seat that may act now (viewer first)"),
        unit("filled", n * ROWS, "per seat, 1 for each category filled (13, sheet order)"),
        unit("points", n * ROWS, "per seat, each category's points / its most (0 if open)"),
        unit("upper", n, f"per seat, the upper total / {MOST_UPPER}"),
        unit("bonus", n, "per seat, 1 once the upper bonus is reached"),
        unit("total", n, f"per seat, the total / {MOST_TOTAL}"),
        unit("rolled", n, "per seat, 1 while its turn has rolled dice"),
        unit("dice", n * DICE * FACES, "per seat, one-hot of each die's face (5x6; 0: none)"),
        unit("kept", n * DICE, "per seat, 1 for each die position the last roll kept"),
        unit("counts", n * FACES, f"per seat, how many dice show each face / {DICE}"),
        unit("would_score", n * ROWS, "per seat, what the roll scores in each open row / most"),
    ]
    if puzzle:
        features += [
            unit("rerolls_left", 1, f"the pool's rerolls left / {PUZZLE_REROLLS}"),
            unit("timed_out", 1, "1 once the puzzle's time ran out"),
        ]
    else:
        features.append(
            unit("rolls_left", n * (ROLLS_PER_TURN + 1), "per seat, one-hot of 0..3 rolls left")
        )

    def fill(view: View) -> list[float]:
        v = cast(DicetimeView, view)
        seats = [v["seats"][s] for s in seat_order(v["seat"], n)]
        turns = [s["turn"] for s in seats]
        sheets = [[s["sheet"][k] for k in KEYS] for s in seats]  # type: ignore[literal-required]
        values = bits(s in v["to_act"] for s in seat_order(v["seat"], n))
        for sheet in sheets:
            values += bits(points is not None for points in sheet)
        for sheet in sheets:
            values += [(p or 0) / most for p, most in zip(sheet, SCALES, strict=True)]
        values += [s["upper"] / MOST_UPPER for s in seats]
        values += bits(s["bonus"] for s in seats)
        values += [s["total"] / MOST_TOTAL for s in seats]
        values += bits(t is not None and t["rolled"] for t in turns)
        dice = [t["dice"] if t is not None else [] for t in turns]
        for faces in dice:
            for position in range(DICE):
                values += one_hot(faces[position] - 1 if faces else None, FACES)
        for t in turns:
            values += bits(t["kept"]) if t is not None and t["kept"] else [0.0] * DICE
        for faces in dice:
            values += [faces.count(face) / DICE for face in range(1, FACES + 1)]
        for t in turns:
            would = cast(Mapping[str, int], t.get("would_score", {}) if t is not None else {})
            values += [would.get(k, 0) / most for k, most in zip(KEYS, SCALES, strict=True)]
        if puzzle:
            values.append(v.get("pool", 0) / PUZZLE_REROLLS)
            values.append(1.0 if v.get("timed_out") else 0.0)
        else:
            for t in turns:
                values += one_hot(t.get("rolls_left") if t is not None else None, 4)
        return values

    return Encoding(f"dicetime-{players}{'-puzzle' if puzzle else ''}", features, fill)
