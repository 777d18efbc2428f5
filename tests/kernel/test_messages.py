"""The kernel's messages, for every registered game: neutral (no front end's advice), short
whatever was sent (long input cut), and a seat checked the same way by every method that takes
one (`apply`, `refusal`, `legal_actions`, `is_legal`, `parse_action`, `view`)."""

from __future__ import annotations

import enum
import random
from collections.abc import Callable
from typing import Any

import pytest

import parlour
from parlour import SPECTATOR, TABLE, IllegalAction, OptionError, RecordError, State
from parlour.kernel.reasons import KERNEL_TEXTS
from parlour.kernel.registry import game_class

from ..helpers import snapshot

NAMES = [info.name for info in parlour.games()]
LONG = "x" * 10_000
SHOWN = 40  # the most characters of an input a message repeats
FRONT_END_WORDS = ("type ", "help", "click", "press", "button")


def first_state(name: str, seed: int = 1) -> State:
    """A new game of `name` in its first declared configuration."""
    info = game_class(name).info
    players, options, _ = info.configurations[0]
    return parlour.load(name, players, **options).new(seed)


def states_along_a_game(name: str, steps: int = 60) -> list[State]:
    """Copies of the states of a random game of `name`, up to `steps` actions in."""
    state, rnd, seen = first_state(name), random.Random(name), []
    for _ in range(steps):
        if state.over:
            break
        seen.append(state.clone())
        seat = rnd.choice(state.to_act)
        state.apply(seat, rnd.choice(tuple(state.legal_actions(seat))))
    return seen


def refused(call: Callable[[], Any]) -> IllegalAction:
    with pytest.raises(IllegalAction) as raised:
        call()
    return raised.value


@pytest.mark.parametrize("name", NAMES)
def test_no_reason_gives_a_front_ends_advice(name: str) -> None:
    """Kernel and game reasons say what is wrong, never what to type or click: each front
    end adds its own hint."""
    texts = {**KERNEL_TEXTS, **game_class(name).reason_texts}
    for code, text in texts.items():
        assert not any(word in text.lower() for word in FRONT_END_WORDS), (code, text)


def test_an_action_among_many_legal_ones_is_refused_in_neutral_words() -> None:
    """Where the legal actions are too many to list, the refusal counts them and names no
    front end's command (it said "type help to list the 44 that are")."""
    counted = 0
    for name in NAMES:
        for state in states_along_a_game(name):
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            error = refused(lambda: state.apply(seat, "dance"))  # noqa: B023
            assert not any(word in str(error).lower() for word in FRONT_END_WORDS), str(error)
            if error.reason is not None and error.reason.code == "not_legal_many":
                assert str(error) == f"'dance' is not one of the {len(legal)} legal actions now"
                counted += 1
    assert counted  # some game lists more than a few actions


@pytest.mark.parametrize("name", NAMES)
def test_long_input_is_cut_in_every_refusal(name: str) -> None:
    """Whatever is sent, as an action, a typed text or no text at all, the refusal repeats
    at most its first characters, in its words and in the reason's parameters."""
    for state in states_along_a_game(name, steps=20):
        seat = state.to_act[0]
        for call in (
            lambda: state.apply(seat, LONG),  # noqa: B023
            lambda: state.apply(seat, [LONG]),  # type: ignore[arg-type]  # noqa: B023
            lambda: state.parse_action(seat, LONG),  # noqa: B023
            lambda: state.parse_action(seat, "keep " + "9" * 150),  # noqa: B023
            lambda: state.apply(TABLE, LONG),  # noqa: B023
        ):
            error = refused(call)
            assert len(str(error)) < 400, str(error)[:400]
            assert error.reason is not None
            described = error.reason.describe()["params"]
            assert all(
                len(value) <= SHOWN for value in described.values() if isinstance(value, str)
            )
            assert len(state.explain(seat, LONG)) < 400


