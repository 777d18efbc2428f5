"""Ice Cream (rulebook `001_528a64dcf6f83f1a.txt`): components, rules, state, bots."""

from parlour.boxes.icecream import bots, playout, vendor
from parlour.boxes.icecream.components import Flavour
from parlour.boxes.icecream.game import Icecream
from parlour.boxes.icecream.state import IcecreamState

__all__ = ["Flavour", "Icecream", "IcecreamState", "bots", "playout", "vendor"]
