"""The errors Parlour raises for bad input; each names what was wrong and changes nothing."""

from __future__ import annotations


class ParlourError(Exception):
    """Base class of every error Parlour raises on purpose."""


class OptionError(ParlourError, ValueError):
    """An unknown game, a bad player count, an unknown option or a bad option value."""


class IllegalAction(ParlourError, ValueError):
    """An action that the rules do not allow now, or a seat that may not act now."""


class RecordError(ParlourError, ValueError):
    """A malformed or tampered game record."""
