"""Dicecream (rulebook `000_d464a2aa4bb30828.txt`): components, rules, state, views,
notation, determinizer, bots (`docs/rules/dicecream.md`)."""

from parlour.boxes.dicecream import bots, planner, playout
from parlour.boxes.dicecream.components import Colour
from parlour.boxes.dicecream.game import Dicecream
from parlour.boxes.dicecream.state import DicecreamState

__all__ = ["Colour", "Dicecream", "DicecreamState", "bots", "planner", "playout"]
