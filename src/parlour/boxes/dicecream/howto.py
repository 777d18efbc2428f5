"""Dicecream's rules as players read them (`GameInfo.how_to_play`): the rulebook's with the
project's rulings of `docs/rules/dicecream.md` where they matter, marked for the catalogues."""

from __future__ import annotations

from parlour.i18n import N_
from parlour.kernel import Section

HOW_TO_PLAY = (
    Section(
        N_("The aim"),
        (
            N_(
                "Fill your sheet's four ice cream sundaes with dice. The player with the most "
                "points after the last round wins."
            ),
        ),
    ),
    Section(
        N_("What you play with"),
        (
            N_(
                "Five dice: blue, yellow, red and green, and a white one for the cream. Your "
                "sheet has four sundaes, one for each of the four colours: each has a bowl, "
                "three ice cream cubes and three toppings in the three other colours, and two "
                "cream spaces (left for a white 1 to 3, right for a white 4 to 6)."
            ),
            N_(
                "You also have two chocolate beans, and a face-down stack of bonus cards lies "
                "on the table (10 cards with two players, 8 with three, 6 with four)."
            ),
        ),
    ),
    Section(
        N_("Your turn"),
        (
            N_(
                "Roll all five dice. Before you place any die you may spend a chocolate bean to "
                "reroll any of them; each bean is spent once a game."
            ),
            N_(
                "Put a die in the bowl of its colour to unlock that sundae for this turn. On an "
                "unlocked sundae a coloured die goes on the empty cube of its colour, with its "
                "number, or ticks the topping of its colour; the white die goes on the cream "
                "space its number fits."
            ),
            N_(
                "The sum limit: the dice you place on one sundae this turn add up to at most the "
                "die in its bowl. Dice in bowls and dice you do not place are lost."
            ),
        ),
    ),
    Section(
        N_("The others' picks"),
        (
            N_(
                "When you end your turn, every other player may take one die you placed on a "
                "cube, cream or topping and enter it on their own sheet, on any sundae: no bowl "
                "and no sum limit for them. Several players may take the same die."
            ),
            N_("Everyone chooses at once: a choice is shown only when all have chosen."),
        ),
    ),
    Section(
        N_("Bonus cards"),
        (
            N_(
                "After every round the top two bonus cards are turned up. Everyone may use one "
                "of them on their own sheet, or neither; then both leave the game. A card only "
                "fills an empty space or ticks an open topping."
            ),
        ),
    ),
    Section(
        N_("Scoring and the end"),
        (
            N_(
                "The game lasts 5 rounds with two players, 4 with three and 3 with four; it "
                "ends after the last round's bonus cards."
            ),
            N_(
                "A sundae scores the numbers in its cubes and cream spaces, plus 2 when both "
                "cream spaces are filled; the whole is doubled when all three toppings are "
                "ticked. Each chocolate bean you did not spend scores 2."
            ),
            N_(
                "Ties go to the player with more beans left, then to more toppings ticked; "
                "players still tied all win."
            ),
        ),
    ),
)
"""How to play Dicecream, in six sections."""
