"""Dicecream's tutorial shows what its steps say: the roll it names, the bowl unlocked, the
cube and the topping filled within the sum limit, the others' pick and the bonus card's cream."""

from __future__ import annotations

from typing import Any

from parlour.kernel.learning import Lesson


def _after(moves: int) -> tuple[Lesson, dict[str, Any]]:
    """The lesson once the learner has made its first `moves` accepted moves, and its view."""
    lesson = Lesson("dicecream")
    for _ in range(moves):
        step = lesson.step
        assert step is not None
        assert lesson.attempt(step.moves[0]).accepted
    return lesson, lesson.state.view(0)  # type: ignore[return-value]


def _blue(view: dict[str, Any], seat: int = 0) -> dict[str, Any]:
    sundae: dict[str, Any] = view["seats"][seat]["sundaes"][0]
    return sundae


def test_the_roll_is_the_one_the_step_names() -> None:
    _lesson, view = _after(1)
    faces = {die["colour"]: die["face"] for die in view["turn"]["dice"]}
    assert faces == {"blue": 6, "yellow": 3, "red": 2, "green": 1, "white": 2}


def test_the_bowl_cube_and_topping_fill_the_blue_sundae_up_to_its_limit() -> None:
    _lesson, view = _after(2)
    assert view["turn"]["unlocked"] == [{"sundae": "blue", "limit": 6, "spent": 0}]
    _lesson, view = _after(4)
    assert _blue(view)["cubes"]["red"] == 2 and _blue(view)["toppings"]["yellow"]
    assert view["turn"]["unlocked"][0]["spent"] == 5


def test_a_die_over_the_limit_is_refused_and_the_turn_ends_at_the_limit() -> None:
    lesson, _view = _after(4)
    assert not lesson.attempt("left cream of blue").accepted  # white 2: 5 + 2 > 6
    lesson, view = _after(5)
    assert _blue(view)["cubes"]["green"] == 1
    assert _blue(view, 1)["cubes"]["red"] == 2, "Seat 2 took the red 2"
    assert view["phase"] == "take" and view["active"] == 1
    assert view["turn"]["takeable"] == ["white"]


def test_the_take_and_the_bonus_fill_both_cream_spaces() -> None:
    lesson, view = _after(6)
    assert _blue(view)["cream"] == {"left": None, "right": 5}
    assert [card["key"] for card in view["bonus_cards"]] == ["blue-topping", "left-cream-2"]
    lesson, view = _after(7)
    assert lesson.done
    assert _blue(view)["cream"] == {"left": 2, "right": 5}
    assert _blue(view)["score"] == 2 + 1 + 2 + 5 + 2  # cubes, cream, both cream spaces
