"""The errors Parlour raises for bad input; each names what was wrong and changes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from parlour.kernel.reasons import Reason

SHOWN = 40
"""The longest input an error message repeats: longer input is cut (see `cut`)."""


def cut(text: str) -> str:
    """`text` as a message repeats it: whole up to `SHOWN` characters, else its start and `...`,
    so that a message stays short whatever was sent."""
    return text if len(text) <= SHOWN else text[: SHOWN - 3] + "..."


def shown(value: object) -> str:
    """`value` as a message repeats it: its `repr`, cut (see `cut`)."""
    try:
        return cut(repr(value))
    except ValueError:  # an integer past Python's digit limit, or a list holding one
        return "(too long to show)"


class ParlourError(Exception):
    """Base class of every error Parlour raises on purpose."""


class OptionError(ParlourError, ValueError):
    """An unknown game, a bad player count, an unknown option or a bad option value."""


class IllegalAction(ParlourError, ValueError):
    """An action that the rules do not allow now, a seat that may not act now, or no seat of
    the game. Its text is the reason in English, short and with no front end's advice (each
    front end adds its own); `reason` is the reason as code and parameters, where known."""

    def __init__(self, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason = reason


class RecordError(ParlourError, ValueError):
    """A malformed or tampered game record."""
