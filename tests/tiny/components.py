"""Tiny Duel's components: cards numbered from 1 and two in each hand."""

from __future__ import annotations

Card = int
"""A card: its number, 1 to the highest (the `cards` option)."""
SEATS = 2
HAND = 2
"""Cards dealt to each seat."""
