"""The rules at the terminal: `rules` (or `regeln`) at the prompt of every game, in English and
German, prints the game's how-to-play, then the board again; `help` names it; `parlour rules
GAME` prints the same."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour.cli.app import app
from parlour.i18n import LANGUAGES, _, speaking
from parlour.kernel import FrontEnd, GameInfo, Section, game_class, rules_for
from parlour.terminal.prompt import ScriptedPrompt
from parlour.terminal.renderers import renderer_for
from parlour.terminal.renderers.names import labelled
from parlour.terminal.rules import rules_of
from parlour.terminal.runner import Quit, TerminalGame

GAMES = [info.name for info in parlour.games()]
RULES = (
    Section("Your turn", ("Roll, keep what you like, roll again.", "Then fill one row.")),
    Section("On the page", ("Press the dice you keep.",), FrontEnd.PAGE),
    Section("The end", ("The best total wins.",)),
    Section("Typing", ("Type keep 1,3.",), FrontEnd.TERMINAL),
)


def flat(text: str) -> str:
    return " ".join(text.split())


def told(info: GameInfo) -> list[str]:
    """What the rules must show of `info`, in the language of the moment: every section's
    title and paragraph but the page's own, or where the rulebook is when the game has none."""
    if not info.how_to_play:
        return [info.rulebook]
    shown = [_("How to play {title}").format(title=info.title)]
    for section in rules_for(info, FrontEnd.TERMINAL):
        shown += [_(section.title), *map(_, section.paragraphs)]
    return shown


def at_the_prompt(game: str, lines: list[str], tmp_path: Path) -> str:
    """What a person sees who types `lines` at the first prompt of `game` (others: bots)."""
    state = parlour.load(game).new(1)
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    seats = ["human"] * state.game.players
    prompt = ScriptedPrompt(lines, console)
    with pytest.raises(Quit):
        TerminalGame(state, seats, console, prompt, tmp_path / "save.json").play()
    return console.export_text()


def board_of(game: str) -> str:
    """The first seat's board at the start of `game`, as the test's console draws it."""
    state = parlour.load(game).new(1)
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    console.print(renderer_for(game)(labelled(state.view(0), [None] * state.game.players)))
    return console.export_text()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_rules_at_the_prompt_then_the_board_again(game: str, lang: str, tmp_path: Path) -> None:
    with speaking(lang):
        shown = flat(at_the_prompt(game, ["rules" if lang == "en" else "regeln", "quit"], tmp_path))
        wanted = told(game_class(game).info)
        board = flat(board_of(game))
    for text in wanted:
        assert flat(text) in shown
    rules_at = shown.index(flat(wanted[0]))
    assert shown.index(board) < rules_at < shown.rindex(board)  # the board, the rules, the board


def test_the_rules_are_every_section_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    cls = game_class("dicetime")
    monkeypatch.setattr(cls, "info", dataclasses.replace(cls.info, how_to_play=RULES))
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    console.print(rules_of(cls.info))
    shown = console.export_text().splitlines()
    assert shown == [
        "How to play Dicetime",
        "",
        "Your turn",
        "Roll, keep what you like, roll again.",
        "Then fill one row.",
        "",
        "The end",
        "The best total wins.",
        "",
        "Typing",
        "Type keep 1,3.",
    ]  # the terminal's way of moving, never the page's


def test_a_game_without_rules_yet_points_to_its_rulebook(monkeypatch: pytest.MonkeyPatch) -> None:
    cls = game_class("likedice")
    monkeypatch.setattr(cls, "info", dataclasses.replace(cls.info, how_to_play=()))
    with speaking("de"):
        result = CliRunner().invoke(app, ["rules", "likedice", "--lang", "de"])
    assert result.exit_code == 0
    assert (
        flat(result.output)
        == f"Für Like Dice gibt es hier noch keine Regeln: lies {cls.info.rulebook}."
    )


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_parlour_rules_prints_them(game: str, lang: str) -> None:
    result = CliRunner().invoke(app, ["rules", game, "--lang", lang])
    assert result.exit_code == 0, result.output
    with speaking(lang):
        for text in told(game_class(game).info):
            assert flat(text) in flat(result.output)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_names_rules(lang: str, tmp_path: Path) -> None:
    with speaking(lang):
        shown = flat(at_the_prompt("dicetime", ["help", "quit"], tmp_path))
    assert ("rules, save [FILE]" if lang == "en" else "regeln, save [DATEI]") in shown
