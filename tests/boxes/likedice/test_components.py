"""Like Dice's components as the issue's rulings give them: five colours, 30 dice cards (each
colour pair on three cards, every colour showing every pip exactly twice), and 30 challenge
cards: 20 beginner, 5 intermediate, 5 advanced with the ruled colour orders."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import parlour
from parlour.boxes.likedice import rules
from parlour.boxes.likedice.components import (
    CARD_BY_KEY,
    CARDS,
    CHALLENGES,
    DECKS,
    MAX_ANSWER,
    Challenge,
    Colour,
    Kind,
    Level,
)


def test_five_colours() -> None:
    assert [colour.key for colour in Colour] == ["blue", "red", "green", "yellow", "purple"]
    assert "".join(colour.initial for colour in Colour) == "BRGYP"


def test_thirty_dice_cards_of_two_different_colours() -> None:
    assert len(CARDS) == 30
    assert [card.index for card in CARDS] == list(range(30))
    assert len({card.key for card in CARDS}) == 30  # no two cards alike
    for card in CARDS:
        first, second = card.dice
        assert first.colour is not second.colour
        assert 1 <= first.pips <= 6 and 1 <= second.pips <= 6


def test_every_colour_shows_every_pip_exactly_twice() -> None:
    shown = Counter((die.colour, die.pips) for card in CARDS for die in card.dice)
    assert shown == {(colour, pips): 2 for colour in Colour for pips in range(1, 7)}


def test_each_colour_pair_is_on_three_cards() -> None:
    pairs = Counter(frozenset(die.colour for die in card.dice) for card in CARDS)
    assert pairs == {frozenset(pair): 3 for pair in combinations(Colour, 2)}


def test_the_rulebook_example_a_is_among_the_cards() -> None:
    """Example A's dice (blue; green 6, 6, 5; yellow 6, 3; purple 3, 1; no red) lie on four
    of the cards, so the example can be dealt."""
    example = ["B2 G5", "G6 Y3", "G6 P1", "Y6 P3"]
    assert set(example) <= {card.key for card in CARDS}
    colours = Counter(die.colour for key in example for die in CARD_BY_KEY[key].dice)
    assert colours == {Colour.BLUE: 1, Colour.GREEN: 3, Colour.YELLOW: 2, Colour.PURPLE: 2}


def _by_kind(kind: Kind) -> list[Challenge]:
    return [challenge for challenge in CHALLENGES if challenge.kind is kind]


def test_thirty_challenge_cards_by_level() -> None:
    assert len(CHALLENGES) == 30 and len({c.key for c in CHALLENGES}) == 30
    levels = Counter(challenge.level for challenge in CHALLENGES)
    assert levels == {Level.BEGINNER: 20, Level.INTERMEDIATE: 5, Level.ADVANCED: 5}
    assert {level: len(deck) for level, deck in DECKS.items()} == {
        Level.BEGINNER: 20,
        Level.INTERMEDIATE: 25,
        Level.ADVANCED: 30,
    }


def test_the_beginner_cards() -> None:
    colour_cards = [c.key for c in _by_kind(Kind.COLOURS)]
    assert colour_cards == [
        "B", "R", "G", "Y", "P",
        "B+R", "G+Y", "P+B", "R+G", "Y+P",
        "B+R+G", "R+G+Y", "G+Y+P", "Y+P+B", "P+B+R",
    ]  # fmt: skip
    big_small = [c.key for c in _by_kind(Kind.BIG_SMALL)]
    assert big_small == ["B/G", "R/Y", "G/P", "Y/B", "P/R"]  # big colour / small colour
    assert all(c.level is Level.BEGINNER for c in _by_kind(Kind.BIG_SMALL))


def test_the_intermediate_white_dice_cards() -> None:
    faces = [c.faces for c in _by_kind(Kind.WHITE)]
    assert faces == [(1, 4), (2, 5), (3, 6), (1, 2, 3), (4, 5, 6)]


def test_the_advanced_sequence_cards() -> None:
    """Each prints its own order of all five colours and a numbered die 2 to 6; N=5 is the
    rulebook's example E (blue, red, green, yellow, purple)."""
    sequences = {c.position: "".join(x.initial for x in c.colours) for c in _by_kind(Kind.SEQUENCE)}
    assert sequences == {2: "RGYPB", 3: "GYPBR", 4: "YPBRG", 5: "BRGYP", 6: "PBRGY"}
    assert all(sorted(c.colours) == list(Colour) for c in _by_kind(Kind.SEQUENCE))


def test_two_digits_always_suffice() -> None:
    """A player sees at most 13 cards (10 of their own and 3 common); for the cards that add
    up, the 13 best cards give at most 99, so every right answer fits the results card."""
    for challenge in CHALLENGES:
        if challenge.kind in (Kind.COLOURS, Kind.WHITE):
            best = sorted((rules.answer(challenge, c.dice) for c in CARDS), reverse=True)
            assert sum(best[:13]) <= MAX_ANSWER, challenge.key
        else:  # one or two dice
            assert rules.answer(challenge, [d for c in CARDS for d in c.dice]) <= 12


def test_the_game_listing() -> None:
    info = parlour.load("likedice", 2).info
    assert (info.min_players, info.max_players, info.hidden_information) == (2, 6, True)
    assert info.rulebook == "docs/rules/likedice.md"
