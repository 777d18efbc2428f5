"""Dicetime's scoring, category by category, checked against the rulebook ("Tabellenwerte").

Each case is checked twice: through `rules.score`, and through real play (a scripted roll
entered on a sheet). Expected values are the rulebook's: full house 25, small straight 30,
large straight 40, five of a kind 50, three/four of a kind and chance the sum of all dice,
ones to sixes only the dice showing that face; an unmet condition scores 0.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import pairwise, permutations

import pytest

import parlour
from parlour import IllegalAction
from parlour.boxes.dicetime import Category, DicetimeState
from parlour.boxes.dicetime.components import CATEGORIES
from parlour.boxes.dicetime.rules import ROLLS, score, score_table

from .helpers import dice, new_state, play_turn, sheet, turn

UPPER_FACES = {"ones": 1, "twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6}

# (dice, category, points) straight from the rulebook's definitions.
CASES: list[tuple[tuple[int, ...], str, int]] = [
    # Kleine Straße: four dice in a row (1234, 2345 or 3456) -> 30
    ((1, 2, 3, 4, 6), "small_straight", 30),
    ((1, 2, 3, 4, 6), "large_straight", 0),
    ((2, 3, 4, 5, 6), "large_straight", 40),
    ((2, 3, 4, 5, 6), "small_straight", 30),
    ((1, 2, 3, 4, 5), "large_straight", 40),
    ((1, 2, 3, 4, 5), "small_straight", 30),
    ((1, 3, 4, 5, 6), "small_straight", 30),
    ((3, 4, 5, 6, 6), "small_straight", 30),
    ((1, 1, 2, 3, 4), "small_straight", 30),
    ((2, 3, 4, 4, 5), "small_straight", 30),
    ((1, 2, 4, 5, 6), "small_straight", 0),
    ((1, 2, 3, 5, 6), "small_straight", 0),
    ((1, 2, 3, 4, 4), "large_straight", 0),
    ((1, 3, 4, 5, 6), "large_straight", 0),
    # Full House: three of one face and two of another -> 25
    ((3, 3, 3, 2, 2), "full_house", 25),
    ((2, 2, 3, 3, 3), "full_house", 25),
    ((6, 6, 6, 6, 6), "full_house", 25),  # five of a kind counts by default (option)
    ((6, 6, 6, 6, 2), "full_house", 0),
    ((1, 1, 2, 2, 3), "full_house", 0),
    ((1, 2, 3, 4, 5), "full_house", 0),
    # 3x / 4x: at least three / four alike -> the sum of all five dice
    ((4, 4, 4, 4, 2), "four_of_a_kind", 4 + 4 + 4 + 4 + 2),
    ((4, 4, 4, 4, 2), "three_of_a_kind", 4 + 4 + 4 + 4 + 2),
    ((4, 4, 4, 2, 2), "three_of_a_kind", 4 + 4 + 4 + 2 + 2),
    ((4, 4, 4, 2, 2), "four_of_a_kind", 0),
    ((5, 5, 5, 5, 5), "four_of_a_kind", 25),
    ((5, 5, 5, 5, 5), "three_of_a_kind", 25),
    ((1, 1, 2, 2, 3), "three_of_a_kind", 0),
    ((1, 2, 3, 4, 5), "four_of_a_kind", 0),
    # 5x (5er Pasch): all five alike -> 50
    ((5, 5, 5, 5, 5), "five_of_a_kind", 50),
    ((1, 1, 1, 1, 1), "five_of_a_kind", 50),
    ((5, 5, 5, 5, 4), "five_of_a_kind", 0),
    # SOS (Chance): the sum, whatever the dice show
    ((1, 2, 3, 4, 6), "chance", 16),
    ((1, 1, 1, 1, 1), "chance", 5),
    ((6, 6, 6, 6, 6), "chance", 30),
    # 1er to 6er: only the dice showing that face count
    ((3, 3, 3, 2, 2), "threes", 9),
    ((3, 3, 3, 2, 2), "twos", 4),
    ((3, 3, 3, 2, 2), "ones", 0),
    ((6, 6, 6, 6, 6), "sixes", 30),
    ((1, 5, 1, 5, 1), "ones", 3),
    ((1, 5, 1, 5, 1), "fives", 10),
    ((1, 2, 3, 4, 6), "fives", 0),
]


def category(key: str) -> Category:
    """The category called `key` in actions and views."""
    return Category[key.upper()]


def ids(case: tuple[tuple[int, ...], str, int]) -> str:
    faces, key, points = case
    return f"{''.join(map(str, faces))}-{key}-{points}"


def reference(key: str, roll: Sequence[int], five_is_full_house: bool = True) -> int:
    """An independent reading of the rulebook's table, for comparison with `rules.score`."""
    counts = sorted(Counter(roll).values(), reverse=True)
    distinct = sorted(set(roll))
    longest = run = 1
    for low, high in pairwise(distinct):
        run = run + 1 if high == low + 1 else 1
        longest = max(longest, run)
    if key in UPPER_FACES:
        return sum(die for die in roll if die == UPPER_FACES[key])
    rules = {
        "three_of_a_kind": sum(roll) if counts[0] >= 3 else 0,
        "four_of_a_kind": sum(roll) if counts[0] >= 4 else 0,
        "full_house": 25 if counts == [3, 2] or (five_is_full_house and counts == [5]) else 0,
        "small_straight": 30 if longest >= 4 else 0,
        "large_straight": 40 if longest == 5 else 0,
        "five_of_a_kind": 50 if counts == [5] else 0,
        "chance": sum(roll),
    }
    return rules[key]


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_score_function(case: tuple[tuple[int, ...], str, int]) -> None:
    """`rules.score` gives the rulebook's points for each listed roll and category."""
    faces, key, points = case
    assert score(category(key), faces) == points


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_dice_order_never_matters(case: tuple[tuple[int, ...], str, int]) -> None:
    """Every permutation of a roll scores the same."""
    faces, key, points = case
    for order in set(permutations(faces)):
        assert score(category(key), order) == points, order


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_scoring_through_play(case: tuple[tuple[int, ...], str, int]) -> None:
    """A scripted roll shows the same points in `would_score` and enters them on the sheet
    and in the total."""
    faces, key, points = case
    state = new_state(1, faces)
    state.apply(0, "roll")
    assert dice(state, 0) == list(faces)
    assert turn(state, 0)["would_score"][key] == points
    assert play_turn_after_roll(state, key) == points
    assert state.scores == (points,)
    assert state.view(0)["seats"][0]["total"] == points


