"""`parlour learn GAME`: every game's tutorial played through at the terminal, in English and
German, with the asked moves, one wrong move, `help` and `rules`; each step's text is shown in
that language, and answering yes starts a real game against the game's easiest bot."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

import parlour
from parlour.bots.registry import easiest_bot
from parlour.i18n import LANGUAGES, _, speaking
from parlour.kernel import FrontEnd, Lesson, ParlourError, Section, Step, Tutorial, game_class

GAMES = [info.name for info in parlour.games()]
BORDERS = str.maketrans("", "", "│╭╮╰╯─┃━┏┓┗┛")

LOCAL = Tutorial(
    intro="A short game of Dicetime to show the rows.",
    steps=(
        Step("First roll the dice: type roll.", ("roll",), wrong="Roll first."),
        Step(
            "Five sixes! Enter them in the five of a kind row.",
            ("enter five_of_a_kind",),
            wrong="Five of a kind scores fifty points here: enter them there.",
        ),
        Step("The other player rolls.", ("roll",), seat=1),
        Step("And enters a poor throw as chance.", ("enter chance",), seat=1),
        Step("Your turn again: roll.", ("roll",)),
    ),
    finale="That is how the rows fill up.",
    chance=(6, 6, 6, 6, 6, 1, 2, 3, 4, 5, 2, 2, 3, 4, 4),
)
"""A tutorial of the test's own, so that the terminal's lesson is tested before every game
brings its own."""


def flat(text: str) -> str:
    """`text` without panel borders and with its whitespace (line wraps) made single spaces."""
    return " ".join(text.translate(BORDERS).split())


def script(game: str) -> tuple[list[str], list[str]]:
    """The lines a learner types to play `game`'s tutorial through (help and rules first, one
    wrong move where a step has one), and what the lesson must show in the language of the
    moment: its intro, every step's text, the moves to type for the learner's steps, the wrong
    move's explanation and its finale."""
    lesson = Lesson(game)
    tutorial = lesson.tutorial
    lines, wrong_done = ["help", "rules"], False
    texts = [_(tutorial.intro), *(_(step.say) for step in tutorial.steps), _(tutorial.finale)]
    texts += [
        _("Type: {moves}").format(moves=" / ".join(step.moves))
        for step in tutorial.steps
        if step.seat == tutorial.learner and step.moves
    ]
    while (step := lesson.step) is not None:
        legal = lesson.state.legal_actions(tutorial.learner)
        others = [action for action in legal if step.moves and action not in step.moves]
        if others and not wrong_done:
            lines.append(others[0])
            texts.append(lesson.attempt(others[0]).text)
            wrong_done = True
        move = step.moves[0] if step.moves else legal[0]
        assert lesson.attempt(move).accepted
        lines.append(move)
    return lines, texts


