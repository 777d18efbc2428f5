"""Game records: validated replay of `{game, players, options, seed, actions}`, and which
games' records keep each action's time."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from parlour.i18n import _
from parlour.kernel.errors import IllegalAction, OptionError, RecordError, shown
from parlour.kernel.protocol import SPECTATOR, UNDO, Action, Concurrency, Game, Seat, State
from parlour.kernel.registry import load

REQUIRED = {"game": str, "players": int, "options": dict, "seed": int, "actions": list}
OPTIONAL = {"chance": list, "meta": dict, "times": list}


def keeps_times(game: Game) -> bool:
    """Whether `game`'s records keep each action's time (`times`): where seats race to answer
    (`Concurrency.RACE`), how fast each one was is part of the game, and a review reads it."""
    return game.concurrency() is Concurrency.RACE


def timed_record(state: State, times: Sequence[float]) -> dict[str, Any]:
    """`state`'s record, with `times` (each action's time in seconds from the game's start, to
    the millisecond, never going back) where its game keeps them (`keeps_times`)."""
    record = state.record
    if keeps_times(state.game):
        latest = 0.0
        record["times"] = [latest := round(max(latest, at), 3) for at in times]
    return record


def _is(value: object, kind: type) -> bool:
    return isinstance(value, kind) and not (kind is int and isinstance(value, bool))


def replay(record: Mapping[str, Any]) -> State:
    """Rebuild the state a record describes, or raise `RecordError` saying what is wrong.

    `meta` (free-form, e.g. player names) is accepted and ignored; `chance` scripts the first
    chance outcomes (tests and tools); `times`, when given, is each action's time in seconds
    from the game's start (checked: one per action, never going back), read by reviews.
    """
    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    for key, kind in REQUIRED.items():
        if key not in record:
            raise RecordError(f"the record has no {key!r}")
        if not _is(record[key], kind):
            raise RecordError(f"the record's {key!r} must be {_kind(kind)}")
    for key, kind in OPTIONAL.items():
        if key in record and not _is(record[key], kind):
            raise RecordError(f"the record's {key!r} must be {_kind(kind)}")
    unknown = sorted(set(record) - set(REQUIRED) - set(OPTIONAL))
    if unknown:
        raise RecordError(f"the record has an unknown key {shown(unknown[0])}")
    if not all(isinstance(name, str) for name in record["options"]):
        raise RecordError("the record's 'options' must have text keys")
    chance = record.get("chance", [])
    if not all(_is(value, int) for value in chance):
        raise RecordError("the record's 'chance' must be a list of integers")
    _check_times(record)
    try:
        game = load(record["game"], record["players"], **record["options"])
    except OptionError as error:
        raise RecordError(f"the record's game settings are refused: {error}") from error
    try:
        state = game.new(record["seed"], chance=chance)
    except ValueError as error:  # a chance script the game cannot deal (e.g. a face of 9)
        raise RecordError(f"the record's chance script is refused: {error}") from None
    for number, item in enumerate(record["actions"], start=1):
        if not (isinstance(item, list) and len(item) == 2):
            raise RecordError(f"action {number} must be a pair [seat, action], not {shown(item)}")
        seat, action = item
        if not (seat is None or _is(seat, int)) or not isinstance(action, str):
            raise RecordError(
                f"action {number} {shown(item)} needs a seat (integer or null) and text"
            )
        where = f"action {number} [{seat}, {shown(action)}]"
        try:
            state.apply(seat, action)
        except IllegalAction as error:
            raise RecordError(f"{where} is illegal: {error}") from None
        except ValueError as error:
            raise RecordError(f"{where} failed: {error}") from None
    return state


def cut(record: Mapping[str, Any], actions: int) -> dict[str, Any]:
    """`record` up to its first `actions` actions (and their times): the game as it was then."""
    shorter = {**record, "actions": list(record["actions"][:actions])}
    if "times" in record:
        shorter["times"] = list(record["times"][:actions])
    return shorter


def replayed(final: State) -> Iterator[tuple[int, Seat, Action, State]]:
    """The game that led to `final` again, move by move: each action's number in the record
    (from 1), its seat, the action and the state just before it. The state is one, moved on
    after each step: read it before asking for the next."""
    record = final.record
    state = final.game.new(record["seed"], chance=record.get("chance", []))
    for number, (actor, action) in enumerate(final.history, start=1):
        yield number, actor, action, state
        state.apply(actor, action)


def moves_in_words(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each action of a valid record in words, for a replay's move list: its step (the board
    after it), seat, action and `words` (`Game.action_words`, from what a spectator saw of the
    state before it, so nothing hidden is told; the table's actions as they are, and an undo
    in the kernel's words, whatever the game's would make of it)."""
    state = replay(cut(record, 0))
    moves = []
    for step, (seat, action) in enumerate(record["actions"], start=1):
        words = action
        if action == UNDO:
            words = _("Take back the last move")
        elif seat is not None:
            words = state.game.action_words(state.view(SPECTATOR), seat, action)
        moves.append({"step": step, "seat": seat, "action": action, "words": words})
        state.apply(seat, action)
    return moves


def _check_times(record: Mapping[str, Any]) -> None:
    """Refuse `times` that are not one finite, non-negative number per action, in order."""
    times = record.get("times")
    if times is None:
        return
    if len(times) != len(record["actions"]):
        raise RecordError(
            f"the record's 'times' must give one time per action: {len(times)} times for "
            f"{len(record['actions'])} actions"
        )
    before = 0.0
    for number, at in enumerate(times, start=1):
        if not (_is(at, int) or isinstance(at, float)) or not math.isfinite(at) or at < before:
            raise RecordError(
                f"time {number} of the record ({shown(at)}) must be a number of seconds, "
                f"no earlier than the time before it ({before:g})"
            )
        before = at


def _kind(kind: type) -> str:
    return {str: "a string", int: "an integer", dict: "a JSON object", list: "a list"}[kind]
