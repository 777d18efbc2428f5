"""Every kind of challenge on hand-built displays (absent colours, ties, fewer dice than the
position, the rulebook's example E), the dice an answer counts and so the cards the winner
may take, and the ranking at the end."""

from __future__ import annotations

import pytest

from parlour.boxes.likedice import rules
from parlour.boxes.likedice.components import CARD_BY_KEY, CARDS, CHALLENGE_BY_KEY, CHALLENGES

from .helpers import dice

EXAMPLE_A = "B2 G6 G6 G5 Y6 Y3 P3 P1"
"""The rulebook's example A as far as example E tells it: one blue die, no red, green 6, 6,
5, yellow 6, 3, purple 3, 1 (the blue die's pips are not told; any will do)."""


def answer(key: str, shown: str) -> int:
    return rules.answer(CHALLENGE_BY_KEY[key], dice(shown))


def counted(key: str, shown: str) -> set[str]:
    return {
        f"{d.colour.initial}{d.pips}" for d in rules.counted(CHALLENGE_BY_KEY[key], dice(shown))
    }


# -- colour cards -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "shown", "expected"),
    [
        ("B", "B4 G6 B2 R5", 6),
        ("B+R", "B4 G6 B2 R5", 11),
        ("B+R+G", "B4 G6 B2 R5", 17),
        ("Y", "B4 G6 B2 R5", 0),  # no yellow die: yellow counts 0
        ("Y+P+B", "B4 G6 B2 R5", 6),  # yellow and purple absent
        ("P+B+R", "G6 Y1", 0),
    ],
)
def test_colour_cards_add_up_every_die_of_their_colours(
    key: str, shown: str, expected: int
) -> None:
    assert answer(key, shown) == expected


def test_a_colour_card_counts_every_die_of_its_colours() -> None:
    assert counted("B+R", "B4 G6 B2 R5") == {"B4", "B2", "R5"}
    assert counted("Y", "B4 G6") == set()


# -- big + small ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "shown", "expected"),
    [
        ("B/G", "B2 B5 B3 G4 G1 G6", 5 + 1),
        ("B/G", "B5 B5 G1 G1", 5 + 1),  # ties count one die each
        ("G/P", "G6 G6 G5 P3 P1", 6 + 1),
        ("R/Y", "B6 G1 Y3 Y4", 0 + 3),  # no red: the big colour counts 0
        ("R/Y", "R2 R6 B1", 6 + 0),  # no yellow: the small colour counts 0
        ("P/R", "B1 G2", 0),
    ],
)
def test_big_plus_small(key: str, shown: str, expected: int) -> None:
    assert answer(key, shown) == expected


def test_big_plus_small_counts_the_highest_big_and_the_lowest_small_die() -> None:
    """Equal dice tie: every die equal to the one counted (a card holding any may be taken)."""
    assert counted("B/G", "B2 B5 B3 G4 G1 G6") == {"B5", "G1"}
    assert counted("B/G", "B5 B5 G1 G1 G3") == {"B5", "G1"}
    assert counted("R/Y", "B6 Y3 Y4") == {"Y3"}
    assert counted("P/R", "B1 G2") == set()


# -- white dice ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "shown", "expected"),
    [
        ("W14", "B1 R4 G4 Y2 P6", 9),
        ("W25", "B1 R4 G4 Y2 P5 B5", 12),
        ("W36", "B1 R4", 0),  # no die shows 3 or 6
        ("W123", "B1 R2 G3 Y4 P5 P3", 9),
        ("W456", "B1 R2 G3 Y4 P5 P6 B6", 21),
    ],
)
def test_white_dice_add_up_every_colour_die_showing_their_numbers(
    key: str, shown: str, expected: int
) -> None:
    assert answer(key, shown) == expected


def test_white_dice_count_the_dice_showing_their_numbers() -> None:
    assert counted("W14", "B1 R4 G4 Y2") == {"B1", "R4", "G4"}


# -- colour sequences --------------------------------------------------------------------


