"""The terminal names a seat in one place (`terminal/renderers/names.py`): `You` to its own
viewer, its colour where the game gives one, else its number, and with the bot that plays it
(`Seat 2 (greedy)`) where the runner says; every renderer, the log and the runner use it."""

from __future__ import annotations

import importlib
import io
import pkgutil
from pathlib import Path

import pytest
from rich.console import Console

import parlour
from parlour.kernel import SPECTATOR, GameInfo
from parlour.terminal import renderers
from parlour.terminal.prompt import ScriptedPrompt
from parlour.terminal.renderers.names import PLAYED_BY, labelled, player_name, seat_name
from parlour.terminal.runner import Quit, TerminalGame


def test_a_seat_is_you_its_colour_or_its_number() -> None:
    state = parlour.load("dicetime", 2).new(1)
    colour = str(state.view(0)["seats"][1]["colour"]).capitalize()
    assert seat_name(state.view(0), 0) == "You"
    assert seat_name(state.view(0), 1) == seat_name(state.view(SPECTATOR), 1) == colour
    assert player_name(state.view(0), 1) == f"{colour} (seat 2)"
    plain = parlour.load("dokitto", 3).new(1)
    assert seat_name(plain.view(1), 1) == "You"
    assert seat_name(plain.view(1), 2) == seat_name(plain.view(SPECTATOR), 2) == "Seat 3"
    assert player_name(plain.view(2), 2) == "Seat 3"


def test_every_renderer_names_seats_with_the_one_helper() -> None:
    for found in pkgutil.iter_modules(renderers.__path__):
        module = importlib.import_module(f"{renderers.__name__}.{found.name}")
        assert getattr(module, "seat_name", seat_name) is seat_name, found.name


def test_a_labelled_view_names_the_bot_that_plays_each_seat() -> None:
    played_by = [None, "greedy"]  # a person, then a bot
    coloured = parlour.load("dicetime", 2).new(1)
    colour = str(coloured.view(0)["seats"][1]["colour"]).capitalize()
    view = labelled(coloured.view(0), played_by)
    assert seat_name(view, 0) == "You" and seat_name(view, 1) == f"{colour} (greedy)"
    assert player_name(view, 0) == f"{str(view['seats'][0]['colour']).capitalize()} (seat 1)"
    assert player_name(view, 1) == f"{colour} (seat 2, greedy)"
    seen = parlour.load("dokitto", 2).new(1).view(SPECTATOR)
    view = labelled(seen, played_by)
    assert seat_name(view, 0) == player_name(view, 0) == "Seat 1"
    assert seat_name(view, 1) == player_name(view, 1) == "Seat 2 (greedy)"
    assert PLAYED_BY not in seen  # the kernel's view is left as it was


def test_a_labelled_log_names_the_bots_in_its_lines() -> None:
    state = parlour.load("dokitto", 3).new(2)
    while len(state.history) < 6:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    plain = [entry["text"] for entry in state.view(0)["log"]]
    shown = [entry["text"] for entry in labelled(state.view(0), [None, "greedy", "random"])["log"]]
    assert len(shown) == len(plain) and any("Seat 3" in text for text in plain)
    for before, after in zip(plain, shown, strict=True):
        named = before.replace("Seat 2", "Seat 2 (greedy)").replace("Seat 3", "Seat 3 (random)")
        assert after == named


@pytest.mark.parametrize("info", parlour.games(), ids=lambda info: info.name)
def test_every_game_screen_at_the_runner_names_the_bots(info: GameInfo, tmp_path: Path) -> None:
    game = parlour.load(info.name, max(2, info.min_players))
    seats = ["human"] + ["random"] * (game.players - 1)
    state = game.new(4)
    console = Console(file=io.StringIO(), width=160, record=True, color_system=None)
    with pytest.raises(Quit):  # the person leaves at once
        TerminalGame(state, seats, console, ScriptedPrompt([]), tmp_path / "s.json").play()
    text = console.export_text()
    bot = seat_name(labelled(state.view(0), [None] + ["random"] * (game.players - 1)), 1)
    assert bot.endswith(" (random)") and bot in text


def test_the_final_scores_and_the_log_name_the_bots(tmp_path: Path) -> None:
    console = Console(file=io.StringIO(), width=160, record=True, color_system=None)
    state = parlour.load("dokitto", 2).new(5)
    TerminalGame(state, ["random", "greedy"], console, ScriptedPrompt([]), tmp_path / "s").play()
    text = console.export_text()
    scores = ", ".join(
        f"{name}: {points}"
        for name, points in zip(["Seat 1 (random)", "Seat 2 (greedy)"], state.scores, strict=True)
    )
    assert f"Final scores: {scores}." in text
    assert "· Seat 2 (greedy) played" in text and "· Seat 1 (random) played" in text
