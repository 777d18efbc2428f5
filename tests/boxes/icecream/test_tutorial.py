"""Ice Cream's tutorial shows what its steps say: walked move by move, the table at each of
the learner's steps is the one its text describes."""

from __future__ import annotations

from typing import Any

from parlour.boxes.icecream.tutorial import TUTORIAL
from parlour.kernel.learning import Lesson


def walk() -> list[tuple[str, Any, tuple[str, ...], Any]]:
    """For each learner's step: its move, the learner's view and legal actions before it,
    and the view of Seat 2 (whose cones the tutorial spoils) before it."""
    lesson = Lesson("icecream")
    seen: list[tuple[str, Any, tuple[str, ...], Any]] = []
    while lesson.step is not None:
        move = lesson.step.moves[0]
        legal = tuple(lesson.state.legal_actions(0))
        seen.append((move, lesson.state.view(0), legal, lesson.state.view(1)))
        assert lesson.attempt(move).accepted
    seen.append(("", lesson.state.view(0), (), lesson.state.view(1)))
    return seen


def cone(view: Any, number: int) -> Any:
    return next(cone for cone in view["cones"] if cone["cone"] == number)


def test_the_tutorial_is_the_fewest_players_and_a_dozen_moves() -> None:
    learner = [step for step in TUTORIAL.steps if step.seat == TUTORIAL.learner]
    assert TUTORIAL.players == 3 and len(learner) >= 6


def test_each_step_shows_its_rule() -> None:
    steps = walk()
    moves = [move for move, *_ in steps]
    # Deliveries: a second strawberry is dealt face down; discarding takes vanilla.
    _, view, legal, _ = steps[0]
    assert legal == ("keep", "discard") and view["seats"][0]["delivery"] == "strawberry"
    assert [card["flavour"] for card in view["seats"][0]["cards"]] == ["strawberry"]
    _, view, legal, _ = steps[1]
    assert view["seats"][0]["delivery"] == "vanilla" and view["scoop"] == "strawberry"
    assert legal == ("new cone",), "the day's first scoop can only start a cone"
    # Chocolate, a flavour the learner lacks, starts a new cone.
    _, view, _, _ = steps[3]
    assert view["scoop"] == "chocolate" and moves[3] == "new cone"
    # Cone 1 full: no longer offered.
    index = moves.index("cone 4")
    _, view, legal, _ = steps[index]
    assert cone(view, 1)["scoops"] == ["strawberry", "strawberry", "vanilla", "vanilla"]
    assert "cone 1" not in legal
    # Spoiling: cone 5 fits Seat 2 exactly before the strawberry, nearly after.
    index = moves.index("cone 5")
    _, _, _, theirs = steps[index]
    assert cone(theirs, 5)["fit"] == "exact"
    _, _, _, theirs = steps[index + 1]
    assert cone(theirs, 5)["fit"] == "near" and cone(theirs, 5)["missing"] == ["strawberry"]
    # Serving: two exact cones, so only they may be served.
    _, view, legal, _ = steps[moves.index("serve 1")]
    assert legal == ("serve 1", "serve 7") and view["phase"] == "serving"
    assert cone(view, 1)["fit"] == cone(view, 7)["fit"] == "exact"
    _, view, legal, _ = steps[moves.index("serve 7")]
    assert legal == ("serve 7",)
    # No cone fits: draw; the card drawn makes cone 4 near.
    _, view, legal, _ = steps[moves.index("draw")]
    assert legal == ("draw",) and cone(view, 4)["fit"] == "none"
    _, view, legal, _ = steps[moves.index("serve 4")]
    assert legal == ("serve 4", "draw") and cone(view, 4)["missing"] == ["chocolate"]
    # The end: 4 + 1 + 3 points, the chocolate scoop back unscored.
    _, view, _, _ = steps[-1]
    assert view["seats"][0]["total"] == 8
    assert any(
        entry["event"] == "serve" and entry["seat"] == 0 and entry["missing"] == "chocolate"
        for entry in view["log"]
    )
