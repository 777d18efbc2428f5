"""Like Dice in German end to end: seeded random games played to their end while speaking
German tell their log, refusals, options, rules, tutorial and terminal drawing in German, and
no English text of the game's own catalogue leaks into them; in English nothing changed."""

from __future__ import annotations

import io
import random
import re
from functools import cache

import pytest
from babel.messages.pofile import read_po

import parlour
from parlour.boxes.likedice import LikeDice, LikeDiceState
from parlour.boxes.likedice.bots import DESCRIPTIONS
from parlour.boxes.likedice.timing import PRESETS
from parlour.boxes.likedice.words import REASON_TEXTS
from parlour.i18n import _, speaking
from parlour.i18n.catalogues import parts
from parlour.kernel import TABLE, View
from parlour.kernel.learning import Lesson
from parlour.terminal.renderers import renderer_for

SEEDS = range(6)
FIELD = re.compile(r"\{[^}]*\}")


def shown(view: View) -> str:
    """What the terminal renderer prints for a view, as plain text."""
    from rich.console import Console

    console = Console(width=120, file=io.StringIO(), color_system=None)
    console.print(renderer_for("likedice")(view))
    return console.file.getvalue()  # type: ignore[attr-defined]


@cache
def english_phrases() -> frozenset[str]:
    """The English text between the placeholders of every message of the game's catalogue
    whose German differs, where longer than 12 characters: none may show in German."""
    part = next(part for part in parts() if part.name == "likedice")
    with part.po("de").open("rb") as file:
        catalogue = read_po(file)
    phrases: set[str] = set()
    for message in catalogue:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for english, german in zip(map(str, ids), strings, strict=True):
            if english and german != english:
                phrases.update(p.strip() for p in FIELD.split(english) if len(p.strip()) > 12)
    return frozenset(phrases)


def leaked(text: str) -> list[str]:
    return sorted(phrase for phrase in english_phrases() if phrase in text)


def play(seed: int) -> tuple[str, list[str]]:
    """A random game to its end (the table times out now and then, and a third of the
    answers are right): every drawing of seat 0's view and a spectator's, and every refusal
    met on the way, told in the language of the moment."""
    rng = random.Random(seed)
    game = parlour.load("likedice", 2, level="advanced", targets=[3, 3])
    state = game.new(seed)
    assert isinstance(state, LikeDiceState)
    drawings: list[str] = []
    with pytest.raises(parlour.IllegalAction) as first:
        state.apply(0, "answer 100")
    refusals = [str(first.value)]
    while not state.over:
        drawings.append(shown(state.view(0)) + shown(state.view(None)))
        if rng.random() < 0.1 and state.legal_actions(TABLE):
            state.apply(TABLE, "timeout")
            continue
        seat = rng.choice(state.to_act)
        legal = state.legal_actions(seat)
        refused = [a for a in ("answer 100", "take 3", "timeout") if a not in legal]
        with pytest.raises(parlour.IllegalAction) as error:
            state.apply(seat, rng.choice(refused))
        refusals.append(str(error.value))
        right = f"answer {state.solution(seat)}"
        state.apply(seat, right if right in legal and rng.random() < 0.3 else rng.choice(legal))
    drawings.append(shown(state.view(0)))
    return "\n".join(drawings), refusals


@pytest.mark.parametrize("seed", SEEDS)
def test_a_game_in_german_is_told_in_german(seed: int) -> None:
    with speaking("de"):
        drawn, refusals = play(seed)
        reasons = tuple(_(text).split("{")[0] for text in REASON_TEXTS.values())
    assert "Aufgabe 1:" in drawn and "Würfelstapel:" in drawn and "gemeinsam" in drawn
    assert "Spielende" in drawn and "Würfel: b Blau · r Rot · g Grün · y Gelb · p Lila" in drawn
    assert refusals and all(text.startswith(reasons) for text in refusals), refusals
    assert "eine Antwort ist eine ganze Zahl von 0 bis 99 (zwei Ziffern)" in refusals
    assert leaked(drawn + "\n".join(refusals)) == []


def test_the_same_game_in_english_is_told_in_english() -> None:
    drawn, refusals = play(0)
    assert "Challenge 1:" in drawn and "dice deck:" in drawn and "Game over" in drawn
    assert "dice: b blue · r red · g green · y yellow · p purple" in drawn
    assert "an answer is a whole number from 0 to 99 (two digits)" in refusals
    assert "Called (in order):" in leaked(drawn), "the check finds English"
    with speaking("de"):
        german, _refusals = play(0)
    assert german != drawn and leaked(german) == []


def test_options_rules_and_tutorial_are_told_in_german() -> None:
    info = LikeDice.info
    with speaking("de"):
        told = info.describe()
        rules = [_(section.title) for section in info.how_to_play]
        lesson = Lesson("likedice")
        asked = lesson.step
        assert asked is not None
        said = _(asked.say)
        wrong = lesson.attempt("answer 7").text
    assert told["summary"].startswith("Ein Zählwettlauf in Echtzeit")
    assert told["options"][0]["description"].startswith("Welche Aufgabenkarten")
    assert rules[:2] == ["Spielziel", "Die Karten"]
    assert said.startswith("Aufgabe 1 ist Blau") and wrong.startswith("Nicht ganz")
    assert leaked(f"{told}{rules}{said}{wrong}") == []


def test_each_bots_description_says_its_presets_numbers() -> None:
    for preset, skill in PRESETS.items():
        text = DESCRIPTIONS[preset]
        assert (
            f"({skill.reaction:g} s + {skill.per_die:g} s a die, wrong {skill.error:.0%})" in text
        )
