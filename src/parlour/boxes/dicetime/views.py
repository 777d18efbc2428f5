"""What Dicetime shows: the view's declared shape, each seat's part of it, the log's events
and how they are told, and the refusals in words. Dicetime hides nothing but the dice to come
and the seed, so every seat sees the same, told from its side (`You` for its own seat)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, NamedTuple, NotRequired, cast

from typing_extensions import TypedDict

from parlour.boxes.dicetime.components import (
    CATEGORIES,
    DICE,
    KEYS,
    ROLLS_PER_TURN,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    Mode,
    decode,
    encode,
    mask,
)
from parlour.boxes.dicetime.fixed import DiceMode
from parlour.boxes.dicetime.rules import total, upper_bonus
from parlour.i18n import N_, _
from parlour.kernel import Seat, seat_name

REASON_TEXTS: Mapping[str, str] = {
    "roll_first": N_("roll first: a turn begins by rolling all five dice"),
    "nothing_to_enter": N_("roll first: there is nothing to enter yet"),
    "no_rolls_left": N_("no rolls are left this turn: enter the roll in an open category"),
    "pool_empty": N_("the pool of rerolls is empty: enter the roll in an open category"),
    "category_filled": N_("{category} is already used ({points} points)"),
    "bad_keep": N_("at least one die must be rolled; positions are 1 to 5 (for example keep 1,3)"),
    "table_only": N_("only the table calls time"),
    "untimed": N_("the game is untimed: there is no time to run out"),
}
"""Dicetime's refusals in English, told in the language of the moment by the kernel (see
`rules`: the `verify_*` functions give the codes)."""


# -- the view's shape ---------------------------------------------------------------------------


class Options(TypedDict):
    """The game's options as the view repeats them (`start` only in mode turns, `time_limit`
    only in the puzzle)."""

    mode: Mode
    five_of_a_kind_is_full_house: bool
    start: NotRequired[Literal["first", "race"]]
    time_limit: NotRequired[int]
    colours: list[str]
    dice: DiceMode


class Sheet(TypedDict):
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


class Scores(TypedDict, total=False):
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


class TurnView(TypedDict):
    """The turn of a seat to act: its dice (position 1 first; empty before the first roll),
    which of them the last roll kept, and the rolls it has left (`rolls_left` of the turn's
    three, or in the puzzle the pool's `rerolls_left`)."""

    rolled: bool
    dice: list[int]
    kept: list[bool]
    rolls_left: NotRequired[int]
    rerolls_left: NotRequired[int]
    would_score: NotRequired[Scores]


class SeatView(TypedDict):
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


class BeginsEntry(TypedDict):
    """In a race start: the first seat to roll begins."""

    event: Literal["begins"]
    seat: int
    text: str


class RollEntry(TypedDict):
    """A roll: the dice after it and which positions it kept."""

    event: Literal["roll"]
    seat: int
    dice: list[int]
    kept: list[bool]
    text: str


class EnterEntry(TypedDict):
    """An entry: the category, its points, and whether it reached the upper bonus."""

    event: Literal["enter"]
    seat: int
    category: str
    points: int
    bonus: bool
    text: str


class TimeoutEntry(TypedDict):
    """The puzzle's time ran out."""

    event: Literal["timeout"]
    text: str


LogEntry = BeginsEntry | RollEntry | EnterEntry | TimeoutEntry


class DicetimeView(TypedDict):
    """Everything a seat (or a spectator: `seat` is `None`) sees of a Dicetime game. `current`
    and `first` are seats in mode turns (`None` before a race start is won, and `current` once
    the game is over); `round` only in mode turns; `pool`, `time_limit` and `timed_out` only in
    the puzzle."""

    game: Literal["dicetime"]
    seat: int | None
    mode: Mode
    options: Options
    to_act: list[int]
    over: bool
    winners: list[int]
    scores: list[int]
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


# -- the log ------------------------------------------------------------------------------------


class Begins(NamedTuple):
    """In a race start, `seat` rolled first and begins."""

    seat: int


class Rolled(NamedTuple):
    """`seat` rolled: its dice code after the roll and the mask of the positions kept."""

    seat: int
    dice: int
    kept: int


class Entered(NamedTuple):
    """`seat` entered `points` in the category of index `category`; `bonus`: the entry
    reached the upper bonus."""

    seat: int
    category: int
    points: int
    bonus: bool


class TimedOut(NamedTuple):
    """The puzzle's time ran out."""


Event = Begins | Rolled | Entered | TimedOut

Logged = tuple[()] | tuple[int] | tuple[int, int, int] | tuple[int, int, int, bool]
"""An event as the state logs it on every action: its type's fields in a plain tuple (a
NamedTuple takes twice as long to make), the number of fields telling the type. `typed` reads
it as its `Event`; an `Event` is a `Logged` as it is."""

_TYPES: dict[int, type[Event]] = {len(t._fields): t for t in (TimedOut, Begins, Rolled, Entered)}


def typed(logged: Logged) -> Event:
    """The event a logged tuple holds."""
    return tuple.__new__(_TYPES[len(logged)], logged)


def describe(logged: Logged, viewer: Seat) -> dict[str, Any]:
    """One log entry (a `LogEntry`) told from `viewer`'s side in the language of the moment
    (`You` for its own seat, else `Seat N`, as the kernel names seats: front ends put their own
    names in). Its own seat and another's are separate messages: German conjugates apart."""
    event = typed(logged)
    if isinstance(event, TimedOut):
        return {"event": "timeout", "text": _("Time is up: the score so far counts.")}
    who = seat_name(event.seat, viewer)
    own = event.seat == viewer
    if isinstance(event, Begins):
        begins = _("You rolled first and begin.") if own else _("{who} rolled first and begins.")
        return {"event": "begins", "seat": event.seat, "text": begins.format(who=who)}
    if isinstance(event, Rolled):
        return _rolled(event, who, own)
    category = CATEGORIES[event.category]
    if event.bonus:
        entered = (
            _("You entered {points} in {row} and reached the upper bonus ({bonus}).")
            if own
            else _("{who} entered {points} in {row} and reached the upper bonus ({bonus}).")
        )
    else:
        entered = (
            _("You entered {points} in {row}.") if own else _("{who} entered {points} in {row}.")
        )
    text = entered.format(who=who, points=event.points, row=category.in_sentence, bonus=UPPER_BONUS)
    return {
        "event": "enter",
        "seat": event.seat,
        "category": category.key,
        "points": event.points,
        "bonus": event.bonus,
        "text": text,
    }


def _rolled(event: Rolled, who: str, own: bool) -> dict[str, Any]:
    """A roll's log entry: the dice, and the ones it kept."""
    dice = decode(event.dice)
    held = " ".join(str(d) for p, d in enumerate(dice) if event.kept >> p & 1)
    if held:
        rolled = (
            _("You rolled {dice} (kept {kept}).")
            if own
            else _("{who} rolled {dice} (kept {kept}).")
        )
    else:
        rolled = _("You rolled {dice}.") if own else _("{who} rolled {dice}.")
    text = rolled.format(who=who, dice=" ".join(map(str, dice)), kept=held)
    kept = [bool(event.kept >> p & 1) for p in range(DICE)]
    return {"event": "roll", "seat": event.seat, "dice": list(dice), "kept": kept, "text": text}


def told(entries: Sequence[Mapping[str, Any]]) -> list[LogEntry]:
    """Fresh copies of the log's entries for a view: a caller changing its view must not
    change the entries the log remembers."""
    return [
        cast(LogEntry, {**entry, "dice": list(entry["dice"]), "kept": list(entry["kept"])})
        if "dice" in entry
        else cast(LogEntry, dict(entry))
        for entry in entries
    ]


def event_of(entry: LogEntry) -> Event:
    """The event a log entry tells (the determinizer rebuilds the log from a view)."""
    if entry["event"] == "timeout":
        return TimedOut()
    if entry["event"] == "begins":
        return Begins(entry["seat"])
    if entry["event"] == "roll":
        return Rolled(entry["seat"], encode(entry["dice"]), mask(entry["kept"]))
    return Entered(entry["seat"], KEYS.index(entry["category"]), entry["points"], entry["bonus"])
