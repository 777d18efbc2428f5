"""What Dicetime shows: the view's declared shape and each seat's view built from a state (the
log's events are in `events.py`, their words and the refusals' in `words.py`). Dicetime hides
nothing but the dice to come and the seed, so every seat sees the same, told from its side."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, NotRequired, cast

from typing_extensions import TypedDict

from parlour.boxes.dicetime.components import (
    CATEGORIES,
    DICE,
    KEYS,
    ROLLS_PER_TURN,
    SORTED_DICE,
    UPPER_BONUS_THRESHOLD,
    Mode,
    decode,
)
from parlour.boxes.dicetime.fixed import DiceMode
from parlour.boxes.dicetime.rules import total, upper_bonus
from parlour.kernel import Seat
from parlour.kernel.options import Value
from parlour.kernel.views import BaseView

if TYPE_CHECKING:
    from parlour.boxes.dicetime.state import DicetimeState

# -- the view's shape ---------------------------------------------------------------------------


class Options(TypedDict, closed=True):
    """The game's options as the view repeats them (`start` only in mode turns, `time_limit`
    only in the puzzle)."""

    mode: Mode
    five_of_a_kind_is_full_house: bool
    start: NotRequired[Literal["first", "race"]]
    time_limit: NotRequired[int]
    colours: list[str]
    dice: DiceMode


class Sheet(TypedDict, closed=True):
    """A score sheet: each category's entered points, `None` while it is open."""

    ones: int | None
    twos: int | None
    threes: int | None
    fours: int | None
    fives: int | None
    sixes: int | None
    three_of_a_kind: int | None
    four_of_a_kind: int | None
    full_house: int | None
    small_straight: int | None
    large_straight: int | None
    five_of_a_kind: int | None
    chance: int | None


class Scores(TypedDict, total=False, closed=True):
    """What the current roll would score in each open category (only those)."""

    ones: int
    twos: int
    threes: int
    fours: int
    fives: int
    sixes: int
    three_of_a_kind: int
    four_of_a_kind: int
    full_house: int
    small_straight: int
    large_straight: int
    five_of_a_kind: int
    chance: int


class TurnView(TypedDict, closed=True):
    """The turn of a seat to act: its dice (position 1 first; empty before the first roll),
    which of them the last roll kept, and the rolls it has left (`rolls_left` of the turn's
    three, or in the puzzle the pool's `rerolls_left`)."""

    rolled: bool
    dice: list[int]
    kept: list[bool]
    rolls_left: NotRequired[int]
    rerolls_left: NotRequired[int]
    would_score: NotRequired[Scores]


class SeatView(TypedDict, closed=True):
    """A seat's place at the table: its colour, sheet, upper total and what the upper bonus
    still needs, its total, and its turn while it is to act."""

    seat: int
    colour: str
    sheet: Sheet
    upper: int
    bonus: int
    bonus_needed: int
    total: int
    turn: TurnView | None


class BeginsEntry(TypedDict, closed=True):
    """In a race start: the first seat to roll begins."""

    event: Literal["begins"]
    seat: int
    text: str


class RollEntry(TypedDict, closed=True):
    """A roll: the dice after it and which positions it kept."""

    event: Literal["roll"]
    seat: int
    dice: list[int]
    kept: list[bool]
    text: str


class EnterEntry(TypedDict, closed=True):
    """An entry: the category, its points, and whether it reached the upper bonus."""

    event: Literal["enter"]
    seat: int
    category: str
    points: int
    bonus: bool
    text: str


class TimeoutEntry(TypedDict, closed=True):
    """The puzzle's time ran out."""

    event: Literal["timeout"]
    text: str


LogEntry = BeginsEntry | RollEntry | EnterEntry | TimeoutEntry


