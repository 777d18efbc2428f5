"""What each seat sees: JSON-ready views with the kernel's keys, the log told from the seat's
side, and never the bonus stack's cards or their order, nor another seat's sealed choice."""

from __future__ import annotations

import json
import random

import pytest

import parlour
from parlour import View
from parlour.boxes.dicecream import DicecreamState
from parlour.boxes.dicecream.components import BONUS_CARDS

from .helpers import new_state, play, turn

KERNEL_KEYS = {"game", "seat", "to_act", "over", "winners", "scores", "log"}
TEXTS = {card.key: card.text for card in BONUS_CARDS}


def card_keys_shown(view: View) -> set[str]:
    """The bonus cards a view names, by key (a whole JSON string) or by text (within one)."""
    blob = json.dumps(view)
    return {key for key, text in TEXTS.items() if f'"{key}"' in blob or text in blob}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_view_shows_the_stack(players: int) -> None:
    """In random games, at every step, no view (any seat, a spectator) names a card still in
    the stack; over a whole game the views name exactly the revealed cards, two a round."""
    rnd = random.Random(players)
    for _ in range(8):
        state = parlour.load("dicecream", players).new(rnd.getrandbits(64))
        assert isinstance(state, DicecreamState)
        shown: set[str] = set()
        while not state.over:
            secret = set(state.stack)
            for seat in [*range(players), None]:
                named = card_keys_shown(state.view(seat))
                assert not named & secret, (seat, named & secret)
                shown |= named
            seat = rnd.choice(state.to_act)
            state.apply(seat, rnd.choice(state.legal_actions(seat)))
        rounds = state.view(None)["rounds"]
        assert len(shown | card_keys_shown(state.view(None))) == 2 * rounds


def test_views_are_json_ready_with_the_kernel_keys() -> None:
    state = new_state(3, dice=[6, 1, 2, 6, 3])
    play(state, (0, "roll"), (0, "unlock blue"), (0, "red cube of blue"), (0, "done"))
    for seat in (0, 1, 2, None):
        view = state.view(seat)
        assert set(view) >= KERNEL_KEYS
        assert json.loads(json.dumps(view)) == view
        assert view["game"] == "dicecream" and view["seat"] == seat
    assert state.view(1)["moves"]["red"][0] == "take red cube of blue"
    assert state.view(0)["moves"] == {}  # seat 0 is not to act
    assert turn(state, None)["dice"][2] == {
        "colour": "red",
        "face": 2,
        "use": "placed",
        "space": "red cube of blue",
    }


def test_the_log_is_told_from_each_seats_side() -> None:
    state = new_state(2, dice=[6, 1, 2, 6, 3])
    play(state, (0, "roll"), (0, "unlock blue"))
    assert state.view(0)["log"][-2:] == [
        {
            "event": "roll",
            "seat": 0,
            "dice": {"blue": 6, "yellow": 1, "red": 2, "green": 6, "white": 3},
            "text": "You rolled blue 6, yellow 1, red 2, green 6, white 3.",
        },
        {
            "event": "unlock",
            "seat": 0,
            "sundae": "blue",
            "face": 6,
            "text": "You unlocked the blue sundae with a 6.",
        },
    ]
    assert state.view(1)["log"][-1]["text"] == "Seat 1 unlocked the blue sundae with a 6."
    assert state.view(None)["log"][0]["text"] == "Round 1 begins."


def test_what_each_die_may_do() -> None:
    """The acting seat's view groups its legal placements by die, for the terminal."""
    state = new_state(2, dice=[3, 1, 2, 6, 2])
    play(state, (0, "roll"), (0, "unlock blue"))
    moves = state.view(0)["moves"]
    assert moves == {
        "yellow": ["unlock yellow", "yellow cube of blue", "yellow topping of blue"],
        "red": ["unlock red", "red cube of blue", "red topping of blue"],
        "green": ["unlock green"],
        "white": ["left cream of blue"],
    }
    listed = sorted(action for actions in moves.values() for action in actions)
    assert listed == sorted(a for a in state.legal_actions(0) if a != "done")
