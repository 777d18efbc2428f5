"""Dokitto! Ice (rulebook `003_3eab4136b12878bb.txt`): components, rules, state, bots."""

from parlour.boxes.dokitto import ace, bots, pimc, playout, rounds
from parlour.boxes.dokitto.components import Flavour
from parlour.boxes.dokitto.game import Dokitto
from parlour.boxes.dokitto.state import DokittoState

__all__ = ["Dokitto", "DokittoState", "Flavour", "ace", "bots", "pimc", "playout", "rounds"]
