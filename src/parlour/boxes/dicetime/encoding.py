"""Dicetime's observation encoding: every seat's sheet and turn (the viewer's first, then the
seats after it), read from a view; every number within 0..1 (bits, one-hots, points scaled by
their maximum). Dicetime hides nothing, so a spectator's view encodes too (seat 0 first). The
same numbers are also filled straight from the state (`observe`), without building the view."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

import numpy as np

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
    SORTED_DICE,
    UPPER_BONUS,
    Category,
    decode,
)
from parlour.boxes.dicetime.rules import ROLLS, score_table, total, upper_bonus
from parlour.boxes.dicetime.views import DicetimeView
from parlour.kernel import Seat, View
from parlour.kernel.encoding import Encoding, bits, one_hot, seat_order, starts, unit

if TYPE_CHECKING:
    from parlour.boxes.dicetime.state import DicetimeState

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

# -- lookup tables of the state path (`observe`) -----------------------------------------------

WOULD = {
    flag: {
        roll: tuple(
            (c, points / most)
            for c, (points, most) in enumerate(zip(row, SCALES, strict=True))
            if points
        )
        for roll, row in score_table(flag).items()
    }
    for flag in (False, True)
}
"""By the option `five_of_a_kind_is_full_house`, then by sorted roll: each category the roll
scores in (an index) with its points / its most (the categories it scores 0 in left out)."""
COUNTS = {
    roll: tuple((face - 1, roll.count(face) / DICE) for face in sorted(set(roll))) for roll in ROLLS
}
"""By sorted roll: each face shown (its index) with how many dice show it / DICE."""
KEPT = tuple(tuple(p for p in range(DICE) if kept >> p & 1) for kept in range(1 << DICE))
"""By kept mask: the positions kept."""
_CELLS: dict[int, tuple[int, ...]] = {}
"""By dice code (filled as met): where each die's one-hot 1 lies in a seat's 5x6 dice."""


def cells(code: int) -> tuple[int, ...]:
    """Where the 1s of the one-hot of the dice `code` lie in a seat's 5x6 dice (remembered)."""
    found = _CELLS[code] = tuple(p * FACES + face - 1 for p, face in enumerate(decode(code)))
    return found


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

    at = starts(features)
    to_act_at, filled_at, points_at = at["to_act"], at["filled"], at["points"]
    upper_at, bonus_at, total_at, rolled_at = at["upper"], at["bonus"], at["total"], at["rolled"]
    dice_at, kept_at, counts_at, would_at = at["dice"], at["kept"], at["counts"], at["would_score"]
    pool_at = at.get("rerolls_left", 0)
    timed_out_at = at.get("timed_out", 0)
    rolls_left_at = at.get("rolls_left", 0)

    def observe(state: DicetimeState, seat: Seat, out: np.ndarray) -> None:
        """`fill(state.view(seat))` read from the state: the view shows every seat's all."""
        first = 0 if seat is None else seat
        to_act = state.to_act
        sheets, uppers, rolled = state._sheets, state._upper, state._rolls
        would = WOULD[bool(state.game.options["five_of_a_kind_is_full_house"])]
        for k in range(n):
            other = (first + k) % n
            sheet, upper = sheets[other], uppers[other]
            row = k * ROWS
            for c, points in enumerate(sheet):
                if points is not None:
                    out[filled_at + row + c] = 1.0
                    if points:
                        out[points_at + row + c] = points / SCALES[c]
            if upper:
                out[upper_at + k] = upper / MOST_UPPER
                if upper_bonus(upper):
                    out[bonus_at + k] = 1.0
            points = total(sheet, upper)
            if points:
                out[total_at + k] = points / MOST_TOTAL
            if other not in to_act:
                continue
            out[to_act_at + k] = 1.0
            rolls = rolled[other]
            if not puzzle:
                out[rolls_left_at + k * (ROLLS_PER_TURN + 1) + ROLLS_PER_TURN - rolls] = 1.0
            if not rolls:
                continue
            out[rolled_at + k] = 1.0
            code = state._dice[other]
            roll = SORTED_DICE[code]
            base = dice_at + k * DICE * FACES
            for cell in _CELLS.get(code) or cells(code):
                out[base + cell] = 1.0
            base = kept_at + k * DICE
            for position in KEPT[state._kept[other]]:
                out[base + position] = 1.0
            base = counts_at + k * FACES
            for face, share in COUNTS[roll]:
                out[base + face] = share
            base, open_mask = would_at + row, state._open[other]
            for c, share in would[roll]:
                if open_mask >> c & 1:
                    out[base + c] = share
        if puzzle:
            pool = state._pool
            if pool:
                out[pool_at] = pool / PUZZLE_REROLLS
            if state._timed_out:
                out[timed_out_at] = 1.0

    return Encoding(f"dicetime-{players}{'-puzzle' if puzzle else ''}", features, fill, observe)
