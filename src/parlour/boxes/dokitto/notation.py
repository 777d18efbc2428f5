"""Dokitto! Ice's actions as text: the canonical text of each action, and what players may
type besides it.

Canonical: `play grape 7` (play that card), `take grape` (the top tile of the grape stack).

A flavour may be given by any start of its name (initials: s, c, m, g, v; `macha`, the
rulebook's spelling, is matcha too), a card by its flavour and number in either order.

g7, g 7, 7g, grape 7, play g7, p g 7   -> play grape 7
take g, t g, tg, take grape            -> take grape
7, g (alone)                           -> the state picks the one legal action it can mean
"""

from __future__ import annotations

import re

from parlour.boxes.dokitto import rules
from parlour.boxes.dokitto.components import CARD_NAMES, FLAVOURS, NUMBERS, Flavour
from parlour.kernel import Action

PLAYS: tuple[Action, ...] = tuple(f"play {name}" for name in CARD_NAMES)
"""The action that plays each card, by card."""
CARD_OF_PLAY = {action: card for card, action in enumerate(PLAYS)}
TAKES: tuple[Action, ...] = tuple(f"take {flavour.key}" for flavour in FLAVOURS)
"""The action that takes each flavour's top tile, by flavour."""
FLAVOUR_OF_TAKE = dict(zip(TAKES, FLAVOURS, strict=True))

_SUIT_PLAYS: dict[rules.Hand, tuple[Action, ...]] = {}
"""The play actions of some cards of one flavour (a bit mask), filled as met (at most
5 x 8191 entries): a follower's legal list is one look-up here."""


def plays_of(hand: rules.Hand) -> tuple[Action, ...]:
    """The play actions of every card in `hand`, in card order, glued from shared tuples."""
    actions = _SUIT_PLAYS.get(hand)
    if actions is not None:
        return actions
    actions = ()
    for suit in rules.SUIT_MASK:
        cards = hand & suit
        if cards:
            part = _SUIT_PLAYS.get(cards)
            if part is None:
                part = _SUIT_PLAYS[cards] = tuple(PLAYS[card] for card in rules.cards_in(cards))
            actions += part
    return actions


_PLAY_WORDS = {"play", "p"}
_TAKE_WORDS = {"take", "t"}
_ALIASES = {"macha": Flavour.MATCHA}


def flavour_named(word: str) -> Flavour | None:
    """The flavour a word names: the start of one flavour's name (or an alias), else None."""
    if word in _ALIASES:
        return _ALIASES[word]
    named = [flavour for flavour in FLAVOURS if flavour.key.startswith(word)]
    return named[0] if len(named) == 1 else None


def normalise(text: str) -> str:
    """The canonical action `text` stands for, or the cleaned text when it names no whole
    action (a bare number or flavour is left to the state, which knows what is legal)."""
    cleaned = " ".join(text.lower().split())
    words = re.findall(r"[a-z]+|\d+", cleaned)
    if len(words) == 1 and len(words[0]) == 2 and words[0][0] == "t":
        words = ["t", words[0][1]]  # tg: take grape
    verb = ""
    if words and words[0] in _PLAY_WORDS | _TAKE_WORDS:
        verb, words = ("take" if words[0] in _TAKE_WORDS else "play"), words[1:]
    numbers = [int(word) for word in words if word.isdigit()]
    flavours = [flavour_named(word) for word in words if not word.isdigit()]
    if len(flavours) != 1 or flavours[0] is None:
        return cleaned
    flavour = flavours[0]
    if verb == "take" and not numbers:
        return f"take {flavour.key}"
    if verb != "take" and len(numbers) == 1 and 1 <= numbers[0] <= NUMBERS:
        return f"play {flavour.key} {numbers[0]}"
    return cleaned
