"""Dicetime's tutorial: five scripted turns of a solo game, a rule a step (the first roll,
keeping, the third roll, five of a kind, a straight, the upper rows and their bonus, a full
house, chance), each asking for the move that shows it. Data only, marked for the catalogues."""

from __future__ import annotations

from parlour.i18n import N_
from parlour.kernel import Step, Tutorial

CHANCE = (
    *(2, 5, 5, 1, 5),  # turn 1: three fives...
    *(5, 3),  # ...dice 1 and 4 rerolled: four fives...
    5,  # ...die 4 rerolled: five fives
    *(1, 2, 3, 4, 6),  # turn 2: a small straight
    *(6, 6, 2, 6, 1),  # turn 3: three sixes...
    *(6, 3),  # ...dice 3 and 5 rerolled: four sixes
    *(3, 3, 3, 2, 2),  # turn 4: a full house
    *(6, 5, 6, 4, 5),  # turn 5: nothing but a sum
)
"""The tutorial's dice, in the order they are rolled (each roll's rolled positions, 1 first)."""

TUTORIAL = Tutorial(
    intro=N_(
        "Dicetime is played with five dice and a score sheet of 13 rows. In this short game "
        "you play alone, and the dice are chosen to show you each rule once."
    ),
    steps=(
        Step(
            N_("A turn begins by rolling all five dice. Roll them."),
            ("roll",),
            press=N_("Press Roll the dice."),
        ),
        Step(
            N_(
                "Three fives! After a roll you may keep any dice and roll the others again. "
                "Keep the fives (dice 2, 3 and 5) and roll the other two."
            ),
            ("keep 2,3,5",),
            wrong=N_(
                "Keep the three fives, dice 2, 3 and 5, and roll the other two: more fives "
                "are what you are after."
            ),
            press=N_("Press the three fives to keep them, then Roll 2 dice."),
        ),
        Step(
            N_(
                "Four fives now. A turn has three rolls at most, and this is your last: keep "
                "the four fives and roll die 4."
            ),
            ("keep 1,2,3,5",),
            wrong=N_(
                "Keep the four fives and roll only die 4: one more five makes five of a kind."
            ),
            press=N_("Keep the fives as well, then press Roll 1 die."),
        ),
        Step(
            N_(
                "Five of a kind! No rolls are left, so you must enter the roll in an open row "
                "of your sheet; each row takes one roll a game. All five dice the same score 50 "
                "in five of a kind: enter it there."
            ),
            ("enter five_of_a_kind",),
            wrong=N_("Enter the five fives in five of a kind: 50 points, the most any row gives."),
            press=N_("Press +50 in the row five of a kind."),
        ),
        Step(
            N_("Your second turn: roll all five dice again."),
            ("roll",),
            press=N_("Press Roll the dice."),
        ),
        Step(
            N_(
                "1 2 3 4 is four numbers in a row: a small straight, 30 points (five in a row "
                "would be a large straight, 40). You may enter after any roll, not only the "
                "third: take the 30 now in small straight."
            ),
            ("enter small_straight",),
            wrong=N_(
                "Take the sure 30 now in small straight. Rolling again could lose the straight."
            ),
            press=N_("Press +30 in the row small straight."),
        ),
        Step(
            N_("Your third turn: roll all five dice."),
            ("roll",),
            press=N_("Press Roll the dice."),
        ),
        Step(
            N_("Three sixes: keep them, dice 1, 2 and 4, and roll the other two."),
            ("keep 1,2,4",),
            wrong=N_("Keep the three sixes and roll dice 3 and 5 for more sixes."),
            press=N_("Press the three sixes, then Roll 2 dice."),
        ),
        Step(
            N_(
                "Four sixes. The upper rows, ones to sixes, count only the dice showing their "
                "number: four sixes score 24 in sixes. Once ones to sixes total 63, you get a "
                "bonus of 35. Enter the roll in sixes."
            ),
            ("enter sixes",),
            wrong=N_(
                "Enter the four sixes in sixes: 24 points toward the bonus of the upper rows."
            ),
            press=N_("Press +24 in the row sixes."),
        ),
        Step(
            N_("Your fourth turn: roll all five dice."),
            ("roll",),
            press=N_("Press Roll the dice."),
        ),
        Step(
            N_(
                "Three threes and two twos: a full house, always 25 points. Enter it in full house."
            ),
            ("enter full_house",),
            wrong=N_(
                "Three of one number and two of another: enter it in full house for 25 points."
            ),
            press=N_("Press +25 in the row full house."),
        ),
        Step(
            N_("Your fifth turn: roll all five dice."),
            ("roll",),
            press=N_("Press Roll the dice."),
        ),
        Step(
            N_(
                "No combination this time, but chance takes any roll: it scores the sum of the "
                "dice, here 26. Enter the roll in chance."
            ),
            ("enter chance",),
            wrong=N_(
                "Enter this roll in chance: 26, the sum of the dice. A roll that does not fit "
                "a row scores 0 there."
            ),
            press=N_("Press +26 in the row chance."),
        ),
    ),
    finale=N_(
        "Well done: you know how Dicetime is played. A roll that fits no open row scores 0 in "
        "the row you choose, and the game ends when every sheet is full. Now play a real game "
        "against the greedy bot, the easiest opponent."
    ),
    players=1,
    chance=CHANCE,
)
"""Dicetime's tutorial, a solo game of turns."""