def play_turn_after_roll(state: DicetimeState, key: str) -> int:
    """Enter the rolled dice in `key` and return what the sheet shows there."""
    state.apply(0, f"enter {key}")
    points = sheet(state, 0)[key]
    assert points is not None
    return points


@pytest.mark.parametrize("order", [(1, 2, 3, 4, 6), (6, 4, 3, 2, 1), (3, 6, 1, 4, 2)])
def test_permuted_dice_through_play(order: tuple[int, ...]) -> None:
    """The positions the dice land in do not change what a roll scores in play."""
    state = new_state(1, order)
    assert play_turn(state, 0, order, "small_straight") == 30
    state = new_state(1, order)
    assert play_turn(state, 0, order, "large_straight") == 0


@pytest.mark.parametrize(
    ("five_is_full_house", "points"), [(True, 25), (False, 0)], ids=["default", "option-off"]
)
def test_five_of_a_kind_as_full_house_option(five_is_full_house: bool, points: int) -> None:
    """6-6-6-6-6 is a full house (25) by default and 0 with five_of_a_kind_is_full_house=false;
    a real full house scores 25 either way, and five of a kind still scores 50."""
    sixes = (6, 6, 6, 6, 6)
    assert score(Category.FULL_HOUSE, sixes, five_is_full_house) == points
    assert score(Category.FULL_HOUSE, (3, 3, 3, 2, 2), five_is_full_house) == 25
    assert score(Category.FIVE_OF_A_KIND, sixes, five_is_full_house) == 50
    state = new_state(1, sixes * 2, five_of_a_kind_is_full_house=five_is_full_house)
    assert play_turn(state, 0, sixes, "full_house") == points
    assert play_turn(state, 0, sixes, "five_of_a_kind") == 50


def test_option_default_is_full_house() -> None:
    """Without the option given, a scripted 6-6-6-6-6 enters 25 as a full house."""
    state = parlour.load("dicetime").new(0, chance=[6] * 5)
    assert isinstance(state, DicetimeState)
    assert play_turn(state, 0, (6, 6, 6, 6, 6), "full_house") == 25


def test_unmet_condition_scores_zero_and_uses_the_row() -> None:
    """Entering a roll where its condition is not met scores 0, and the row is then used."""
    state = new_state(1, (1, 2, 3, 4, 6))
    assert play_turn(state, 0, (1, 2, 3, 4, 6), "five_of_a_kind") == 0
    assert sheet(state, 0)["five_of_a_kind"] == 0
    state.apply(0, "roll")
    assert "enter five_of_a_kind" not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="already used"):
        state.apply(0, "enter five_of_a_kind")


@pytest.mark.parametrize("key", list(UPPER_FACES))
def test_upper_rows_count_only_their_face(key: str) -> None:
    """Ones to sixes count face x number of dice showing it, on every one of the 252 rolls."""
    face = UPPER_FACES[key]
    for roll in ROLLS:
        assert score(category(key), roll) == face * roll.count(face)


@pytest.mark.parametrize("five_is_full_house", [True, False])
def test_score_table_matches_the_rules_on_all_rolls(five_is_full_house: bool) -> None:
    """The precomputed table, `rules.score` and an independent reading of the rulebook agree
    on all 252 distinct rolls and all 13 categories; shuffling a roll never changes a score."""
    table = score_table(five_is_full_house)
    assert len(ROLLS) == len(set(ROLLS)) == 252
    assert set(table) == set(ROLLS)
    shuffler = random.Random(2024)
    for roll in ROLLS:
        expected = tuple(reference(c.key, roll, five_is_full_house) for c in CATEGORIES)
        assert table[roll] == expected, roll
        shuffled = list(roll)
        for _ in range(3):
            shuffler.shuffle(shuffled)
            got = tuple(score(c, shuffled, five_is_full_house) for c in CATEGORIES)
            assert got == expected, shuffled


def test_would_score_matches_the_table_on_all_rolls() -> None:
    """Through play: for each of the 252 rolls (scripted in a shuffled order), the view's
    `would_score` shows the table's row for every open category."""
    table = score_table(True)
    shuffler = random.Random(7)
    for roll in ROLLS:
        faces = list(roll)
        shuffler.shuffle(faces)
        state = new_state(1, faces)
        state.apply(0, "roll")
        would = turn(state, 0)["would_score"]
        assert would == {c.key: table[roll][c] for c in CATEGORIES}, faces
