"""The others' picks: after the active player's placing, every other player at the same time
may take one die the active player placed on a cube, the cream or a topping (several may take
the same one) and enter it on their own sheet: on an empty cube of its colour, the cream space
matching the white die's number, or an unticked topping of its colour, on any sundae, with no
unlocking and no sum limit (ruling); or pass. Unlocking and unplaced dice cannot be taken.
Choices made at once are sealed until all are made."""

from __future__ import annotations

import pytest

from parlour import IllegalAction
from parlour.boxes.dicecream import DicecreamState

from ...helpers import snapshot
from .helpers import choosing, events, filled, idle, new_state, play, turn

# Seat 0 rolls blue 6, yellow 1, red 2, green 6, white 3: the blue 6 unlocks blue, the red 2
# goes on its red cube and the white 3 on its left cream (2 + 3 <= 6); yellow and green stay.
ROLL = [6, 1, 2, 6, 3]


def after_placing(players: int = 3) -> DicecreamState:
    """Seat 0 has placed the red 2 and the white 3 and is done."""
    state = new_state(players, dice=ROLL)
    play(state, (0, "roll"), (0, "unlock blue"), (0, "red cube of blue"))
    return play(state, (0, "left cream of blue"), (0, "done"))


def test_the_others_choose_at_once() -> None:
    """Every other seat is to act together; the active player waits."""
    state = after_placing(4)
    assert state.to_act == (1, 2, 3)
    assert state.view(None)["phase"] == "take"
    assert state.legal_actions(0) == ()
    assert turn(state, None)["takeable"] == ["red", "white"]


def test_only_dice_placed_on_cubes_cream_or_toppings_may_be_taken() -> None:
    """The red 2 and the white 3 may be taken; the blue 6 (unlocking) and the yellow 1 and
    green 6 (not placed) may not."""
    state = after_placing()
    legal = state.legal_actions(1)
    expected = [
        *(
            f"take red {kind} of {s}"
            for s in ("blue", "yellow", "green")
            for kind in ("cube", "topping")
        ),
        *(f"take left cream of {s}" for s in ("blue", "yellow", "red", "green")),
        "pass",
    ]
    assert sorted(legal) == sorted(expected)
    before = snapshot(state)
    for action in ("take blue cube of red", "take yellow cube of red", "take green cube of red"):
        with pytest.raises(IllegalAction, match="was not placed on a cube, cream or topping"):
            state.apply(1, action)
    assert snapshot(state) == before


def test_a_taken_die_needs_no_unlocking_and_knows_no_sum_limit() -> None:
    """Seat 1 enters the red 6 on the green sundae, which nobody unlocked: 6 alone is more than
    any limit could allow but the blue 6 that unlocked seat 0's sundae."""
    state = new_state(2, dice=[6, 1, 6, 1, 1])
    play(state, (0, "roll"), (0, "unlock blue"), (0, "red cube of blue"), (0, "done"))
    state.apply(1, "take red cube of green")
    assert filled(state, 1) == {"red cube of green": 6}


def test_several_players_may_take_the_same_die() -> None:
    state = after_placing(4)
    play(state, (1, "take red cube of green"), (2, "take red cube of green"))
    state.apply(3, "take red topping of yellow")
    for seat in (1, 2):
        assert filled(state, seat) == {"red cube of green": 2}
    assert filled(state, 3) == {"red topping of yellow": 1}
    assert filled(state, 0) == {"red cube of blue": 2, "left cream of blue": 3}


def test_cubes_and_toppings_are_interchangeable_for_the_taker() -> None:
    """A die placed on a topping may be entered on a cube, and one placed on a cube ticks a
    topping."""
    state = new_state(3, dice=[6, 1, 2, 6, 3])
    play(state, (0, "roll"), (0, "unlock blue"), (0, "yellow topping of blue"))
    play(state, (0, "red cube of blue"), (0, "done"))
    play(state, (1, "take yellow cube of blue"), (2, "take red topping of green"))
    assert filled(state, 1) == {"yellow cube of blue": 1}
    assert filled(state, 2) == {"red topping of green": 1}


