"""Dicetime's state machine: turns of up to three rolls, the sheets, the modes and the clock.

Actions (canonical text):
    roll                 roll every die that is not kept (the first roll of a turn rolls all five)
    keep 1,3,5           keep the dice in those positions (1-5) and roll the others
    enter full_house     enter the current roll in an open category; the turn ends
    timeout              (the table, puzzle only) the time is up; the game ends
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any

from parlour.boxes.dicetime.components import (
    ALL_OPEN,
    CATEGORIES,
    COLOURS,
    DICE,
    FACES,
    PUZZLE_REROLLS,
    ROLLS_PER_TURN,
    UPPER_BONUS_THRESHOLD,
    Category,
)
from parlour.boxes.dicetime.notation import normalise
from parlour.boxes.dicetime.rules import score_table, upper_bonus
from parlour.kernel import Action, Rng, Seat, State
from parlour.kernel.log import EventLog

if TYPE_CHECKING:
    from parlour.boxes.dicetime.game import Dicetime

ROLL = "roll"
TIMEOUT = "timeout"


def keep_action(positions: Sequence[int]) -> Action:
    """The action that keeps the dice at these 0-based positions and rolls the rest."""
    return "keep " + ",".join(str(p + 1) for p in sorted(positions)) if positions else ROLL


def enter_action(category: Category) -> Action:
    return f"enter {category.key}"


KEEPS: dict[Action, int] = {
    keep_action(kept): sum(1 << p for p in kept)
    for size in range(DICE)
    for kept in combinations(range(DICE), size)
}
"""Each roll or keep action and the bit mask of the positions it keeps (never all five)."""
KEYS = tuple(c.key for c in CATEGORIES)
"""Each category's name in actions and views, in sheet order."""
ENTRIES: dict[Action, int] = {enter_action(c): int(c) for c in CATEGORIES}
"""Each enter action and its category's index."""

# Dice are held in one integer: three bits a position, holding the face minus one. A roll that
# keeps some positions is then one draw and two bit operations: the kept bits, or-ed with the
# draw's outcome spread over the rolled positions.
_BITS = 3


def _spread(kept: int) -> tuple[int, ...]:
    """Every outcome of the rolled positions, as dice codes with the kept positions zero."""
    rolled = [p for p in range(DICE) if not kept >> p & 1]
    codes = []
    for index in range(FACES ** len(rolled)):
        code = 0
        for position in rolled:
            index, digit = divmod(index, FACES)
            code |= digit << (_BITS * position)
        codes.append(code)
    return tuple(codes)


SPREAD = tuple(_spread(kept) for kept in range(1 << DICE))
ROLLS = tuple(
    (
        DICE - bin(kept).count("1"),
        sum(7 << (_BITS * p) for p in range(DICE) if kept >> p & 1),
        SPREAD[kept],
    )
    for kept in range(1 << DICE)
)
"""For each kept mask: how many dice are rolled, the kept bits, the rolled outcomes."""


def decode(code: int) -> tuple[int, ...]:
    """The faces of a dice code, position 1 first."""
    return tuple((code >> (_BITS * p) & 7) + 1 for p in range(DICE))


SORTED_DICE = {code: tuple(sorted(decode(code))) for code in SPREAD[0]}
"""Each dice code's faces, sorted: the key of the score table."""
_ROLL_ONLY: tuple[Action, ...] = (ROLL,)
_KEEP_ACTIONS = tuple(KEEPS)
_ENTER_ACTIONS = tuple(ENTRIES)
_LEGAL: dict[int, tuple[Action, ...]] = {}


def _legal(key: int) -> tuple[Action, ...]:
    """The legal actions after a roll, in a fixed order, for `key` = open categories' mask
    shifted left once, or-ed with whether a reroll is allowed (memoised in `_LEGAL`)."""
    open_mask, can_reroll = key >> 1, key & 1
    enters = tuple(a for c, a in enumerate(_ENTER_ACTIONS) if open_mask >> c & 1)
    actions = _LEGAL[key] = (_KEEP_ACTIONS if can_reroll else ()) + enters
    return actions