class DicetimeView(BaseView, closed=True):
    """Everything a seat (or a spectator: `seat` is `None`) sees of a Dicetime game. `current`
    and `first` are seats in mode turns (`None` before a race start is won, and `current` once
    the game is over); `round` only in mode turns; `pool`, `time_limit` and `timed_out` only in
    the puzzle."""

    mode: Mode
    options: Options
    current: int | None
    first: int | None
    seats: list[SeatView]
    log: list[LogEntry]
    round: NotRequired[int]
    pool: NotRequired[int]
    time_limit: NotRequired[int]
    timed_out: NotRequired[bool]


# -- each seat's part ---------------------------------------------------------------------------


def seat_view(seat: int, colour: str, sheet: Sequence[int | None], upper: int) -> SeatView:
    """A seat's place at the table, its turn not yet filled in."""
    return {
        "seat": seat,
        "colour": colour,
        "sheet": cast(Sheet, dict(zip(KEYS, sheet, strict=True))),
        "upper": upper,
        "bonus": upper_bonus(upper),
        "bonus_needed": max(0, UPPER_BONUS_THRESHOLD - upper),
        "total": total(sheet, upper),
        "turn": None,
    }


def turn_view(
    rolls: int, pool: int | None, code: int, kept: int, row: Sequence[int], open_mask: int
) -> TurnView:
    """The turn of a seat to act that has rolled `rolls` times: its dice `code` (the last roll
    kept the positions in `kept`), the rolls left of the turn or the puzzle's `pool`, and
    what its roll scores (`row`, by category) in the categories of `open_mask`."""
    turn: TurnView = {"rolled": bool(rolls), "dice": [], "kept": []}
    if pool is None:
        turn["rolls_left"] = ROLLS_PER_TURN - rolls
    else:
        turn["rerolls_left"] = pool
    if rolls:
        turn["dice"] = list(decode(code))
        turn["kept"] = [bool(kept >> p & 1) for p in range(DICE)]
        turn["would_score"] = cast(
            Scores, {KEYS[c]: row[c] for c in range(len(KEYS)) if open_mask >> c & 1}
        )
    return turn


def told(entries: Sequence[Mapping[str, Any]]) -> list[LogEntry]:
    """Fresh copies of the log's entries for a view: a caller changing its view must not
    change the entries the log remembers."""
    return [
        cast(LogEntry, {**entry, "dice": list(entry["dice"]), "kept": list(entry["kept"])})
        if "dice" in entry
        else cast(LogEntry, dict(entry))
        for entry in entries
    ]


def _options(state: DicetimeState) -> dict[str, Value]:
    """The game's options for a view: a copy, its list (`colours`) copied too."""
    options = dict(state.game.options)
    options["colours"] = list(cast(list[str], options["colours"]))
    return options


def view_of(state: DicetimeState, seat: Seat) -> DicetimeView:
    """What `seat` sees: everything but the future dice and the seed."""
    turns = state._mode == "turns"
    view: DicetimeView = {
        "game": "dicetime",
        "seat": seat,
        "mode": state._mode,
        "options": cast(Options, _options(state)),
        "to_act": list(state.to_act),
        "over": state.over,
        "winners": list(state.winners),
        "scores": list(state.scores),
        "current": state._current if turns and not state.over else None,
        "first": state._first if turns else None,
        "seats": [_seat_view(state, s) for s in range(state.game.players)],
        "log": told(state._events.told_to(seat)),
    }
    if turns:
        filled = min(len(CATEGORIES) - bin(mask).count("1") for mask in state._open)
        view["round"] = min(filled + 1, len(CATEGORIES))
    if state._pool is not None:
        view["pool"] = state._pool
        view["time_limit"] = state._time_limit
        view["timed_out"] = state._timed_out
    return view


def _seat_view(state: DicetimeState, seat: int) -> SeatView:
    info = seat_view(seat, state._colours[seat], state._sheets[seat], state._upper[seat])
    if seat in state.to_act:
        rolls = state._rolls[seat]
        code = state._dice[seat]
        info["turn"] = turn_view(
            rolls,
            state._pool,
            code,
            state._kept[seat],
            state._table[SORTED_DICE[code]] if rolls else (),
            state._open[seat],
        )
    return info
