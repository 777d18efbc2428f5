"""Components and setup: 30 Ice Cream and 30 Scoop cards, five of each flavour (ruling), 12
cones; 3 to 5 players; 6 scoops (5 with five players) removed unseen for the whole game; one
Ice Cream card face up to each player; seat 0 deals first unless `first_dealer` says another."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import parlour
from parlour import OptionError
from parlour.boxes.icecream.components import (
    CONES,
    FLAVOURS,
    ICE_CREAM_CARDS,
    MAX_SCOOPS,
    REMOVED,
    SCOOP_CARDS,
)

from .helpers import BR, CC, CH, P, S, Shoe, V, hand, keep_all, new_game, random_step


def test_the_components() -> None:
    assert [flavour.key for flavour in FLAVOURS] == [
        "strawberry",
        "black raspberry",
        "chocolate chip",
        "chocolate",
        "pistachio",
        "vanilla",
    ]
    assert ICE_CREAM_CARDS * len(FLAVOURS) == 30
    assert SCOOP_CARDS * len(FLAVOURS) == 30
    assert (CONES, MAX_SCOOPS) == (12, 4)
    assert REMOVED == {3: 6, 4: 6, 5: 5}


@pytest.mark.parametrize("players", [1, 2, 6])
def test_only_three_to_five_players(players: int) -> None:
    with pytest.raises(OptionError, match="icecream is for 3 to 5 players"):
        parlour.load("icecream", players)


def test_the_first_dealer_option() -> None:
    info = {game.name: game for game in parlour.games()}["icecream"]
    assert [option.name for option in info.options] == ["first_dealer"]
    with pytest.raises(OptionError, match=r"first_dealer=4 is not allowed for 3 players"):
        parlour.load("icecream", 3, first_dealer=4)
    with pytest.raises(OptionError, match=r"first_dealer=0 is not allowed: use an integer"):
        parlour.load("icecream", 5, first_dealer=0)
    state = new_game(4, first_dealer="3")
    view = state.view(None)
    assert (view["dealer"], view["active"], state.to_act) == (2, 2, (2,))
    assert state.view(0)["log"][0]["text"] == "Day 1 begins; Seat 3 deals."


@pytest.mark.parametrize("players", [3, 4, 5])
def test_each_player_gets_one_card_face_up_and_one_delivery(players: int) -> None:
    view = new_game(players, seed=players).view(None)
    assert [len(seat["cards"]) for seat in view["seats"]] == [1] * players
    assert [seat["face_down"] for seat in view["seats"]] == [1] * players
    assert view["ice_cream_deck"] == 30 - 2 * players
    assert view["scoops_left"] == 30 - REMOVED[players]
    assert view["scoops_removed"] == REMOVED[players]


def test_the_face_up_cards_are_dealt_from_the_first_dealer_on() -> None:
    shoe = Shoe().ice(V, S, BR, CC)  # to seats 2, 3, 0, 1
    state = new_game(4, shoe, first_dealer=3)
    assert [hand(state, seat) for seat in range(4)] == [
        {"black raspberry": 1},
        {"chocolate chip": 1},
        {"vanilla": 1},
        {"strawberry": 1},
    ]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_removed_scoops_stay_out_all_game_and_the_rest_come_back_every_day(
    players: int,
) -> None:
    """Every day exactly the scoops not removed are turned over: the removal is for the whole
    game, and all scoops return to the Scoop deck after each day."""
    removed = [S, S, S, S, S, CH][: REMOVED[players]]
    state = new_game(players, Shoe(removed), seed=players)
    expected = Counter({f.key: SCOOP_CARDS for f in FLAVOURS})
    expected.subtract(flavour.key for flavour in removed)
    rnd = random.Random(players)
    while not state.over:
        random_step(state, rnd)
    days: list[Counter[str]] = []
    for entry in state.view(None)["log"]:
        if entry["event"] == "day":
            days.append(Counter())
        elif entry["event"] == "place":
            days[-1][entry["scoop"]] += 1
    assert len(days) == 4
    assert all(+day == +expected for day in days)


def test_the_deck_counts_after_deliveries_and_discards() -> None:
    state = new_game(3, Shoe().ice(S, CC, P, V, V, CH, BR))
    assert state.view(None)["ice_cream_deck"] == 24
    state.apply(0, "discard")  # the discard is set aside; the replacement comes from the deck
    assert state.view(None)["ice_cream_deck"] == 23
    keep_all(state)
    assert state.view(None)["ice_cream_deck"] == 24
    assert state.view(None)["phase"] == "cones"