class DicetimeState(State):
    """A Dicetime game in progress: every seat's sheet, dice and rolls, and the turn order."""

    game: Dicetime

    def __init__(self, game: Dicetime, rng: Rng, seed: int, chance: tuple[int, ...]) -> None:
        super().__init__(game, rng, seed, chance)
        players = game.players
        options = game.options
        self._mode = str(options["mode"])
        self._race = options.get("start") == "race"
        self._time_limit = int(options.get("time_limit", 0))  # type: ignore[arg-type]
        self._table = score_table(bool(options["five_of_a_kind_is_full_house"]))
        self._sheets: list[list[int | None]] = [[None] * len(CATEGORIES) for _ in range(players)]
        self._open = [ALL_OPEN] * players
        self._upper = [0] * players
        self._dice = [0] * players  # each seat's dice code (see `decode`)
        self._kept = [0] * players  # positions kept in the latest roll, as a bit mask
        self._rolls = [0] * players  # rolls made in the current turn
        self._pool = PUZZLE_REROLLS if self._mode == "puzzle" else 0
        self._puzzle = self._mode == "puzzle"
        self._current: int | None = None if self._race else 0  # whose turn (mode `turns`)
        self._first: int | None = self._current
        self._timed_out = False
        self._over = False
        self._to_act: tuple[int, ...] = (
            tuple(range(players)) if self._race or self._mode == "simultaneous" else (0,)
        )
        self._events: EventLog[tuple[Any, ...]] = EventLog(describe)

    def _copy_into(self, twin: State) -> None:
        assert isinstance(twin, DicetimeState)
        twin._sheets = [list(sheet) for sheet in self._sheets]
        twin._open = list(self._open)
        twin._upper = list(self._upper)
        twin._dice = list(self._dice)
        twin._kept = list(self._kept)
        twin._rolls = list(self._rolls)
        twin._events = self._events.copy()

    # -- who acts and what they may do --------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return self._to_act

    def legal_actions(self, seat: Seat) -> tuple[Action, ...]:
        if seat in self._to_act:
            assert seat is not None
            rolls = self._rolls[seat]
            if not rolls:
                return _ROLL_ONLY
            can_reroll = self._pool > 0 if self._puzzle else rolls < ROLLS_PER_TURN
            key = self._open[seat] << 1 | can_reroll
            return _LEGAL.get(key) or _legal(key)
        if seat is None and self._time_limit and not self._over:
            return (TIMEOUT,)
        return ()

    def is_legal(self, seat: Seat, action: Action) -> bool:
        if seat in self._to_act:
            assert seat is not None
            rolls = self._rolls[seat]
            if not rolls:
                return action == ROLL
            if action in KEEPS:
                return self._pool > 0 if self._puzzle else rolls < ROLLS_PER_TURN
            category = ENTRIES.get(action)
            return category is not None and bool(self._open[seat] >> category & 1)
        return seat is None and action == TIMEOUT and bool(self._time_limit) and not self._over

    def parse_action(self, seat: Seat, text: str) -> Action:
        return super().parse_action(seat, normalise(text))

    def explain(self, seat: Seat, action: object) -> str:
        if seat not in self._to_act or not isinstance(action, str):
            return super().explain(seat, action)
        if action in KEEPS:
            if not self._rolls[seat]:
                return "roll first: a turn begins by rolling all five dice"
            if self._mode == "puzzle":
                return "the pool of rerolls is empty: enter the roll in an open category"
            return "no rolls are left this turn: enter the roll in an open category"
        if action in ENTRIES:
            category = ENTRIES[action]
            if not self._rolls[seat]:
                return "roll first: there is nothing to enter yet"
            points = self._sheets[seat][category]
            return f"{CATEGORIES[category].key} is already used ({points} points)"
        if action.startswith("keep "):
            return "at least one die must be rolled; positions are 1 to 5 (for example keep 1,3)"
        return super().explain(seat, action)

    @property
    def clock(self) -> float | None:
        return float(self._time_limit) if self._time_limit else None

    # -- applying actions ---------------------------------------------------------------------

    def _apply(self, seat: Seat, action: Action) -> None:
        if seat is None:
            self._time_up()
            return
        kept = KEEPS.get(action)
        if kept is not None:
            self._roll(seat, kept)
        else:
            self._enter(seat, ENTRIES[action])

    def _roll(self, seat: int, kept: int) -> None:
        count, kept_bits, outcomes = ROLLS[kept]
        outcome = outcomes[self._rng.dice_index(count)]  # first: a bad script changes nothing
        if self._current is None:
            self._current = self._first = seat
            self._to_act = (seat,)
            self._events.append(("begins", seat))
        dice = self._dice[seat] = self._dice[seat] & kept_bits | outcome
        if self._rolls[seat] and self._puzzle:
            self._pool -= 1
        self._rolls[seat] += 1
        self._kept[seat] = kept
        self._events.append(("roll", seat, dice, kept))

    def _enter(self, seat: int, category: int) -> None:
        points = self._table[SORTED_DICE[self._dice[seat]]][category]
        self._sheets[seat][category] = points
        self._open[seat] &= ~(1 << category)
        bonus = False
        if category <= Category.SIXES:
            before = self._upper[seat]
            self._upper[seat] = before + points
            bonus = before < UPPER_BONUS_THRESHOLD <= before + points
        self._events.append(("enter", seat, category, points, bonus))
        self._rolls[seat] = 0
        self._kept[seat] = 0
        if self._mode == "turns":
            self._current = (seat + 1) % self.game.players
            self._to_act = (self._current,)
        elif not self._open[seat]:
            self._to_act = tuple(s for s in self._to_act if s != seat)
        if not any(self._open):
            self._finish()

    def _finish(self) -> None:
        self._over = True
        self._to_act = ()

    def _time_up(self) -> None:
        """The puzzle's time ran out: a roll not yet entered is dropped, the game ends."""
        for seat in range(self.game.players):
            self._rolls[seat] = 0
        self._timed_out = True
        self._finish()
        self._events.append(("timeout",))

    # -- results --------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self._over

    def total(self, seat: int) -> int:
        """A seat's total: entered points plus the upper bonus once reached."""
        entered = sum(points for points in self._sheets[seat] if points is not None)
        return entered + upper_bonus(self._upper[seat])

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.total(seat) for seat in range(self.game.players))

    @property
    def winners(self) -> tuple[int, ...]:
        if not self._over:
            return ()
        scores = self.scores
        best = max(scores)
        return tuple(seat for seat, points in enumerate(scores) if points == best)

    # -- what a seat sees (Dicetime hides nothing but the future dice and the seed) ------------

    def view(self, seat: Seat) -> dict[str, Any]:
        players = self.game.players
        view: dict[str, Any] = {
            "game": "dicetime",
            "seat": seat,
            "mode": self._mode,
            "options": dict(self.game.options),
            "to_act": list(self.to_act),
            "over": self._over,
            "winners": list(self.winners),
            "scores": list(self.scores),
            "current": self._current if self._mode == "turns" and not self._over else None,
            "first": self._first if self._mode == "turns" else None,
            "seats": [self._seat_view(s) for s in range(players)],
            "log": self._log(seat),
        }
        if self._mode == "turns":
            filled = min(len(CATEGORIES) - bin(mask).count("1") for mask in self._open)
            view["round"] = min(filled + 1, len(CATEGORIES))
        if self._mode == "puzzle":
            view["pool"] = self._pool
            view["time_limit"] = self._time_limit
            view["timed_out"] = self._timed_out
        return view

    def _seat_view(self, seat: int) -> dict[str, Any]:
        sheet = self._sheets[seat]
        upper = self._upper[seat]
        info: dict[str, Any] = {
            "seat": seat,
            "colour": COLOURS[seat],
            "sheet": dict(zip(KEYS, sheet, strict=True)),
            "upper": upper,
            "bonus": upper_bonus(upper),
            "bonus_needed": max(0, UPPER_BONUS_THRESHOLD - upper),
            "total": self.total(seat),
            "turn": None,
        }
        rolls = self._rolls[seat]
        if seat in self._to_act:
            turn: dict[str, Any] = {"rolled": bool(rolls), "dice": [], "kept": []}
            if self._mode == "puzzle":
                turn["rerolls_left"] = self._pool
            else:
                turn["rolls_left"] = ROLLS_PER_TURN - rolls
            if rolls:
                code = self._dice[seat]
                turn["dice"] = list(decode(code))
                turn["kept"] = [bool(self._kept[seat] >> p & 1) for p in range(DICE)]
                row = self._table[SORTED_DICE[code]]
                turn["would_score"] = {
                    KEYS[c]: row[c] for c in range(len(KEYS)) if self._open[seat] >> c & 1
                }
            info["turn"] = turn
        return info

    def _log(self, viewer: Seat) -> list[dict[str, Any]]:
        """The log told from `viewer`'s side; entries are described once and remembered."""
        log = self._events.told_to(viewer)
        # Fresh copies: a caller changing its view must not change the remembered log.
        return [
            {**entry, "dice": list(entry["dice"]), "kept": list(entry["kept"])}
            if "dice" in entry
            else dict(entry)
            for entry in log
        ]


