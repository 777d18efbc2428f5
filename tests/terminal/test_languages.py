"""The terminal's language: `--lang en|de`, else the locale (`LANG`), for play, the menu,
replay, learn and rules, for that command only; the typed commands work in English in both
languages, with German aliases that no game's action uses."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import parlour
from parlour.cli.app import app
from parlour.i18n import _, language
from parlour.kernel import ParlourError, game_class, load
from parlour.terminal.commands import WORDS, command

GERMAN = {"LANG": "de_DE.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
ENGLISH = {"LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}


def menu(args: list[str], env: dict[str, str], tmp_path: Path) -> str:
    """`parlour play dicetime --players 2 ARGS`, keeping the options and choosing the seats in
    its menu and leaving at the first prompt of the game: what it showed."""
    save = tmp_path / f"game-{len(list(tmp_path.iterdir()))}.json"  # a new file each time
    command_line = ["play", "dicetime", "--players", "2", "--save", str(save), *args]
    result = CliRunner().invoke(app, command_line, "\nhuman\ngreedy\n", env=env)
    assert result.exit_code == 0 and result.exception is None, result.output
    return result.output


def test_the_locale_decides_without_lang(tmp_path: Path) -> None:
    shown = menu([], GERMAN, tmp_path)
    assert "Wer spielt auf welchem Platz" in shown and "Rot (Platz 1) >" in shown
    assert "In " in shown and "gespeichert; weiterspielen mit: parlour play --resume" in shown
    assert "Who plays each seat" in menu([], ENGLISH, tmp_path)


def test_lang_wins_over_the_locale(tmp_path: Path) -> None:
    shown = menu(["--lang", "en"], GERMAN, tmp_path)
    assert "Who plays each seat" in shown and "Red (seat 1) >" in shown
    assert "Wer spielt auf welchem Platz" in menu(["--lang", "de"], ENGLISH, tmp_path)


def test_the_menu_takes_lang_too(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["--lang", "de"], "", env=ENGLISH)
    assert "Worum es geht" in result.output and "Spiel [" in result.output
    result = CliRunner().invoke(app, ["--lang", "de", "replay", "nothing.json"], env=ENGLISH)
    assert str(result.exception).startswith("kann nothing.json nicht lesen")  # the command's


def test_a_language_parlour_does_not_speak_is_refused() -> None:
    result = CliRunner().invoke(app, ["play", "dicetime", "--lang", "fr"])
    assert isinstance(result.exception, ParlourError)
    assert "--lang takes en or de, not 'fr'" in str(result.exception)


def test_the_language_is_the_commands_alone(tmp_path: Path) -> None:
    menu(["--lang", "de"], ENGLISH, tmp_path)
    assert language() == "en" and _("Seat {number}") == "Seat {number}"


def test_replay_speaks_german(tmp_path: Path) -> None:
    state = load("dicetime", 1).new(seed=3)
    state.apply(0, "roll")
    path = tmp_path / "record.json"
    path.write_text(json.dumps(state.record))
    result = CliRunner().invoke(app, ["replay", str(path), "--lang", "de"], "x\nq\n")
    assert result.exit_code == 0, result.output
    assert (
        "Zug 0 von 1" in result.output and "'x' ist keine Taste der Wiederholung" in result.output
    )


@pytest.mark.parametrize("game", [info.name for info in parlour.games()])
def test_no_alias_is_a_games_action(game: str) -> None:
    words = {word for words in WORDS.values() for word in words}
    for configuration in game_class(game).info.configurations:
        actions = load(game, configuration.players, **configuration.options).all_actions()
        assert not words & set(actions)


def test_every_word_types_its_command() -> None:
    assert [command(word) for word in ("help", "?", "Hilfe ", "rules", "regeln")] == [
        "help",
        "help",
        "help",
        "rules",
        "rules",
    ]
    assert [command(word) for word in ("quit", "exit", "ende", "roll")] == [
        "quit",
        "quit",
        "quit",
        None,
    ]


@pytest.mark.parametrize(("lang", "lines"), [("en", ["hilfe", "ende"]), ("de", ["help", "quit"])])
def test_the_commands_work_in_either_language(lang: str, lines: list[str], tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    seed = str(random.Random(lang).randrange(100))
    args = ["play", "dicetime", "--seats", "human,greedy", "--seed", seed, "--save", str(save)]
    result = CliRunner().invoke(app, [*args, "--lang", lang], "\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert ("Legal now: roll" if lang == "en" else "Jetzt möglich: roll") in result.output
    assert save.exists()  # quit saved the game and left
