"""Refusals are reasons: a code with parameters from `rules.verify_play` and
`rules.verify_take`, told in English by the game (`words.REASON_TEXTS`), the same words as the
`IllegalAction` raised."""

from __future__ import annotations

import pytest

from parlour import IllegalAction, Reason

from .helpers import Deal, new_state, play

GMV = ("grape", "matcha", "vanilla")
HAND = ["grape 7", "grape 12", "matcha 7", "vanilla 1", "vanilla 13"]


def test_the_reasons_to_refuse_a_card() -> None:
    state = new_state(GMV, Deal([["grape 5"], ["grape 2", "grape 9"]], lacks={1: ("grape",)}))
    assert state.refusal(0, "play strawberry 1") == Reason(
        "flavour_not_in_play", {"flavour": "strawberry"}
    )
    assert state.refusal(0, "play grape 2") == Reason("not_in_hand", {"card": "grape 2"})
    play(state, "grape 5")
    other = next(card for card in state.view(1)["hand"] if not card.startswith("grape"))
    reason = state.refusal(1, f"play {other}")
    assert reason == Reason("must_follow", {"flavour": "grape", "cards": ["grape 2", "grape 9"]})
    assert state.game.tell(reason) == (
        "you hold grape, the flavour led, so you must play one: grape 2, grape 9"
    )
    assert state.refusal(1, "take grape") == Reason("no_tile_to_choose")
    assert state.refusal(1, "play grape 9") is None


def test_the_reasons_to_refuse_a_tile() -> None:
    """A mixed trick of grape and matcha: its winner chooses between those two stacks."""
    state = new_state(GMV, Deal([["grape 8"], ["matcha 3"], ["grape 10"]], lacks={1: ("grape",)}))
    play(state, "grape 8", "matcha 3", "grape 10")
    choices = {"choices": ["matcha", "grape"]}
    assert state.refusal(1, "take vanilla") == Reason(
        "not_played", {"flavour": "vanilla", **choices}
    )
    assert state.refusal(1, "take chocolate") == Reason(
        "stack_not_in_play", {"flavour": "chocolate", **choices}
    )
    reason = state.refusal(1, "play " + state.view(1)["hand"][0])
    assert reason == Reason("take_first", choices)
    assert state.game.tell(reason) == (
        "you won the trick: take a tile first (choose take matcha or take grape)"
    )
    with pytest.raises(IllegalAction) as refused:
        state.apply(1, "take vanilla")
    assert refused.value.reason == state.refusal(1, "take vanilla")
    assert (
        str(refused.value)
        == "no vanilla card was played in this trick; choose take matcha or take grape"
    )


def test_an_ambiguous_short_form_is_a_reason_too() -> None:
    state = new_state(GMV, Deal([HAND, []]))
    with pytest.raises(IllegalAction) as refused:
        state.parse_action(0, "7")
    assert refused.value.reason == Reason(
        "ambiguous", {"text": "7", "matches": ["play matcha 7", "play grape 7"]}
    )


def test_the_table_has_no_actions() -> None:
    state = new_state(GMV, Deal([HAND, []]))
    assert state.legal_actions(None) == ()
    assert state.refusal(None, "play grape 7") == Reason(
        "not_legal", {"action": "play grape 7", "legal": []}
    )
