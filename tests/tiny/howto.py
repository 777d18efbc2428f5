"""Tiny Duel's rules as players read them (`GameInfo.how_to_play`), marked for the catalogue."""

from __future__ import annotations

from parlour.i18n import N_
from parlour.kernel import Section

HOW_TO_PLAY = (
    Section(N_("The aim"), (N_("Win more rounds than the other seat."),)),
    Section(
        N_("A round"),
        (
            N_(
                "Both seats play a card at once, in secret; then both are shown and the higher "
                "wins the round. Equal cards: nobody wins it."
            ),
            N_("After a round each seat draws a card while the deck lasts."),
        ),
    ),
    Section(
        N_("The end"),
        (N_("When the hands are empty, most rounds won wins; a tie shares the win."),),
    ),
)
