"""Dicetime on the kernel's contract: refusals as codes with parameters, the determinizer, the
full action list, the length bound, and the rule constants the terminal takes from the view."""

from __future__ import annotations

from typing import cast

import pytest
from rich.console import Console

import parlour
from parlour import IllegalAction, Reason, Rng
from parlour.boxes.dicetime.events import Begins, Entered, Rolled, TimedOut, event_of, typed
from parlour.boxes.dicetime.rules import verify_enter, verify_roll, verify_timeout
from parlour.boxes.dicetime.state import DicetimeState
from parlour.boxes.dicetime.views import LogEntry
from parlour.boxes.dicetime.words import describe
from parlour.terminal.renderers import dicetime as renderer

from .helpers import new_state, play_turn


def test_refusals_are_codes_with_parameters() -> None:
    """Each kind of action has its reason: keep before the first roll, enter before a roll, a
    used row (with its points), no rolls left, an empty pool, a bad keep, a timeout."""
    state = new_state(1, [3, 3, 3, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1])
    assert state.refusal(0, "keep 1,2") == Reason("roll_first")
    assert state.refusal(0, "enter chance") == Reason("nothing_to_enter")
    play_turn(state, 0, (3, 3, 3, 2, 2), "full_house")
    state.apply(0, "roll")
    reason = state.refusal(0, "enter full_house")
    assert reason == Reason("category_filled", {"category": "full_house", "points": 25})
    assert state.explain(0, "enter full_house") == "full_house is already used (25 points)"
    state.apply(0, "keep 1,2,3,4")
    state.apply(0, "keep 1,2,3,4")
    assert state.refusal(0, "roll") == Reason("no_rolls_left")
    assert state.refusal(0, "keep 1,2,3,4,5") == Reason("bad_keep", {"action": "keep 1,2,3,4,5"})
    assert state.refusal(0, "timeout") == Reason("table_only")
    assert state.refusal(None, "timeout") == Reason("untimed")
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, "roll")
    assert caught.value.reason == Reason("no_rolls_left")


def test_the_verify_functions_alone() -> None:
    """The rules' checks are plain functions of plain values."""
    assert verify_roll(0, 0, None) is None
    assert verify_roll(0, 3, None) == Reason("no_rolls_left")
    assert verify_roll(5, 1, 0) == Reason("pool_empty")
    assert verify_roll(5, 9, 1) is None
    assert verify_enter(12, 1, [None] * 13) is None
    assert verify_timeout(None, 600, False) is None
    assert verify_timeout(None, 600, True) == Reason("game_over")


def test_a_determinized_state_plays_on_like_the_real_one_with_the_same_dice() -> None:
    """The rebuilt state holds the whole position: given the same RNG it rolls what the real
    state rolls, and its history is empty."""
    state = new_state(2, seed=7, start="race")
    for action in ("roll", "keep 1,2", "enter chance", "roll"):
        (seat,) = state.to_act if len(state.to_act) == 1 else (1,)
        state.apply(seat, action)
    twin = state.game.determinize(state.view(None), Rng(1))
    assert twin.history == () and twin.view(None) == state.view(None)
    twin._rng = state._rng.copy()  # the same dice to come
    for action in ("keep 3", "enter sixes"):
        state.apply(0, action)
        twin.apply(0, action)
    assert twin.view(0) == state.view(0)


def test_a_view_of_another_set_up_is_refused() -> None:
    """A view is determinized only by the game (players, options) that made it."""
    view = new_state(1, mode="puzzle").view(0)
    with pytest.raises(ValueError, match="not of"):
        parlour.load("dicetime", players=1).determinize(view, Rng(0))


def test_the_action_list_and_the_length_bound() -> None:
    """44 actions in every mode (roll first, then the 30 keeps, then the 13 entries); the
    bound is 52 actions a seat, and 52 in the puzzle, timeout included."""
    actions = parlour.load("dicetime", players=2).all_actions()
    assert len(actions) == 44 and actions[0] == "roll" and actions[-1] == "enter chance"
    assert parlour.load("dicetime", players=1, mode="puzzle").all_actions() == actions
    assert parlour.load("dicetime", players=3).length_bound() == 3 * 52
    assert parlour.load("dicetime", players=1, mode="puzzle").length_bound() == 52


def test_the_terminal_takes_the_bonus_from_the_view() -> None:
    """The terminal shows what the upper bonus still needs as the view says, not a 63 of its
    own, and the rounds from the sheet's rows."""
    state = new_state(1, [6, 6, 6, 1, 2])
    play_turn(state, 0, (6, 6, 6, 1, 2), "sixes")
    console = Console(width=120, record=True)
    console.print(renderer.render(state.view(0)))
    text = console.export_text()
    assert "18 · 45 to go" in text and "/63" not in text
    assert "round 2 of 13" in text


def test_the_log_reads_its_plain_tuples_as_typed_events() -> None:
    """The state logs each event as its fields in a plain tuple (fast on every action); `typed`
    reads each as its NamedTuple, the one `event_of` makes again from the entry it tells."""
    state = parlour.load("dicetime", 1, mode="puzzle", time_limit=60).new(3)
    state.apply(0, "roll")
    state.apply(0, "keep 1,2")
    state.apply(0, "enter chance")
    state.apply(None, "timeout")
    race = parlour.load("dicetime", 2, start="race").new(3)
    race.apply(1, "roll")
    assert isinstance(race, DicetimeState) and isinstance(state, DicetimeState)
    logged = [*race._events, *state._events]
    events = [typed(event) for event in logged]
    kinds = [type(event) for event in events]
    assert kinds == [Begins, Rolled, Rolled, Rolled, Entered, TimedOut]
    assert events[0].seat == 1 and events[4] == Entered(0, 12, events[4].points, False)
    assert [event_of(cast(LogEntry, describe(event, 0))) for event in logged] == events
