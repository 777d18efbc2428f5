"""Like Dice's rules as players read them (`GameInfo.how_to_play`): the rulebook's and the
project's rulings (`docs/rules/likedice.md`) in short paragraphs, marked for the catalogue."""

from __future__ import annotations

from parlour.i18n import N_
from parlour.kernel import FrontEnd, Section

HOW_TO_PLAY = (
    Section(
        N_("The aim"),
        (
            N_(
                "Like Dice is a race: everyone counts the same dice at once, and the first "
                "right answer wins a dice card. The first player whose own display holds "
                "their target of cards (10 unless the table set another) wins."
            ),
        ),
    ),
    Section(
        N_("The cards"),
        (
            N_(
                "A dice card shows two dice of two colours: blue (B), red (R), green (G), "
                "yellow (Y) and purple (P). B4 G6 is a card with a blue 4 and a green 6."
            ),
            N_(
                "Three dice cards lie in the common display, which everyone counts. Each "
                "player also has an own display, starting with one card; only its owner "
                "counts it. So the right answer differs from player to player."
            ),
        ),
    ),
    Section(
        N_("The challenges"),
        (
            N_(
                "Colours: add up the pips of every die of the colours shown, over the common "
                "display and your own. A colour that is missing counts 0."
            ),
            N_(
                "Big + small: the highest die of the big colour plus the lowest die of the "
                "small colour."
            ),
            N_(
                "White dice (level intermediate and up): add up every coloured die showing one "
                "of the white dice's numbers."
            ),
            N_(
                "Colour sequence (level advanced): put all dice in the card's colour order, "
                "each colour from its highest die to its lowest; the answer is the die at the "
                "numbered place."
            ),
        ),
    ),
    Section(
        N_("A challenge"),
        (
            N_(
                "A challenge card is revealed to everyone at once. Each player gives exactly "
                "one answer, a number from 0 to 99, or passes. Everyone sees each answer as "
                "it is called."
            ),
            N_(
                "When everyone has answered, or the time is up (60 seconds unless the table "
                "set another; 0 means no clock), the answers are checked in the order they "
                "were called, each against its player's own right answer. The first right one "
                "wins; a pass never wins. If nobody is right, no card moves."
            ),
        ),
    ),
    Section(
        N_("The card won"),
        (
            N_(
                "The winner takes a card from the common display that holds a die their "
                "answer counted (any card, if it counted none of them) and lays it in their "
                "own display: from now on it counts for them alone. When several cards may be "
                "taken, the winner chooses one; otherwise it moves at once."
            ),
            N_(
                "The place is refilled from the dice deck, so places 1 to 3 stay where they "
                "are, and the next challenge follows. When the challenge deck runs out, its "
                "cards are reshuffled."
            ),
        ),
    ),
    Section(
        N_("The end"),
        (
            N_(
                "The game ends at once when a player's own display holds their target: that "
                "player wins. Kidz Dice gives each seat its own target, for example 10 for an "
                "adult and 5 for a child."
            ),
            N_(
                "If the dice deck cannot refill the common display, or the table's limit of "
                "challenges is reached, the most cards for the target win, then the most "
                "dots in the own display; players still tied share the win."
            ),
        ),
    ),
    Section(
        N_("Typing"),
        (
            N_(
                "answer 17 (or just 17) calls out 17; pass (or p) passes; take 2 (or 2, or "
                "the card's dice such as b4 g6) takes a card when you may choose one."
            ),
        ),
        FrontEnd.TERMINAL,
    ),
    Section(
        N_("Making your moves"),
        (
            N_(
                "Enter your number and press Answer, or press Pass. When you may choose a card, "
                "press Take on the one you want."
            ),
        ),
        FrontEnd.PAGE,
    ),
)
"""Like Dice's rules for players: the aim, the cards, the challenges, a challenge, the card
won, the end, and how to move (at the terminal, on the page)."""
