"""Like Dice's tutorial shows what its steps say: the scripted chance deals the cards and
challenges its texts name, each answer it asks for is the learner's right answer, and the
lesson ends with the learner's win by the target."""

from __future__ import annotations

from parlour.boxes.likedice.tutorial import CHANCE, TUTORIAL
from parlour.kernel.learning import Lesson

from .helpers import Script, keys


def test_the_chance_deals_what_the_texts_name() -> None:
    script = (
        Script("intermediate")
        .cards("B2 G5", "R4 Y3", "B4 P6", "G6 Y3", "R2 G2")
        .challenge("B")
        .cards("Y4 P5")
        .challenge("G+Y")
        .cards("R6 P4")
        .challenge("R/Y")
        .cards("B1 G1")
        .challenge("P+B+R", "W14")
    )
    assert tuple(script.chance) == CHANCE == TUTORIAL.chance


def test_each_answer_asked_for_is_right_and_each_step_shows_its_rule() -> None:
    lesson = Lesson("likedice")
    seen: list[tuple[str, str]] = []
    while not lesson.done:
        step = lesson.step
        assert step is not None
        view = lesson.state.view(0)
        seen.append((view["challenge"]["key"], step.moves[0]))
        if step.moves[0].startswith("answer "):
            right = lesson.state.solution(0)  # type: ignore[attr-defined]
            assert step.moves == (f"answer {right}",), step.say
        lesson.attempt(step.moves[0])
    assert [key for key, _move in seen] == ["B", "G+Y", "R/Y", "R/Y", "P+B+R", "W14", "W14"]
    view = lesson.state.view(0)
    assert view["over"] and view["winners"] == [0]
    assert keys(view["seats"][0]["display"]) == ["B2 G5", "B4 P6", "R6 P4", "Y4 P5"]
    assert keys(view["seats"][1]["display"]) == ["R4 Y3", "G6 Y3"]
    told = [entry["event"] for entry in view["log"]]
    assert told.count("timeout") == 1 and told.count("nobody") == 1
    assert view["log"][-1]["end"] == "target"


def test_the_first_right_answer_wins_and_the_learner_is_told_theirs_was_right_too() -> None:
    lesson = Lesson.after("likedice", ["answer 6", "answer 20"])
    result = lesson.state.view(0)["result"]
    assert result is not None and result["challenge"] == "G+Y"
    assert result["winner"] == 1
    assert [(c["seat"], c["right"]) for c in result["checked"]] == [(1, True), (0, True)]


def test_the_choice_step_offers_two_cards() -> None:
    lesson = Lesson.after("likedice", ["answer 6", "answer 20", "answer 10"])
    take = lesson.state.view(0)["take"]
    assert take is not None and take["seat"] == 0
    assert [(c["action"], c["card"]["key"]) for c in take["choices"]] == [
        ("take 1", "Y4 P5"),
        ("take 2", "R6 P4"),
    ]
