"""A whole game of every game in German, end to end: `parlour play GAME --lang de` (and with
`LANG=de_DE.UTF-8`) against bots, through the real runner, a scripted person typing a bad move,
`hilfe` and then legal moves. The screens are German, the refusal is German, and no English
message of the `parlour` part's catalogue shows."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour.cli import app as cli
from parlour.i18n.catalogues import parts
from parlour.kernel import State, game_class
from parlour.terminal.runner import TerminalGame

GAMES = [info.name for info in parlour.games()]
BAD = "xyzzy"
QUICK = {"likedice": ("time_limit=0", "max_challenges=8")}
"""Options that keep a game short and its clock out of the test (no waiting for a timeout)."""
FIELD = re.compile(r"\{[^}]*\}")


def english_texts() -> list[str]:
    """The English of the `parlour` part's messages that German words differently: each
    message's literal pieces (between its placeholders) longer than 12 characters."""
    (part,) = [part for part in parts() if part.name == "parlour"]
    with part.po("de").open("rb") as file:
        catalogue = read_po(file, locale="de")
    pieces: set[str] = set()
    for message in catalogue:
        if isinstance(message.id, str) and message.id and message.string != message.id:
            pieces.update(piece.strip() for piece in FIELD.split(message.id))
    return sorted(piece for piece in pieces if len(piece) > 12)


class Person:
    """Types a bad move, then `hilfe`, then a random legal move at every prompt of the game
    it is given (the state the runner plays); answers yes to a question, no file to a save."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.state: State | None = None
        self.typed: list[str] = [BAD, "hilfe"]
        self.choices = random.Random(7)

    def ask(self, prompt: str, deadline: float | None = None) -> str | None:
        self.console.print(prompt, end="")
        assert self.state is not None
        if prompt.rstrip().endswith("> ") or prompt.rstrip().endswith(">"):
            if "(j/n)" in prompt:
                line = "j"
            elif self.typed:
                line = self.typed.pop(0)
            else:
                line = self.choices.choice(self.state.legal_actions(0))
        else:
            line = ""
        self.console.print(line)
        return line

    def new_question(self) -> None:
        """Each line is meant for the question it meets."""


def played(game: str, args: list[str], env: dict[str, str], monkeypatch: Any, tmp: Path) -> str:
    """What the screen showed while the person played a whole game of `game` against bots."""
    people: list[Person] = []

    def person(console: Console) -> Person:
        people.append(Person(console))
        return people[-1]

    class Watched(TerminalGame):
        def __init__(self, state: State, *rest: Any, **named: Any) -> None:
            super().__init__(state, *rest, **named)
            people[-1].state = self.state

    monkeypatch.setattr(cli, "ConsolePrompt", person)
    monkeypatch.setattr(cli, "TerminalGame", Watched)
    players = max(2, game_class(game).info.min_players)
    seats = ",".join(["human"] + ["random"] * (players - 1))
    command = ["play", game, "--seats", seats, "--seed", "5", "--save", str(tmp / "game.json")]
    options = [word for option in QUICK.get(game, ()) for word in ("--option", option)]
    result = CliRunner().invoke(cli.app, [*command, *options, *args], env=env)
    assert result.exit_code == 0 and result.exception is None, result.output
    return result.output


SETTINGS = {
    "lang": (["--lang", "de"], {"LANG": "C.UTF-8"}),
    "locale": ([], {"LANG": "de_DE.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}),
}


@pytest.mark.parametrize("setting", SETTINGS)
@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_in_german(
    game: str, setting: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    args, env = SETTINGS[setting]
    shown = played(game, args, env, monkeypatch, tmp_path)
    flat = " ".join(shown.split())
    assert "Nicht möglich:" in flat  # the bad move, refused in German
    assert "Jetzt möglich:" in flat and "regeln, save [DATEI] oder ende" in flat
    assert "Endstand:" in flat and "Gewonnen:" in flat
    assert "noch einmal ansehen mit: parlour replay" in flat
    english = [text for text in english_texts() if text in flat]
    assert not english, english
