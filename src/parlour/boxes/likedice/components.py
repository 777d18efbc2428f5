"""Like Dice's components as data: the five dice colours, the 30 dice cards, the 30 challenge
cards of the three levels, and the numbers of the setup. A different printing is dropped in
here, nowhere else.

The rulebook lists no cards; the card lists are the project's rulings (issue 6,
`docs/rules/likedice.md`). Everything else is derived from these tables.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum, IntEnum
from typing import NamedTuple

from parlour.i18n import N_, _


class Colour(IntEnum):
    """The five dice colours, in the order the issue lists them (B, R, G, Y, P)."""

    BLUE = 0
    RED = 1
    GREEN = 2
    YELLOW = 3
    PURPLE = 4

    @property
    def key(self) -> str:
        """The name used in views, e.g. `blue`."""
        return _KEYS[self]

    @property
    def initial(self) -> str:
        """The letter used on cards and in short forms, e.g. `B`."""
        return _INITIALS[self]

    @property
    def word(self) -> str:
        """The colour's name for people, in the language of the moment (`blue`, `Blau`)."""
        return _(_WORDS[self])


_KEYS = tuple(colour.name.lower() for colour in Colour)
_WORDS = (N_("blue"), N_("red"), N_("green"), N_("yellow"), N_("purple"))
_INITIALS = tuple(colour.name[0] for colour in Colour)
BY_INITIAL = {colour.initial: colour for colour in Colour}
FACES = 6


@dataclass(frozen=True, slots=True)
class Die:
    """One die printed on a dice card: its colour and its pips (1 to 6)."""

    colour: Colour
    pips: int

    @property
    def key(self) -> str:
        """`B4` for a blue 4."""
        return f"{self.colour.initial}{self.pips}"


@dataclass(frozen=True, slots=True)
class DiceCard:
    """A dice card: two dice of two different colours. `index` is its place in `CARDS`."""

    index: int
    dice: tuple[Die, Die]

    @property
    def key(self) -> str:
        """`B4 G6`: the card's two dice, as printed in `_CARDS`."""
        return " ".join(die.key for die in self.dice)

    @property
    def pips(self) -> int:
        """The card's dot total (the tie-break at the end)."""
        return self.dice[0].pips + self.dice[1].pips


# Ruling (issue 6): each of the ten colour pairs on three cards, the pips chosen once so that
# every colour shows every pip value exactly twice. Four of the cards hold the rulebook's
# example A (blue 2; green 6, 6, 5; yellow 6, 3; purple 3, 1): G6 Y3, G6 P1, B2 G5, Y6 P3.
_CARDS = (
    "B1 R5", "B2 R1", "B6 R3",
    "B1 G1", "B2 G5", "B3 G3",
    "B3 Y4", "B4 Y5", "B5 Y2",
    "B4 P6", "B5 P5", "B6 P3",
    "R1 G4", "R2 G2", "R3 G1",
    "R2 Y6", "R4 Y3", "R6 Y1",
    "R4 P1", "R5 P2", "R6 P4",
    "G4 Y5", "G5 Y1", "G6 Y3",
    "G2 P4", "G3 P2", "G6 P1",
    "Y2 P6", "Y4 P5", "Y6 P3",
)  # fmt: skip


def _card(index: int, text: str) -> DiceCard:
    first, second = (Die(BY_INITIAL[word[0]], int(word[1:])) for word in text.split())
    return DiceCard(index, (first, second))


CARDS = tuple(_card(index, text) for index, text in enumerate(_CARDS))
"""The 30 dice cards (white background)."""
CARD_BY_KEY = {card.key: card for card in CARDS}


class Level(IntEnum):
    """The difficulty levels; a level plays its own cards and those of the levels below."""

    BEGINNER = 0
    INTERMEDIATE = 1
    ADVANCED = 2

    @property
    def key(self) -> str:
        return self.name.lower()

    @property
    def word(self) -> str:
        """The level's name for people, in the language of the moment."""
        return _(LEVEL_WORDS[self.key])


LEVEL_WORDS = {
    "beginner": N_("beginner"),
    "intermediate": N_("intermediate"),
    "advanced": N_("advanced"),
}
"""Each level's name for people, by its key (the key stays in options and actions)."""


class Kind(Enum):
    """The kinds of challenge card."""

    COLOURS = "colours"  # one, two or three colour dice: their sum
    BIG_SMALL = "big+small"  # the highest of the big colour plus the lowest of the small
    WHITE = "white"  # white dice with dots: the dice showing those numbers, summed
    SEQUENCE = "sequence"  # a colour order and a numbered die: the die at that position


