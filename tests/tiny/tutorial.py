"""Tiny Duel's tutorial (`GameInfo.tutorial`): two rounds of a four-card game, the learner's
two moves and the other seat's two, the shortest a kernel tutorial may be. Data only; its
texts are marked for the catalogue."""

from __future__ import annotations

from parlour.i18n import N_
from parlour.kernel import Step, Tutorial

TUTORIAL = Tutorial(
    intro=N_("Tiny Duel in two rounds."),
    steps=(
        Step(
            N_("Play your higher card, the 2."),
            ("play 2",),
            wrong=N_("The 2 beats more cards."),
            press=N_("Press your 2."),
        ),
        Step(N_("Ben played his 3."), ("play 3",), seat=1),
        Step(N_("Play your last card."), ()),
        Step(N_("Ben played his 4."), ("play 4",), seat=1),
    ),
    finale=N_("That is Tiny Duel."),
    options={"cards": 4},
    names=("", "Ben"),
)
"""With seed 0 and four cards the learner holds 1 and 2, the other seat 3 and 4."""
