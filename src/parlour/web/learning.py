"""The rules and the tutorial of a game as the pages read them, told in the language of the
moment. The tutorial is stateless: each request carries the learner's accepted moves, and the
lesson is rebuilt from them (`Lesson.after`), so nothing of it lives on the server."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.bots.registry import easiest_bot
from parlour.i18n import _
from parlour.kernel import FrontEnd, GameInfo, Lesson, real_game_players, rules_for
from parlour.kernel.registry import game_class
from parlour.web.live import TableError


def info_of(name: str) -> GameInfo:
    """The game called `name`, or a 404 naming the games there are."""
    try:
        return game_class(name).info
    except ValueError as error:
        raise TableError(404, str(error)) from error


def rules(name: str) -> list[dict[str, Any]]:
    """The game's "How to play" as the page tells it, section by section (its own way of
    moving, never the terminal's commands)."""
    return [
        {"title": _(section.title), "paragraphs": [_(text) for text in section.paragraphs]}
        for section in rules_for(info_of(name), FrontEnd.PAGE)
    ]


def lesson(name: str, moves: Sequence[str], attempt: str | None) -> dict[str, Any]:
    """Where the tutorial stands after the learner's `moves`, with `attempt` tried (its
    feedback), for the learner's page."""
    tutorial = info_of(name).tutorial
    if tutorial is None:
        raise TableError(404, _("{game} has no tutorial yet").format(game=name))
    walked = Lesson.after(name, moves)
    accepted = list(moves)
    feedback = None
    if attempt is not None:
        told = walked.attempt(attempt)
        feedback = {"accepted": told.accepted, "text": told.text}
        if told.accepted:
            accepted.append(attempt)
    learner = tutorial.learner
    state = walked.state
    step = walked.step
    return {
        "intro": _(tutorial.intro),
        "say": None if step is None else _(step.say),
        "press": _(step.press) if step is not None and step.press else None,
        "said": walked.said,
        "feedback": feedback,
        "moves": accepted,
        "view": state.view(learner),
        "legal": []
        if step is None or learner not in state.to_act
        else state.legal_actions(learner),
        "seat": learner,
        "names": tutorial.seat_names(),
        "done": walked.done,
        "finale": _(tutorial.finale) if walked.done else None,
        "bot": easiest_bot(name),
        "players": real_game_players(info_of(name)),
    }
