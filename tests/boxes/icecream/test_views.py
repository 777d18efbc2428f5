"""What each seat sees: JSON-ready views with the kernel's keys and the log told from the seat's
side; never another seat's unrevealed card, another's discarded flavour, either deck's contents
or order, or the removed scoops."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import parlour
from parlour.boxes.icecream import IcecreamState
from parlour.boxes.icecream.components import FLAVOURS, Flavour
from parlour.boxes.icecream.events import Secret
from parlour.boxes.icecream.words import describe
from parlour.kernel import IllegalAction, Rng, Seat
from parlour.kernel.log import EventLog

from .helpers import BR, CC, CH, P, S, Shoe, V, events, new_game, play, random_step

KERNEL_KEYS = {"game", "seat", "to_act", "over", "winners", "scores", "log"}
FLAVOUR_NAMES = [flavour.key for flavour in FLAVOURS]


def test_views_are_json_ready_with_the_kernel_keys() -> None:
    state = new_game(4, seed=1)
    for seat in (0, 1, 2, 3, None):
        view = state.view(seat)
        assert set(view) >= KERNEL_KEYS
        assert json.loads(json.dumps(view)) == view
        assert (view["game"], view["seat"], view["phase"]) == ("icecream", seat, "deliveries")


def recounted(counts: list[int], rnd: random.Random) -> list[int]:
    """Other counts by flavour with the same total."""
    total = sum(counts)
    cuts = sorted(rnd.randint(0, total) for _ in range(len(counts) - 1))
    return [high - low for low, high in zip([0, *cuts], [*cuts, total], strict=True)]


def other(flavour: Flavour, rnd: random.Random) -> Flavour:
    return rnd.choice([f for f in FLAVOURS if f is not flavour])


def disguised(item: Any, viewer: Seat, rnd: random.Random) -> Any:
    """An event item with every secret `viewer` does not own changed to another flavour."""
    if isinstance(item, Secret) and item.owner != viewer:
        return Secret(item.owner, other(item.flavour, rnd))
    if isinstance(item, tuple):
        parts = (disguised(part, viewer, rnd) for part in item)
        return type(item)(*parts) if hasattr(item, "_fields") else tuple(parts)
    return item


def other_world(state: IcecreamState, viewer: Seat, rnd: random.Random) -> IcecreamState:
    """A copy of `state` that differs in everything `viewer` may not know (white box): the
    others' face-down cards, the flavours of their discards (set aside and in the log), what
    the Ice Cream and Scoop decks hold, the removed scoops, and the RNG (the decks' order is
    the order the RNG will draw them in)."""
    twin = state.clone()
    assert isinstance(twin, IcecreamState)
    for seat, card in enumerate(twin._face_down):
        if card is not None and seat != viewer:
            twin._face_down[seat] = other(card, rnd)
    twin._discards = recounted(twin._discards, rnd)
    twin._ice = recounted(twin._ice, rnd)
    twin._scoops = recounted(twin._scoops, rnd)
    twin._removed = tuple(recounted(list(twin._removed), rnd))
    twin._rng = Rng(rnd.getrandbits(64))
    twin._events = EventLog(describe, [disguised(event, viewer, rnd) for event in twin._events])
    return twin


@pytest.mark.parametrize("players", [3, 4, 5])
def test_no_view_depends_on_what_its_seat_may_not_know(players: int) -> None:
    """At every step of random games the view of a seat or a spectator (any of them, at
    random; log included, as JSON) is the same in a world where everything that seat may not
    know is different."""
    rnd = random.Random(players)
    viewers: list[Seat] = [*range(players), None]
    for _ in range(8):
        state = parlour.load("icecream", players).new(rnd.getrandbits(64))
        assert isinstance(state, IcecreamState)
        while not state.over:
            viewer = rnd.choice(viewers)
            seen = json.dumps(state.view(viewer))
            assert json.dumps(other_world(state, viewer, rnd).view(viewer)) == seen
            random_step(state, rnd)


def test_the_log_says_who_discarded_never_what() -> None:
    """In random games every discard is told to the others (and a spectator) without any
    flavour, in its text or its fields; the discarding player is told both cards (`card`
    discarded, `took` instead)."""
    rnd = random.Random(9)
    told = 0
    for _ in range(20):
        state = parlour.load("icecream", 4).new(rnd.getrandbits(64))
        assert isinstance(state, IcecreamState)
        while not state.over:
            random_step(state, rnd)
        for viewer in (0, 1, 2, 3, None):
            for entry in events(state, "discard", viewer):
                mentioned = [name for name in FLAVOUR_NAMES if name in entry["text"]]
                if entry["seat"] == viewer:
                    assert entry["text"].startswith("You discarded ") and mentioned
                    card, took = entry["card"], entry["took"]
                    assert f"discarded {card} and took {took} face down" in entry["text"]
                else:
                    assert mentioned == [], entry
                    assert "card" not in entry and "took" not in entry, entry
                    told += 1
    assert told > 50


def test_a_seat_sees_its_own_face_down_card_only() -> None:
    state = new_game(3, Shoe().ice(S, CC, P).ice(BR, V, CH))
    assert [seat["delivery"] for seat in state.view(1)["seats"]] == [None, "vanilla", None]
    assert [seat["delivery"] for seat in state.view(None)["seats"]] == [None, None, None]
    spectator = json.dumps(state.view(None))
    assert '"delivery": "' not in spectator and '"fit": "' not in spectator
    play(state, "keep", "keep", "keep", "new cone")
    for stranger in (-1, 3):  # not a seat of this game: refused, it sees nothing
        with pytest.raises(IllegalAction, match=f"there is no seat {stranger}"):
            state.view(stranger)


def test_the_log_from_each_side() -> None:
    shoe = Shoe().ice(S, CC, P).ice(BR, V, CH).ice(P).scoops(V)
    state = play(new_game(3, shoe), "discard", "keep", "keep", "new cone")
    assert [entry["text"] for entry in state.view(0)["log"]] == [
        "Day 1 begins; You deal.",
        "You dealt one card face down to You, Seat 2 and Seat 3; yours is black raspberry.",
        "You discarded black raspberry and took pistachio face down, which you must keep.",
        "Seat 2 kept the delivery.",
        "Seat 3 kept the delivery.",
        "The 1 card discarded went back into the Ice Cream deck, shuffled.",
        "You turned over vanilla and started cone 1.",
    ]
    assert [entry["text"] for entry in state.view(2)["log"]][1:4] == [
        "Seat 1 dealt one card face down to Seat 1, Seat 2 and You; yours is chocolate.",
        "Seat 1 discarded and took another card face down.",
        "Seat 2 kept the delivery.",
    ]
