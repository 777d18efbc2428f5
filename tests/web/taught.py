"""Tiny Duel with rules and a tutorial, for the web's tests of both before the real games
land theirs (and after: the tests over every game use the games' own)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from parlour.kernel import Game, Section, Step, Tutorial

RULES = (
    Section("The aim", ("Win more rounds than the other seat.",)),
    Section("A round", ("Both seats play a card at once; the higher wins the round.",)),
)
TUTORIAL = Tutorial(
    intro="Tiny Duel in two rounds.",
    steps=(
        Step("Play your higher card, the 2.", ("play 2",), wrong="The 2 beats more cards."),
        Step("Seat 2 played its 3.", ("play 3",), seat=1),
        Step("Play your last card.", ()),
        Step("Seat 2 played its 4.", ("play 4",), seat=1),
    ),
    finale="That is Tiny Duel.",
    options={"cards": 4},
)
"""With seed 0 and four cards the learner holds 1 and 2, the other seat 3 and 4."""


def taught(monkeypatch: pytest.MonkeyPatch, game: type[Game]) -> str:
    """Give the registered Tiny Duel `RULES` and `TUTORIAL` for one test; its name."""
    monkeypatch.setattr(game, "info", replace(game.info, how_to_play=RULES, tutorial=TUTORIAL))
    return game.info.name