@dataclass(frozen=True, slots=True)
class Challenge:
    """A challenge card (grey background). `colours` are the card's colours in print order
    (big then small for big+small; the whole order for a sequence); `faces` the white dice's
    numbers; `position` the numbered die of a sequence."""

    index: int
    kind: Kind
    colours: tuple[Colour, ...] = ()
    faces: tuple[int, ...] = ()
    position: int = 0

    @property
    def level(self) -> Level:
        """Colour cards are for beginners, white dice intermediate, sequences advanced."""
        return _LEVELS[self.kind]

    @property
    def key(self) -> str:
        """A short unique name: `B+R`, `B/G` (big blue, small green), `W14`, `N5:BRGYP`."""
        initials = [colour.initial for colour in self.colours]
        if self.kind is Kind.COLOURS:
            return "+".join(initials)
        if self.kind is Kind.BIG_SMALL:
            return "/".join(initials)
        if self.kind is Kind.WHITE:
            return "W" + "".join(map(str, self.faces))
        return f"N{self.position}:{''.join(initials)}"

    @property
    def text(self) -> str:
        """The card in words, in the language of the moment, e.g. `blue + red: add up the
        blue and red dice`."""
        names = [colour.word for colour in self.colours]
        if self.kind is Kind.COLOURS:
            shown = " + ".join(names)
            return _("{colours}: add up the {listed} dice").format(
                colours=shown, listed=listed(names, _("{first} and {last}"))
            )
        if self.kind is Kind.BIG_SMALL:
            big, small = names
            return _(
                "big {big} + small {small}: the highest {big} die plus the lowest {small} die"
            ).format(big=big, small=small)
        if self.kind is Kind.WHITE:
            faces = [str(face) for face in self.faces]
            return _("white {dots}: add up every die showing {shown}").format(
                dots="-".join(faces), shown=listed(faces, _("{first} or {last}"))
            )
        return _(
            "position {position} of {order}: the die at place {position} when the dice are "
            "ordered by these colours, each colour from high to low"
        ).format(position=self.position, order=", ".join(names))


def listed(words: list[str], last: str) -> str:
    """`words` as a list in words: `a`, or `a, b and c` where `last` joins the last two
    (`{first} and {last}`, told in the language of the moment)."""
    if len(words) == 1:
        return words[0]
    return last.format(first=", ".join(words[:-1]), last=words[-1])


_LEVELS = {
    Kind.COLOURS: Level.BEGINNER,
    Kind.BIG_SMALL: Level.BEGINNER,
    Kind.WHITE: Level.INTERMEDIATE,
    Kind.SEQUENCE: Level.ADVANCED,
}


# Ruling (issue 6): the 30 challenge cards, by initials (B blue, R red, G green, Y yellow,
# P purple).
_COLOUR_CARDS = (
    "B", "R", "G", "Y", "P",
    "BR", "GY", "PB", "RG", "YP",
    "BRG", "RGY", "GYP", "YPB", "PBR",
)  # fmt: skip
_BIG_SMALL_CARDS = ("BG", "RY", "GP", "YB", "PR")  # big colour, small colour
_WHITE_CARDS = ((1, 4), (2, 5), (3, 6), (1, 2, 3), (4, 5, 6))
_SEQUENCE_CARDS = ((2, "RGYPB"), (3, "GYPBR"), (4, "YPBRG"), (5, "BRGYP"), (6, "PBRGY"))


def _colours(text: str) -> tuple[Colour, ...]:
    return tuple(BY_INITIAL[letter] for letter in text)


def _challenges() -> tuple[Challenge, ...]:
    cards = [Challenge(0, Kind.COLOURS, _colours(text)) for text in _COLOUR_CARDS]
    cards += [Challenge(0, Kind.BIG_SMALL, _colours(text)) for text in _BIG_SMALL_CARDS]
    cards += [Challenge(0, Kind.WHITE, faces=faces) for faces in _WHITE_CARDS]
    cards += [
        Challenge(0, Kind.SEQUENCE, _colours(order), position=position)
        for position, order in _SEQUENCE_CARDS
    ]
    return tuple(replace(card, index=index) for index, card in enumerate(cards))


CHALLENGES = _challenges()
"""The 30 challenge cards (ruling, issue 6): 20 beginner (five one-colour, five two-colour,
five three-colour, five big+small), 5 intermediate (white dice), 5 advanced (sequences)."""
CHALLENGE_BY_KEY = {challenge.key: challenge for challenge in CHALLENGES}
DECKS = {level: tuple(c.index for c in CHALLENGES if c.level <= level) for level in Level}
"""The challenge cards each level plays (by index): 20, 25 or 30."""

OWN_CARDS = 1
"""Dice cards each player lays out as their own display at the start."""
COMMON_CARDS = 3
"""Dice cards in the common display."""
TARGET = 10
"""Cards in one's own display that end the game (Kidz Dice: per player, 1 to 10)."""
MAX_ANSWER = 99
"""The results card has two digits: answers are 0 to 99."""
MIN_PLAYERS, MAX_PLAYERS = 2, 6


class End(Enum):
    """Why the game ended."""

    TARGET = "target"  # a player's display reached their target
    DECK = "deck"  # the common display had to be refilled from an empty dice deck
    LIMIT = "limit"  # the last challenge the option `max_challenges` allows was played


class Check(NamedTuple):
    """An answer to challenge `number` checked: who gave it, what it was, and that player's
    right result (a record of the state and an event of its log)."""

    number: int
    seat: int
    answer: int
    right: int


class Settled(NamedTuple):
    """A challenge whose answers were checked: the answers checked, in calling order, each
    with the right result for its player; the winner and the card they took."""

    number: int
    challenge: int
    checked: tuple[Check, ...]
    winner: int | None
    timed_out: bool
    took: int | None = None  # the card's index in CARDS
