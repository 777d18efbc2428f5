"""What players may type for Dokitto! Ice actions besides the canonical text.

A flavour may be given by any start of its name (initials: s, c, m, g, v; `macha`, the
rulebook's spelling, is matcha too), a card by its flavour and number in either order.

g7, g 7, 7g, grape 7, play g7, p g 7   -> play grape 7
take g, t g, tg, take grape            -> take grape
7, g (alone)                           -> the state picks the one legal action it can mean
"""

from __future__ import annotations

import re

from parlour.boxes.dokitto.components import FLAVOURS, NUMBERS, Flavour

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
