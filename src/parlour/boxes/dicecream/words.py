"""Dicecream's components in the words people read, marked for the catalogues: the dice, the
sundaes, every space of the sheet and every bonus card. The canonical names (`Colour.key`,
`Space.name`, `BonusCard.key`) stay the actions' words in every language; these are told with `_`.
"""

from __future__ import annotations

from collections.abc import Mapping

from parlour.boxes.dicecream.components import Colour
from parlour.i18n import N_, _

_B, _Y, _R, _G, _W = Colour

DIE_FACE: Mapping[Colour, str] = {
    _B: N_("blue {face}"),
    _Y: N_("yellow {face}"),
    _R: N_("red {face}"),
    _G: N_("green {face}"),
    _W: N_("white {face}"),
}
"""A die and its face, as a roll lists them (`blue 3`)."""
DIE: Mapping[Colour, str] = {
    _B: N_("blue die"),
    _Y: N_("yellow die"),
    _R: N_("red die"),
    _G: N_("green die"),
    _W: N_("white die"),
}
SUNDAE: Mapping[Colour, str] = {
    _B: N_("the blue sundae"),
    _Y: N_("the yellow sundae"),
    _R: N_("the red sundae"),
    _G: N_("the green sundae"),
}
_SPACES = (
    N_("yellow cube of blue"),
    N_("red cube of blue"),
    N_("green cube of blue"),
    N_("left cream of blue"),
    N_("right cream of blue"),
    N_("green topping of blue"),
    N_("red topping of blue"),
    N_("yellow topping of blue"),
    N_("red cube of yellow"),
    N_("green cube of yellow"),
    N_("blue cube of yellow"),
    N_("left cream of yellow"),
    N_("right cream of yellow"),
    N_("blue topping of yellow"),
    N_("green topping of yellow"),
    N_("red topping of yellow"),
    N_("green cube of red"),
    N_("blue cube of red"),
    N_("yellow cube of red"),
    N_("left cream of red"),
    N_("right cream of red"),
    N_("yellow topping of red"),
    N_("blue topping of red"),
    N_("green topping of red"),
    N_("blue cube of green"),
    N_("yellow cube of green"),
    N_("red cube of green"),
    N_("left cream of green"),
    N_("right cream of green"),
    N_("red topping of green"),
    N_("yellow topping of green"),
    N_("blue topping of green"),
)
_CARDS = (
    N_("Tick a blue topping on any sundae."),
    N_("Tick a yellow topping on any sundae."),
    N_("Tick a red topping on any sundae."),
    N_("Tick a green topping on any sundae."),
    N_("Tick any topping on the blue sundae."),
    N_("Tick any topping on the yellow sundae."),
    N_("Tick any topping on the red sundae."),
    N_("Tick any topping on the green sundae."),
    N_("Enter a 4 in a blue ice cream cube on any sundae."),
    N_("Enter a 4 in a yellow ice cream cube on any sundae."),
    N_("Enter a 4 in a red ice cream cube on any sundae."),
    N_("Enter a 4 in a green ice cream cube on any sundae."),
    N_("Enter a 4 in any ice cream cube on the blue sundae."),
    N_("Enter a 4 in any ice cream cube on the yellow sundae."),
    N_("Enter a 4 in any ice cream cube on the red sundae."),
    N_("Enter a 4 in any ice cream cube on the green sundae."),
    N_("Enter a 2 in a left cream space on any sundae."),
    N_("Enter a 4 in a right cream space on any sundae."),
)


def space_words(index: int) -> str:
    """The space of the sheet with this index, in the language of the moment."""
    return _(_SPACES[index])


def card_words(card: int) -> str:
    """The bonus card with this index in `BONUS_CARDS`, in the language of the moment."""
    return _(_CARDS[card])
