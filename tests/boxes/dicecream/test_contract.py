"""Dicecream on the kernel's contract: refusals as codes with parameters from one verify
function per kind of action, the full action list and the length bound, the rule numbers in
the view, and the determinizer (the stack drawn from the cards never revealed, the others'
sealed choices drawn among their options, the log read back from its fields)."""

from __future__ import annotations

import json
import random

import parlour
from parlour import Reason, Rng
from parlour.boxes.dicecream import DicecreamState
from parlour.boxes.dicecream.components import ROUNDS, SPACES
from parlour.boxes.dicecream.determinize import read_log

from .helpers import idle, new_state, play


def test_refusals_are_codes_with_parameters() -> None:
    state = new_state(2, dice=[3, 1, 2, 6, 2])
    play(state, (0, "roll"), (0, "unlock blue"), (0, "red cube of blue"))
    assert state.refusal(0, "green cube of blue") == Reason(
        "over_limit", {"sundae": "blue", "total": 8, "limit": 3}
    )
    assert state.refusal(0, "red cube of yellow") == Reason("locked", {"sundae": "yellow"})
    assert state.refusal(0, "unlock red") == Reason("die_placed", {"die": "red"})
    assert state.refusal(0, "reroll red") == Reason("placed_before_reroll")
    assert state.refusal(0, "take red cube of blue") == Reason("wait_place")
    assert state.refusal(0, "yellow cube of blue") is None
    reason = state.refusal(0, "white topping")  # no action of the game: the kernel's reason
    assert reason is not None and reason.code == "not_legal"


def test_every_action_is_legal_exactly_when_its_rule_finds_no_reason() -> None:
    """Random games of every size, at every step, for every seat and every action."""
    rnd = random.Random(3)
    for players in ROUNDS:
        game = parlour.load("dicecream", players)
        actions = game.all_actions()
        state = game.new(players)
        while not state.over:
            for seat in range(players):
                legal = set(state.legal_actions(seat))
                for action in actions:
                    assert (state.refusal(seat, action) is None) == (action in legal), action
            seat = rnd.choice(state.to_act)
            state.apply(seat, rnd.choice(state.legal_actions(seat)))


def test_the_full_action_list_and_the_length_bound() -> None:
    game = parlour.load("dicecream", 3)
    actions = game.all_actions()
    assert actions[:2] == ("roll", "reroll blue") and actions[-1] == "pass"
    kinds = [action.split(" ")[0] for action in actions]
    assert kinds.count("reroll") == 31 and kinds.count("unlock") == 4
    assert kinds.count("take") == len(SPACES) == 32 and "done" in kinds
    assert game.length_bound() == 4 * 3 * (3 + 9)  # rounds x players x (players + 9)


def test_the_view_gives_the_rule_numbers_the_pages_show() -> None:
    view = new_state(2).view(None)
    assert view["beans_per_sheet"] == 2
    assert view["cream_faces"] == {"left": [1, 2, 3], "right": [4, 5, 6]}


def test_the_log_reads_back_into_the_same_events() -> None:
    """Whatever a seat or a spectator reads, read back, is the game's own event list."""
    rnd = random.Random(5)
    state = parlour.load("dicecream", 3).new(5)
    assert isinstance(state, DicecreamState)
    while not state.over:
        seat = rnd.choice(state.to_act)
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    for viewer in (0, 2, None):
        assert read_log(state.view(viewer)) == list(state._events)


def test_the_stack_is_dealt_from_the_cards_never_revealed() -> None:
    state = idle(new_state(2, stack=["red-topping", "right-cream-4"]), until_round=2)
    view = state.view(0)
    game = state.game
    stacks = set()
    for k in range(8):
        twin = game.determinize(view, Rng(k))
        assert isinstance(twin, DicecreamState)
        assert twin.view(0) == view
        assert len(twin.stack) == 8 and not {"red-topping", "right-cream-4"} & set(twin.stack)
        stacks.add(twin.stack)
    assert len(stacks) > 1


def test_a_sealed_choice_is_drawn_among_the_choices_that_seat_had() -> None:
    """Seat 1 chose a bonus; seat 0 sees only that it chose: its determinized states draw
    seat 1's choice among seat 1's options, and keep seat 0's own when it has chosen."""
    state = new_state(2, dice=[1] * 10, stack=["red-cube-4", "right-cream-4"])
    play(state, (0, "roll"), (0, "done"), (1, "roll"), (1, "done"))
    options = set(state.legal_actions(1))
    state.apply(1, "bonus 4 in red cube of blue")
    view = state.view(0)
    drawn = set()
    for k in range(40):
        twin = game_twin(state, view, k)
        assert twin.view(0) == view
        drawn.add(twin.view(1)["choosing"]["yours"])
    assert drawn <= options and len(drawn) > 2
    state.apply(0, "pass")
    assert all(
        game_twin(state, view, k).view(0) == view for view in [state.view(0)] for k in range(3)
    )


def test_the_viewers_own_sealed_choice_is_kept() -> None:
    state = new_state(3, dice=[1] * 15, stack=["red-cube-4", "right-cream-4"])
    play(state, (0, "roll"), (0, "done"), (1, "roll"), (1, "done"), (2, "roll"), (2, "done"))
    state.apply(1, "bonus 4 in red cube of blue")
    view = state.view(1)
    for k in range(5):
        twin = game_twin(state, view, k)
        assert twin.view(1)["choosing"]["yours"] == "bonus 4 in red cube of blue"
        assert json.dumps(twin.view(1)) == json.dumps(view)


def game_twin(state: DicecreamState, view: object, k: int) -> DicecreamState:
    twin = state.game.determinize(view, Rng(k))  # type: ignore[arg-type]
    assert isinstance(twin, DicecreamState)
    return twin


def test_the_determinizer_reads_fields_not_words() -> None:
    """Every entry holds in fields all its text says: with every text blanked (a log told in
    another language), the log reads back to the same events and determinizes alike."""
    rnd = random.Random(7)
    state = parlour.load("dicecream", 2).new(7)
    assert isinstance(state, DicecreamState)
    while not state.over and state.view(None)["round"] < 3:
        seat = rnd.choice(state.to_act)
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    view = state.view(1)
    kinds = {entry["event"] for entry in view["log"]}
    assert {"roll", "place", "done", "reveal"} <= kinds
    blank = {**view, "log": [{**entry, "text": ""} for entry in view["log"]]}
    assert read_log(blank) == list(state._events)  # type: ignore[arg-type]
    assert game_twin(state, blank, 0).view(1) == view
