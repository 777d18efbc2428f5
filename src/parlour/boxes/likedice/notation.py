"""Like Dice's actions as text: the canonical actions, and what players may type besides.

17, =17, a 17, a17, answer 17     -> answer 17 (a bare number: take it, when choosing a card)
p, pass, -                        -> pass
t 2, t2, take 2                   -> take 2 (the second card of the common display)
b4 g6, b4g6, take b4 g6           -> take the common card holding blue 4 and green 6
"""

from __future__ import annotations

import re

from parlour.boxes.likedice.components import CARD_BY_KEY, COMMON_CARDS, MAX_ANSWER
from parlour.kernel import Action

PASS = "pass"
TIMEOUT = "timeout"
ANSWER_OF = tuple(f"answer {value}" for value in range(MAX_ANSWER + 1))
"""The action that calls out each result, by value."""
ANSWERS: dict[Action, int | None] = {
    **{action: value for value, action in enumerate(ANSWER_OF)},
    PASS: None,
}
"""Each answering action and the result it calls out (`None`: a pass)."""
ANSWER_ACTIONS = tuple(ANSWERS)
"""Every answering action: `answer 0` to `answer 99`, then `pass`."""
TAKE_OF = tuple(f"take {place + 1}" for place in range(COMMON_CARDS))
"""The action that takes each card of the common display, by place (0-based)."""
TAKES = {action: place for place, action in enumerate(TAKE_OF)}
ALL_ACTIONS = (*ANSWER_ACTIONS, *TAKE_OF)
"""Every action a player can ever have, in a fixed order."""
NUMBER = re.compile(r"answer (\d+)")
"""An answer with any number, within the rules or not (`\\d` is a decimal digit of any script,
as `int` reads it: a full-width or Arabic-Indic three is 3, a superscript "²" is no digit)."""

_PASS = {"p", "pass", "-"}
_ANSWER = re.compile(r"(?:answer|a|=)\s*(\d+)")
_TAKE = re.compile(r"(?:take|t)\s*(\d+)")
_CARD = re.compile(r"(?:(?:take|t)\s+)?([a-z]\d)\s*([a-z]\d)")


def is_number(text: str) -> bool:
    """Whether `text` is a whole number `int` reads: decimal digits of any script, as the other
    games read them (`str.isdigit` also passes a superscript "²", which `int` refuses)."""
    return text.isdecimal()


def normalise(text: str) -> str:
    """The canonical action `text` stands for, a bare number (`17`: the state decides whether
    it answers or takes), or the cleaned text itself when unknown."""
    cleaned = " ".join(text.lower().split())
    if cleaned in _PASS:
        return "pass"
    if is_number(cleaned):
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
