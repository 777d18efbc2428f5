"""What the terminal prints after a refusal: the kernel's neutral words, and the terminal's
own hint where they count the legal actions without listing them."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console

import parlour
from parlour.terminal.prompt import ScriptedPrompt
from parlour.terminal.runner import Quit, TerminalGame


def test_a_refusal_among_many_legal_actions_says_to_type_help(tmp_path: Path) -> None:
    state = parlour.load("dicetime").new(1)
    shown = Console(record=True, width=120, color_system=None)
    game = TerminalGame(state, ["human"], shown, ScriptedPrompt(["roll", "dance"]), tmp_path / "s")
    with pytest.raises(Quit):  # the script ends: saved and left
        game.play()
    count = len(state.legal_actions(0))
    assert count > 12  # too many to list in one refusal
    text = " ".join(shown.export_text().split())
    assert f"Not possible: 'dance' is not one of the {count} legal actions now; type help" in text
