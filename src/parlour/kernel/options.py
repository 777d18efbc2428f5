"""Typed game options: integers, booleans, choices and lists of those, parsed and validated.

A game declares its options as `Option` values; the kernel turns what a caller passed (Python
values or command-line text such as `true`, `7` or `a,b,c`) into a complete, validated dict.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from parlour.i18n import _
from parlour.kernel.errors import OptionError, cut, shown

Scalar = int | bool | str
Value = Scalar | list[Scalar]


class OptionType(Enum):
    """The kinds of option values."""

    INTEGER = "integer"
    BOOLEAN = "boolean"
    CHOICE = "choice"


@dataclass(frozen=True)
class Option:
    """One option of a game.

    `default` may be a function of the player count (for lists with one entry per seat).
    An integer option (or each integer of a list) lies between `minimum` and `maximum`, both
    required: an unbounded integer could reach values no game, clock or database can hold.
    `length` (lists only) gives the required list length from the player count; `length_text`
    says it in words for listings. `applies_when` restricts the option to some values of
    another option: given explicitly elsewhere it is refused, left out it is omitted.
    `label` names the option for players and `value_labels` each of its choices (both marked
    `N_`; the lobby shows them, the API and the terminal keep `name` and the choices).
    `per_seat` marks a list of one value a seat, seat 1 first, which a form asks seat by seat;
    such a list of choices left empty means the choices in their order, one a seat.
    """

    name: str
    type: OptionType
    default: Value | Callable[[int], Value]
    description: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    is_list: bool = False
    length: Callable[[int], int] | None = field(default=None, compare=False)
    length_text: str = ""
    applies_when: tuple[str, tuple[Scalar, ...]] | None = None
    label: str = ""
    value_labels: Mapping[str, str] = field(default_factory=dict, compare=False)
    per_seat: bool = False

    def __post_init__(self) -> None:
        if self.type is OptionType.INTEGER and (self.minimum is None or self.maximum is None):
            raise TypeError(f"integer option {self.name!r} needs both a minimum and a maximum")
        if self.value_labels and set(self.value_labels) != set(self.choices):
            raise TypeError(f"option {self.name!r} labels values that are not its choices")

    def default_for(self, players: int) -> Value:
        """The default value for a game with `players` seats."""
        return self.default(players) if callable(self.default) else self.default

    def allowed(self) -> str:
        """The allowed values, in words, for error messages and listings."""
        if self.type is OptionType.BOOLEAN:
            text = _("true or false")
        elif self.type is OptionType.CHOICE:
            text = _("one of {choices}").format(choices=", ".join(self.choices))
        else:
            text = _("an integer from {minimum} to {maximum}").format(
                minimum=self.minimum, maximum=self.maximum
            )
        if self.is_list:
            length = _(self.length_text) if self.length_text else _("any length")
            text = _("a comma-separated list ({length}) of {values}").format(
                length=length, values=text
            )
        return text

    def describe(self, players: int | None = None) -> dict[str, Any]:
        """A JSON-ready description of this option for `parlour.games()`."""
        info: dict[str, Any] = {
            "name": self.name,
            "label": _(self.label) if self.label else self.name,
            "type": ("list of " if self.is_list else "") + self.type.value,
            "description": _(self.description),
            "allowed": self.allowed(),
        }
        if not callable(self.default):
            info["default"] = self.default
        elif players is not None:
            info["default"] = self.default(players)
        else:
            info["default"] = _("depends on the player count")
        if self.choices:
            info["choices"] = list(self.choices)
            info["value_labels"] = {
                choice: _(self.value_labels[choice]) if choice in self.value_labels else choice
                for choice in self.choices
            }
        if self.per_seat:
            info["per_seat"] = True
        if self.minimum is not None:
            info["minimum"] = self.minimum
        if self.maximum is not None:
            info["maximum"] = self.maximum
        if self.applies_when is not None:
            other, values = self.applies_when
            info["applies_when"] = {other: list(values)}
        return info

    def parse(self, raw: object, players: int) -> Value:
        """Validate `raw` (a Python value or command-line text) and return the clean value."""
        if not self.is_list:
            return self._scalar(raw)
        items: list[object]
        if isinstance(raw, str):
            items = [part.strip() for part in raw.split(",")] if raw.strip() else []
        elif isinstance(raw, list | tuple):
            items = list(raw)
        else:
            raise self._error(raw)
        values = [self._scalar(item, whole=raw) for item in items]
        if self.length is not None and len(values) != self.length(players):
            raise OptionError(
                f"option {self.name}={_text(raw)} has {len(values)} values; "
                f"{self.length(players)} are needed for {players} players ({self.length_text})"
            )
        return values

    def _scalar(self, raw: object, whole: object = None) -> Scalar:
        text = raw.strip().lower() if isinstance(raw, str) else None
        if self.type is OptionType.BOOLEAN:
            if isinstance(raw, bool):
                return raw
            if text in ("true", "false"):
                return text == "true"
        elif self.type is OptionType.INTEGER:
            value: int | None = None
            if isinstance(raw, int) and not isinstance(raw, bool):
                value = raw
            elif text is not None and re.fullmatch(r"[+-]?\d+", text):
                with contextlib.suppress(ValueError):  # past Python's digit limit: out of bounds
                    value = int(text)
            if (
                value is not None
                and (self.minimum is None or value >= self.minimum)
                and (self.maximum is None or value <= self.maximum)
            ):
                return value
        elif text is not None and text in self.choices:
            return text
        raise self._error(raw if whole is None else whole)

    def _error(self, raw: object) -> OptionError:
        return OptionError(f"option {self.name}={_text(raw)} is not allowed: use {self.allowed()}")


def _text(raw: object) -> str:
    """An option value as a message repeats it (cut; a huge integer summed up)."""
    if isinstance(raw, bool):
        text = str(raw).lower()
    elif isinstance(raw, int) and raw.bit_length() > 64:
        text = f"(an integer of {raw.bit_length()} bits)"  # str() refuses the biggest ones
    elif isinstance(raw, list | tuple):
        text = ",".join(_text(item) for item in raw)
    else:
        text = str(raw)
    return cut(text)


def resolve_options(
    specs: tuple[Option, ...], given: Mapping[str, object], players: int, game: str
) -> dict[str, Value]:
    """Parse `given` against `specs`, fill defaults, and drop options that do not apply."""
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(by_name) or "none"
        raise OptionError(f"{game} has no option {shown(unknown[0])}; its options are: {known}")
    values: dict[str, Value] = {}
    for spec in specs:
        values[spec.name] = (
            spec.parse(given[spec.name], players)
            if spec.name in given
            else spec.default_for(players)
        )
    for spec in specs:
        if spec.applies_when is None:
            continue
        other, allowed = spec.applies_when
        if values[other] in allowed:
            continue
        if spec.name in given:
            wanted = " or ".join(str(v) for v in allowed)
            raise OptionError(
                f"option {spec.name} applies only when {other} is {wanted} "
                f"(here {other} is {values[other]})"
            )
        del values[spec.name]
    return values
