"""Dokitto! Ice's rules as players read them (the rulebook and the project's rulings of
`docs/rules/dokitto.md`), as data marked for the catalogues."""

from __future__ import annotations

from parlour.i18n import N_
from parlour.kernel import FrontEnd, Section

HOW_TO_PLAY = (
    Section(
        N_("The aim"),
        (
            N_(
                "Win tricks to stack Ice tiles on your cone: each tile and each Topping token "
                "on it is a point at the end of the round. But a cone holds three tiles: who "
                "must take a fourth scores nothing in that round."
            ),
            N_(
                "Rounds go on until someone has 10 points or more; then the most points win, "
                "and players tied for the most share the victory."
            ),
        ),
    ),
    Section(
        N_("The components"),
        (
            N_(
                "Flavour cards numbered 1 to 13 in five flavours: strawberry, chocolate, "
                "matcha, grape and vanilla. Two or three players use three flavours, four "
                "players four, five players all five."
            ),
            N_(
                "Three Ice tiles a flavour, in a face-down stack; exactly one of each stack's "
                "tiles carries a star. A Topping token a flavour goes with its starred tile."
            ),
        ),
    ),
    Section(
        N_("A round"),
        (
            N_(
                "Each player is dealt 6, 8, 10 or 13 cards (for 2, 3, 4 or 5 players); the "
                "rest are set aside unseen. Cones start empty and the stacks full."
            ),
            N_(
                "Seat 1 plays first in the first round. Later rounds start with the next seat "
                "clockwise, or with the winner of the last trick if the table chose that "
                "option."
            ),
        ),
    ),
    Section(
        N_("A trick"),
        (
            N_(
                "The first player plays any card. The others, in turn, must play a card of "
                "the flavour led if they hold one; otherwise any card."
            ),
            N_(
                "All cards of one flavour: the highest number wins. Any other flavour in it: "
                "the lowest number wins, whatever its flavour; of equal lowest numbers, the "
                "one played last wins. The winner leads the next trick."
            ),
        ),
    ),
    Section(
        N_("Ice tiles and toppings"),
        (
            N_(
                "The trick's winner takes the top tile of the stack of the flavour played; "
                "after a mixed trick, of any flavour played in it, their choice. If those "
                "stacks are empty, any stack will do. You are asked only when there is a "
                "choice."
            ),
            N_(
                "A starred tile brings its flavour's Topping token onto your cone too: two "
                "points instead of one."
            ),
        ),
    ),
    Section(
        N_("The end of a round and of the game"),
        (
            N_(
                "The round ends when the hands are empty, or at once when a player must take "
                "a fourth tile: that player takes no tile and scores nothing this round; the "
                "others score their tiles and tokens."
            ),
            N_(
                "The game ends after a round in which someone reaches 10 points. A table may "
                "also cap the number of rounds: then it ends after the last one, whatever "
                "the points."
            ),
        ),
    ),
    Section(
        N_("Typing your moves"),
        (
            N_(
                "Play a card with its flavour and number, such as play grape 7, or short: g7. "
                "Take a tile with take grape, or short: tg."
            ),
        ),
        FrontEnd.TERMINAL,
    ),
    Section(
        N_("Making your moves"),
        (N_("Press a card in your hand to play it, and a stack to take its top tile."),),
        FrontEnd.PAGE,
    ),
)
"""The rules in seven short sections: aim, components, a round, a trick, tiles, the end, and
how to move (typed at the terminal, pressed on the page)."""
