"""Dicecream's components as the issue's rulings give them: five dice, four sundaes whose cubes
and toppings are the three other colours in the ruled order, two cream spaces split 1-3 / 4-6,
18 bonus cards, and the stack and round counts by player count."""

from __future__ import annotations

from collections import Counter

import pytest

import parlour
from parlour.boxes.dicecream.components import (
    BONUS_CARDS,
    CREAM_FACES,
    DICE,
    FLAVOURS,
    ROUNDS,
    SPACES,
    STACK,
    SUNDAES,
    Colour,
    Kind,
    Side,
    Sundae,
)


def test_five_dice_four_flavours_and_the_white_cream_die() -> None:
    assert [die.key for die in DICE] == ["blue", "yellow", "red", "green", "white"]
    assert Colour.WHITE not in FLAVOURS and len(FLAVOURS) == 4


@pytest.mark.parametrize("sundae", SUNDAES, ids=lambda s: s.bowl.key)
def test_each_sundae_has_the_three_other_colours_in_the_ruled_order(sundae: Sundae) -> None:
    """Bowl colour i: cubes (i+1, i+2, i+3) % 4, toppings (i+3, i+2, i+1) % 4."""
    i = int(sundae.bowl)
    assert sundae.cubes == tuple(Colour((i + k) % 4) for k in (1, 2, 3))
    assert sundae.toppings == tuple(Colour((i + k) % 4) for k in (3, 2, 1))
    assert set(sundae.cubes) == set(sundae.toppings) == set(FLAVOURS) - {sundae.bowl}


def test_the_rulebook_examples_fit_the_layout() -> None:
    """The blue sundae has a red cube and a yellow topping; the red sundae a green cube."""
    names = {space.name for space in SPACES}
    assert {"red cube of blue", "yellow topping of blue", "green cube of red"} <= names
    assert [s.bowl for s in SUNDAES] == list(FLAVOURS)


def test_a_sheet_has_32_spaces_each_named_once() -> None:
    """Per sundae: 3 cubes, 2 cream spaces, 3 toppings; the white die fits only the cream."""
    assert len(SPACES) == 4 * (3 + 2 + 3)
    assert len({space.name for space in SPACES}) == len(SPACES)
    assert [space.index for space in SPACES] == list(range(len(SPACES)))
    for space in SPACES:
        assert (space.colour is Colour.WHITE) == (space.kind is Kind.CREAM)


def test_cream_sides() -> None:
    """Left takes a white 1 to 3, right a white 4 to 6."""
    assert CREAM_FACES == {Side.LEFT: (1, 2, 3), Side.RIGHT: (4, 5, 6)}


def test_eighteen_bonus_cards() -> None:
    """Per colour: a topping of it anywhere, any topping on its sundae, a 4 in a cube of it
    anywhere, a 4 in any cube of its sundae; plus a 2 in a left and a 4 in a right cream."""
    assert len(BONUS_CARDS) == 18
    assert len({card.key for card in BONUS_CARDS}) == 18
    kinds = Counter((card.kind, card.value) for card in BONUS_CARDS)
    assert kinds == {
        (Kind.TOPPING, 0): 8,
        (Kind.CUBE, 4): 8,
        (Kind.CREAM, 2): 1,
        (Kind.CREAM, 4): 1,
    }
    for colour in FLAVOURS:
        mine = [c for c in BONUS_CARDS if colour in (c.colour, c.sundae)]
        assert sorted((c.kind.value, c.colour is colour) for c in mine) == [
            ("cube", False),
            ("cube", True),
            ("topping", False),
            ("topping", True),
        ]
    cream = {card.side: card.value for card in BONUS_CARDS if card.kind is Kind.CREAM}
    assert cream == {Side.LEFT: 2, Side.RIGHT: 4}


def test_each_card_reaches_the_spaces_it_names() -> None:
    """A colour card: the three spaces of that colour on the other sundaes; a sundae card: the
    three of its kind on that sundae; a cream card: its side on all four sundaes."""
    for card in BONUS_CARDS:
        names = sorted(space.name for space in card.spaces)
        if card.kind is Kind.CREAM:
            assert card.side is not None
            assert names == sorted(f"{card.side.value} cream of {s.key}" for s in FLAVOURS)
        elif card.colour is not None:
            others = [s for s in FLAVOURS if s is not card.colour]
            assert names == sorted(
                f"{card.colour.key} {card.kind.value} of {s.key}" for s in others
            )
        else:
            assert card.sundae is not None
            others = [c for c in FLAVOURS if c is not card.sundae]
            assert names == sorted(
                f"{c.key} {card.kind.value} of {card.sundae.key}" for c in others
            )


def test_stack_and_rounds_by_player_count() -> None:
    """10/8/6 cards and 5/4/3 rounds for 2/3/4 players: two cards after every round."""
    assert STACK == {2: 10, 3: 8, 4: 6}
    assert ROUNDS == {2: 5, 3: 4, 4: 3}
    info = parlour.load("dicecream", 2).info
    assert (info.min_players, info.max_players, info.hidden_information) == (2, 4, True)
