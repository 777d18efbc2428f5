"""Phase 1: one Ice Cream card face down to each player from the dealer on while the deck has
cards; from the dealer on each keeps it, or discards it and takes the next card face down,
which must be kept; discarding only while the deck has a card; the discards go back into the
deck when everyone has chosen. Others learn that a player discarded, never what."""

from __future__ import annotations

import pytest

from parlour import IllegalAction

from ...helpers import snapshot
from .helpers import BR, CC, CH, P, S, Shoe, V, events, fill_cones, hand, keep_all, new_game, play


def test_joe_must_keep_the_replacement_even_a_second_strawberry() -> None:
    """The rulebook's example: Joe deals with a strawberry card face up, deals himself another
    strawberry, discards it and deals himself a replacement, a strawberry again: he keeps it."""
    shoe = Shoe().ice(S, CC, P).ice(S, V, CH).ice(S)  # face up, deliveries, Joe's replacement
    state = new_game(3, shoe)
    assert state.to_act == (0,) and state.legal_actions(0) == ("keep", "discard")
    assert state.view(0)["seats"][0]["delivery"] == "strawberry"
    state.apply(0, "discard")
    assert state.to_act == (1,)  # nothing more to choose: the replacement is kept
    assert state.legal_actions(0) == ()
    assert state.view(0)["seats"][0]["delivery"] == "strawberry"
    assert events(state, "discard", 0)[0]["text"] == (
        "You discarded strawberry and took strawberry face down, which you must keep."
    )
    for viewer in (1, 2, None):
        assert events(state, "discard", viewer)[0]["text"] == (
            "Seat 1 discarded and took another card face down."
        )
    keep_all(state)
    fill_cones(state)
    assert state.view(None)["phase"] == "serving"
    assert hand(state, 0) == {"strawberry": 2}


def test_choices_go_clockwise_from_the_dealer() -> None:
    state = new_game(4, first_dealer=3)
    order = []
    while state.view(None)["phase"] == "deliveries":
        order.append(state.to_act[0])
        play(state, "keep")
    assert order == [2, 3, 0, 1]
    assert state.to_act == (2,)  # the dealer turns over the first scoop


def test_a_discard_is_set_aside_until_everyone_has_chosen() -> None:
    """All five strawberries are out (three face up, two delivered): seat 1 discards one. The
    replacement is drawn from the deck without it: chance outcome 0, the first card in flavour
    order, is a black raspberry (with the discard back in the deck it would be a strawberry).
    Once all have chosen the discard is back: the deck counts it again."""
    state = new_game(3, Shoe().ice(S, S, S).ice(S, S, CC).raw(0))
    state.apply(0, "discard")
    assert state.view(0)["seats"][0]["delivery"] == "black raspberry"
    assert state.view(None)["ice_cream_deck"] == 23
    state.apply(1, "discard")
    assert state.view(None)["ice_cream_deck"] == 22
    state.apply(2, "keep")
    assert state.view(None)["ice_cream_deck"] == 24
    assert events(state, "back", None)[0]["text"] == (
        "The 2 cards discarded went back into the Ice Cream deck, shuffled."
    )


def test_deliveries_stop_when_the_deck_runs_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a one-card-a-flavour deck (6 cards) and five players, five go face up at setup:
    only the dealer gets a delivery; with the deck empty it must keep it."""
    monkeypatch.setattr("parlour.boxes.icecream.state.ICE_CREAM_CARDS", 1)
    state = new_game(5, first_dealer=2)
    view = state.view(None)
    assert [seat["face_down"] for seat in view["seats"]] == [0, 1, 0, 0, 0]
    assert view["ice_cream_deck"] == 0
    assert events(state, "deal", 1)[0]["text"].endswith(
        ". The deck ran out: no delivery for Seat 3, Seat 4, Seat 5 and Seat 1."
    )
    assert state.to_act == (1,) and state.legal_actions(1) == ("keep",)
    with pytest.raises(IllegalAction, match="the Ice Cream deck is empty: you must keep"):
        state.apply(1, "discard")
    state.apply(1, "keep")
    assert state.view(None)["phase"] == "cones" and state.to_act == (1,)


def test_discarding_only_while_the_deck_has_a_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """With two cards a flavour (12) and five players, 2 cards are left after the deliveries:
    the first two players may discard, the third may not; then the discards come back."""
    monkeypatch.setattr("parlour.boxes.icecream.state.ICE_CREAM_CARDS", 2)
    state = new_game(5, seed=3)
    assert state.view(None)["ice_cream_deck"] == 2
    play(state, "discard", "discard")
    assert state.view(None)["ice_cream_deck"] == 0
    assert state.legal_actions(2) == ("keep",)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="the Ice Cream deck is empty"):
        state.apply(2, "discard")
    assert snapshot(state) == before
    play(state, "keep", "keep", "keep")
    assert state.view(None)["ice_cream_deck"] == 2


def test_others_see_that_a_card_is_face_down_not_which() -> None:
    state = new_game(3, Shoe().ice(S, CC, P).ice(BR, V, CH))
    for viewer in (0, 1, 2, None):
        seats = state.view(viewer)["seats"]
        assert [seat["face_down"] for seat in seats] == [1, 1, 1]
        deliveries = [seat["delivery"] for seat in seats]
        own = {0: "black raspberry", 1: "vanilla", 2: "chocolate"}
        assert deliveries == [own[s] if s == viewer else None for s in range(3)]
    assert events(state, "deal", 1)[0]["text"] == (
        "Seat 1 dealt one card face down to Seat 1, You and Seat 3; yours is vanilla."
    )
    assert events(state, "deal", None)[0]["text"] == (
        "Seat 1 dealt one card face down to Seat 1, Seat 2 and Seat 3."
    )
    play(state, "keep")
    assert events(state, "keep", 0)[0]["text"] == "You kept the delivery (black raspberry)."
    assert events(state, "keep", 1)[0]["text"] == "Seat 1 kept the delivery."
