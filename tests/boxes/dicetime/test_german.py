"""Dicetime in German from the first roll to the end: its log, its refusals, its options and the
terminal's screens speak German with the rulebook's words, no English sentence of the game's
own catalogue leaks into them, and English stays as it was."""

from __future__ import annotations

import random
import string

import pytest
from babel.messages.pofile import read_po
from rich.console import Console

import parlour
from parlour.bots.registry import bots_for
from parlour.boxes.dicetime.components import COLOURS
from parlour.i18n import _, speaking
from parlour.i18n.catalogues import parts
from parlour.kernel import SPECTATOR, State
from parlour.terminal.renderers import dicetime

SETUPS = ({"players": 2}, {"players": 1, "mode": "puzzle", "time_limit": 0})


def screen(state: State, seat: int | None) -> str:
    """The terminal's drawing of `seat`'s view, as plain text."""
    console = Console(record=True, width=160, color_system=None)
    console.print(dicetime.render(state.view(seat)))
    return console.export_text()


def played(seed: int, setup: dict[str, object]) -> tuple[State, str]:
    """A game of random legal moves to its end, in the language of the moment: the state and
    everything the terminal drew of it on the way (each seat's screen and a spectator's)."""
    players = int(str(setup["players"]))
    options = {key: value for key, value in setup.items() if key != "players"}
    state = parlour.load("dicetime", players, **options).new(seed)
    moves = random.Random(seed)
    drawn = []
    while not state.over:
        seat = state.to_act[0]
        state.apply(seat, moves.choice(state.legal_actions(seat)))
        drawn.append(screen(state, seat))
    drawn.append(screen(state, SPECTATOR))
    return state, "\n".join(drawn)


def english_leaks() -> list[str]:
    """The English text of the game's own messages (the literal parts of each, placeholders
    aside) longer than 12 characters whose German differs: none may show in German."""
    part = next(part for part in parts() if part.name == "dicetime")
    with part.po("de").open("rb") as file:
        catalogue = read_po(file)
    texts = set()
    for message in catalogue:
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = (
            [message.string] if isinstance(message.string, str) else list(message.string or ())
        )
        for english, german in zip(ids, strings, strict=True):
            for literal, *_fields in string.Formatter().parse(english):
                if len(literal.strip()) > 12 and literal.strip() not in german:
                    texts.add(literal.strip())
    return sorted(texts)


@pytest.mark.parametrize("setup", SETUPS)
def test_a_game_played_in_german_speaks_german_to_its_end(setup: dict[str, object]) -> None:
    with speaking("de"):
        state, drawn = played(7, setup)
        log = [entry["text"] for entry in state.view(0)["log"]]
    assert "gewürfelt" in drawn and "eingetragen" in drawn
    assert "Spiel vorbei. Gewonnen hat" in drawn
    for row in ("3x (3er Pasch)", "Kleine Straße", "Große Straße", "SOS (Chance)", "Gesamt"):
        assert row in drawn
    assert log[-1].startswith(("Du hast ", "Platz 2 hat ", "Die Zeit ist um"))
    leaked = [text for text in english_leaks() if text in drawn]
    assert leaked == []


def test_the_leak_check_knows_the_games_english() -> None:
    leaks = english_leaks()
    assert "Time is up: the score so far counts." in leaks
    assert " rolled first and begins." not in leaks  # stripped
    assert "rolled first and begins." in leaks


def test_another_seat_is_told_in_the_third_person() -> None:
    state = parlour.load("dicetime", 2, start="race").new(3, chance=[1, 1, 2, 3, 5])
    state.apply(1, "roll")
    with speaking("de"):
        texts = [entry["text"] for entry in state.view(0)["log"]]
        own = [entry["text"] for entry in state.view(1)["log"]]
    assert texts == [
        "Platz 2 hat zuerst gewürfelt und beginnt.",
        "Platz 2 hat 1 1 2 3 5 gewürfelt.",
    ]
    assert own == ["Du hast zuerst gewürfelt und beginnst.", "Du hast 1 1 2 3 5 gewürfelt."]


def test_a_refusal_and_an_entry_are_told_in_german() -> None:
    state = parlour.load("dicetime", 1).new(0, chance=[6, 6, 6, 6, 2, 6])
    with speaking("de"):
        with pytest.raises(parlour.IllegalAction, match="erst würfeln"):
            state.apply(0, "enter chance")
        state.apply(0, "roll")
        state.apply(0, "keep 1,2,3,4")
        assert state.view(0)["log"][-1]["text"] == "Du hast 6 6 6 6 6 gewürfelt (6 6 6 6 behalten)."
        state.apply(0, "enter five_of_a_kind")
        assert state.view(0)["log"][-1]["text"] == "Du hast 50 bei 5x (5er Pasch) eingetragen."
        state.apply(0, "roll")
        state.apply(0, "enter sixes")
        state.apply(0, "roll")
        with pytest.raises(parlour.IllegalAction, match="ist schon belegt"):
            state.apply(0, "enter sixes")
        state.apply(0, "roll")
        with pytest.raises(parlour.OptionError, match="spielt man allein"):
            parlour.load("dicetime", 2, mode="puzzle")


def test_english_is_as_it_was() -> None:
    state = parlour.load("dicetime", 2).new(0, chance=[6, 6, 6, 6, 2, 6])
    state.apply(0, "roll")
    state.apply(0, "keep 1,2,3,4")
    state.apply(0, "enter five_of_a_kind")
    assert [entry["text"] for entry in state.view(1)["log"]] == [
        "Seat 1 rolled 6 6 6 6 2.",
        "Seat 1 rolled 6 6 6 6 6 (kept 6 6 6 6).",
        "Seat 1 entered 50 in five of a kind.",
    ]
    drawn = screen(state, 0)
    assert "Three of a kind (3x)" in drawn and "Upper total · bonus" in drawn
    assert "You (red)" in drawn


def test_the_colours_option_offers_the_palette_seat_by_seat() -> None:
    """The lobby's colour picker asks each seat, its choices the palette in seat order (left
    empty, the game's colours are those, one a seat), each in players' words."""
    described = next(
        option
        for option in parlour.load("dicetime").info.describe()["options"]
        if option["name"] == "colours"
    )
    assert described["per_seat"] and list(described["value_labels"]) == list(COLOURS)
    seats = parlour.load("dicetime", players=3).new(1).view(0)["seats"]
    assert [seat["colour"] for seat in seats] == list(COLOURS[:3])


def test_options_summary_and_bots_are_described_in_german() -> None:
    with speaking("de"):
        described = parlour.load("dicetime").info.describe()
        bots = {bot.name: _(bot.description) for bot in bots_for("dicetime") if bot.game}
    options = {option["name"]: option["description"] for option in described["options"]}
    assert options["colours"].startswith("Die Farbe jedes Platzes")
    assert "Rätsel" in described["summary"]
    assert "Sekunden" in options["time_limit"]
    assert bots["greedy"].startswith("behält Würfel") and "gelösten Tabelle" in bots["optimal"]
