"""What the person sees at the terminal runner, for every game: what the runner tells them (a
refusal, help, a save) stays in view under the redrawn board at 80x24; `help` sums up numbered
actions; a prompt the bots interrupt is asked again in its place, not left on screen twice."""

from __future__ import annotations

import io
import os
import random
import re
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

import pytest
from rich.console import Console

import parlour
from parlour.kernel import Action, State, View
from parlour.terminal.commands import HELP
from parlour.terminal.prompt import ConsolePrompt
from parlour.terminal.runner import Quit, TerminalGame, summarised

GAMES = [info.name for info in parlour.games()]


class Snapshots:
    """A person who types `lines`, one a prompt; the console's text is kept as it stood at
    each prompt (what the screen showed when the person was asked)."""

    def __init__(self, console: Console, lines: Sequence[str]) -> None:
        self.console = console
        self.lines = list(lines)
        self.screens: list[str] = []

    def ask(self, prompt: str, deadline: float | None = None) -> str | None:
        self.screens.append(self.console.export_text(clear=False))
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)

    def new_question(self) -> None:
        """Lines are each meant for the prompt they meet: nothing to drop."""


def screens_at_80x24(name: str, lines: Sequence[str], tmp_path: Path) -> list[str]:
    """The screen at each prompt while people play `name` at an 80x24 terminal."""
    game = parlour.load(name)
    console = Console(file=io.StringIO(), width=80, height=24, record=True, color_system=None)
    person = Snapshots(console, lines)
    seats = ["human"] * game.players
    with pytest.raises(Quit):  # the lines run out: the game is saved and left
        TerminalGame(game.new(1), seats, console, person, tmp_path / "save.json").play()
    return person.screens


def tail(screen: str, marker: str) -> list[str]:
    """The screen's lines from the last one holding `marker` on (nothing redrawn after it)."""
    lines = screen.rstrip().splitlines()
    last = max(number for number, line in enumerate(lines) if marker in line)
    return lines[last:]


@pytest.mark.parametrize("name", GAMES)
def test_a_refusal_stays_in_view_above_the_prompt(name: str, tmp_path: Path) -> None:
    refused = screens_at_80x24(name, ["keep 9"], tmp_path)[1]
    assert len(tail(refused, "Not possible:")) <= 3  # the message (wrapped), no board after it


@pytest.mark.parametrize("name", GAMES)
def test_help_and_a_save_stay_in_view_above_the_prompt(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The save's path is relative, so that the words, not a temporary folder's length (longer
    under test workers), decide how the confirmation wraps."""
    monkeypatch.chdir(tmp_path)
    screens = screens_at_80x24(name, ["help", "save kept.json"], tmp_path)
    helped = tail(screens[1], "Legal now:")
    assert helped[-1] == HELP and len(helped) <= 12
    confirmed = tail(screens[2], "Saved to")
    words = " ".join(confirmed).split()
    assert len(confirmed) <= 3 and words[:3] == ["Saved", "to", "kept.json."]
    assert (tmp_path / "kept.json").exists()


def test_help_sums_up_actions_that_differ_in_a_number() -> None:
    answers = [f"answer {number}" for number in range(100)]
    assert summarised([*answers, "pass"]) == ["answer N (0-99)", "pass"]
    cones = ["cone 1", "cone 3", "cone 4", "cone 5", "new cone"]
    assert summarised(cones) == ["cone N (1, 3-5)", "new cone"]
    assert summarised(["serve 2", "serve 6", "serve 8"]) == ["serve N (2, 6, 8)"]
    dice = ["roll", "keep 1", "keep 2", "keep 3", "keep 1,2", "keep 1,3", "enter ones"]
    assert summarised(dice) == ["roll", "keep N (1-3)", "keep 1,2", "keep 1,3", "enter ones"]
    assert summarised(["take 1", "take 2", "take red 3"]) == ["take 1", "take 2", "take red 3"]


def test_help_in_a_game_of_a_hundred_answers_is_one_line(tmp_path: Path) -> None:
    helped = tail(screens_at_80x24("likedice", ["help"], tmp_path)[1], "Legal now:")
    assert helped == ["Legal now: answer N (0-99), pass", HELP]


# -- the prompt, interrupted by the bots ------------------------------------------------------


class Quick:
    """A bot that passes where it may (else takes its first action) after a fifth of a second."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return "pass" if "pass" in legal else legal[0]

    def think_time(self, view: View, legal: Sequence[Action]) -> float:
        return 0.2


def shown_lines(output: str) -> list[str]:
    """The lines a terminal shows for `output`: styles dropped, a line erased where it was
    cleared (back to its start, then erase the line)."""
    lines = []
    for line in output.split("\n"):
        line = re.sub(r"\x1b\[[0-9;]*m", "", line).replace("\x1b[1G", "")
        lines.append(line.rsplit("\x1b[2K", 1)[-1])
    return lines


def both_acting(name: str) -> State:
    """A two-player `name` at a moment where both seats act, the second free to pass."""
    state = parlour.load(name, 2, **({"time_limit": 0} if name == "likedice" else {})).new(3)
    rnd = random.Random(0)
    while not (state.to_act == (0, 1) and "pass" in state.legal_actions(1)):
        seat = state.to_act[0]
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize(
    ("name", "silent"), [("likedice", False), ("dicecream", True)], ids=["shown", "hidden"]
)
def test_a_prompt_the_bots_interrupt_is_on_screen_once(
    name: str, silent: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot passes while the person thinks (its pass is logged, or hidden from the person
    until later); the person's options stay the same, so the same prompt is asked again. The
    person then leaves (the input ends): one prompt is on the screen, not two."""
    state = both_acting(name)
    before = len(state.view(0)["log"])
    typed, keyboard = os.pipe()
    out = io.StringIO()
    console = Console(file=out, width=80, force_terminal=True, color_system=None)
    game = TerminalGame(state, ["human", "random"], console, ConsolePrompt(console), tmp_path / "s")
    game.bots[1] = Quick()  # type: ignore[assignment]  # a stand-in with a known pace
    leave = threading.Timer(1.0, os.close, [keyboard])
    with os.fdopen(typed, "rb", buffering=0) as stdin, pytest.raises(Quit):
        monkeypatch.setattr(sys, "stdin", stdin)
        leave.start()
        game.play()
    leave.join()
    assert state.history[-1] == (1, "pass") and state.to_act == (0,)
    assert (len(state.view(0)["log"]) == before) is silent
    prompts = [line for line in shown_lines(out.getvalue()) if line.startswith("Seat 1 > ")]
    assert len(prompts) == 1, out.getvalue()
