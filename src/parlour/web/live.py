"""A live table in memory: its seats, its kernel state, who watches it, what is pending, and
the frames it sends. The table layer (`parlour.web.tables`) changes it; this module only
describes it."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from parlour.bots.registry import Bot, bot_label
from parlour.bots.schedule import Question, Schedule
from parlour.i18n import SOURCE
from parlour.kernel import SPECTATOR, Reason, State
from parlour.web.clock import Timer
from parlour.web.kinds import CASUAL, TableKind

Frame = dict[str, Any]
Send = Callable[[str], Awaitable[None]]
"""How a connection is sent a message: as JSON text, encoded once for every watcher of a seat."""


class TableError(Exception):
    """A request the table layer refuses; `status` is the HTTP status that says why."""

    def __init__(self, status: int, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.reason = reason
        """The game's refusal as code and parameters, for an action the rules refuse."""


@dataclass
class SeatSpec:
    """Who sits at a seat when a table is created: a person (`bot` None) or a named bot."""

    bot: str | None = None


@dataclass
class SeatState:
    """A seat as the table layer keeps it; the token's hash never leaves the server."""

    seat: int
    bot: str | None
    name: str | None
    token_hash: str | None
    host: bool = False
    absent: bool = False  # a person whose turn ran past the limit: a stand-in plays
    account_id: int | None = None  # the person's account: the seat is theirs when logged in

    @property
    def taken(self) -> bool:
        return self.bot is not None or self.token_hash is not None


class Sent(NamedTuple):
    """What a seat's request id was used for: the action's number in the record and the
    action's text as the client sent it (a retry must send the same)."""

    number: int
    action: str


@dataclass(eq=False)
class Watcher:
    """A WebSocket connection: the seat it sees (or `SPECTATOR`), the language it reads and
    how to send to it."""

    seat: int | None
    send: Send
    language: str = SOURCE


