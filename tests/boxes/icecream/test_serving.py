"""Phase 3: the face-down cards are revealed; from the dealer on, one action a turn, round after
round. Case A: a player who can serve a cone exactly must serve one such cone, of their choice.
Case B: otherwise serve a cone with exactly one scoop of a flavour they lack (that scoop goes
back, unscored) or draw an Ice Cream card face up. Served scoops go on the matching card, all
of a flavour on one card. Serving ends with the last cone served, or when the player to act has
no action."""

from __future__ import annotations

import pytest

from parlour import IllegalAction
from parlour.boxes.icecream import rules
from parlour.boxes.icecream.rules import Fit

from ...helpers import snapshot
from .helpers import CC, CH, P, S, V, cones, events, hand, keep_all, new_game, on_cards, play
from .scenarios import DAN, JOE, Q0, Q1, Q2, rulebook_serving, stuck_day


def test_the_face_down_cards_are_revealed_when_serving_begins() -> None:
    state = rulebook_serving()
    revealed = events(state, "reveal", JOE)[-1]["text"]
    assert revealed == (
        "The face-down cards are revealed: Seat 4 chocolate, You chocolate chip, "
        "Seat 1 black raspberry, Seat 2 vanilla, Seat 3 pistachio."
    )
    assert [seat["face_down"] for seat in state.view(None)["seats"]] == [0] * 5


def test_dans_case_a_he_must_serve_a_cone_he_can_serve_exactly() -> None:
    """The rulebook's example: Dan holds one strawberry, one chocolate chip and two chocolate
    cards; the cones left are (strawberry, strawberry, chocolate chip), (chocolate) and
    (pistachio, chocolate, strawberry, strawberry). He must serve the first or the second; he
    cannot serve the third (no pistachio), nor draw. He serves the first: two scoops on his
    strawberry card, one on his chocolate chip card."""
    state = rulebook_serving()
    assert state.to_act == (DAN,)
    assert hand(state, DAN) == {"strawberry": 1, "chocolate chip": 1, "chocolate": 2}
    assert cones(state) == {
        1: ["strawberry", "strawberry", "chocolate chip"],
        2: ["chocolate"],
        3: ["strawberry", "strawberry", "chocolate", "pistachio"],
    }
    assert state.legal_actions(DAN) == ("serve 1", "serve 2")
    assert [cone["fit"] for cone in state.view(DAN)["cones"]] == ["exact", "exact", "near"]
    before = snapshot(state)
    for action in ("serve 3", "draw"):
        with pytest.raises(IllegalAction, match="you can serve cone 1 or 2 exactly, so you must"):
            state.apply(DAN, action)
    assert snapshot(state) == before
    served = on_cards(state, DAN)
    score = state.scores[DAN]
    state.apply(DAN, "serve 1")
    assert on_cards(state, DAN) == {
        **served,
        "strawberry": served.get("strawberry", 0) + 2,
        "chocolate chip": served["chocolate chip"] + 1,
    }
    assert state.scores[DAN] == score + 3
    assert events(state, "serve", DAN)[-1]["text"] == (
        "You served cone 1 exactly (strawberry, strawberry, chocolate chip): 3 points."
    )


def test_joes_case_b_he_may_serve_one_scoop_short_or_draw() -> None:
    """The rulebook's example, the next turn: Joe holds strawberry and chocolate chip; the
    cones left are (chocolate) and (pistachio, chocolate, strawberry, strawberry). He could
    serve the single chocolate (the scoop would go back), not the other (two flavours
    missing); he draws instead: a pistachio."""
    state = play(rulebook_serving(), "serve 1")
    assert state.to_act == (JOE,)
    assert hand(state, JOE) == {"strawberry": 1, "chocolate chip": 1}
    assert state.legal_actions(JOE) == ("serve 2", "draw")
    with pytest.raises(IllegalAction, match=r"you lack 2 of cone 3's scoops \(chocolate, pis"):
        state.apply(JOE, "serve 3")
    deck = state.view(None)["ice_cream_deck"]
    state.apply(JOE, "draw")
    assert hand(state, JOE) == {"strawberry": 1, "chocolate chip": 1, "pistachio": 1}
    assert state.view(None)["ice_cream_deck"] == deck - 1
    assert events(state, "draw", None)[-1]["text"] == "Seat 5 drew pistachio."
    assert state.view(JOE)["cones"][1] == {
        "cone": 3,
        "scoops": ["strawberry", "strawberry", "chocolate", "pistachio"],
        "fit": "near",
        "missing": ["chocolate"],
    }


