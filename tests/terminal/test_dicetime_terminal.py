"""Dicetime in the terminal: the words fit the moment (rolls left or none, the race start only
while it matters), a zero entered by a slip is asked about first, and the puzzle's clock
counts down, survives a save and waits while the hints' table is built."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour.cli.app import app
from parlour.kernel import SPECTATOR, Choice, ExactAdvice, Progress, Solution, View
from parlour.kernel.advice import ignore
from parlour.terminal.prompt import ScriptedPrompt
from parlour.terminal.renderers import dicetime
from parlour.terminal.runner import Quit, TerminalGame

KEEP_WORDS = "keep dice and roll the rest"


def shown(view: View) -> str:
    """The renderer's screen for `view`, as plain text."""
    console = Console(record=True, width=160, color_system=None)
    console.print(dicetime.render(view))
    return console.export_text()


def test_with_no_rolls_left_the_prompt_says_to_enter_the_roll() -> None:
    state = parlour.load("dicetime").new(3)
    for action in ("roll", "roll"):
        state.apply(0, action)
        assert KEEP_WORDS in shown(state.view(0))
    state.apply(0, "roll")
    screen = shown(state.view(0))
    assert KEEP_WORDS not in screen
    assert "no rolls left: enter the roll in an open row" in screen


def test_the_puzzle_with_an_empty_pool_says_to_enter_the_roll() -> None:
    state = parlour.load("dicetime", 1, mode="puzzle").new(3)
    state.apply(0, "roll")
    for _ in range(26):  # the whole pool of rerolls on the first turn
        state.apply(0, "roll")
    screen = shown(state.view(0))
    assert "rerolls left in the pool: 0" in screen
    assert KEEP_WORDS not in screen and "no rolls left" in screen


def finished(state: parlour.State) -> parlour.State:
    """`state` played to its end, each seat rolling once and entering its first open row."""
    while not state.over:
        seat = state.to_act[0]
        state.apply(seat, "roll")
        state.apply(seat, next(a for a in state.legal_actions(seat) if a.startswith("enter")))
    return state


def test_the_race_start_shows_only_in_a_race_and_until_someone_rolls() -> None:
    race = parlour.load("dicetime", 2, start="race").new(1)
    assert "race: whoever rolls first begins" in shown(race.view(SPECTATOR))
    race.apply(1, "roll")
    assert "race" not in shown(race.view(SPECTATOR))
    for options in ({}, {"start": "race"}):
        state = finished(parlour.load("dicetime", 2, **options).new(1))
        screen = shown(state.view(SPECTATOR))
        assert "Game over" in screen and "race" not in screen


def playing(
    lines: list[str], tmp_path: Path, confirm: bool = True, **options: object
) -> tuple[parlour.State, str]:
    """A solo game whose first roll is 1 1 2 3 5, played from `lines` until they run out (the
    game is then saved and left): the state and what the screen showed."""
    state = parlour.load("dicetime", 1, **options).new(0, chance=[1, 1, 2, 3, 5])
    console = Console(record=True, width=160, color_system=None)
    prompt = ScriptedPrompt(lines, console)
    game = TerminalGame(state, ["human"], console, prompt, tmp_path / "s.json", confirm=confirm)
    with pytest.raises(Quit):
        game.play()
    return state, console.export_text()


def test_a_zero_where_another_row_scores_is_asked_about_first(tmp_path: Path) -> None:
    """`ls` (large straight, 0 for 1 1 2 3 5) asks first: no keeps the roll, yes enters it."""
    state, screen = playing(["roll", "ls", "n", "ls", "y"], tmp_path)
    assert state.history == ((0, "roll"), (0, "enter large_straight"))
    question = "Enter 0 in Large straight? Chance would score 12."
    assert screen.count(question) == 2
    assert screen.index("Not played: enter large_straight.") < screen.rindex(question)


def test_a_row_that_scores_is_entered_without_a_question(tmp_path: Path) -> None:
    state, screen = playing(["roll", "ss", "n"], tmp_path)  # 1 2 3 5: no small straight
    assert "Enter 0 in Small straight?" in screen
    state, screen = playing(["roll", "1s"], tmp_path)
    assert state.history == ((0, "roll"), (0, "enter ones"))
    assert "Enter 0" not in screen


def test_the_question_can_be_turned_off(tmp_path: Path) -> None:
    state, screen = playing(["roll", "ls"], tmp_path, confirm=False)
    assert state.history == ((0, "roll"), (0, "enter large_straight"))
    assert "Enter 0" not in screen


