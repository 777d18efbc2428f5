"""Undo at the terminal (issue 31, item 11): `undo` takes back the person's last move where
the kernel allows it, `help` lists it then, and a refused one says why and changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console

import parlour
from parlour.terminal.prompt import ScriptedPrompt
from parlour.terminal.runner import Quit, TerminalGame


def test_undo_takes_back_the_last_move_of_the_turn_and_help_lists_it(tmp_path: Path) -> None:
    state = parlour.load("dicecream", 2).new(3, chance=[0] * 10 + [6, 2, 3, 1, 2])
    console = Console(record=True, width=2000, color_system=None)  # help on one line
    lines = ["roll", "unlock blue", "help", "undo", "help", "undo"]
    game = TerminalGame(
        state, ["human", "human"], console, ScriptedPrompt(lines, console), tmp_path / "s.json"
    )
    with pytest.raises(Quit):
        game.play()
    assert state.history == ((0, "roll"), (0, "unlock blue"), (0, "undo"))
    screen = console.export_text()
    helped = [line for line in screen.splitlines() if line.startswith("Legal now:")]
    assert [line.endswith(", undo") for line in helped] == [True, False]
    assert screen.count("Your last move is taken back.") == 1
    assert "Not possible: 'roll' cannot be taken back" in screen
