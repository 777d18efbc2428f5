"""The determinizer's Ice Cream facts (white box): every card and scoop accounted for, the
removed scoops known once a day has turned over all its scoops, the viewer's own cards kept and
the others' dealt afresh, and a twin whose other seats can be determinized in turn."""

from __future__ import annotations

import random

import parlour
from parlour.boxes.icecream import IcecreamState
from parlour.boxes.icecream.components import BY_KEY, FLAVOURS, ICE_CREAM_CARDS, SCOOP_CARDS
from parlour.kernel import Rng

from .helpers import random_step


def played(players: int, seed: int, steps: int) -> IcecreamState:
    state = parlour.load("icecream", players).new(seed)
    assert isinstance(state, IcecreamState)
    rnd = random.Random(seed)
    for _ in range(steps):
        if state.over:
            break
        random_step(state, rnd)
    return state


def twin_of(state: IcecreamState, seat: int | None, seed: int) -> IcecreamState:
    twin = state.game.determinize(state.view(seat), Rng(seed))
    assert isinstance(twin, IcecreamState)
    return twin


def test_every_card_and_scoop_is_accounted_for() -> None:
    """Deck, face-up cards, face-down cards and the discards set aside hold five cards of
    each flavour; the Scoop deck, the removed scoops and those turned over today five scoops."""
    for steps in (0, 2, 5, 40, 75, 160, 400):
        state = played(4, steps, steps)
        twin = twin_of(state, 1, steps)
        for flavour in FLAVOURS:
            held = sum(cards[flavour] for cards in twin._cards)
            down = sum(card == flavour for card in twin._face_down)
            total = twin._ice[flavour] + held + down + twin._discards[flavour]
            assert total == ICE_CREAM_CARDS, (steps, flavour)
            turned = sum(scoop == flavour for cone in twin._cones.values() for scoop in cone.scoops)
            if twin._phase.value == "cones":
                turned += twin._scoop == flavour
                assert twin._removed[flavour] + twin._scoops[flavour] + turned == SCOOP_CARDS


def test_the_removed_scoops_are_known_after_the_first_day_only() -> None:
    start = played(3, 7, 0)
    assert len({twin_of(start, 0, seed)._removed for seed in range(8)}) > 1
    state = played(3, 7, 3)
    while state._day == 1:
        random_step(state, random.Random(0))
    assert {twin_of(state, 0, seed)._removed for seed in range(8)} == {state._removed}


def test_the_viewer_keeps_its_cards_and_the_others_are_dealt_afresh() -> None:
    state = played(4, 3, 2)  # two seats have chosen their deliveries
    own = state._face_down[2]
    draws = [twin_of(state, 2, seed) for seed in range(12)]
    assert all(twin._face_down[2] == own for twin in draws)
    assert len({tuple(twin._face_down) for twin in draws}) > 1
    assert all(twin._removed != () for twin in draws)
    for twin in draws:
        for seat in (0, 1, 3):
            delivery = twin.view(seat)["seats"][seat]["delivery"]
            assert delivery is not None and BY_KEY[delivery] == twin._face_down[seat]


def test_a_twin_can_be_determinized_from_any_seat() -> None:
    """The twin tells every seat a log of its own, consistent enough to determinize again."""
    for steps in (3, 30, 90, 250):
        state = played(5, steps, steps)
        twin = twin_of(state, 0, steps)
        for seat in (1, 4, None):
            again = twin.game.determinize(twin.view(seat), Rng(steps))
            assert again.view(seat) == twin.view(seat)


def test_the_determinizer_reads_the_log_s_fields_not_its_words() -> None:
    """A view whose log texts are blanked (or told in another language) determinizes to the
    same state: every public fact the determinizer needs is a field of an entry."""
    for steps in (4, 60, 170, 400):
        state = played(3, steps, steps)
        for seat in (0, 2, None):
            view = state.view(seat)
            blank = {**view, "log": [{**entry, "text": ""} for entry in view["log"]]}
            twin = twin_of(state, seat, steps)
            again = state.game.determinize(blank, Rng(steps))
            assert again.view(seat) == twin.view(seat), (steps, seat)
