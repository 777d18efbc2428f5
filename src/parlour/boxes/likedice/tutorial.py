"""Like Dice's tutorial (`GameInfo.tutorial`): one short scripted race of five challenges
against Ben, each showing one rule: a colour count over both displays, the first right
answer winning, big + small and choosing a card, passing and the clock, white dice and the
target. Data only; its texts are marked for the catalogue."""

from __future__ import annotations

from parlour.i18n import N_
from parlour.kernel import Step, Tutorial

CHANCE = (4, 15, 8, 20, 11, 0, 23, 5, 16, 14, 3, 12, 16)
"""The scripted draws, as indices into what is left (`ScriptedRng.below`): your display B2 G5,
Ben's R4 Y3, the common display B4 P6, G6 Y3, R2 G2; challenge B; refill Y4 P5, challenge
G+Y; refill R6 P4, challenge R/Y; refill B1 G1, challenge P+B+R; challenge W14
(`tests/boxes/likedice/test_tutorial.py` checks each)."""

TUTORIAL = Tutorial(
    intro=N_(
        "Like Dice is a counting race. A challenge card names dice to add up; everyone counts "
        "at once, over the three cards of the common display plus their own display, and the "
        "first right answer wins a card. In this short game you play against Ben; "
        "the first to hold 4 cards in their own display wins."
    ),
    players=2,
    names=("", "Ben"),
    options={"level": "intermediate", "targets": [4, 4], "time_limit": 60},
    chance=CHANCE,
    steps=(
        Step(
            N_(
                "Challenge 1 is blue: add up the blue dice. The common display has a blue 4 "
                "(card B4 P6) and your own display a blue 2 (card B2 G5): 6. Answer 6."
            ),
            ("answer 6",),
            wrong=N_(
                "Not quite: blue 4 in the common display plus blue 2 in your own display make "
                "6. Answer 6."
            ),
            press=N_("Enter 6 and press Answer."),
        ),
        Step(
            N_(
                "Ben calls 4: right for Ben, who counts only the common blue 4, but you "
                "called first. Your 6 was right, so you won B4 P6: the only common card holding "
                "a die you counted moves to your display at once, and Y4 P5 takes its place."
            ),
            ("answer 4",),
            seat=1,
        ),
        Step(
            N_("Challenge 2 is green + yellow, and Ben calls 18 at once."),
            ("answer 18",),
            seat=1,
        ),
        Step(
            N_(
                "Ben was quicker this time and called 18. Answers are checked in the order "
                "they were called, so a right answer after a right one wins nothing, but "
                "answer anyway: green + yellow over the common display (Y4, G6, Y3, G2) and "
                "your own (G5, and B4 P6 has neither) make 20. Answer 20."
            ),
            ("answer 20",),
            press=N_("Enter 20 and press Answer."),
            wrong=N_(
                "Count again: Y4 + G6 + Y3 + G2 in the common display and G5 in your own "
                "display make 20. Answer 20."
            ),
        ),
        Step(
            N_(
                "Ben's 18 was right for Ben's own display, and first. Every common card "
                "held a green or yellow die, so Ben chose one and took G6 Y3 from place 2; "
                "R6 P4 refills it."
            ),
            ("take 2",),
            seat=1,
        ),
        Step(
            N_(
                "Challenge 3 is big red + small yellow: the highest red die plus the lowest "
                "yellow die. The highest red is the 6 on R6 P4, the lowest yellow the 4 on "
                "Y4 P5: 10. Answer 10."
            ),
            ("answer 10",),
            press=N_("Enter 10 and press Answer."),
            wrong=N_(
                "Look again: the highest red die is 6 (R6 P4), the lowest yellow die is 4 "
                "(Y4 P5), and 6 + 4 = 10. Answer 10."
            ),
        ),
        Step(
            N_("Ben calls 9, right for Ben's cards, but you called first."),
            ("answer 9",),
            seat=1,
        ),
        Step(
            N_(
                "You won challenge 3. Both Y4 P5 (place 1) and R6 P4 (place 2) hold a die you "
                "counted, so you choose. Take R6 P4."
            ),
            ("take 2",),
            wrong=N_(
                "Either card may be taken in a real game; for this lesson take R6 P4 in place 2."
            ),
            press=N_("Press Take 2, below R6 P4."),
        ),
        Step(
            N_(
                "R6 P4 is yours now and counts for you alone. Challenge 4, purple + blue + red, "
                "means many dice to count. When you would rather not answer, pass: a pass never "
                "wins and never loses. Pass."
            ),
            ("pass",),
            wrong=N_("You could count it (it is 30), but this step shows passing."),
            press=N_("Press Pass."),
        ),
        Step(
            N_(
                "Ben did not answer in time: when a challenge's time is up the answers "
                "given are checked. Nobody was right, so no card moved."
            ),
            ("timeout",),
            seat=None,
        ),
        Step(
            N_("Ben calls 12 for challenge 5."),
            ("answer 12",),
            seat=1,
        ),
        Step(
            N_(
                "Challenge 5 shows white dice 1 and 4: add up every die showing 1 or 4, of any "
                "colour: Y4 and B1 G1 in the common display, B4 and P4 in your own: 14. Ben "
                "called first, but a wrong answer wins nothing. Answer 14."
            ),
            ("answer 14",),
            press=N_("Enter 14 and press Answer."),
            wrong=N_(
                "Count again: the dice showing 1 or 4 are Y4, B1, G1, B4 and P4, and "
                "4 + 1 + 1 + 4 + 4 = 14. Answer 14."
            ),
        ),
        Step(
            N_(
                "Ben's 12 was wrong (10 for Ben), your 14 right. Choose either card: "
                "the fourth card in your display reaches your target and wins the game. Take "
                "the card in place 1 or the one in place 2."
            ),
            ("take 1", "take 2"),
            press=N_("Press Take 1 or Take 2."),
        ),
    ),
    finale=N_(
        "You won! Higher levels add colour sequences, and a full game asks for 10 cards. Now "
        "play a real game against the easiest counter bot, the child."
    ),
)
"""Like Dice's tutorial: five challenges, seven moves of yours."""
