"""Dokitto! Ice's tutorial shows what its steps say: the rules it names happen on the table."""

from __future__ import annotations

from parlour.kernel.learning import Lesson

MOVES = (
    "play grape 12",
    "play matcha 3",
    "take matcha",
    "play grape 2",
    "play vanilla 13",
    "play vanilla 4",
    "play matcha 2",
)


def _view(moves: int) -> dict:
    return dict(Lesson.after("dokitto", MOVES[:moves]).state.view(0))


def test_one_flavour_goes_to_the_highest_and_the_star_brings_its_topping() -> None:
    view = _view(1)
    assert view["tricks"][0]["winner"] == 0
    assert view["cones"][0]["tiles"] == [{"flavour": "grape", "star": True}]
    assert view["cones"][0]["toppings"] == ["grape"]


def test_a_mixed_trick_goes_to_the_lowest_and_its_winner_chooses() -> None:
    view = _view(2)
    assert [play["card"] for play in view["trick"]["plays"]] == ["matcha 3", "vanilla 10"]
    assert view["phase"] == "take" and view["trick"]["winner"] == 0
    assert view["tile_choice"] == ["matcha", "vanilla"]


def test_following_is_enforced_and_the_third_tile_fills_the_cone() -> None:
    lesson = Lesson.after("dokitto", MOVES[:4])
    refused = lesson.attempt("play matcha 2")
    assert not refused.accepted and "must play one: vanilla 4, vanilla 13" in refused.text
    lesson.attempt("play vanilla 13")
    view = lesson.state.view(0)
    assert len(view["cones"][0]["tiles"]) == view["cone_limit"]


def test_dodging_the_fourth_tile_keeps_the_points_and_wins() -> None:
    lesson = Lesson.after("dokitto", MOVES)
    assert lesson.done
    view = lesson.state.view(0)
    assert view["over"] and view["winners"] == [0]
    assert view["last_round"] is not None and view["last_round"]["busted"] is None
    assert view["scores"] == [6, 3]
    assert [len(cone["tiles"]) for cone in view["cones"]] == [3, 3]


def test_leading_matcha_two_would_have_made_a_mixed_trick() -> None:
    """The step that asks for vanilla 4 warns against matcha 2: Seat 2 holds no matcha, so
    the 2 would make a mixed trick, where low cards win; vanilla 4 it must follow."""
    lesson = Lesson.after("dokitto", MOVES[:5])
    other = lesson.state.view(1)["hand"]
    assert other and not [card for card in other if card.startswith("matcha")]
    assert [card for card in other if card.startswith("vanilla") and int(card.split()[1]) > 4]