@dataclass
class LiveTable:
    """One table in memory: its row's fields, its seats and, once started, its state."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    listed: bool
    status: str
    version: int
    turn_limit: float | None
    seats: list[SeatState]
    state: State
    started_at: float | None = None
    action_times: list[float] = field(default_factory=list)
    request_ids: dict[tuple[int, str], Sent] = field(default_factory=dict)  # (seat, id)
    rematch: str | None = None
    rematch_of: str | None = None
    rated: bool = False
    challenge: str | None = None  # the UTC day of the daily challenge this table attempts
    spectator_chat: bool = True
    """Whether spectators may talk in their own chat (the host's switch)."""
    kind: TableKind = CASUAL
    """What kind of table it is (`parlour.web.kinds`): what it refuses, what finishing stores."""
    ratings: dict[int, dict[str, Any]] = field(default_factory=dict)
    """The shown rating at this game of each seat held by an account (see `ratings.refresh`)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: set[Watcher] = field(default_factory=set)
    bots: dict[int, Bot] = field(default_factory=dict)
    pending: Schedule = field(default_factory=Schedule)  # bots' and stand-ins' decisions
    thinking: dict[int, Question] = field(default_factory=dict)  # asked, answer on its way
    waiting_since: dict[int, float] = field(default_factory=dict)
    timer: Timer | None = None
    failures: int = 0  # timed steps or plans failed in a row (see Driver.failed)
    driven: bool = False  # this process drives its bots and clocks (holds its lease: Leases)
    touched: float = field(default_factory=time.monotonic)  # last asked for (monotonic)
    present: frozenset[int] = frozenset()
    """The seats with a page connected to the table, on any process (`tables.presence`)."""

    def take(self, stored: LiveTable) -> None:
        """Become `stored` (the same table rebuilt from the database) in all that is stored,
        keeping what this process holds: the lock, watchers, bots, timer and questions."""
        for name in STORED:
            setattr(self, name, getattr(stored, name))
        self.pending.clear()  # decisions made for a version this copy never had

    @property
    def deadline(self) -> float | None:
        """When the table applies `timeout` (epoch seconds), or None if untimed."""
        return deadline_of(self.state, self.started_at, self.action_times)

    def turn_ends(self, seat: int) -> float | None:
        """When a person's turn runs past the table's turn limit (epoch seconds by the tables'
        clock: a stand-in plays from then on), while it is their turn; otherwise None."""
        since = self.acting_since(seat)
        held = self.seats[seat]
        if self.turn_limit is None or since is None or held.bot or held.absent:
            return None
        return since + self.turn_limit

    def acting_since(self, seat: int) -> float | None:
        """Since when the running game has waited for `seat`'s move (epoch seconds by the
        tables' clock; None while it waits for no move of that seat): a page says how long a
        bot has been thinking."""
        return self.waiting_since.get(seat) if self.status == "running" else None

    def longest_move(self, seat: int) -> float | None:
        """The longest a bot at `seat` has kept the game waiting for one of its moves so far
        (seconds, from the stored action times, so every process agrees), while the game
        waits for it: a page says how long its moves have taken. None for a person, for a bot
        not to act and before its first move."""
        if self.seats[seat].bot is None or self.acting_since(seat) is None:
            return None
        longest, before = None, self.started_at or 0.0
        for (actor, _), at in zip(self.state.history, self.action_times, strict=False):
            if actor == seat:
                longest = max(longest or 0.0, at - before)
            before = at
        return longest

    def public(self, seat: int | None = None) -> dict[str, Any]:
        """What anyone may know of the table (`seat`: whose page asks, to mark `you`)."""
        return {
            "id": self.id,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "listed": self.listed,
            "status": self.status,
            "version": self.version,
            "turn_limit": self.turn_limit,
            "deadline": self.deadline,
            "rematch": self.rematch,
            "rated": self.rated,
            "challenge": self.challenge,
            "hints": self.kind.hints_refused(self) is None,
            "spectator_chat": self.spectator_chat,
            "seats": [
                {
                    "seat": s.seat,
                    "kind": "bot" if s.bot else "person",
                    "bot": s.bot,
                    "label": bot_label(self.game, s.bot) if s.bot else None,
                    "name": s.name,
                    "taken": s.taken,
                    "host": s.host,
                    "absent": s.absent,
                    "connected": None if s.bot else s.seat in self.present,
                    "turn_ends": self.turn_ends(s.seat),
                    "acting_since": self.acting_since(s.seat),
                    "longest_move": self.longest_move(s.seat),
                    "you": s.seat == seat,
                    "rating": self.ratings.get(s.seat),
                }
                for s in self.seats
            ],
        }

    def frame(self, seat: int | None, now: float) -> Frame:
        """The message a seat (or a `SPECTATOR`) receives after every change, `now` by the
        tables' clock (a page counts the time left from it)."""
        state = self.state
        started = self.status != "open"
        legal = (
            list(state.legal_actions(seat))
            if started and seat is not None and seat in state.to_act
            else []
        )
        view = state.view(seat) if started else None
        ask = {action: state.game.confirm(view, action) for action in legal} if view else {}
        shown = state.breakdowns(seat) if started else ()
        return {
            "type": "state",
            "table": self.public(seat),
            "seat": seat,
            "view": view,
            "legal": legal,
            "confirm": {action: question for action, question in ask.items() if question},
            "can_undo": bool(legal) and state.undo_refusal(seat) is None,
            "taken_back": [{"seat": who, "after": after} for who, after in state.taken_back],
            "breakdowns": [breakdown.describe() for breakdown in shown],
            "now": now,
        }

    def probe(self, now: float) -> None:
        """Compute and encode all the table shows (`encode`): every seat's frame and a
        spectator's, with every seat's view and choices even before the start, and the
        clock's deadline as if it started now. Raises whatever the game raises, so that a
        state that cannot be shown is found before it is stored or resumed."""
        state = self.state
        deadline_of(state, self.started_at or now, self.action_times)
        for seat in (*range(self.players), SPECTATOR):
            frame = self.frame(seat, now)
            if frame["view"] is None:  # not shown before the start, but proved all the same
                legal = list(state.legal_actions(seat)) if seat in state.to_act else []
                frame = {**frame, "view": state.view(seat), "legal": legal}
            encode(frame)


STORED = (
    "status",
    "version",
    "seats",
    "state",
    "started_at",
    "action_times",
    "request_ids",
    "waiting_since",
    "rematch",
    "rated",
    "challenge",
    "spectator_chat",
    "kind",
)
"""What of a `LiveTable` the database holds (the rest is this process's)."""


def encode(message: Frame) -> str:
    """A message as compact, strict JSON: no NaN or infinity, which browsers cannot parse."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def deadline_of(state: State, started_at: float | None, times: list[float]) -> float | None:
    """The absolute time of a state's `timeout`: its clock counted from when the clock
    started (the game's start, or the action that restarted it; see `clock_since`)."""
    clock = state.clock
    if clock is None or started_at is None or state.over:
        return None
    since = state.clock_since
    return (started_at if since == 0 else times[since - 1]) + clock
