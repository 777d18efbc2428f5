"""Dicetime's state machine: turns of up to three rolls, the sheets, the modes and the clock.
The actions are in `notation`, why one is refused in `rules`, what a seat sees in `views`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlour.boxes.dicetime import breakdown, fixed, views
from parlour.boxes.dicetime.components import (
    ALL_OPEN,
    CATEGORIES,
    OUTCOMES,
    PUZZLE_REROLLS,
    ROLLS_PER_TURN,
    SORTED_DICE,
    UPPER_BONUS_THRESHOLD,
    Category,
    Mode,
)
from parlour.boxes.dicetime.events import Logged
from parlour.boxes.dicetime.notation import ENTRIES, KEEPS, TIMEOUT, normalise
from parlour.boxes.dicetime.rules import (
    score_table,
    total,
    verify_enter,
    verify_keep_text,
    verify_roll,
    verify_timeout,
)
from parlour.boxes.dicetime.views import DicetimeView
from parlour.boxes.dicetime.words import describe
from parlour.kernel import (
    TABLE,
    Action,
    Breakdown,
    Reason,
    Rng,
    ScriptedRng,
    Seat,
    State,
    StrictRng,
)
from parlour.kernel.log import EventLog

if TYPE_CHECKING:
    from parlour.boxes.dicetime.game import Dicetime

_TIMEOUT_ONLY: tuple[Action, ...] = (TIMEOUT,)
_LEGAL: dict[int, tuple[Action, ...]] = {}
"""A seat's legal actions by the facts they depend on (see `DicetimeState.legal_actions`)."""
_ROLLS: dict[int, tuple[Action, ...]] = {}
"""The rolls and keeps among them, by whether the seat has rolled and has a roll left."""
_ENTRIES: dict[tuple[int, int], tuple[Action, ...]] = {}
"""The entries among them of one half of the sheet (categories below `_HALF`, or the rest), by
the half, its open categories and whether the seat has rolled: few keys, so the cache is warm
at once (a cache by the whole sheet misses on most of a game's turns)."""
_HALF = 6
_HALVES = ((0, _HALF), (_HALF, len(CATEGORIES)))
_TURN_FACTS = tuple(
    (rolls > 0) << 1 | (rolls < ROLLS_PER_TURN) for rolls in range(ROLLS_PER_TURN + 1)
)
"""Whether a seat has rolled and has a roll left, by its rolls this turn (outside the puzzle)."""
_LAST_UPPER = int(Category.SIXES)
"""The index of the upper section's last category (a plain int: an enum member is slow to read)."""