@pytest.fixture
def local_tutorial(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Dicetime with the test's own tutorial (and rules), for the length of one test."""
    cls = game_class("dicetime")
    rules = (Section("The rows", ("Each turn fills one row.",)),)
    info = dataclasses.replace(cls.info, tutorial=LOCAL, how_to_play=rules)
    monkeypatch.setattr(cls, "info", info)
    yield "dicetime"


def steps_names(info: parlour.GameInfo) -> list[str | None]:
    """The names the tutorial gives the seats (none without a tutorial)."""
    return info.tutorial.seat_names() if info.tutorial else []


def learned(game: str, lang: str, lines: list[str], tmp_path: Path) -> tuple[int, str]:
    """Run `parlour learn GAME --lang LANG` typing `lines` (in `tmp_path`): its exit code and
    what it showed."""
    from parlour.cli.app import app

    result = CliRunner().invoke(app, ["learn", game, "--lang", lang], "\n".join(lines) + "\n")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def played_through(game: str, lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Play `game`'s tutorial through in `lang` and say yes to the real game: each step's text
    is shown, the wrong move is explained, and the real game is against the easiest bot."""
    monkeypatch.chdir(tmp_path)
    with speaking(lang):
        lines, texts = script(game)
        info = game_class(game).info
        rules = _(info.how_to_play[0].title) if info.how_to_play else info.rulebook
        legal = _("Legal now: {actions}").split("{")[0]
    code, shown = learned(game, lang, [*lines, "ja" if lang == "de" else "yes", "quit"], tmp_path)
    assert code == 0, shown
    for text in texts:
        assert flat(text) in flat(shown)
    assert rules in shown and legal in shown
    assert all(f"({name})" in shown for name in steps_names(info) if name)
    steps = info.tutorial.steps if info.tutorial else ()
    with speaking(lang):  # the page's ways of moving, never the terminal's
        pressed = [_(step.press) for step in steps if step.press]
        pressed += [
            _(text)
            for s in info.how_to_play
            if s.front_end is FrontEnd.PAGE
            for text in s.paragraphs
        ]
    assert not [text for text in pressed if flat(text) in flat(shown)]
    (saved,) = tmp_path.glob(f"parlour-{game}-*.json")  # the real game, saved as it was left
    seats = json.loads(saved.read_text())["meta"]["seats"]
    assert seats[0] == "human" and set(seats[1:]) == {easiest_bot(game)}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_tutorial_plays_through_then_a_real_game(
    game: str, lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    played_through(game, lang, tmp_path, monkeypatch)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_terminal_teaches_a_tutorial(
    local_tutorial: str, lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    played_through(local_tutorial, lang, tmp_path, monkeypatch)


def test_a_wrong_move_is_explained_and_asked_again(local_tutorial: str, tmp_path: Path) -> None:
    lines = ["roll", "enter chance", "enter five_of_a_kind", "keep 9", "roll", "n"]
    code, shown = learned(local_tutorial, "en", lines, tmp_path)
    assert code == 0
    assert "Five of a kind scores fifty points here" in shown  # the step's explanation
    illegal = Lesson.after(local_tutorial, ["roll", "enter five_of_a_kind"]).attempt("keep 9")
    assert not illegal.accepted and flat(illegal.text) in flat(shown)  # the rules' reason
    assert "Well played" in shown and "That is how the rows fill up." in shown
    assert "The other player rolls." in shown and "Your turn again: roll." in shown
    assert not list(tmp_path.glob("*.json"))  # no real game after "n"


def test_the_lesson_speaks_german(local_tutorial: str, tmp_path: Path) -> None:
    code, shown = learned(local_tutorial, "de", ["hilfe", "regeln", "roll", "ende"], tmp_path)
    assert code == 0
    assert (
        "Rot (Platz 1) >" in shown and "Jetzt möglich: roll" in shown and "So spielt man" in shown
    )
    assert "Spielen lernen" in shown and "Tutorial verlassen" in shown
    assert "Legal now" not in shown and "seat 1" not in shown


def test_quit_leaves_the_lesson(local_tutorial: str, tmp_path: Path) -> None:
    code, shown = learned(local_tutorial, "en", ["quit"], tmp_path)
    assert code == 0 and "Left the tutorial" in shown and "Your turn again" not in shown


REFUSED = {
    "icecream": "Ice Cream has no tutorial yet",
    "nosuchgame": "unknown game",
    "icecream --lang fr": "--lang takes en or de, not 'fr'",
}


@pytest.mark.parametrize("args", REFUSED)
def test_a_game_without_a_tutorial_is_a_clear_error(
    args: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from parlour.cli.app import app

    cls = game_class("icecream")
    monkeypatch.setattr(cls, "info", dataclasses.replace(cls.info, tutorial=None))
    result = CliRunner().invoke(app, ["learn", *args.split()])
    assert isinstance(result.exception, ParlourError)  # `main` shows it as one line, exit 2
    assert REFUSED[args] in str(result.exception)
