"""Components and setup: 65 cards, five flavours numbered 1 to 13; three tiles a flavour,
one starred; 3/3/4/5 flavours in play and 6/8/10/13 cards dealt each round for 2/3/4/5
players, the rest set aside; every round a fresh deal, full stacks and empty cones."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import parlour
from parlour.boxes.dokitto import DokittoState, Flavour
from parlour.boxes.dokitto.components import (
    CARD_NAMES,
    FLAVOURS,
    FLAVOURS_IN_PLAY,
    HAND_SIZE,
    TILES,
)

SIZES = [(2, 3, 6), (3, 3, 8), (4, 4, 10), (5, 5, 13)]


def test_the_cards() -> None:
    assert [flavour.key for flavour in FLAVOURS] == [
        "strawberry",
        "chocolate",
        "matcha",
        "grape",
        "vanilla",
    ]
    assert len(CARD_NAMES) == len(set(CARD_NAMES)) == 65
    for flavour in Flavour:
        numbers = [int(n.split()[1]) for n in CARD_NAMES if n.split()[0] == flavour.key]
        assert numbers == list(range(1, 14))


@pytest.mark.parametrize("players", list(HAND_SIZE))
def test_a_trick_always_finds_a_tile(players: int) -> None:
    """A round has fewer tricks than there are tiles in play, so a winner always has a tile
    to take (the fallback to any stack never comes up empty)."""
    assert HAND_SIZE[players] < TILES * FLAVOURS_IN_PLAY[players]


def check_deal(state: DokittoState, flavours: int, hand: int) -> None:
    """Full hands of distinct cards of the flavours in play, the rest set aside, three tiles
    a stack with one star, empty cones."""
    players = state.game.players
    assert len(state.flavours) == flavours
    in_play = {name for name in CARD_NAMES if name.split()[0] in state.view(None)["flavours"]}
    hands = [card for seat_hand in state.hands for card in seat_hand]
    assert [len(seat_hand) for seat_hand in state.hands] == [hand] * players
    assert len(set(hands) | set(state.aside)) == len(hands) + len(state.aside) == 13 * flavours
    assert set(hands) | set(state.aside) == in_play
    view = state.view(None)
    assert view["hand_sizes"] == [hand] * players and view["aside"] == len(state.aside)
    assert view["stacks"] == dict.fromkeys(view["flavours"], TILES)
    assert all(stack.count(True) == 1 and len(stack) == TILES for stack in state.stacks.values())
    assert all(not cone["tiles"] for cone in view["cones"])


@pytest.mark.parametrize(("players", "flavours", "hand"), SIZES)
def test_each_round_deals_by_the_player_count(players: int, flavours: int, hand: int) -> None:
    rnd = random.Random(players)
    state = parlour.load("dokitto", players).new(players)
    assert isinstance(state, DokittoState)
    dealt: list[tuple[tuple[str, ...], ...]] = []
    while not state.over:
        if state.view(None)["round"] > len(dealt):
            check_deal(state, flavours, hand)
            dealt.append(state.hands)
        seat = state.to_act[0]
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    assert len(dealt) >= 2 and dealt[0] != dealt[1]  # a fresh deal each round


@pytest.mark.parametrize(
    ("players", "script", "expected"),
    [(2, [4, 0, 0], "scv"), (3, [4, 0, 0], "scv"), (4, [4, 0, 0, 0], "scmv")],
)
def test_the_flavours_are_drawn_by_the_games_rng(
    players: int, script: list[int], expected: str
) -> None:
    """Without the option the seed draws the flavours: the same seed the same flavours,
    different seeds different choices. Each draw is an index into the flavours not yet drawn:
    4 is vanilla, then 0 strawberry, 0 chocolate, 0 matcha."""
    drawn = {flavours_of(players, seed) for seed in range(40)}
    assert len(drawn) > 3
    assert all(len(set(flavours)) == FLAVOURS_IN_PLAY[players] for flavours in drawn)
    assert flavours_of(players, 5) == flavours_of(players, 5)
    scripted = flavours_of(players, 5, script)
    assert "".join(flavour.key[0] for flavour in scripted) == expected


def flavours_of(players: int, seed: int, chance: Sequence[int] = ()) -> tuple[Flavour, ...]:
    """The flavours in play in a new game."""
    state = parlour.load("dokitto", players).new(seed, chance=chance)
    assert isinstance(state, DokittoState)
    return state.flavours


def test_five_players_use_every_flavour() -> None:
    assert flavours_of(5, 1) == FLAVOURS
