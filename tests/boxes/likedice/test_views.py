"""What each seat sees: JSON-ready views with the kernel's keys, both displays of every player,
the challenge, the answers as they are called, the check and the card that moved; never the
decks' cards nor, while the race runs, anyone's right answer."""

from __future__ import annotations

import json
import random

import pytest

import parlour
from parlour import View
from parlour.boxes.likedice import LikeDiceState
from parlour.boxes.likedice.components import CHALLENGE_BY_KEY

from ...helpers import json_keys
from .helpers import OWN_COMMON, answer_all, deal, keys, new_game

KERNEL_KEYS = {"game", "seat", "to_act", "over", "winners", "scores", "log"}


def test_views_are_json_ready_with_the_kernel_keys() -> None:
    state = deal(*OWN_COMMON, ["B"])
    for seat in (0, 1, None):
        view = state.view(seat)
        assert set(view) >= KERNEL_KEYS
        assert json.loads(json.dumps(view)) == view
        assert (view["game"], view["seat"], view["to_act"]) == ("likedice", seat, [0, 1])
    view = state.view(1)
    assert view["challenge"] == {
        "key": "B",
        "kind": "colours",
        "level": "beginner",
        "text": "blue: add up the blue dice",
        "colours": ["blue"],
    }
    assert keys(view["common"]) == ["G4 Y5", "Y2 P6", "B3 G3"]
    assert view["common"][0]["dice"] == [
        {"colour": "green", "pips": 4},
        {"colour": "yellow", "pips": 5},
    ]
    assert [keys(seat["display"]) for seat in view["seats"]] == [["B1 R5"], ["B2 R1"]]
    assert [(s["cards"], s["target"], s["pips"]) for s in view["seats"]] == [(1, 10, 6), (1, 10, 3)]


def test_everyone_sees_each_answer_as_it_is_given() -> None:
    state = deal(*OWN_COMMON, ["B"])
    state.apply(1, "answer 12")
    for seat in (0, 1, None):
        view = state.view(seat)
        assert view["answers"] == [{"seat": 1, "answer": 12}]
        assert [s["answered"] for s in view["seats"]] == [False, True]
    assert state.view(0)["log"][-1]["text"] == "Seat 2 calls 12."
    assert state.view(1)["log"][-1]["text"] == "You call 12."


def test_after_checking_everyone_sees_who_won_and_which_card_moved() -> None:
    state = deal(*OWN_COMMON, ["B", "R"])
    answer_all(state, (1, 4), (0, 4))
    result = state.view(1)["result"]
    assert result == {
        "number": 1,
        "challenge": "B",
        "checked": [
            {"seat": 1, "answer": 4, "correct": 5, "right": False},
            {"seat": 0, "answer": 4, "correct": 4, "right": True},
        ],
        "winner": 0,
        "timed_out": False,
        "took": {
            "key": "B3 G3",
            "dice": [{"colour": "blue", "pips": 3}, {"colour": "green", "pips": 3}],
        },
    }
    texts = [entry["text"] for entry in state.view(1)["log"]]
    assert texts[1:6] == [
        "You call 4.",
        "Seat 1 calls 4.",
        "Your 4 is wrong (it is 5).",
        "Seat 1's 4 is right!",
        "Seat 1 takes B3 G3 from place 3 of the common display.",
    ]


def test_the_winners_choice_is_shown() -> None:
    state = deal(*OWN_COMMON, ["Y"])
    answer_all(state, (0, 7), (1, None))
    take = state.view(1)["take"]
    assert take["seat"] == 0
    assert [(c["action"], c["card"]["key"]) for c in take["choices"]] == [
        ("take 1", "G4 Y5"),
        ("take 2", "Y2 P6"),
    ]


def forbidden(state: LikeDiceState, revealed: set[str]) -> list[str]:
    """What no view may show now: the cards in the dice deck and the challenges not yet seen
    (their keys as JSON strings and their words)."""
    words = [key for key in state.dice_deck]
    for key in set(state.challenge_pile) - revealed:
        words += [json.dumps(key), CHALLENGE_BY_KEY[key].text]
    return words


def check_view(view: View, hidden: list[str], number: int, racing: bool) -> None:
    text = json.dumps(view)
    assert json.loads(text) == view
    assert "seed" not in json_keys(text)
    for word in hidden:
        assert word not in text, word
    if racing:  # nobody's right answer for the challenge in play, nor any check of it
        assert view["result"] is None or view["result"]["number"] < number
        now = [entry for entry in view["log"] if entry.get("number") == number]
        assert {entry["event"] for entry in now} <= {"challenge", "answer", "reshuffle"}
        assert all("correct" not in entry for entry in now)


@pytest.mark.parametrize(
    ("players", "level"), [(2, "beginner"), (4, "intermediate"), (6, "advanced")]
)
def test_no_view_shows_what_is_hidden(players: int, level: str) -> None:
    """In random games (players right now and then, so that games end), at every step every
    view, log included, as JSON, names no card of the dice deck and no challenge not yet
    revealed, and while a challenge runs holds no right answer to it."""
    rnd = random.Random(players)
    for _ in range(2):
        state = parlour.load("likedice", players, level=level).new(rnd.getrandbits(64))
        assert isinstance(state, LikeDiceState)
        revealed: set[str] = set()
        while not state.over:
            view = state.view(None)
            revealed.add(view["challenge"]["key"])
            hidden = forbidden(state, revealed)
            for seat in [*range(players), None]:
                check_view(state.view(seat), hidden, view["number"], view["phase"] == "answer")
            if state.legal_actions(None) and rnd.random() < 0.05:
                state.apply(None, "timeout")
                continue
            seat = rnd.choice(state.to_act)
            if view["phase"] == "answer" and rnd.random() < 0.5:
                state.apply(seat, f"answer {state.solution(seat)}")
            else:
                state.apply(seat, rnd.choice(state.legal_actions(seat)))
        check_view(state.view(0), forbidden(state, revealed), 0, racing=False)


def test_log_entries_hold_in_fields_what_their_text_says() -> None:
    """The take and the refill name their place (from 1) and card, the take whether it was
    chosen, a reshuffle its cards; the view states the highest answer and the cap."""
    state = deal(*OWN_COMMON, ["Y"])
    answer_all(state, (0, 7), (1, None))
    state.apply(0, "take 2")
    view = state.view(1)
    take, refill = view["log"][-3:-1]
    assert {k: take[k] for k in ("seat", "card", "place", "chosen")} == {
        "seat": 0,
        "card": "Y2 P6",
        "place": 2,
        "chosen": True,
    }
    assert (refill["place"], refill["card"]) == (2, view["common"][1]["key"])
    assert (view["max_answer"], view["max_challenges"]) == (99, 0)
    state = new_game(2, 4, level="beginner")
    for _ in range(20):
        for seat in state.to_act:
            state.apply(seat, "pass")
    reshuffle = [e for e in state.view(0)["log"] if e["event"] == "reshuffle"]
    assert reshuffle[0]["cards"] == 20
