"""The determinizer: a state that shows a seat exactly its view, the hidden cards dealt
uniformly among the deals the public facts allow (hand sizes, cards played, flavours a seat
failed to follow), the stars not yet seen drawn among the tiles left."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

import pytest

from parlour import Rng
from parlour.boxes.dokitto.components import CARD_OF_NAME, FLAVOUR_OF, Flavour
from parlour.boxes.dokitto.determinize import deal

from .helpers import Deal, new_state, play

GMV = ("grape", "matcha", "vanilla")
GRAPE, MATCHA = 1 << Flavour.GRAPE, 1 << Flavour.MATCHA


def test_a_seat_that_failed_to_follow_holds_none_of_that_flavour() -> None:
    """Seat 1 played matcha on grape: every determinized hand of seat 1 lacks grape, though
    grape cards are still unseen; how many seat 2 holds varies."""
    state = new_state(
        GMV, Deal([["grape 8"], ["matcha 3"], ["grape 10"]], lacks={1: ("grape",)}), seed=3
    )
    play(state, "grape 8", "matcha 3", "grape 10")
    view = state.view(0)
    seat_2_grapes = set()
    for k in range(40):
        twin = state.game.determinize(view, Rng(k))
        assert twin.view(0) == view and twin.history == ()
        hands = twin.hands
        assert not [card for card in hands[1] if card.startswith("grape")]
        seat_2_grapes.add(sum(card.startswith("grape") for card in hands[2]))
    assert len(seat_2_grapes) > 1
    assert state.view(0) == view  # the real state is untouched


@pytest.mark.parametrize(
    ("names", "bins", "count"),
    [
        # the first hand lacks grape: 3 x 6 deals
        ("grape 1,grape 2,grape 3,matcha 1,matcha 2,matcha 3", [(2, GRAPE), (2, 0), (2, 0)], 18),
        # the first lacks grape, the second matcha: two flavours constrained in turn
        (
            "grape 1,grape 2,matcha 1,matcha 2,vanilla 1,vanilla 2",
            [(2, GRAPE), (2, MATCHA), (2, 0)],
            None,
        ),
    ],
)
def test_the_deal_is_uniform_among_the_allowed_ones(
    names: str, bins: list[tuple[int, int]], count: int | None
) -> None:
    """Every deal the hands' lacks allow is drawn, each about as often (a greedy deal would
    favour some)."""
    cards = [CARD_OF_NAME[name] for name in names.split(",")]
    allowed = {
        tuple(frozenset(order[start : start + 2]) for start in (0, 2, 4))
        for order in permutations(cards)
        if all(
            not lacking >> FLAVOUR_OF[card] & 1
            for start, (_, lacking) in zip((0, 2, 4), bins, strict=True)
            for card in order[start : start + 2]
        )
    }
    assert count is None or len(allowed) == count
    rng = Rng(5)
    draws = 500 * len(allowed)
    seen = Counter(tuple(frozenset(hand) for hand in deal(cards, bins, rng)) for _ in range(draws))
    assert set(seen) == allowed
    assert all(400 < times < 600 for times in seen.values()), seen  # 500 expected


def test_a_star_seen_stays_and_the_others_vary() -> None:
    """Seat 0 wins a grape trick and takes the grape tile with the star: the grape star is
    known; the matcha and vanilla stars lie anywhere in their full stacks."""
    state = new_state(GMV, Deal([["grape 13"], ["grape 1"]], stars={"grape": 0}), seed=1)
    play(state, "grape 13", "grape 1")
    view = state.view(1)
    stacks = [state.game.determinize(view, Rng(k)).stacks for k in range(30)]
    assert all(stack["grape"] == (False, False) for stack in stacks)
    assert {stack["matcha"].index(True) for stack in stacks} == {0, 1, 2}


def test_a_later_round_and_the_end_are_shown_the_same() -> None:
    """After a round ended by a fourth tile the log holds the round before; at the game's end
    the last round is scored in the view."""
    game = new_state(GMV, Deal([["grape 1"], ["grape 2"]]), seed=2, max_rounds=2).game
    state = game.new(7)
    while not state.over:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[-1])
        for viewer in (0, 1, None):
            view = state.view(viewer)
            assert game.determinize(view, Rng(len(state.history))).view(viewer) == view
