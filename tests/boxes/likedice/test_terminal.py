"""Like Dice in the terminal runner: bots call out after their thinking times while the person
thinks, each challenge's clock restarts at its reveal, a person answers and chooses cards by
typing numbers, and a whole game runs through `parlour play`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour.boxes.likedice import LikeDiceState
from parlour.cli.app import app
from parlour.terminal.prompt import WAIT, ScriptedPrompt
from parlour.terminal.runner import Quit, TerminalGame

from .helpers import OWN_COMMON, deal


def console() -> Console:
    return Console(record=True, width=120, color_system=None)


def test_a_bot_calls_out_while_the_person_thinks(tmp_path: Path) -> None:
    """The person waits; the fast counter's answer arrives after its thinking time and is
    shown at once; the person's pass comes after it."""
    state = deal(*OWN_COMMON, ["B", "R"], time_limit=3)
    seats = ["human", "counter:speed=20:error=0"]
    shown = console()
    game = TerminalGame(state, seats, shown, ScriptedPrompt([WAIT, "pass"]), tmp_path / "s.json")
    with pytest.raises(Quit):  # the script ends at the next challenge: saved and left
        game.play()
    assert state.history[:2] == ((1, "answer 5"), (0, "pass"))
    text = shown.export_text()
    bot = "Seat 2 (counter:speed=20:error=0)"  # named with the bot that plays it
    assert text.index(f"{bot} calls 5.") < text.index("You pass.")
    assert f"{bot}'s 5 is right!" in text


def test_each_challenge_gets_its_own_time(tmp_path: Path) -> None:
    """One second a challenge; the person lets two challenges time out (the random bot takes
    a second too, so the table is first), then passes the third: exactly one timeout each."""
    state = deal(*OWN_COMMON, ["B", "R", "G"], time_limit=1)
    prompt = ScriptedPrompt([WAIT, WAIT, "pass"])
    game = TerminalGame(state, ["human", "random"], console(), prompt, tmp_path / "s.json")
    with pytest.raises(Quit):
        game.play()
    assert [seat for seat, _ in state.history[:4]] == [None, None, 0, 1]
    assert state.history[2] == (0, "pass")


class Counting:
    """A person who types the right result at once, and as the winner the number of the
    first card offered."""

    def __init__(self, state: LikeDiceState) -> None:
        self.state = state

    def ask(self, prompt: str, deadline: float | None = None) -> str | None:
        view = self.state.view(0)
        if view["phase"] == "take":
            return view["take"]["choices"][0]["action"].removeprefix("take ")
        return str(self.state.solution(0))

    def new_question(self) -> None:
        """Answers come straight from the state: nothing is typed ahead."""


def test_a_quick_person_wins_every_challenge(tmp_path: Path) -> None:
    state = parlour.load("likedice", 2, time_limit=0).new(7)
    assert isinstance(state, LikeDiceState)
    shown = console()
    TerminalGame(
        state, ["human", "counter-child"], shown, Counting(state), tmp_path / "s.json"
    ).play()
    assert state.over and state.winners == (0,) and state.scores[0] == 10
    mine = [action for seat, action in state.history if seat == 0]
    assert len([action for action in mine if action.startswith("answer")]) == 9
    assert "Final scores" in shown.export_text()


def test_a_whole_game_through_parlour_play(tmp_path: Path) -> None:
    save = tmp_path / "likedice.json"
    args = ["play", "likedice", "--players", "2", "--seats", "human,counter"]
    args += ["-o", "time_limit=0", "-o", "level=advanced", "--seed", "3", "--save", str(save)]
    result = CliRunner().invoke(app, args, "help\n100\n" + "p\n" * 60)
    assert result.exit_code == 0, result.output
    assert "Not possible: an answer is a whole number from 0 to 99" in result.output
    assert "Legal now: answer N (0-99), pass" in result.output
    said = "".join(result.output.split())  # the console wraps long lines, paths too
    assert f"parlouranalyse{save}--seat1" in said  # the review, after the game
    state = parlour.replay(json.loads(save.read_text()))
    assert state.over and state.winners == (1,)
    record = json.loads(save.read_text())
    assert record["meta"] == {"seats": ["human", "counter"]}
    assert len(record["times"]) == len(record["actions"]) and record["times"] == sorted(
        record["times"]
    )
    analysed = CliRunner().invoke(app, ["analyse", str(save), "--seat", "2"])
    assert analysed.exit_code == 0, analysed.output
    assert "Speed and accuracy" in analysed.output and "like the counter's level" in analysed.output


def test_a_saved_race_keeps_each_actions_time_and_its_resumption_goes_on(tmp_path: Path) -> None:
    """The bot's answer is timed at its thinking time, before the person's pass; a game
    resumed from the save goes on timing from where it was saved."""
    state = deal(*OWN_COMMON, ["B", "R"], time_limit=3)
    save = tmp_path / "s.json"
    seats = ["human", "counter:speed=20:error=0"]
    game = TerminalGame(state, seats, console(), ScriptedPrompt([WAIT, "pass"]), save)
    with pytest.raises(Quit):
        game.play()
    record = json.loads(save.read_text())
    first = record["times"]
    assert len(first) == len(record["actions"]) >= 2
    assert 0 < first[0] <= first[1] < 3  # the bot's call, then the pass, within the clock
    args = ["play", "--resume", str(save)]
    result = CliRunner().invoke(app, args, "p\nquit\n")
    assert result.exit_code == 0, result.output
    resumed = json.loads(save.read_text())
    assert resumed["times"][: len(first)] == first
    assert len(resumed["times"]) == len(resumed["actions"]) > len(first)
    assert resumed["times"] == sorted(resumed["times"])