def test_no_question_when_every_open_row_scores_zero() -> None:
    """Only when some open row would score more: with nothing better, a 0 is no slip."""
    state = parlour.load("dicetime").new(0, chance=[1, 1, 2, 3, 5])
    state.apply(0, "roll")
    view = state.view(0)
    turn = view["seats"][0]["turn"]
    turn["would_score"] = {"large_straight": 0, "five_of_a_kind": 0}
    assert state.game.confirm(view, "enter large_straight") is None
    turn["would_score"] = {"large_straight": 0, "five_of_a_kind": 0, "chance": 12}
    assert state.game.confirm(view, "enter large_straight") is not None
    assert state.game.confirm(view, "keep 1,2") is None
    assert state.game.confirm(state.view(SPECTATOR), "enter large_straight") is None


def test_play_no_confirm_enters_the_zero_at_once(tmp_path: Path) -> None:
    """`parlour play --no-confirm`: the slip question is off; by default it is asked."""
    first = parlour.load("dicetime").new(0)
    first.apply(0, "roll")
    assert first.view(0)["seats"][0]["turn"]["would_score"]["large_straight"] == 0
    for flags, entered in (([], False), (["--no-confirm"], True)):
        save = tmp_path / f"{entered}.json"
        args = ["play", "dicetime", "--seats", "human", "--seed", "0", "--save", str(save)]
        result = CliRunner().invoke(app, [*args, *flags], "roll\nls\n")
        assert result.exit_code == 0, result.output
        actions = json.loads(save.read_text())["actions"]
        assert ([0, "enter large_straight"] in actions) is entered
        assert ("Enter 0 in Large straight?" in result.output) is not entered


# -- the puzzle's clock ------------------------------------------------------------------------


def test_the_puzzle_counts_down_at_each_prompt(tmp_path: Path) -> None:
    """The header names the clock; before each prompt the time left is shown, counting the
    time used before a resume; a save keeps the time used."""
    state, screen = playing(["roll"], tmp_path, mode="puzzle")
    assert "10:00 on the clock" in screen and "to play" not in screen
    assert screen.count("Time left: 10:00") == 2  # before the roll and after it
    state = parlour.load("dicetime", 1, mode="puzzle").new(0)
    console = Console(record=True, width=160, color_system=None)
    game = TerminalGame(
        state, ["human"], console, ScriptedPrompt([]), tmp_path / "s.json", clock_used=125.0
    )
    with pytest.raises(Quit):
        game.play()
    assert "Time left: 7:55" in console.export_text()
    used = json.loads((tmp_path / "s.json").read_text())["meta"]["clock_used"]
    assert 125 <= used < 130


def puzzle_saved(tmp_path: Path, clock_used: float) -> Path:
    """A saved puzzle of 60 seconds after its first roll, `clock_used` of them used."""
    state = parlour.load("dicetime", 1, mode="puzzle", time_limit=60).new(4)
    state.apply(0, "roll")
    record = state.record
    record["meta"] = {"seats": ["human"], "clock_used": clock_used}
    path = tmp_path / "puzzle.json"
    path.write_text(json.dumps(record))
    return path


def test_a_resumed_puzzle_keeps_the_time_already_used(tmp_path: Path) -> None:
    saved = puzzle_saved(tmp_path, 50.0)
    result = CliRunner().invoke(app, ["play", "--resume", str(saved), "--save", str(saved)], "")
    assert result.exit_code == 0, result.output
    assert "Time left: 0:10" in result.output
    assert json.loads(saved.read_text())["meta"]["clock_used"] >= 50
    spent = puzzle_saved(tmp_path, 60.0)
    result = CliRunner().invoke(app, ["play", "--resume", str(spent), "--save", str(spent)], "")
    assert result.exit_code == 0, result.output
    assert "Time is up" in result.output
    assert json.loads(spent.read_text())["actions"][-1] == [None, "timeout"]


class SlowAdvice(ExactAdvice):
    """Advice whose table takes 1.5 s to build, the first time it is needed (as Dicetime's
    solver does, once per variant), reporting its progress."""

    built = False

    def solve(self, rebuild: bool, progress: Progress) -> Solution:
        for step in range(3):
            time.sleep(0.5)
            progress((step + 1) / 3)
        self.built = True
        return Solution(1.0, 0.0, 1.5, False, None, 0)

    def choices(self, view: View, seat: int) -> list[Choice] | None:
        if not self.built:
            self.solve(False, ignore)
        return None


def test_preparing_the_hints_shows_progress_and_costs_no_clock_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A one-second puzzle with hints: the table's 1.5 s are announced and do not count, so
    the first roll, typed at once, is in time."""
    game = parlour.load("dicetime", 1, mode="puzzle", time_limit=1)
    monkeypatch.setattr(game, "advice", lambda: SlowAdvice(game))
    state = game.new(0)
    console = Console(record=True, width=160, color_system=None)
    prompt = ScriptedPrompt(["roll"], console)
    play = TerminalGame(state, ["human"], console, prompt, tmp_path / "s.json", hints=True)
    with pytest.raises(Quit):
        play.play()
    assert state.history[0] == (0, "roll")
    assert "Preparing the hints" in console.export_text()
