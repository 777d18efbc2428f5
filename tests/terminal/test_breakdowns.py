"""The terminal prints the score breakdowns (`State.breakdowns`) as they come: Dokitto! Ice's
after each round scored, every game's at its end, its totals the final scores; in German too."""

from __future__ import annotations

import io
import re
from pathlib import Path

from rich.console import Console

import parlour
from parlour.i18n import speaking
from parlour.terminal.prompt import ConsolePrompt
from parlour.terminal.runner import TerminalGame


def played(name: str, tmp_path: Path, players: int, **options: object) -> tuple[parlour.State, str]:
    """A game of `random` bots played to its end at the terminal, and all it printed."""
    game = parlour.load(name, players, **options)
    console = Console(file=io.StringIO(), width=120, record=True, color_system=None)
    seats = ["random"] * game.players
    runner = TerminalGame(game.new(5), seats, console, ConsolePrompt(console), tmp_path / "g.json")
    return runner.play(), console.export_text()


def test_each_round_and_the_game_are_broken_down(tmp_path: Path) -> None:
    """A table for every round scored and one for the game, after the round's last move."""
    state, text = played("dokitto", tmp_path, 2, max_rounds=2)
    rounds = [b for b in state.breakdowns(None) if b.kind == "round"]
    assert rounds and text.count("Round 2") >= 1 and "Round 1 " in text
    assert "Lost to a fourth tile" in text and "Final score" in text
    final = text[text.index("Final score") :]
    totals = next(line for line in final.splitlines() if "Total" in line)
    assert re.findall(r"\d+", totals) == [str(points) for points in state.scores]


def test_the_breakdown_speaks_german(tmp_path: Path) -> None:
    with speaking("de"):
        state, text = played("dicetime", tmp_path, 2)
    assert "Endwertung" in text and "Oberer Bereich (Einer bis Sechser)" in text
    assert "Final score" not in text and state.over
