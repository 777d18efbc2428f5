"""Why an action is refused: a code with parameters, told in words only at the edge.

A game's single source of legality is its `State._refusal`, which answers a `Reason` or
`None`; an action is legal exactly when it has no reason. Codes and parameters are
language-neutral (front ends and clients may tell them in any language); `tell` gives the
English words from the kernel's texts and the game's own (`Game.reason_texts`).
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, eq=True)
class Reason:
    """A refusal: a code such as `must_follow` and its parameters, e.g. `{"flavour": "grape"}`.
    Parameters are JSON values, so a reason travels to clients as it is."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def describe(self) -> dict[str, Any]:
        """The JSON form clients receive: `{"code": ..., "params": {...}}`."""
        return {"code": self.code, "params": dict(self.params)}


KERNEL_TEXTS: Mapping[str, str] = {
    "not_text": "an action is text, not {action}",
    "not_a_seat": "a seat is an integer or None, not {seat}",
    "game_over": "the game is over",
    "not_your_turn": "seat {seat} may not act now (to act: {to_act})",
    "not_legal": "{action!r} is not a legal action now; legal: {legal}",
    "not_legal_many": (
        "{action!r} is not a legal action now; type help to list the {count} that are"
    ),
    "ambiguous": "{text!r} could mean {matches}; say which",
}
"""The reasons the kernel gives for any game."""


class _Words(string.Formatter):
    """Formats a list parameter as words: `{choices}` gives `a, b`, `{choices:or}` gives
    `a or b` (an empty list: `none`); other values format as usual."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, (list, tuple)):
            joiner = " or " if format_spec == "or" else ", "
            return joiner.join(str(item) for item in value) or "none"
        return str(super().format_field(value, format_spec))


_WORDS = _Words()


def tell(reason: Reason, texts: Mapping[str, str]) -> str:
    """`reason` in English words, from `texts` (the game's) or the kernel's own. A list
    parameter is joined with commas, or with `or` where the template says `{name:or}`."""
    template = texts.get(reason.code) or KERNEL_TEXTS.get(reason.code)
    if template is None:
        raise KeyError(f"no words for the reason {reason.code!r}")
    return _WORDS.format(template, **reason.params)