def test_joes_later_near_serve_scores_three_and_returns_the_chocolate() -> None:
    """Continuing: the cone is not served before Joe's next turn (the others draw; Dan must
    serve the chocolate cone, which he can serve exactly). Joe serves it: the pistachio scoop
    on his pistachio card, the two strawberries on his strawberry card, the chocolate back to
    the Scoop deck: 3 points. It was the last cone: serving ends and the day is scored."""
    state = play(rulebook_serving(), "serve 1", "draw", "draw", "draw", "draw")
    assert state.legal_actions(DAN) == ("serve 2",)
    play(state, "serve 2")
    assert state.to_act == (JOE,) and state.legal_actions(JOE) == ("serve 3", "draw")
    served, score = on_cards(state, JOE), state.scores[JOE]
    state.apply(JOE, "serve 3")
    assert events(state, "serve", None)[-1]["text"] == (
        "Seat 5 served cone 3 with the chocolate scoop missing (strawberry, strawberry, "
        "chocolate, pistachio): 3 points; the chocolate scoop went back."
    )
    assert events(state, "serve", None)[-1]["points"] == 3
    assert served == {"strawberry": 1, "chocolate chip": 3}
    score_entry = events(state, "score", None)[-1]["text"]
    assert "Seat 5 7 + 0 = 7" in score_entry  # 4 on day 2's first turn, 3 now
    assert state.scores[JOE] == score + 3
    assert state.view(None)["day"] == 3
    assert hand(state, JOE) == {}  # strawberry, chocolate chip and pistachio were all opened


def test_all_scoops_of_a_flavour_go_on_one_card() -> None:
    """Dan's first serve on day 2 put three chocolates on one of his two chocolate cards."""
    cards = rulebook_serving().view(None)["seats"][DAN]["cards"]
    assert cards == [
        {"flavour": "strawberry", "scoops": 0},
        {"flavour": "chocolate chip", "scoops": 1},
        {"flavour": "chocolate", "scoops": 3},
        {"flavour": "chocolate", "scoops": 0},
    ]


def test_one_action_a_turn_then_the_next_seat() -> None:
    state = rulebook_serving()
    order = []
    for action in ("serve 1", "draw", "draw", "draw", "draw", "serve 2"):
        seat = state.to_act[0]
        order.append(seat)
        state.apply(seat, action)
        assert state.legal_actions(seat) == ()
        with pytest.raises(IllegalAction, match=f"seat {seat} may not act now"):
            state.apply(seat, "draw")
    assert order == [DAN, JOE, Q0, Q1, Q2, DAN]


def test_near_means_exactly_one_scoop_missing() -> None:
    cone = rules.cone_of([S, S, CC])
    assert rules.fit(cone, rules.hand_of([S, CC])) is Fit.EXACT
    assert rules.fit(cone, rules.hand_of([S, CC, V, P])) is Fit.EXACT  # extra cards are fine
    assert rules.fit(cone, rules.hand_of([S])) is Fit.NEAR  # the chocolate chip is missing
    assert rules.fit(cone, rules.hand_of([CC])) is Fit.NONE  # two strawberry scoops missing
    assert rules.fit(rules.cone_of([CH]), rules.hand_of([])) is Fit.NEAR  # 0 points, allowed
    assert rules.fit(rules.cone_of([P, CH, S, S]), rules.hand_of([S, CC])) is Fit.NONE


def test_serving_ends_when_the_player_to_act_has_no_action() -> None:
    """The deck runs out with every cone two flavours short for everyone: the player to act
    next has no action, so serving ends there (nobody served) and the day is scored."""
    state = stuck_day()
    assert state.legal_actions(2) == ("draw",)
    state.apply(2, "draw")
    kinds = [entry["event"] for entry in state.view(0)["log"]]
    assert kinds[-5:] == ["draw", "stuck", "score", "day", "deal"]
    stuck = events(state, "stuck", 0)[0]
    assert stuck["seat"] == 0 and stuck["text"].startswith("You have no action")
    assert not events(state, "serve")
    assert state.view(None)["day"] == 2 and state.to_act == (0,)


def test_no_draw_from_an_empty_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a one-card-a-flavour deck and five players the deck is empty from the start: a
    player with no exact cone may only serve one scoop short, never draw."""
    monkeypatch.setattr("parlour.boxes.icecream.state.ICE_CREAM_CARDS", 1)
    state = keep_all(new_game(5, seed=1))
    while state.view(None)["phase"] == "cones":
        play(state, state.legal_actions(state.to_act[0])[-1])  # single scoops while allowed
    checked = False
    while state.view(None)["phase"] == "serving" and not checked:
        seat = state.to_act[0]
        fits = {cone["fit"] for cone in state.view(seat)["cones"]}
        if "exact" not in fits:
            legal = state.legal_actions(seat)
            assert legal and all(action.startswith("serve ") for action in legal)
            with pytest.raises(IllegalAction, match="the Ice Cream deck is empty: there is no"):
                state.apply(seat, "draw")
            checked = True
        play(state, state.legal_actions(seat)[0])
    assert checked
