"""Bonus cards: when everyone has had a turn, the top two cards are revealed; every player at
the same time may use the effect of one of them or neither; both cards leave the game. An
effect, like a die, only fills an empty space or ticks an unticked topping; an effect with no
such target on a player's sheet cannot be chosen by that player (ruling)."""

from __future__ import annotations

import pytest

from parlour import IllegalAction
from parlour.boxes.dicecream import DicecreamState

from .helpers import events, filled, new_state, play

NOTHING = [1, 1, 1, 1, 1]


def bonus_actions(state: DicecreamState, seat: int) -> list[str]:
    """The seat's legal bonus actions (without `pass`)."""
    return [action for action in state.legal_actions(seat) if action.startswith("bonus")]


def example_round() -> DicecreamState:
    """Round 1 of a 2-player game: seat 0 enters a white 2 in the left cream of blue; then the
    cards `right-cream-4` and `red-topping` are revealed."""
    state = new_state(2, dice=[6, 1, 1, 1, 2, *NOTHING], stack=["right-cream-4", "red-topping"])
    play(state, (0, "roll"), (0, "unlock blue"), (0, "left cream of blue"), (0, "done"))
    play(state, (1, "pass"), (1, "roll"), (1, "done"))
    return state


def test_two_cards_are_revealed_after_every_round_and_everyone_chooses_at_once() -> None:
    state = example_round()
    view = state.view(None)
    assert view["phase"] == "bonus"
    assert [card["key"] for card in view["bonus_cards"]] == ["right-cream-4", "red-topping"]
    assert [card["text"] for card in view["bonus_cards"]] == [
        "Enter a 4 in a right cream space on any sundae.",
        "Tick a red topping on any sundae.",
    ]
    assert view["stack"] == 8
    assert state.to_act == (0, 1)
    assert sorted(bonus_actions(state, 0)) == sorted(
        [f"bonus 4 in right cream of {s}" for s in ("blue", "yellow", "red", "green")]
        + [f"bonus red topping of {s}" for s in ("blue", "yellow", "green")]
    )
    assert state.legal_actions(0)[-1] == "pass"


def test_the_rulebook_bonus_example_completes_the_cream_swirl() -> None:
    """A 4 entered in the right cream half completes the swirl: 2 + 4 + 2 extra points."""
    state = example_round()
    assert state.view(0)["seats"][0]["sundaes"][0]["score"] == 2
    play(state, (0, "bonus 4 in right cream of blue"), (1, "bonus red topping of green"))
    assert filled(state, 0) == {"left cream of blue": 2, "right cream of blue": 4}
    assert state.view(0)["seats"][0]["sundaes"][0]["score"] == 2 + 4 + 2
    assert filled(state, 1) == {"red topping of green": 1}
    assert [e["text"] for e in events(state, "bonus", viewer=0)] == [
        "You used a bonus card and entered a 4 in the right cream of blue.",
        "Seat 2 used a bonus card and ticked the red topping of green.",
    ]


def test_both_cards_leave_the_game() -> None:
    """After the choices the next round begins without them; the next two cards come from the
    stack."""
    state = example_round()
    play(state, (0, "pass"), (1, "pass"))
    view = state.view(None)
    assert (view["round"], view["phase"], view["stack"], view["bonus_cards"]) == (2, "roll", 8, [])
    assert "right-cream-4" not in state.stack and "red-topping" not in state.stack
    assert len(state.stack) == 8


def test_an_effect_enters_only_on_an_empty_space() -> None:
    """Seat 0's left cream of blue holds a 2: the right cream card still reaches its right
    half, but a card for left cream spaces would not reach it."""
    state = new_state(2, dice=[6, 1, 1, 1, 2, *NOTHING], stack=["left-cream-2", "green-cube-4"])
    play(state, (0, "roll"), (0, "unlock blue"), (0, "left cream of blue"), (0, "done"))
    play(state, (1, "pass"), (1, "roll"), (1, "done"))
    assert "bonus 2 in left cream of blue" not in state.legal_actions(0)
    assert "bonus 2 in left cream of blue" in state.legal_actions(1)
    with pytest.raises(IllegalAction, match="left cream of blue is already filled"):
        state.apply(0, "bonus 2 in left cream of blue")
    play(state, (0, "bonus 4 in green cube of red"), (1, "bonus 2 in left cream of blue"))
    assert filled(state, 0)["green cube of red"] == 4
    assert filled(state, 1) == {"left cream of blue": 2}


def blue_cubes_filled(stack: list[str], more: list[int] = NOTHING) -> DicecreamState:
    """Round 1 of a 2-player game in which seat 0 fills all three cubes of its blue sundae
    (the blue 6 unlocks it: yellow 1 + red 2 + green 3 = 6); then the first two of `stack`
    are revealed."""
    state = new_state(2, dice=[6, 1, 2, 3, 1, *more], stack=stack)
    play(state, (0, "roll"), (0, "unlock blue"), (0, "yellow cube of blue"))
    play(state, (0, "red cube of blue"), (0, "green cube of blue"))  # the placing ends itself
    return play(state, (1, "pass"), (1, "roll"), (1, "done"))


def test_an_effect_without_a_target_cannot_be_chosen() -> None:
    """Seat 0's blue cubes are full: `cube-on-blue-4` offers it nothing, so it may only use
    `blue-cube-4`; seat 1 may use either."""
    state = blue_cubes_filled(["cube-on-blue-4", "blue-cube-4"])
    assert sorted(bonus_actions(state, 0)) == [
        f"bonus 4 in blue cube of {s}" for s in ("green", "red", "yellow")
    ]
    assert len(bonus_actions(state, 1)) == 6
    with pytest.raises(IllegalAction, match="yellow cube of blue is already filled"):
        state.apply(0, "bonus 4 in yellow cube of blue")


def test_a_player_without_any_target_is_not_asked() -> None:
    """Round 2: seat 0 also ticks all three toppings of blue (doubling it to 12); then neither
    `cube-on-blue-4` nor `topping-on-blue` has a target on its sheet: only seat 1 chooses."""
    stack = ["left-cream-2", "right-cream-4", "cube-on-blue-4", "topping-on-blue"]
    state = blue_cubes_filled(stack, more=[*NOTHING, 6, 3, 2, 1, 1, *NOTHING])
    play(state, (0, "pass"), (1, "pass"))
    play(state, (0, "roll"), (0, "unlock blue"), (0, "green topping of blue"))
    play(state, (0, "red topping of blue"), (0, "yellow topping of blue"))  # 1 + 2 + 3 = 6
    assert state.view(0)["seats"][0]["sundaes"][0]["score"] == (1 + 2 + 3) * 2
    play(state, (1, "pass"), (1, "roll"), (1, "done"))
    assert state.view(None)["phase"] == "bonus"
    assert state.to_act == (1,)
    assert state.legal_actions(0) == ()
    assert [e["text"] for e in events(state, "unable", viewer=0)] == []
    state.apply(1, "pass")
    assert [e["text"] for e in events(state, "unable", viewer=0)] == [
        "You could use neither bonus card."
    ]
