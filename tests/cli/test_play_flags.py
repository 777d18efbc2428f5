"""`parlour play` keeps every flag it is given: the players come from --seats when not given,
the menu asks only for what the command line left out, and flags --resume cannot honour are
refused, never dropped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.cli.app import app
from parlour.kernel import ParlourError

runner = CliRunner()


def played(tmp_path: Path, args: list[str], stdin: str) -> tuple[dict, str]:
    """Play `args` (which leaves at the first prompt of the game) and return the saved record
    and what was shown."""
    save = tmp_path / "game.json"
    result = runner.invoke(app, ["play", *args, "--save", str(save)], stdin)
    assert result.exit_code == 0 and result.exception is None, result.output
    return json.loads(save.read_text()), result.output


def test_players_given_without_seats_are_not_asked_again(tmp_path: Path) -> None:
    record, shown = played(tmp_path, ["dicecream", "--players", "3"], "human\ngreedy\ngreedy\n")
    assert record["players"] == 3 and record["meta"]["seats"] == ["human", "greedy", "greedy"]
    assert "Players (" not in shown and "Seat 3" in shown


def test_seats_alone_give_the_number_of_players(tmp_path: Path) -> None:
    record, shown = played(tmp_path, ["dicecream", "--seats", "human,greedy,greedy"], "")
    assert record["players"] == 3 and record["meta"]["seats"] == ["human", "greedy", "greedy"]
    assert "Players (" not in shown


def test_options_given_without_seats_are_kept_and_not_asked(tmp_path: Path) -> None:
    args = ["dicetime", "--players", "2", "--option", "start=race"]
    record, shown = played(tmp_path, args, "human\ngreedy\n")
    assert record["options"]["start"] == "race"
    assert "Change the options?" not in shown


def test_the_menu_keeps_the_options_given_for_the_game_it_picks(tmp_path: Path) -> None:
    record, _ = played(tmp_path, ["--option", "start=race"], "dicetime\n2\nhuman\ngreedy\n")
    assert (record["game"], record["players"], record["options"]["start"]) == (
        "dicetime",
        2,
        "race",
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["dicecream", "--players", "2", "--seats", "human,greedy,greedy"], "names 3 seats for 2"),
        (["dicecream", "--seats", "human,robot"], "no bot 'robot'"),
        (["dicecream", "--players", "3", "--option", "colour=red"], "no option 'colour'"),
    ],
)
def test_flags_that_do_not_fit_are_refused_clearly(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["play", *args], "human\ngreedy\ngreedy\n")
    assert isinstance(result.exception, ParlourError)
    assert message in str(result.exception)


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--players", "3"], "leave out --players"),
        (["--seats", "human"], "leave out --seats"),
        (["--option", "start=race"], "leave out --option"),
        (["--seed", "0"], "leave out --seed"),
        (["dicecream"], "a saved dicetime game, not dicecream"),
    ],
)
def test_resume_refuses_the_flags_it_cannot_honour(
    tmp_path: Path, flags: list[str], message: str
) -> None:
    paused = tmp_path / "paused.json"
    runner.invoke(app, ["play", "dicetime", "--seats", "human", "--save", str(paused)], "")
    result = runner.invoke(app, ["play", *flags, "--resume", str(paused)], "")
    assert isinstance(result.exception, ParlourError)
    assert message in str(result.exception)