class DicetimeState(State):
    """A Dicetime game in progress: every seat's sheet, dice and rolls, and the turn order.

    `to_act` and `over` are plain attributes rather than properties: every decision of a
    simulation reads them, and an attribute is read three times faster.
    """

    game: Dicetime
    to_act: tuple[int, ...] = ()
    over = False

    def __init__(self, game: Dicetime, rng: Rng, seed: int, chance: tuple[int, ...]) -> None:
        super().__init__(game, rng, seed, chance)
        players = game.players
        options = game.options
        self._mode: Mode = options["mode"]  # type: ignore[assignment]
        self._race = options.get("start") == "race"
        self._time_limit = int(options.get("time_limit", 0))  # type: ignore[arg-type]
        # The prefix of the keys of the seed's fixed dice (`fixed`); `None`: drawn dice.
        self._fixed = fixed.key(seed) if options["dice"] == "fixed" else None
        self._table = score_table(bool(options["five_of_a_kind_is_full_house"]))
        self._sheets: list[list[int | None]] = [[None] * len(CATEGORIES) for _ in range(players)]
        self._open = [ALL_OPEN] * players  # each seat's open categories, as a bit mask
        self._upper = [0] * players  # each seat's total of ones to sixes
        self._dice = [0] * players  # each seat's dice code (see `components.decode`)
        self._kept = [0] * players  # positions kept in the latest roll, as a bit mask
        self._rolls = [0] * players  # rolls made in the current turn
        # The puzzle's rerolls left (`None`: no pool, in the other modes).
        self._pool = PUZZLE_REROLLS if self._mode == "puzzle" else None
        self._current: int | None = None if self._race else 0  # whose turn (mode `turns`)
        self._first: int | None = self._current
        self._timed_out = False
        self.to_act = tuple(range(players)) if self._race or self._mode == "simultaneous" else (0,)
        self.over = False
        self._colours = game.colours()
        self._events: EventLog[Logged] = EventLog(describe)

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

    def legal_actions(self, seat: Seat) -> tuple[Action, ...]:
        if seat in self.to_act:
            assert seat is not None
            rolls = self._rolls[seat]
            pool = self._pool
            # The facts `_verify`'s checks read for a seat to act (`rules.verify_roll` and
            # `verify_enter`): whether it has rolled, whether a roll is left, and once it has
            # rolled its open categories (before, every entry is refused whatever the sheet).
            facts = _TURN_FACTS[rolls] if pool is None else (rolls > 0) << 1 | (pool > 0)
            key = self._open[seat] << 2 | facts if rolls else facts
            return _LEGAL.get(key) or self._find_legal(seat, key)
        if seat is TABLE and verify_timeout(TABLE, self._time_limit, self.over) is None:
            return _TIMEOUT_ONLY
        return ()

    def _find_legal(self, seat: int, key: int) -> tuple[Action, ...]:
        """The legal actions of a seat to act, found by `_verify`'s checks and remembered under
        `key`, in the order of the full action list: the rolls and keeps, then the entries (each
        part remembered by the facts it depends on)."""
        rolls = self._rolls[seat]
        rolling = key & 3
        keeps = _ROLLS.get(rolling)
        if keeps is None:
            pool = self._pool
            keeps = _ROLLS[rolling] = tuple(
                action for action, kept in KEEPS.items() if verify_roll(kept, rolls, pool) is None
            )
        entries: tuple[Action, ...] = ()
        sheet = self._sheets[seat]
        for low, high in _HALVES:
            part = (low, (key >> 2 + low) & ((1 << high - low) - 1) | (rolls > 0) << high - low)
            found = _ENTRIES.get(part)
            if found is None:
                found = _ENTRIES[part] = tuple(
                    action
                    for action, c in ENTRIES.items()
                    if low <= c < high and verify_enter(c, rolls, sheet) is None
                )
            entries += found
        legal = _LEGAL[key] = keeps + entries
        return legal

    def is_legal(self, seat: Seat, action: Action) -> bool:
        """The kernel's test (no reason to refuse), going straight to `_verify`'s checks in the
        common case the kernel passes on to it: a text action of a seat to act."""
        if seat in self.to_act and type(action) is str:
            kept = KEEPS.get(action)  # the commonest action, checked as `_verify` checks it
            if kept is not None:
                return verify_roll(kept, self._rolls[seat], self._pool) is None
            category = ENTRIES.get(action)  # the other common one, likewise
            if category is not None:
                return verify_enter(category, self._rolls[seat], self._sheets[seat]) is None
            return self._verify(seat, action) is None
        return self.refusal(seat, action) is None

    def _verify(self, seat: Seat, action: Action) -> Reason | None:
        if seat is None:  # the table
            if action == TIMEOUT:
                return verify_timeout(seat, self._time_limit, self.over)
            return self._not_legal(seat, action)
        kept = KEEPS.get(action)
        if kept is not None:
            return verify_roll(kept, self._rolls[seat], self._pool)
        category = ENTRIES.get(action)
        if category is not None:
            return verify_enter(category, self._rolls[seat], self._sheets[seat])
        if action == TIMEOUT:
            return verify_timeout(seat, self._time_limit, self.over)
        if action.startswith("keep "):
            return verify_keep_text(action)
        return self._not_legal(seat, action)

    def parse_action(self, seat: Seat, text: str) -> Action:
        return super().parse_action(seat, normalise(text))

    @property
    def clock(self) -> float | None:
        return float(self._time_limit) if self._time_limit else None

    # -- applying actions ---------------------------------------------------------------------

    def _apply(self, seat: Seat, action: Action) -> None:
        if seat is None:
            self._time_up()
            return
        kept = KEEPS.get(action)
        if kept is None:
            self._enter(seat, ENTRIES[action])
            return
        # A roll keeping the positions in `kept`: the commonest action, rolled here rather than
        # in a method of its own (a call less on three actions in four).
        count, kept_bits, outcomes = OUTCOMES[kept]
        # Drawn (the default) pays one test for fixed dice; first: a bad script changes nothing.
        outcome = (
            outcomes[self._rng.dice_index(count)]
            if self._fixed is None
            else self._fixed_outcome(seat, count, kept_bits, outcomes)
        )
        if self._current is None:
            self._current = self._first = seat
            self.to_act = (seat,)
            self._events.append((seat,))  # Begins (see `events.Logged`)
        dice = self._dice[seat] = self._dice[seat] & kept_bits | outcome
        rolls = self._rolls[seat]
        if rolls and self._pool is not None:
            self._pool -= 1
        self._rolls[seat] = rolls + 1
        self._kept[seat] = kept
        self._events.append((seat, dice, kept))  # Rolled

    def _fixed_outcome(
        self, seat: int, count: int, kept_bits: int, outcomes: tuple[int, ...]
    ) -> int:
        """A roll's outcome under `dice=fixed`: the seed's faces for the seat's turn and roll
        at the positions rolled; while a chance script lasts (tests, tools, the strict
        adapters' chance nodes) the script's, as under drawn dice."""
        rng = self._rng
        if isinstance(rng, StrictRng) or (
            isinstance(rng, ScriptedRng) and rng.used < len(self._chance)
        ):
            return outcomes[rng.dice_index(count)]
        assert self._fixed is not None
        turn = len(CATEGORIES) - self._open[seat].bit_count()
        return fixed.faces(self._fixed, seat, turn, self._rolls[seat]) & ~kept_bits

    def _enter(self, seat: int, category: int) -> None:
        points = self._table[SORTED_DICE[self._dice[seat]]][category]
        self._sheets[seat][category] = points
        self._open[seat] &= ~(1 << category)
        bonus = False
        if category <= _LAST_UPPER:
            before = self._upper[seat]
            self._upper[seat] = before + points
            bonus = before < UPPER_BONUS_THRESHOLD <= before + points
        self._events.append((seat, category, points, bonus))  # Entered
        self._rolls[seat] = 0
        self._kept[seat] = 0
        if self._mode == "turns":
            self._current = (seat + 1) % self.game.players
            self.to_act = (self._current,)
        elif not self._open[seat]:
            self.to_act = tuple(s for s in self.to_act if s != seat)
        if not any(self._open):
            self._finish()

    def _finish(self) -> None:
        self.over = True
        self.to_act = ()

    def _time_up(self) -> None:
        """The puzzle's time ran out: a roll not yet entered is dropped, the game ends."""
        for seat in range(self.game.players):
            self._rolls[seat] = 0
        self._timed_out = True
        self._finish()
        self._events.append(())  # TimedOut

    # -- results --------------------------------------------------------------------------

    def total(self, seat: int) -> int:
        """A seat's total: entered points plus the upper bonus once reached."""
        return total(self._sheets[seat], self._upper[seat])

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.total(seat) for seat in range(self.game.players))

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.over:
            return ()
        scores = self.scores
        best = max(scores)
        return tuple(seat for seat, points in enumerate(scores) if points == best)

    def view(self, seat: Seat) -> DicetimeView:
        return views.view_of(self, seat)

    def breakdowns(self, seat: Seat) -> tuple[Breakdown, ...]:
        return breakdown.breakdowns(self)
