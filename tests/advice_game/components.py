"""Tally's components: the rounds and what each action adds."""

from __future__ import annotations

ROUNDS = 3
"""The turns of each seat."""
