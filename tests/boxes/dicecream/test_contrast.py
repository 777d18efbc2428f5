"""Why one choice would have been better than another, in words (`Game.contrast`): the points
each enters on the sheet now, a topping that doubles a sundae, a bowl die's limit, and the dice
the others may take. Dice are scripted in the order blue, yellow, red, green, white."""

from __future__ import annotations

from .helpers import idle, new_state, play


def rolled(*faces: int):
    """Seat 1's first turn, rolled with these faces."""
    return play(new_state(2, dice=faces), (0, "roll"))


def test_placements_by_the_points_they_add_now() -> None:
    state = play(rolled(5, 1, 2, 6, 2), (0, "unlock blue"))
    contrast, view = state.game.contrast, state.view(0)
    assert contrast(view, 0, "yellow topping of blue", "red cube of blue") == (
        "red cube of blue would have added 2 points to your sheet now, yellow topping of blue 0."
    )
    assert contrast(view, 0, "done", "red cube of blue") == (
        "Stopping forfeited dice that still fit: red cube of blue would have added 2 points to "
        "your sheet now."
    )
    assert contrast(view, 0, "red cube of blue", "done") == (
        "red cube of blue added 2 points, but a die placed is one the others may take for "
        "their sheets; stopping kept it from them."
    )
    assert contrast(view, 0, "red cube of blue", "left cream of blue") is None  # 2 points each
    assert contrast(view, 0, "done", "yellow topping of blue") is None  # a tick alone adds none


def test_unlocks_by_the_limit_of_their_bowl_die() -> None:
    state = rolled(5, 1, 2, 6, 2)
    assert state.game.contrast(state.view(0), 0, "unlock yellow", "unlock green") == (
        "unlock green would have unlocked a sundae for dice adding up to 6; unlock yellow to 1."
    )


def test_the_last_topping_doubles_its_sundae() -> None:
    """Round 1 ticks two of the blue sundae's toppings; in round 2 its right cream holds a 5,
    and the green die can tick the last topping."""
    state = new_state(2, dice=[6, 1, 1, 1, 3, 1, 1, 1, 1, 1, 6, 2, 2, 1, 5])
    play(state, (0, "roll"), (0, "unlock blue"), (0, "yellow topping of blue"))
    play(state, (0, "red topping of blue"), (0, "done"))
    idle(state, until_round=2)
    play(state, (0, "roll"), (0, "unlock blue"), (0, "right cream of blue"))
    assert state.game.contrast(state.view(0), 0, "green cube of blue", "green topping of blue") == (
        "green topping of blue would have added 5 points to your sheet now, green cube of blue "
        "1. It ticks the last topping of the blue sundae, which doubles it."
    )
