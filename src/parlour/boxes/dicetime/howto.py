"""Dicetime's rules as players read them (the rulebook's, with the project's rulings where they
matter; `docs/rules/dicetime.md` is the full account), marked for the catalogues."""

from __future__ import annotations

from parlour.i18n import N_
from parlour.kernel import FrontEnd, Section

HOW_TO_PLAY = (
    Section(
        N_("The aim"),
        (
            N_(
                "Roll five dice to make combinations and enter each roll on your score sheet. "
                "When every sheet is full, the highest total wins; tied highest totals all win."
            ),
            N_("Each player has a colour of their own, and a sheet of 13 rows."),
        ),
    ),
    Section(
        N_("A turn"),
        (
            N_("Begin your turn by rolling all five dice."),
            N_(
                "After a roll you may keep any dice and roll the others again, up to three rolls "
                "a turn. At least one die is rolled each time."
            ),
            N_(
                "End your turn by entering the roll in an open row of your sheet. You may enter "
                "after any roll, and must after the third."
            ),
        ),
    ),
    Section(
        N_("The upper rows"),
        (
            N_(
                "Ones to sixes score the sum of the dice showing that number: three fives in "
                "the fives row score 15."
            ),
            N_(
                "Once ones to sixes total 63 or more, the bonus of 35 points is added at once. "
                "That is three dice of each number."
            ),
        ),
    ),
    Section(
        N_("The lower rows"),
        (
            N_(
                "Three of a kind and four of a kind: at least three (or four) dice the same; "
                "they score the sum of all five dice."
            ),
            N_(
                "Full house: three dice of one number and two of another, 25 points. Five of a "
                "kind counts as a full house too, unless the table chose otherwise."
            ),
            N_(
                "Small straight: four numbers in a row (1-4, 2-5 or 3-6), 30 points. Large "
                "straight: five in a row (1-5 or 2-6), 40 points."
            ),
            N_("Five of a kind: all five dice the same, 50 points. Chance: the sum of the dice."),
        ),
    ),
    Section(
        N_("Zeros and the end"),
        (
            N_(
                "Each row is used once a game. A roll that does not fit the row you choose "
                "scores 0 there: sometimes a zero in a hard row is the best place for a bad roll."
            ),
            N_(
                "The game ends when every sheet is full; the totals, bonus included, decide. "
                "There is no extra bonus for a second five of a kind."
            ),
        ),
    ),
    Section(
        N_("Starting and playing together"),
        (
            N_(
                "Seat 1 begins and play goes round in seat order. In a rematch everyone may "
                "roll first, and the first to roll begins (the rulebook's Revanche)."
            ),
            N_(
                "A table may also play all at once: then everyone plays their own sheet at the "
                "same time."
            ),
        ),
    ),
    Section(
        N_("The puzzle"),
        (
            N_(
                "Alone against the clock: instead of two rerolls a turn you have one pool of 26 "
                "rerolls for the whole game. Spend them freely: reroll one roll four times and "
                "enter another at once."
            ),
            N_(
                "When the time runs out the score so far counts: a roll not yet entered is "
                "dropped and the open rows score 0."
            ),
        ),
    ),
    Section(
        N_("Making your moves"),
        (
            N_(
                "Type roll to roll. Keep dice by their positions 1 to 5: keep 1,3 keeps the "
                "first and the third die and rolls the other three. Enter the roll in a row by "
                "its name: enter full_house. help lists the moves you may make."
            ),
        ),
        FrontEnd.TERMINAL,
    ),
    Section(
        N_("Making your moves"),
        (
            N_(
                "Press Roll the dice to roll. Press a die to keep it (press it again to roll "
                "it after all), then roll the others. Press the points shown in a row of your "
                "sheet to enter the roll there."
            ),
        ),
        FrontEnd.PAGE,
    ),
)
"""Dicetime's rules for players, section by section; the last two tell how to move at the
terminal and on the page."""
