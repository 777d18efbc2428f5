"""Why an action is refused: a code with parameters, told in words only at the edge.

A game's single source of legality is its `State._verify`, which answers a `Reason` or
`None`; an action is legal exactly when it has no reason. Codes and parameters are
language-neutral (front ends and clients may tell them in any language); `tell` gives the
words, in the language of the moment, from the kernel's texts and the game's own
(`Game.reason_texts`). Both forms cut long text parameters (what a player sent: see
`errors.cut`), so no message repeats a long input whole. The words are neutral: each front
end adds its own advice (where to find the legal actions, say).
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from parlour.i18n import N_, _
from parlour.kernel.errors import cut


@dataclass(frozen=True, eq=True)
class Reason:
    """A refusal: a code such as `must_follow` and its parameters, e.g. `{"flavour": "grape"}`.
    Parameters are JSON values, so a reason travels to clients as it is."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def describe(self) -> dict[str, Any]:
        """The JSON form clients receive: `{"code": ..., "params": {...}}` (long text cut)."""
        return {"code": self.code, "params": self.shown_params()}

    def shown_params(self) -> dict[str, Any]:
        """The parameters as messages repeat them: a text parameter is cut (`errors.cut`)."""
        return {key: cut(v) if type(v) is str else v for key, v in self.params.items()}


KERNEL_TEXTS: Mapping[str, str] = {
    "not_text": N_("an action is text, not {action}"),
    "too_long": N_("an action is at most {most} characters, not {length}"),
    "not_a_seat": N_("a seat is an integer or None, not {seat}"),
    "no_seat": N_("there is no seat {seat} (seats: {seats})"),
    "game_over": N_("the game is over"),
    "not_your_turn": N_("seat {seat} may not act now (to act: {to_act})"),
    "not_legal": N_("{action!r} is not a legal action now; legal: {legal}"),
    "not_legal_many": N_("{action!r} is not one of the {count} legal actions now"),
    "ambiguous": N_("{text!r} could mean {matches}; say which"),
    "undo_turn_passed": N_("a move can be taken back only within your own turn"),
    "undo_nothing": N_("there is no move to take back"),
    "undo_not_yours": N_("the last move was not yours to take back"),
    "undo_not_allowed": N_("{action!r} cannot be taken back"),
    "undo_chance": N_("{action!r} cannot be taken back: chance was drawn since"),
}
"""The reasons the kernel gives for any game."""


class _Words(string.Formatter):
    """Formats a list parameter as words: `{choices}` gives `a, b`, `{choices:or}` gives
    `a or b` (an empty list: `none`); other values format as usual."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, (list, tuple)):
            joiner = _(" or ") if format_spec == "or" else ", "
            return joiner.join(str(item) for item in value) or _("none")
        return str(super().format_field(value, format_spec))


_WORDS = _Words()


def tell(reason: Reason, texts: Mapping[str, str]) -> str:
    """`reason` in words of the language of the moment (`parlour.i18n`), from `texts` (the
    game's, in English and marked for the catalogues) or the kernel's own. A list
    parameter is joined with commas, or with `or` where the template says `{name:or}`; a long text
    parameter is cut."""
    template = texts.get(reason.code) or KERNEL_TEXTS.get(reason.code)
    if template is None:
        raise KeyError(f"no words for the reason {reason.code!r}")
    return _WORDS.format(_(template), **reason.shown_params())
