"""Ice Cream in German, end to end: seeded random games told with `speaking("de")` show the
German log, reasons and terminal screen, and no English phrase of the game's own catalogue
leaks into them; the same games in English still read in English."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from parlour import IllegalAction
from parlour.bots.registry import describe_bots
from parlour.boxes.icecream import IcecreamState
from parlour.i18n import speaking

from .helpers import new_game, random_step
from .test_render import shown

CATALOGUE = Path(__file__).resolve().parents[3] / "src/parlour/boxes/icecream/locale/de.po"
FIELD = re.compile(r"\{[^}]*\}")


def english_phrases() -> set[str]:
    """Every stretch of English text (longer than 12 characters, between placeholders) of the
    game's catalogue that its German translation does not share."""
    with CATALOGUE.open("rb") as po:
        catalogue = read_po(po)
    phrases = set()
    for message in catalogue:
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else message.id
        told = message.string
        german = told if isinstance(told, str) else " ".join(told or ())
        for text in ids:
            for piece in FIELD.split(text):
                piece = piece.strip(" .:;,()\n")
                if len(piece) > 12 and piece not in german:
                    phrases.add(piece)
    return phrases


def played(players: int, seed: int) -> tuple[IcecreamState, list[str]]:
    """A random game to its end, with what was drawn on the way: the terminal screen of the
    seat to act every few steps, and each refusal of an action not legal then."""
    state = new_game(players, seed=seed)
    rnd = random.Random(seed)
    said: list[str] = []
    for step in range(10_000):
        if not state.to_act:
            break
        seat = state.to_act[0]
        if step % 7 == 0:
            said.append(shown(state.view(seat)))
            for wrong in ("serve 12", "discard", "cone 12", "draw"):
                if wrong not in state.legal_actions(seat):
                    with pytest.raises(IllegalAction) as refused:
                        state.apply(seat, wrong)
                    said.append(str(refused.value))
                    break
        random_step(state, rnd)
    said.extend(shown(state.view(seat)) for seat in (0, None))
    return state, said


@pytest.mark.parametrize(("players", "seed"), [(3, 5), (5, 11)])
def test_a_game_in_german_reads_in_german(players: int, seed: int) -> None:
    with speaking("de"):
        state, said = played(players, seed)
        log = [entry["text"] for entry in state.view(0)["log"]]
    text = "\n".join([*said, *log])
    assert "Tag 1 beginnt" in text and "Spielende" in text
    assert "Tüte" in text and "Kugel" in text and "Eiscreme-Stapel" in text
    assert any(word in text for word in ("nicht jetzt", "es gibt keine Tüte", "du kannst Tüte"))
    leaks = sorted(phrase for phrase in english_phrases() if phrase in text)
    assert not leaks, leaks


def test_the_bots_are_described_in_german() -> None:
    with speaking("de"):
        listed = describe_bots("icecream")["bots"]
    greedy = next(bot for bot in listed if bot["name"] == "greedy")
    assert greedy["description"].startswith("behält Lieferungen neuer Sorten")


def test_the_same_game_in_english_is_unchanged() -> None:
    with speaking("en"):
        state, said = played(3, 5)
    text = "\n".join([*said, *(entry["text"] for entry in state.view(0)["log"])])
    assert "Day 1 begins; You deal." in text and "Game over" in text and "cone" in text
    assert "Tüte" not in text
