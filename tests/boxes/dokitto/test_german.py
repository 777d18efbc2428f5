"""Dokitto! Ice in German, end to end: seeded random games played to their end while speaking
German tell their log, their refusals and the terminal's screen in German, and no English text
of the game's own catalogue leaks into them; in English the same games read as before."""

from __future__ import annotations

import random
import re
from functools import cache

import pytest
from babel.messages.pofile import read_po
from rich.console import Console

import parlour
from parlour import IllegalAction
from parlour.i18n import speaking
from parlour.i18n.catalogues import parts
from parlour.kernel import State
from parlour.terminal.renderers import renderer_for

GAMES = ((2, 3), (3, 5), (4, 8), (5, 13))
"""(players, seed): a random game of each size, capped at two rounds to stay quick."""
SHORTEST = 12
"""English fragments up to this long (`grape`, `Round`) may be words German shares."""


def shown(view: parlour.View) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(renderer_for("dokitto")(view))
    return console.export_text()


def refusals(state: State, seat: int) -> list[str]:
    """The words of a few refused actions for `seat`: a card not in play or not held, and a
    tile choice when none is to be made (or a card while a tile must be chosen)."""
    told = []
    for action in ("play strawberry 1", "play chocolate 13", "take matcha", "play grape 1"):
        if action not in state.legal_actions(seat):
            with pytest.raises(IllegalAction) as refused:
                state.apply(seat, action)
            told.append(str(refused.value))
    return told


def play_through(players: int, seed: int) -> str:
    """Everything a player reads of one random game: each seat's screen and refusals as it
    acts (every few moves), the end's screen and each seat's whole log."""
    game = parlour.load("dokitto", players=players, max_rounds=2)
    state = game.new(seed)
    rng = random.Random(seed)
    read: list[str] = []
    moves = 0
    while not state.over:
        seat = state.to_act[0]
        if moves % 7 == 0:
            read.append(shown(state.view(seat)))
            read.extend(refusals(state, seat))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        moves += 1
    for seat in (*range(players), None):
        view = state.view(seat)
        read.append(shown(view))
        read.extend(entry["text"] for entry in view["log"])
    return "\n".join(read)


@cache
def english_fragments() -> frozenset[str]:
    """The English words of this game's catalogue that German says otherwise: each message
    cut at its placeholders, the fragments longer than `SHORTEST`."""
    part = next(part for part in parts() if part.name == "dokitto")
    with part.po("de").open("rb") as file:
        catalog = read_po(file, locale="de")
    fragments = set()
    for message in catalog:
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = (
            [message.string] if isinstance(message.string, str) else list(message.string or ())
        )
        for english in ids:
            if not english or english in strings:
                continue
            for piece in re.split(r"\{[^}]*\}", english):
                if len(piece.strip()) > SHORTEST:
                    fragments.add(piece.strip())
    return frozenset(fragments)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_game_in_german_reads_german_to_its_end(players: int, seed: int) -> None:
    with speaking("de"):
        text = play_through(players, seed)
    assert "Runde 1: je " in text and " spielt aus." in text
    assert "hat den Stich mit " in text and " gewonnen (" in text
    refused = ("nicht im Spiel", "nicht auf deiner Hand", "musst du bedienen", "kein Plättchen")
    assert sum(words in text for words in refused) >= 2, "refusals are told in German"
    assert "Deine Hand:" in text and "Stapel:" in text and "Plättchen" in text
    assert "Spielende" in text
    leaked = sorted(fragment for fragment in english_fragments() if fragment in text)
    assert not leaked, f"English in the German game: {leaked}"


def test_the_same_game_in_english_reads_as_before() -> None:
    text = play_through(2, 3)
    assert "Round 1: 6 cards each from " in text and "You lead." in text
    assert " won the trick with " in text and "Your hand:" in text and "Stacks:" in text
    assert "Game over" in text
    assert "Runde" not in text and "Plättchen" not in text


def test_the_rules_tutorial_and_options_are_german() -> None:
    info = parlour.load("dokitto", players=2).info
    with speaking("de"):
        told = [info.describe()["summary"], *(o.describe()["description"] for o in info.options)]
    assert "Stichspiel mit Sortenkarten" in told[0]
    assert all(not text.startswith(("the ", "who ")) for text in told[1:])