def test_the_white_die_goes_on_the_matching_cream_space() -> None:
    state = after_placing()
    assert "take right cream of red" not in state.legal_actions(1)
    with pytest.raises(IllegalAction, match="white die shows 3"):
        state.apply(1, "take right cream of red")
    state.apply(1, "take left cream of red")
    state.apply(2, "pass")
    assert filled(state, 1) == {"left cream of red": 3}


def test_a_filled_space_refuses_a_taken_die() -> None:
    """Seat 1 filled its red cube of green in round 1; in round 2 it cannot take a red die
    there again, nor tick a topping twice."""
    state = new_state(2, dice=[6, 1, 2, 6, 3, 1, 1, 1, 1, 1, 6, 1, 4, 1, 1])
    play(state, (0, "roll"), (0, "unlock blue"), (0, "red cube of blue"), (0, "done"))
    state.apply(1, "take red cube of green")
    idle(state, until_round=2)
    play(state, (0, "roll"), (0, "unlock blue"), (0, "red topping of blue"), (0, "done"))
    legal = state.legal_actions(1)
    assert "take red cube of green" not in legal and "take red cube of yellow" in legal
    with pytest.raises(IllegalAction, match=r"red cube of green is already filled \(it holds 2\)"):
        state.apply(1, "take red cube of green")


def test_passing_and_turns_with_nothing_to_take() -> None:
    """`pass` enters nothing; when no die was placed, nobody is asked and the next turn
    begins."""
    state = new_state(3, dice=[6, 1, 2, 6, 3, 6, 1, 1, 1, 1])
    play(state, (0, "roll"), (0, "unlock blue"), (0, "red cube of blue"), (0, "done"))
    play(state, (1, "pass"), (2, "pass"))
    assert filled(state, 1) == filled(state, 2) == {}
    # Seat 1 unlocks yellow with a 6 and places nothing: nobody may take anything.
    play(state, (1, "roll"), (1, "unlock yellow"), (1, "done"))
    assert state.to_act == (2,)
    assert state.view(None)["phase"] == "roll"


def test_choices_are_sealed_until_everyone_has_chosen() -> None:
    """Seat 1's pick is not on its sheet, in the scores or in the log for the others until
    seat 2 has chosen too; seat 1 sees its own choice as pending."""
    state = after_placing()
    before = {seat: state.view(seat) for seat in (0, 2, None)}
    state.apply(1, "take red cube of green")
    for seat, view in before.items():
        now = state.view(seat)
        assert now["seats"] == view["seats"] and now["scores"] == view["scores"]
        assert now["log"] == view["log"]
        assert choosing(state, seat)["waiting"] == [2]
        assert choosing(state, seat)["yours"] is None
    assert choosing(state, 1)["yours"] == "take red cube of green"
    assert filled(state, 1) == {}
    state.apply(2, "pass")
    assert filled(state, 1, viewer=2) == {"red cube of green": 2}
    texts = [e["text"] for e in events(state, "take", viewer=2)]
    assert texts == ["Seat 2 took a die and entered the red 2 in the red cube of green."]
    assert [e["text"] for e in events(state, "pass", viewer=2)] == ["You took no die."]


@pytest.mark.parametrize(("seat", "typed"), [(1, "unlock yellow"), (2, "done"), (1, "roll")])
def test_an_action_of_another_phase_names_who_picks(seat: int, typed: str) -> None:
    """A picker typing a placing action is told what the moment is, in words that do not
    read as if they were left out ("the others take dice" did)."""
    state = after_placing()
    with pytest.raises(IllegalAction) as refused:
        state.parse_action(seat, typed)
    message = str(refused.value)
    assert "not now: everyone but the active player may take one of the placed dice" in message
    assert "the others" not in message
