"""Dicecream's tutorial (`GameInfo.tutorial`): one scripted round for two players that shows
a roll, a bowl, a cube, a topping, the sum limit, the others' pick and a bonus card, one at a
time. Data only; the texts are marked for the catalogues."""

from __future__ import annotations

from parlour.i18n import N_
from parlour.kernel import Step, Tutorial

STACK = (0, 15) + (0,) * 8
"""The bonus stack, drawn as indices into the cards left: "Tick a blue topping on any
sundae." and "Enter a 2 in a left cream space on any sundae." on top."""
YOUR_ROLL = (6, 3, 2, 1, 2)
"""Blue 6, yellow 3, red 2, green 1, white 2."""
THEIR_ROLL = (1, 5, 4, 6, 5)
"""Blue 1, yellow 5, red 4, green 6, white 5."""

TUTORIAL = Tutorial(
    intro=N_(
        "Welcome to Dicecream! You play one round against Ben and learn the rules one at "
        "a time. Each step tells you which move to make."
    ),
    chance=STACK + YOUR_ROLL + THEIR_ROLL,
    names=("", "Ben"),
    steps=(
        Step(
            N_("Your turn begins with a roll of all five dice. Roll them."),
            ("roll",),
            press=N_("Press Roll the dice."),
        ),
        Step(
            N_(
                "You rolled blue 6, yellow 3, red 2, green 1 and white 2. A sundae takes dice "
                "only once the die of its colour is in its bowl. Put the blue 6 in the blue "
                "bowl."
            ),
            ("unlock blue",),
            press=N_("Press the blue 6, then the blue sundae's bowl."),
            wrong=N_(
                "That is allowed, but this step unlocks the blue sundae: its 6 lets you place "
                "the most dice on it."
            ),
        ),
        Step(
            N_(
                "The blue sundae is unlocked. A coloured die goes on the ice cream cube of its "
                "colour, and its number counts. Put the red 2 on the blue sundae's red cube."
            ),
            ("red cube of blue",),
            wrong=N_("This step puts the red 2 on the blue sundae's red cube."),
            press=N_("Press the red 2, then the red cube on the blue sundae."),
        ),
        Step(
            N_(
                "A die may tick the topping of its colour instead (its number still counts "
                "against the limit, but scores nothing there). Three ticked toppings double a "
                "sundae. Tick the blue sundae's yellow topping with the yellow 3."
            ),
            ("yellow topping of blue",),
            wrong=N_("This step ticks the blue sundae's yellow topping with the yellow 3."),
            press=N_("Press the yellow 3, then the yellow topping on the blue sundae."),
        ),
        Step(
            N_(
                "The sum limit: the dice you place on a sundae this turn add up to at most the "
                "die in its bowl. 2 + 3 = 5 so far, so the green 1 just fits (6), and then "
                "nothing else does. Put the green 1 on the blue sundae's green cube."
            ),
            ("green cube of blue",),
            wrong=N_("This step fills the blue sundae up to its limit with the green 1."),
            press=N_("Press the green 1, then the green cube on the blue sundae."),
        ),
        Step(
            N_("Ben took your red 2 for the red cube of his blue sundae."),
            ("take red cube of blue",),
            seat=1,
        ),
        Step(N_("Ben rolled blue 1, yellow 5, red 4, green 6 and white 5."), ("roll",), seat=1),
        Step(N_("Ben unlocked the yellow sundae with the yellow 5."), ("unlock yellow",), seat=1),
        Step(
            N_("Ben put the white 5 on the right cream space of the yellow sundae."),
            ("right cream of yellow",),
            seat=1,
        ),
        Step(N_("Ben ended the turn."), ("done",), seat=1),
        Step(
            N_(
                "Now you may take one die that Ben placed, for your own sheet, on any "
                "sundae: no bowl and no sum limit for you. Take the white 5 for the right "
                "cream space of your blue sundae."
            ),
            ("take right cream of blue",),
            wrong=N_(
                "That is allowed, but this step takes the white 5 for the right cream space of "
                "your blue sundae, where a bonus card will fill the other cream space."
            ),
            press=N_("Press the white 5, then the right cream space on your blue sundae."),
        ),
        Step(
            N_(
                "The round is over: two bonus cards are turned up, and everyone may use one. "
                "Ben has chosen in secret."
            ),
            ("pass",),
            seat=1,
        ),
        Step(
            N_(
                "Use the card that enters a 2 in a left cream space: on your blue sundae both "
                "cream spaces are then filled, worth 2 points more. Use it on the left cream "
                "space of your blue sundae."
            ),
            ("bonus 2 in left cream of blue",),
            wrong=N_(
                "That is allowed, but this step fills the blue sundae's left cream space, so "
                "both its cream spaces count 2 points more."
            ),
            press=N_("Press that card, then the left cream space on your blue sundae."),
        ),
    ),
    finale=N_(
        "Well done: you know Dicecream! Spend your chocolate beans wisely (each unspent one "
        "scores 2) and tick all three toppings of a sundae to double it. Now play a real game "
        "against an easy opponent."
    ),
)
