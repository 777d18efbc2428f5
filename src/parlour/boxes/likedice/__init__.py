"""Like Dice (rulebook `004_b3b53c2e4e045901.txt`): components, rules, state, bots."""

from parlour.boxes.likedice import bots
from parlour.boxes.likedice.components import Colour
from parlour.boxes.likedice.game import LikeDice
from parlour.boxes.likedice.state import LikeDiceState

__all__ = ["Colour", "LikeDice", "LikeDiceState", "bots"]