def describe(event: tuple[Any, ...], viewer: Seat) -> dict[str, Any]:
    """One log entry told from `viewer`'s side (`You` for its own seat)."""
    kind = event[0]
    if kind == "timeout":
        return {"event": "timeout", "text": "Time is up: the score so far counts."}
    seat = event[1]
    who = "You" if seat == viewer else COLOURS[seat].capitalize()
    entry: dict[str, Any] = {"event": kind, "seat": seat}
    if kind == "begins":
        entry["text"] = f"{who} rolled first and {'begin' if who == 'You' else 'begins'}."
    elif kind == "roll":
        _, _, code, kept = event
        dice = decode(code)
        entry.update(dice=dice, kept=tuple(bool(kept >> p & 1) for p in range(DICE)))
        held = [str(d) for p, d in enumerate(dice) if kept >> p & 1]
        entry["text"] = f"{who} rolled {' '.join(map(str, dice))}" + (
            f" (kept {' '.join(held)})." if held else "."
        )
    else:
        _, _, index, points, bonus = event
        category = CATEGORIES[index]
        entry.update(category=category.key, points=points, bonus=bonus)
        entry["text"] = f"{who} entered {points} in {category.key}" + (
            " and reached the upper bonus (35)." if bonus else "."
        )
    return entry
