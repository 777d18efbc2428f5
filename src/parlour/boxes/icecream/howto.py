"""Ice Cream's rules as players read them (`GameInfo.how_to_play`): the aim, the cards, the
four phases of a day, scoring and the end, with the project's rulings where they matter
(`docs/rules/icecream.md`). English data, told through the catalogue."""

from __future__ import annotations

from parlour.i18n import N_
from parlour.kernel import FrontEnd, Section

HOW_TO_PLAY = (
    Section(
        N_("The aim"),
        (
            N_(
                "You run an ice cream stand for four days. Each day the players build cones "
                "together from the same scoops, then serve them to customers with the flavours "
                "they hold. Every scoop you serve scores a point; the most points after four "
                "days wins."
            ),
        ),
    ),
    Section(
        N_("The cards"),
        (
            N_(
                "There are six flavours: strawberry, black raspberry, chocolate chip, "
                "chocolate, pistachio and vanilla. The Ice Cream deck has five gallons of each "
                "flavour, the Scoop deck five scoops of each; at most 12 cones are made a day."
            ),
            N_(
                "At the start six scoops (five with five players) are put away unseen for the "
                "whole game, and each player gets one Ice Cream card face up. 3 to 5 players "
                "play; Seat 1 deals on the first day unless you choose another first dealer."
            ),
        ),
    ),
    Section(
        N_("Deliveries"),
        (
            N_(
                "The dealer gives everyone one Ice Cream card face down: only you see yours. "
                "From the dealer on, each player keeps it, or discards it and takes the next "
                "card face down instead, which must be kept. You may discard "
                "only while the deck has a card. The others see that you discarded, never what."
            ),
        ),
    ),
    Section(
        N_("Cones"),
        (
            N_(
                "From the dealer on, in turn, each player turns over the next scoop, which "
                "everyone sees, and puts it on a cone with fewer than four scoops or starts a "
                "new cone. The day's first scoop starts cone 1. This goes on "
                "until every scoop of the day is placed."
            ),
            N_(
                "Build cones of the flavours you hold, and put the scoops you cannot use where "
                "they spoil the others' cones."
            ),
        ),
    ),
    Section(
        N_("Serving"),
        (
            N_(
                "The face-down cards are turned face up. From the dealer on, each player takes "
                "one action a turn, round after round. You can serve a cone exactly when you "
                "hold a card of every flavour in it; one card serves any number of scoops of "
                "its flavour."
            ),
            N_(
                "If you can serve a cone exactly, you must serve one of those cones. Otherwise "
                "you either serve a cone with exactly one scoop of a flavour you lack (that "
                "scoop goes back and scores nothing) or draw an Ice Cream card face up."
            ),
            N_(
                "Serving ends when every cone is served, or when the player to act can do "
                "nothing: the deck is empty and every cone left lacks two or more of their "
                "flavours."
            ),
        ),
    ),
    Section(
        N_("Scoring"),
        (
            N_(
                "Each scoop served scores one point. Cards with a scoop on them are used up "
                "and discarded. Of the unused cards you keep one of each flavour; every other "
                "unused card of the same flavour is discarded for one more point. The cards you "
                "keep stay with you for the next days."
            ),
            N_(
                "The player with the fewest points deals the next day; among several, the "
                "first of them clockwise after the last player who acted."
            ),
        ),
    ),
    Section(
        N_("The end"),
        (
            N_(
                "The game ends after the fourth day. The most points wins; a tie goes to the "
                "player with the most unused Ice Cream cards left, and players still tied all "
                "win."
            ),
        ),
    ),
    Section(
        N_("Typing your moves"),
        (
            N_(
                "keep or discard your delivery; cone 3 puts the scoop on cone 3, new cone "
                "starts a cone with it; serve 2 serves cone 2; draw draws an Ice Cream card."
            ),
        ),
        FrontEnd.TERMINAL,
    ),
    Section(
        N_("Making your moves"),
        (
            N_(
                "Press Keep or Discard on your face-down card. Press Put here on a cone for "
                "the scoop, or Start here for a new cone. Press Serve on a cone to serve it, "
                "or the Ice Cream deck to draw."
            ),
        ),
        FrontEnd.PAGE,
    ),
)
"""The rules for players, section by section; the last two tell how to move at the terminal
and on the page."""
