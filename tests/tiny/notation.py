"""Tiny Duel's action texts: `play N` is canonical; a player may also type `N`, `p N` or `pN`."""

from __future__ import annotations

import re

from tests.tiny.components import Card

SHORT = re.compile(r"(?:p|play)? *(\d+)")


def action_of(card: Card) -> str:
    """The canonical action that plays `card`."""
    return f"play {card}"


def card_of(action: str) -> Card | None:
    """The card a canonical action plays, or `None` for any other text."""
    verb, _, number = action.partition(" ")
    if verb != "play" or not number.isdigit() or str(int(number)) != number:
        return None
    return int(number)


def normalise(text: str) -> str:
    """The canonical action a short form stands for, else the text tidied."""
    cleaned = " ".join(text.lower().split())
    short = SHORT.fullmatch(cleaned)
    return action_of(int(short.group(1))) if short else cleaned
