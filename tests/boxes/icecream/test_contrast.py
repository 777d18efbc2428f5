"""Why one choice would have been better than another, in words (`Game.contrast`): a delivery
by the flavours held, a scoop by the cones it makes that a seat serves exactly, a serve by the
scoops it scores and what it leaves."""

from __future__ import annotations

from parlour.boxes.icecream import IcecreamState
from parlour.boxes.icecream.contrast import contrast
from parlour.i18n import speaking
from parlour.kernel.advice import sentence

from .helpers import BR, CC, P, S, Shoe, V, keep_all, new_game, play
from .scenarios import DAN, JOE, rulebook_serving


def three_players(*scoops) -> IcecreamState:
    """Face up: vanilla, strawberry, chocolate chip; delivered: vanilla, black raspberry,
    pistachio; the scoops turned over next: `scoops`."""
    return new_game(3, Shoe().ice(V, S, CC).ice(V, BR, P).scoops(*scoops))


def test_a_second_card_of_a_flavour_held_and_a_flavour_lacked_thrown_away() -> None:
    state = three_players(S, S)
    assert contrast(state.view(0), 0, "keep", "discard") == (
        "You already held a vanilla card: a second serves no cone the first does not, and "
        "unopened it brings a single point at the day's end."
    )
    assert contrast(state.view(0), 0, "discard", "keep") is None
    play(state, "keep")
    assert contrast(state.view(1), 1, "discard", "keep") == (
        "You lacked black raspberry: with it you could serve more cones."
    )


def test_a_scoop_that_made_a_bigger_cone_of_ones_own() -> None:
    """Seat 2 holds strawberry and black raspberry; the day's first scoop, a strawberry,
    started cone 1, and seat 2 places the second strawberry."""
    state = play(keep_all(three_players(S, S)), "new cone")
    view = state.view(1)
    assert contrast(view, 1, "new cone", "cone 1") == (
        "on cone 1 the strawberry scoop made a cone of 2 scoops your cards serve exactly; on a "
        "new cone, one of 1."  # the review begins it with a capital
    )


def test_a_scoop_that_made_a_cone_another_seat_serves() -> None:
    """Seat 2 places a chocolate chip scoop: alone on a new cone, seat 3's face-up chocolate
    chip card serves it."""
    state = play(keep_all(three_players(S, CC)), "new cone")
    assert contrast(state.view(1), 1, "new cone", "cone 1") == (
        "on a new cone the chocolate chip scoop made a cone of 1 scoop that the cards Seat 3 "
        "shows serve exactly; on cone 1 it would not have."
    )


def test_serves_by_what_they_score_and_what_a_near_serve_sends_back() -> None:
    """The rulebook's example: Dan may serve cone 1 (3 scoops) or cone 2 (1); then Joe,
    lacking chocolate, may serve cone 2 for nothing or draw."""
    state = rulebook_serving()
    assert contrast(state.view(DAN), DAN, "serve 2", "serve 1") == (
        "Cone 1 would have scored 3, cone 2 scored 1."
    )
    play(state, "serve 1")
    view = state.view(JOE)
    assert contrast(view, JOE, "serve 2", "draw") == (
        "Serving cone 2 sent its chocolate scoop back unscored; a card drawn might have let "
        "you serve it whole."
    )
    assert contrast(view, JOE, "draw", "serve 2") == (
        "Serving cone 2 would have scored 0 scoops now; drawing left it on the table for the "
        "others."
    )


def test_in_german_the_cone_takes_its_case() -> None:
    state = play(keep_all(three_players(S, S)), "new cone")
    with speaking("de"):
        told = sentence(contrast(state.view(1), 1, "new cone", "cone 1"))
    assert told == (
        "Auf Tüte 1 machte die Kugel Erdbeere eine Tüte aus 2 Kugeln, die deine Karten genau "
        "servieren; auf einer neuen Tüte eine aus 1."
    )
