"""Phase 2: from the dealer on, each player in turn turns over the next Scoop card (seen by
all) and puts it on a cone with fewer than four scoops or starts a new cone, at most 12; the
day's first scoop starts the first cone; this goes on until every scoop is placed."""

from __future__ import annotations

import pytest

from parlour import IllegalAction

from ...helpers import snapshot
from .helpers import BR, CC, CH, P, S, Shoe, V, cones, events, keep_all, new_game, play


def test_the_first_scoop_starts_the_first_cone() -> None:
    state = keep_all(new_game(3, Shoe().ice(S, CC, P).ice(BR, V, CH).scoops(V)))
    assert state.view(None)["scoop"] == "vanilla"
    assert state.legal_actions(0) == ("new cone",)
    with pytest.raises(IllegalAction, match=r"there is no cone yet: .* starts one \(new cone\)"):
        state.apply(0, "cone 1")
    state.apply(0, "new cone")
    assert cones(state) == {1: ["vanilla"]}
    assert events(state, "place", 1)[0]["text"] == "Seat 1 turned over vanilla and started cone 1."


def test_david_puts_the_chocolate_on_the_pistachio_cone() -> None:
    """The rulebook's example: David places the third scoop; one cone has a pistachio scoop,
    one a chocolate chip scoop. He turns over chocolate and, holding pistachio face up and
    chocolate face down, puts it on the pistachio cone, which he can now serve exactly."""
    shoe = Shoe().ice(S, V, P).ice(BR, V, CH).scoops(P, CC, CH)
    state = play(keep_all(new_game(3, shoe)), "new cone", "new cone")
    david = 2
    assert state.to_act == (david,)
    assert {state.view(seat)["scoop"] for seat in (0, 1, 2, None)} == {"chocolate"}
    assert state.legal_actions(david) == ("cone 1", "cone 2", "new cone")
    state.apply(david, "cone 1")
    assert cones(state) == {1: ["chocolate", "pistachio"], 2: ["chocolate chip"]}
    mine = state.view(david)["cones"][0]
    assert (mine["fit"], mine["missing"]) == ("exact", [])  # his face-down chocolate counts
    theirs = state.view(0)["cones"][0]
    assert (theirs["fit"], theirs["missing"]) == ("none", ["chocolate", "pistachio"])
    assert state.view(None)["cones"][0]["fit"] is None


def test_dans_scoop_cannot_go_on_a_cone_of_four() -> None:
    """The rulebook's example: Dan turns over strawberry and would like to add it to the cone
    with two strawberry and two chocolate chip scoops, but four is the limit: it goes on
    another cone. (On day 1 his chocolate chip card is still face down; the limit is the same.)"""
    shoe = Shoe().ice(BR, V, S).ice(P, V, CC).scoops(S, S, CC, CC, V, S)
    state = play(keep_all(new_game(3, shoe)), "new cone", "cone 1", "cone 1", "cone 1")
    play(state, "new cone")
    dan = 2
    assert state.to_act == (dan,) and state.view(dan)["scoop"] == "strawberry"
    assert state.legal_actions(dan) == ("cone 2", "new cone")
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="cone 1 already has 4 scoops, the most a cone may"):
        state.apply(dan, "cone 1")
    assert snapshot(state) == before
    with pytest.raises(IllegalAction, match="there is no cone 3: the cones are 1, 2"):
        state.apply(dan, "cone 3")
    state.apply(dan, "cone 2")
    assert cones(state)[2] == ["strawberry", "vanilla"]


def test_no_thirteenth_cone() -> None:
    state = keep_all(new_game(3, seed=4))
    play(state, *["new cone"] * 12)
    seat = state.to_act[0]
    assert state.view(None)["cones_started"] == 12
    assert state.legal_actions(seat) == tuple(f"cone {n}" for n in range(1, 13))
    with pytest.raises(IllegalAction, match="all 12 cones are started: the scoop goes on a cone"):
        state.apply(seat, "new cone")
    play(state, "cone 5")
    assert len(cones(state)[5]) == 2


@pytest.mark.parametrize(("players", "scoops"), [(3, 24), (4, 24), (5, 25)])
def test_every_scoop_is_placed_in_turn_from_the_dealer(players: int, scoops: int) -> None:
    state = keep_all(new_game(players, seed=players, first_dealer=2))
    placers = []
    while state.view(None)["phase"] == "cones":
        placers.append(state.to_act[0])
        assert state.view(None)["scoops_left"] == scoops - len(placers)
        play(state, state.legal_actions(state.to_act[0])[-1])  # a new cone while allowed
    assert placers == [(1 + turn) % players for turn in range(scoops)]
    assert sum(len(scoops) for scoops in cones(state).values()) == scoops
    view = state.view(None)
    assert (view["phase"], view["active"], view["scoop"]) == ("serving", 1, None)


def test_a_scoop_is_turned_over_only_when_its_turn_begins() -> None:
    """During deliveries no scoop is shown; each placement shows the next one to everybody."""
    state = new_game(4, Shoe().ice(S, CC, P, V).ice(BR, V, CH, S).scoops(P, S))
    assert state.view(None)["scoop"] is None and state.view(None)["scoops_left"] == 24
    keep_all(state)
    assert [state.view(seat)["scoop"] for seat in (0, 1, 2, 3, None)] == ["pistachio"] * 5
    assert state.view(None)["scoops_left"] == 23
    play(state, "new cone")
    assert state.view(None)["scoop"] == "strawberry"