def test_example_e_position_5_is_a_6() -> None:
    """Blue is first (position 1); red is absent and skipped; green 6, 6, 5 (positions 2 to
    4); yellow 6 (position 5, the answer) and 3 (6); purple 3 and 1 (7 and 8)."""
    challenge = CHALLENGE_BY_KEY["N5:BRGYP"]
    ordered = rules.in_sequence(challenge, dice(EXAMPLE_A))
    assert [f"{d.colour.initial}{d.pips}" for d in ordered] == EXAMPLE_A.split(" ")
    assert answer("N5:BRGYP", EXAMPLE_A) == 6
    assert counted("N5:BRGYP", EXAMPLE_A) == {"Y6"}


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("N2:RGYPB", 6),  # red absent: green 6, 6, 5, then yellow...: position 2 is green 6
        ("N3:GYPBR", 5),  # green 6, 6, 5
        ("N4:YPBRG", 1),  # yellow 6, 3, purple 3, 1
        ("N6:PBRGY", 5),  # purple 3, 1, blue 2, green 6, 6, 5
    ],
)
def test_each_sequence_card_on_example_a(key: str, expected: int) -> None:
    assert answer(key, EXAMPLE_A) == expected


def test_a_sequence_with_fewer_dice_than_its_position_gives_0() -> None:
    assert answer("N6:PBRGY", "B2 G6 Y3 P1 R4") == 0
    assert answer("N5:BRGYP", "B2 G6 Y3 P1 R4") == 1  # exactly five dice
    assert counted("N6:PBRGY", "B2 G6 Y3 P1 R4") == set()


def test_ties_within_a_colour_in_a_sequence() -> None:
    """Positions 2 and 3 of example A are both green 6: either green 6 is the one counted."""
    assert answer("N3:GYPBR", "G6 G6 G5 Y1") == 5
    assert answer("N2:RGYPB", "G6 G6 G5 Y1") == 6
    assert counted("N2:RGYPB", "G6 G6 G5 Y1") == {"G6"}


def test_the_fast_path_agrees_with_the_rules() -> None:
    """`answer_on` (tables per card) gives `answer` for every challenge on many card sets."""
    for start in range(len(CARDS)):
        cards = [(start + 7 * step) % len(CARDS) for step in range(1 + start % 13)]
        shown = rules.dice_of(CARDS[card] for card in cards)
        for challenge in CHALLENGES:
            assert rules.answer_on(challenge, cards) == rules.answer(challenge, shown)


# -- which common card the winner may take --------------------------------------------------


def places(key: str, common: list[str], own: str) -> tuple[int, ...]:
    cards = [CARD_BY_KEY[card] for card in common]
    shown = rules.dice_of(cards) + dice(own)
    return rules.takeable(cards, rules.counted(CHALLENGE_BY_KEY[key], shown))


def test_the_winner_takes_a_card_holding_a_counted_die() -> None:
    common = ["B1 R5", "G4 Y5", "Y2 P6"]
    assert places("B", common, "B6 R3") == (0,)
    assert places("Y", common, "B6 R3") == (1, 2)
    assert places("G+Y", common, "B6 R3") == (1, 2)


def test_equal_dice_tie_for_the_take() -> None:
    """Blue/green: the highest blue is a 5 on two common cards: either may be taken; the
    lowest green (1) is in the own display only."""
    common = ["B5 Y2", "B5 P5", "B1 G1"]
    assert places("B/G", common, "G1 Y1") == (0, 1, 2)  # B1 G1 holds the lowest green too
    assert places("B/G", ["B5 Y2", "B5 P5", "R3 G1"], "B3 Y4") == (0, 1, 2)
    assert places("B/G", ["B5 Y2", "B5 P5", "G4 Y5"], "G1 Y1") == (0, 1)


def test_any_card_when_the_answer_counted_none_of_the_common_ones() -> None:
    # Purple 6, blue 2 and 1, red 5, green 4 and 1: position 6 is the own green 1.
    assert places("N6:PBRGY", ["B1 R5", "G4 Y5", "Y2 P6"], "B2 G1") == (0, 1, 2)
    # No red and no yellow in the common display.
    assert places("R/Y", ["B1 G1", "G2 P4", "B4 P6"], "R2 Y6") == (0, 1, 2)


# -- the end ---------------------------------------------------------------------------------


def test_the_most_cards_relative_to_the_target_wins() -> None:
    """Kidz Dice: 3 of 5 cards beats 5 of 10."""
    assert rules.final_winners([5, 3], [10, 5], [20, 1]) == (1,)
    assert rules.final_winners([5, 4], [10, 10], [1, 40]) == (0,)


def test_ties_go_to_the_highest_dot_total_then_are_shared() -> None:
    assert rules.final_winners([4, 2, 4], [10, 5, 10], [30, 31, 29]) == (1,)
    assert rules.final_winners([4, 4, 3], [10, 10, 10], [30, 30, 40]) == (0, 1)


def test_a_display_reaches_its_target() -> None:
    assert rules.reached(10, 10) and rules.reached(5, 5)
    assert not rules.reached(9, 10)
