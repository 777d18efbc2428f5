"""The errors Parlour raises for bad input; each names what was wrong and changes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from parlour.kernel.reasons import Reason


class ParlourError(Exception):
    """Base class of every error Parlour raises on purpose."""


class OptionError(ParlourError, ValueError):
    """An unknown game, a bad player count, an unknown option or a bad option value."""


class IllegalAction(ParlourError, ValueError):
    """An action that the rules do not allow now, or a seat that may not act now. Its text is
    the reason in English; `reason` is the reason as code and parameters, where known."""

    def __init__(self, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason = reason


class RecordError(ParlourError, ValueError):
    """A malformed or tampered game record."""
