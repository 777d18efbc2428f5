"""Saving a terminal game: a save that fails says why and play goes on (also on quit and at
the end of the input); a new game saves to its own file named after the game and the time;
a resumed game saves back to its file; another file is replaced only when the person says so."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour.cli.app import app
from parlour.kernel import ParlourError
from parlour.terminal.prompt import ScriptedPrompt
from parlour.terminal.runner import Quit, TerminalGame
from parlour.terminal.saving import default_save_path

runner = CliRunner()
MISSING = Path("/nonexistent/folder/game.json")


def solo(save: Path, lines: list[str]) -> tuple[TerminalGame, Console]:
    """A solo Dicetime at the terminal, typed by `lines`, saving to `save`; the console is
    wide enough that no message naming a temporary file wraps (a test worker's are long)."""
    console = Console(record=True, width=400, color_system=None)
    state = parlour.load("dicetime").new(seed=4)
    return TerminalGame(state, ["human"], console, ScriptedPrompt(lines), save), console


def saved_actions(path: Path) -> int:
    return len(json.loads(path.read_text())["actions"])


def test_a_save_that_fails_says_why_and_the_game_goes_on(tmp_path: Path) -> None:
    game, console = solo(tmp_path / "own.json", ["roll", f"save {MISSING}", "enter chance"])
    with pytest.raises(Quit):
        game.play()  # the script ends: the game saves to its own file and leaves
    shown = console.export_text()
    assert f"Could not save to {MISSING}: no such file or directory." in shown
    assert "Traceback" not in shown
    assert game.state.history[-1] == (0, "enter chance")  # played on after the failed save
    assert saved_actions(tmp_path / "own.json") == 2


def test_quit_with_an_unwritable_file_offers_another(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.json"
    game, console = solo(MISSING, ["roll", "quit", str(elsewhere)])
    with pytest.raises(Quit):
        game.play()
    shown = console.export_text()
    assert "Could not save to" in shown and f"Saved to {elsewhere}" in shown
    assert saved_actions(elsewhere) == 1


def test_the_end_of_the_input_with_an_unwritable_file_leaves_without_a_traceback() -> None:
    game, console = solo(MISSING, ["roll"])
    with pytest.raises(Quit):
        game.play()
    shown = console.export_text()
    assert "Could not save to" in shown and "Left without saving." in shown


def test_saving_to_another_games_file_asks_first(tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    other.write_text("another game\n")
    game, console = solo(
        tmp_path / "own.json", ["roll", f"save {other}", "n", f"save {other}", "y"]
    )
    with pytest.raises(Quit):
        game.play()
    shown = console.export_text()
    assert f"Not saved: {other} was kept." in shown
    assert f"Saved to {other}. The game saves there from now on." in shown
    assert saved_actions(other) == 1 and not (tmp_path / "own.json").exists()


def test_a_new_game_saves_to_its_own_file_named_after_the_game_and_the_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for _ in range(2):
        result = runner.invoke(app, ["play", "dicetime", "--seats", "human"], "roll\nquit\n")
        assert result.exit_code == 0, result.output
    files = sorted(tmp_path.glob("parlour-dicetime-*.json"))
    assert len(files) == 2 and not (tmp_path / "parlour-save.json").exists()
    assert all(saved_actions(path) == 1 for path in files)


def test_the_default_name_never_takes_an_existing_file(tmp_path: Path) -> None:
    began = datetime(2026, 12, 1, 9, 30)
    first = default_save_path("dicetime", began, tmp_path)
    assert first == tmp_path / "parlour-dicetime-20261201-0930.json"
    first.write_text("{}")
    assert default_save_path("dicetime", began, tmp_path).name.endswith("0930-2.json")


def test_two_new_games_given_the_same_free_name_never_save_over_each_other(
    tmp_path: Path,
) -> None:
    """Two games begun in the same minute are given the same free name; the one that saves
    second takes the next free name instead of replacing the first one's save."""
    name = default_save_path("dicetime", datetime(2026, 12, 1, 9, 30), tmp_path)
    console = Console(record=True, width=400, color_system=None)
    games = []
    for lines in (["roll", "quit"], ["roll", "enter chance", "quit"]):
        state = parlour.load("dicetime").new(seed=4)
        prompt = ScriptedPrompt(lines)
        games.append(TerminalGame(state, ["human"], console, prompt, name, claimed=False))
    for game in games:
        with pytest.raises(Quit):
            game.play()
    second = name.with_name(f"{name.stem}-2.json")
    assert saved_actions(name) == 1 and saved_actions(second) == 2
    assert f"Saved to {second}; resume with" in console.export_text()


def test_a_resumed_game_saves_back_to_its_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    paused = tmp_path / "paused.json"
    args = ["play", "dicetime", "--seats", "human", "--save", str(paused)]
    assert runner.invoke(app, args, "roll\nquit\n").exit_code == 0
    result = runner.invoke(app, ["play", "--resume", str(paused)], "enter chance\nquit\n")
    assert result.exit_code == 0, result.output
    assert saved_actions(paused) == 2
    assert [path.name for path in tmp_path.iterdir()] == ["paused.json"]


def test_save_to_an_existing_file_is_refused_unless_the_person_agrees(tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    other.write_text("another game\n")
    args = ["play", "dicetime", "--seats", "human", "--save", str(other)]
    refused = runner.invoke(app, args, "n\n")
    assert isinstance(refused.exception, ParlourError)
    assert f"{other} was kept" in str(refused.exception)
    assert other.read_text() == "another game\n"
    agreed = runner.invoke(app, args, "y\nroll\nquit\n")
    assert agreed.exit_code == 0, agreed.output
    assert saved_actions(other) == 1


def test_a_failed_save_on_quit_ends_the_command_without_a_traceback() -> None:
    args = ["play", "dicetime", "--seats", "human", "--save", str(MISSING)]
    result = runner.invoke(app, args, "roll\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "Could not save to" in result.output and "Left without saving." in result.output
