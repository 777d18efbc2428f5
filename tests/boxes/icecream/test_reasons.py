"""The rules' refusals as codes (`rules.verify_*`, the one source of legality) and their words;
the game's full action list and length bound."""

from __future__ import annotations

import pytest

import parlour
from parlour.boxes.icecream import rules
from parlour.boxes.icecream.rules import cone_of
from parlour.kernel import IllegalAction, Reason

from .helpers import BR, CC, CH, P, S, Shoe, V, keep_all, new_game, play

FULL = cone_of([S, S, V, V])
TWO = cone_of([S, V])
HAND = rules.hand_of([S, V])


def test_a_delivery_may_be_discarded_only_while_the_deck_has_a_card() -> None:
    assert rules.verify_discard(1) is None
    assert rules.verify_discard(0) == Reason("must_keep")


def test_no_thirteenth_cone() -> None:
    assert rules.verify_new_cone(11) is None
    assert rules.verify_new_cone(12) == Reason("all_cones_started", {"cones": 12, "most": 4})


def test_a_scoop_goes_on_a_cone_with_room() -> None:
    assert rules.verify_cone(1, {1: TWO}) is None
    assert rules.verify_cone(1, {1: FULL}) == Reason("cone_full", {"cone": 1, "most": 4})
    assert rules.verify_cone(1, {}) == Reason("no_cone_yet")
    assert rules.verify_cone(3, {1: TWO, 2: FULL}) == Reason(
        "no_such_cone", {"cone": 3, "cones": [1, 2]}
    )


def test_serving_refusals() -> None:
    cones = {1: TWO, 2: cone_of([S, P]), 3: cone_of([CC, CH]), 4: cone_of([BR])}
    exact = rules.exact_cones(cones, HAND)
    assert exact == (1,)
    assert rules.verify_serve(1, cones, HAND, exact) is None
    assert rules.verify_serve(2, cones, HAND, exact) == Reason("must_serve_exact", {"exact": [1]})
    assert rules.verify_draw(5, exact) == Reason("must_serve_exact", {"exact": [1]})
    del cones[1]
    assert rules.verify_serve(2, cones, HAND, ()) is None
    assert rules.verify_serve(4, cones, HAND, ()) is None
    assert rules.verify_serve(3, cones, HAND, ()) == Reason(
        "too_many_missing", {"count": 2, "cone": 3, "missing": ["chocolate chip", "chocolate"]}
    )
    assert rules.verify_serve(1, cones, HAND, ()) == Reason(
        "no_cone_to_serve", {"cone": 1, "cones": [2, 3, 4]}
    )
    assert rules.verify_draw(5, ()) is None
    assert rules.verify_draw(0, ()) == Reason("nothing_to_draw")


@pytest.mark.parametrize(
    ("reason", "text"),
    [
        (
            Reason("must_serve_exact", {"exact": [1, 2]}),
            "you can serve cone 1 or 2 exactly, so you must serve one of those",
        ),
        (
            Reason(
                "too_many_missing", {"count": 2, "cone": 3, "missing": ["pistachio", "vanilla"]}
            ),
            "you lack 2 of cone 3's scoops (pistachio, vanilla): a cone may be served with at "
            "most one scoop missing",
        ),
        (Reason("wait_cones"), "not now: the players are making cones"),
        (
            Reason("not_legal", {"action": "jump", "legal": ["keep"]}),
            "'jump' is not a legal action now; legal: keep",
        ),
    ],
)
def test_reasons_in_words(reason: Reason, text: str) -> None:
    assert parlour.load("icecream", 3).tell(reason) == text


def test_a_refused_action_carries_its_reason() -> None:
    shoe = Shoe().ice(S, V, P).ice(BR, V, CH).scoops(P)
    state = keep_all(new_game(3, shoe))
    with pytest.raises(IllegalAction, match="not now: the players are making cones") as refused:
        state.apply(0, "serve 1")
    assert refused.value.reason == Reason("wait_cones")
    play(state, "new cone")
    with pytest.raises(IllegalAction) as refused:
        state.apply(1, "cone 2")
    assert refused.value.reason == Reason("no_such_cone", {"cone": 2, "cones": [1]})
    assert state.refusal(1, "cone 1") is None


def test_the_full_action_list() -> None:
    actions = parlour.load("icecream", 4).all_actions()
    assert actions[:2] == ("keep", "discard")
    assert actions[2:14] == tuple(f"cone {n}" for n in range(1, 13))
    assert actions[14:] == ("new cone", *(f"serve {n}" for n in range(1, 13)), "draw")


@pytest.mark.parametrize(("players", "bound"), [(3, 4 * 69), (4, 4 * 70), (5, 4 * 72)])
def test_the_length_bound(players: int, bound: int) -> None:
    game = parlour.load("icecream", players)
    assert game.length_bound() == bound
    assert [c.max_actions for c in game.info.configurations if c.players == players] == [bound]
