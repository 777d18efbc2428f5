"""Dicetime (rulebook `002_8026e2c9576efeef.txt`, German): components, rules, state, bots."""

from parlour.boxes.dicetime import bots
from parlour.boxes.dicetime.components import Category
from parlour.boxes.dicetime.game import Dicetime
from parlour.boxes.dicetime.state import DicetimeState

__all__ = ["Category", "Dicetime", "DicetimeState", "bots"]
