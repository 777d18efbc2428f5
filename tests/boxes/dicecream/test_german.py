"""Dicecream in German: seeded games played to the end tell their log, refusals and terminal
screen in German, with no English text of the game's own catalogue leaking into them."""

from __future__ import annotations

import random
from functools import cache
from io import StringIO

import pytest
from babel.messages.pofile import read_po
from rich.console import Console

import parlour
from parlour.boxes.dicecream.components import BONUS_CARDS, SPACE_NAMES, SPACES
from parlour.boxes.dicecream.words import card_words, space_words
from parlour.i18n import _, speaking
from parlour.i18n.catalogues import parts
from parlour.kernel import IllegalAction, State
from parlour.terminal.renderers.dicecream import render


@cache
def english_phrases() -> frozenset[str]:
    """The English texts of Dicecream's catalogue longer than 12 characters whose German
    differs, cut at their first placeholder (what a leak would show); the spaces' names are
    also canonical actions (`red cube of blue`), typed in every language, so they are not."""
    part = next(part for part in parts() if part.name == "dicecream")
    with part.po("de").open("rb") as file:
        catalogue = read_po(file, locale="de")
    phrases = set()
    for message in catalogue:
        if isinstance(message.id, str) and message.id and message.string != message.id:
            phrase = message.id.split("{")[0].strip()
            if len(phrase) > 12 and phrase not in SPACE_NAMES:
                phrases.add(phrase)
    return frozenset(phrases)


def drawn(state: State, seat: int) -> str:
    console = Console(file=StringIO(), width=160, color_system=None)
    console.print(render(state.view(seat)))
    return console.file.getvalue()  # type: ignore[attr-defined]


def play(seed: int, players: int) -> tuple[State, list[str]]:
    """A random game played to its end; each seat's screen at every step."""
    rnd = random.Random(seed)
    state = parlour.load("dicecream", players).new(seed)
    screens = []
    while not state.over:
        seat = state.to_act[0]
        screens.append(drawn(state, seat))
        state.apply(seat, rnd.choice(tuple(state.legal_actions(seat))))
    screens.append(drawn(state, 0))
    return state, screens


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3)])
def test_a_whole_game_is_told_in_german(seed: int, players: int) -> None:
    with speaking("de"):
        state, screens = play(seed, players)
        log = "\n".join(entry["text"] for entry in state.view(0)["log"])
    assert "Runde 1 beginnt." in log and "Spielende:" in log
    assert "Du hast " in log and "Platz 2 hat " in log
    assert "Schale" in screens[0] and "Kugeln" in screens[0]  # the bowl, not the sundae
    told = log + "\n".join(screens)
    leaks = sorted(phrase for phrase in english_phrases() if phrase in told)
    assert not leaks, leaks


def test_a_refusal_is_told_in_german_with_its_dice_and_spaces_in_words() -> None:
    state = parlour.load("dicecream", 2).new(3, chance=(5, 2, 3, 4, 6))
    state.apply(0, "roll")
    with speaking("de"), pytest.raises(IllegalAction) as raised:
        state.apply(0, "red cube of blue")
    assert str(raised.value) == "Becher Blau ist nicht freigeschaltet: erst unlock blue"
    with pytest.raises(IllegalAction) as raised:
        state.apply(0, "red cube of blue")
    assert str(raised.value) == "the blue sundae is not unlocked: unlock blue first"


def test_the_english_game_is_told_as_before() -> None:
    state, screens = play(1, 2)
    log = [entry["text"] for entry in state.view(0)["log"]]
    assert log[0] == "Round 1 begins."
    assert any(text.startswith("You rolled blue ") for text in log)
    assert any(text.startswith("Seat 2 rolled ") for text in log)
    assert log[-1].startswith("Game over: ")
    assert "tops" in screens[0] and "bonus stack: 10 cards" in screens[0]


def test_the_words_of_spaces_and_cards_are_their_english_names() -> None:
    """`words.py` lists every space and card in English as the components name them (so the
    English log is unchanged), each told in German otherwise."""
    for space in SPACES:
        assert space_words(space.index) == space.name
        with speaking("de"):
            assert space_words(space.index) != space.name
    for index, card in enumerate(BONUS_CARDS):
        assert card_words(index) == card.text
        with speaking("de"):
            assert card_words(index) != card.text


def test_the_pages_labels_of_dice_read_as_german() -> None:
    """Issue 31, item 17: a die's label, as the page composes it for a screen reader, is a
    German phrase ("Würfel Blau mit 6 setzen", not "Würfel Blau zeigt 6 setzen"), and the
    bowl is a "Schale", never the "Becher" the texts call the whole sundae."""
    with speaking("de"):
        die = _("{colour} die showing {face}").format(colour=_("Blue"), face=6)
        labels = [_(action).format(die=die) for action in ("place the {die}", "reroll the {die}")]
        assert labels == ["Würfel Blau mit 6 setzen", "Würfel Blau mit 6 neu würfeln"]
        assert _("bowl") == "Schale"