@pytest.mark.parametrize("name", NAMES)
def test_what_a_player_types_is_refused_when_huge_or_no_text(name: str) -> None:
    """`parse_action` refuses a text longer than any action before the game reads it (a
    number past Python's digit limit raised ValueError in three games' notations), and what
    is no text (it raised AttributeError)."""
    state = first_state(name)
    seat = state.to_act[0]
    before = snapshot(state)
    for text in ("9" * 5000, "take " + "9" * 5000, "answer " + "9" * 5000, " " * 201):
        error = refused(lambda: state.parse_action(seat, text))  # noqa: B023
        assert str(error) == f"an action is at most 200 characters, not {len(text)}"
    for thing in (5, None, ["roll"]):
        error = refused(lambda: state.parse_action(seat, thing))  # type: ignore[arg-type]  # noqa: B023
        assert str(error) == f"an action is text, not {thing!r}"
    assert snapshot(state) == before


@pytest.mark.parametrize("name", NAMES)
def test_long_input_is_cut_in_the_kernels_other_errors(name: str) -> None:
    """Unknown games and options, and records, repeat long input cut too."""
    for call, error in (
        (lambda: parlour.load(LONG), OptionError),
        (lambda: parlour.load(name, **{LONG: 1}), OptionError),
        (lambda: parlour.replay({**first_state(name).record, "actions": [[0, LONG]]}), RecordError),
        (lambda: parlour.replay({**first_state(name).record, "actions": [[LONG]]}), RecordError),
    ):
        with pytest.raises(error) as raised:
            call()
        assert len(str(raised.value)) < 400, str(raised.value)[:400]


def seat_calls(state: State, seat: object) -> list[Callable[[], Any]]:
    """Every method that takes a seat, called with `seat`."""
    action = next(iter(state.legal_actions(state.to_act[0])))
    return [
        lambda: state.apply(seat, action),  # type: ignore[arg-type]
        lambda: state.legal_actions(seat),  # type: ignore[arg-type]
        lambda: state.is_legal(seat, action),  # type: ignore[arg-type]
        lambda: state.parse_action(seat, action),  # type: ignore[arg-type]
        lambda: state.view(seat),  # type: ignore[arg-type]
    ]


@pytest.mark.parametrize("name", NAMES)
def test_a_number_out_of_range_is_no_seat(name: str) -> None:
    """`apply(5, ...)` in a 2-player game says there is no seat 5 (it said "seat 5 may not act
    now"), and so does every other method that takes a seat; nothing changes."""
    state = first_state(name)
    players = state.game.players
    before = snapshot(state)
    for seat in (players, players + 3, -1):
        reason = state.refusal(seat, "roll")
        assert reason is not None and reason.code == "no_seat"
        for call in seat_calls(state, seat):
            error = refused(call)
            assert str(error).startswith(f"there is no seat {seat} (seats: 0"), str(error)
            assert error.reason is not None and error.reason.code == "no_seat"
    assert snapshot(state) == before


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seat", [True, False, "0", 0.0, [0]], ids=repr)
def test_what_is_no_seat_is_refused_by_every_method(name: str, seat: object) -> None:
    """A bool is no seat (`view(True)` showed seat 1's hand), nor is a string (`view("0")`
    raised a bare TypeError): every method refuses them as `apply` does."""
    state = first_state(name)
    before = snapshot(state)
    for call in seat_calls(state, seat):
        error = refused(call)
        assert str(error) == f"a seat is an integer or None, not {seat!r}"
    assert snapshot(state) == before


class Seats(enum.IntEnum):
    FIRST = 0


@pytest.mark.parametrize("name", NAMES)
def test_every_seat_of_the_game_and_none_stay_seats(name: str) -> None:
    """The seats of the game, the spectator's view and the table are accepted as before; an
    integer of a subclass is taken as its integer."""
    state = first_state(name)
    assert state.view(SPECTATOR)["seat"] is None
    assert isinstance(state.legal_actions(TABLE), tuple | list)
    for seat in range(state.game.players):
        assert state.view(seat)["seat"] == seat
        state.legal_actions(seat)
    assert state.view(Seats.FIRST) == state.view(0)
    seat = state.to_act[0]
    action = state.legal_actions(seat)[0]
    assert state.is_legal(seat, action) and state.parse_action(seat, action) == action
    if seat == 0:
        state.apply(Seats.FIRST, action)
        assert type(state.history[-1][0]) is int
