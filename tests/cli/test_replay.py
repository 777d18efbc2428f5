"""`parlour replay`: q or quit leaves, Enter or n steps, anything else is named with the keys
that work, the last step stays until q; --seat N shows a finished game as seat N saw it."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour.cli.app import app
from parlour.kernel import ParlourError, State
from parlour.terminal.renderers import renderer_for

runner = CliRunner()


def random_game(game: str, players: int, actions: int | None = None) -> State:
    """A game of random legal actions, to its end or for `actions` actions."""
    state = parlour.load(game, players).new(seed=3)
    choices = random.Random(1)
    while not state.over and (actions is None or len(state.history) < actions):
        seat = state.to_act[0]
        state.apply(seat, choices.choice(state.legal_actions(seat)))
    return state


def saved(tmp_path: Path, state: State) -> Path:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(state.record))
    return path


def replayed(path: Path, keys: list[str], *flags: str) -> str:
    result = runner.invoke(app, ["replay", str(path), *flags], "".join(f"{k}\n" for k in keys))
    assert result.exit_code == 0 and result.exception is None, result.output
    return result.output


def test_quit_leaves_and_n_steps(tmp_path: Path) -> None:
    path = saved(tmp_path, random_game("dicetime", 1, actions=4))
    shown = replayed(path, ["n", "quit", "n", "n"])
    assert "Action 1 of 4" in shown and "Action 2 of 4" not in shown
    assert "Action 0 of 4" in replayed(path, ["q", "n"]) and "Action 1" not in replayed(path, ["q"])


def test_an_unknown_key_is_named_and_moves_nothing(tmp_path: Path) -> None:
    path = saved(tmp_path, random_game("dicetime", 1, actions=4))
    shown = replayed(path, ["next please", "9", "q"])
    assert "'next please' is not a replay key. Enter or n: next" in shown
    assert "There is no action 9: 0 to 4." in shown
    assert "Action 1 of 4" not in shown


def test_the_last_step_stays_until_q(tmp_path: Path) -> None:
    path = saved(tmp_path, random_game("dicetime", 1, actions=4))
    shown = replayed(path, ["e", "", "x", "n", "b", "q"])
    assert "That was the last action: b goes back, q quits." in shown
    assert "'x' is not a replay key" in shown
    assert shown.index("Action 4 of 4") < shown.index("Action 3 of 4")  # b still worked


def test_seat_shows_a_finished_game_as_that_seat_saw_it(tmp_path: Path) -> None:
    """In a hidden-information game seat 2's view (its hand) is not the spectator's."""
    state = random_game("icecream", 3)
    path = saved(tmp_path, state)
    render = renderer_for("icecream")
    first = parlour.load("icecream", 3).new(seed=3)

    def text(seat: parlour.Seat) -> str:
        console = Console(record=True, width=80)
        console.print(render(first.view(seat)))
        return console.export_text()

    assert text(1) != text(parlour.SPECTATOR)
    shown = replayed(path, ["q"], "--seat", "2")
    assert text(1) in shown and "Action 0 of" in shown and "as seat 2 saw it" in shown
    assert text(parlour.SPECTATOR) in replayed(path, ["q"])


@pytest.mark.parametrize(
    ("actions", "seat", "message"),
    [
        (10, "2", "this game is not over: a seat's view is shown only once the game has ended"),
        (None, "4", "there is no seat 4: seats are numbered 1 to 3"),
        (None, "0", "there is no seat 0"),
    ],
)
def test_seat_is_refused_for_an_unfinished_game_or_a_seat_that_is_not_there(
    tmp_path: Path, actions: int | None, seat: str, message: str
) -> None:
    path = saved(tmp_path, random_game("icecream", 3, actions))
    result = runner.invoke(app, ["replay", str(path), "--seat", seat], "q\n")
    assert isinstance(result.exception, ParlourError)
    assert message in str(result.exception)
