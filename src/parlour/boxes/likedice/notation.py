"""What players may type for Like Dice actions besides the canonical text.

17, =17, a 17, a17, answer 17     -> answer 17 (a bare number: take it, when choosing a card)
p, pass, -                        -> pass
t 2, t2, take 2                   -> take 2 (the second card of the common display)
b4 g6, b4g6, take b4 g6           -> take the common card holding blue 4 and green 6
"""

from __future__ import annotations

import re

from parlour.boxes.likedice.components import CARD_BY_KEY

_PASS = {"p", "pass", "-"}
_ANSWER = re.compile(r"(?:answer|a|=)\s*(\d+)")
_TAKE = re.compile(r"(?:take|t)\s*(\d+)")
_CARD = re.compile(r"(?:(?:take|t)\s+)?([a-z]\d)\s*([a-z]\d)")


def normalise(text: str) -> str:
    """The canonical action `text` stands for, a bare number (`17`: the state decides whether
    it answers or takes), or the cleaned text itself when unknown."""
    cleaned = " ".join(text.lower().split())
    if cleaned in _PASS:
        return "pass"
    if cleaned.isdigit():
        return str(int(cleaned))
    answered = _ANSWER.fullmatch(cleaned)
    if answered:
        return f"answer {int(answered.group(1))}"
    taken = _TAKE.fullmatch(cleaned)
    if taken:
        return f"take {int(taken.group(1))}"
    return cleaned


def card_named(text: str) -> str | None:
    """The key of the dice card `text` names (`b4 g6`, `G6B4`, `take b4 g6`), or None."""
    named = _CARD.fullmatch(" ".join(text.lower().split()))
    if named is None:
        return None
    for first, second in (named.groups(), reversed(named.groups())):
        key = f"{first.upper()} {second.upper()}"
        if key in CARD_BY_KEY:
            return key
    return None
