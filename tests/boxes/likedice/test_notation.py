"""What players may type: a bare number answers (or, choosing a card, takes that place), `a 17`
and `=17` answer, `p` passes, `t2` takes, a card's dice name it; refusals say why."""

from __future__ import annotations

import pytest

from parlour import IllegalAction
from parlour.boxes.likedice.notation import card_named, normalise

from .helpers import OWN_COMMON, answer_all, deal


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("17", "17"),
        (" 07 ", "7"),
        ("a 17", "answer 17"),
        ("A17", "answer 17"),
        ("=17", "answer 17"),
        ("answer  17", "answer 17"),
        ("p", "pass"),
        ("PASS", "pass"),
        ("-", "pass"),
        ("t2", "take 2"),
        ("take 2", "take 2"),
        ("timeout", "timeout"),
        ("Seventeen", "seventeen"),
    ],
)
def test_normalise(text: str, expected: str) -> None:
    assert normalise(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("b4 p6", "B4 P6"),
        ("P6B4", "B4 P6"),
        ("take y2 p6", "Y2 P6"),
        ("t g4 y5", "G4 Y5"),
        ("b9 p6", None),
        ("b4 y5", "B4 Y5"),
        ("b4 g5", None),
        ("17", None),
    ],
)
def test_card_named(text: str, expected: str | None) -> None:
    assert card_named(text) == expected


def test_answers_as_typed() -> None:
    state = deal(*OWN_COMMON, ["Y"])
    assert state.parse_action(0, "17") == "answer 17"
    assert state.parse_action(0, "=07") == "answer 7"
    assert state.parse_action(0, "p") == "pass"
    with pytest.raises(IllegalAction, match="from 0 to 99"):
        state.parse_action(0, "100")
    with pytest.raises(IllegalAction, match="nobody has won this challenge yet"):
        state.parse_action(0, "take 1")


def test_choosing_a_card_as_typed() -> None:
    """Seat 0 won yellow (places 1 and 2 hold yellow dice): a number or the card's dice take
    it; place 3 is refused with the reason."""
    state = deal(*OWN_COMMON, ["Y"])
    answer_all(state, (0, 7), (1, None))
    assert state.parse_action(0, "2") == "take 2"
    assert state.parse_action(0, "y2 p6") == "take 2"
    assert state.parse_action(0, "t1") == "take 1"
    with pytest.raises(IllegalAction, match=r"card 3 \(B3 G3\) holds no die"):
        state.parse_action(0, "b3 g3")
    with pytest.raises(IllegalAction, match="you won this challenge: choose a card"):
        state.parse_action(0, "answer 3")
    with pytest.raises(IllegalAction, match="Seat 1 won the challenge and is choosing a card"):
        state.parse_action(1, "5")
