"""Inference from play: a world is weighed by how well its hands explain the others' plays this
round, each taken as greedy's softened judgement of the hand it held then."""

from __future__ import annotations

import math

import pytest

import parlour
from parlour.bots import make_bot
from parlour.boxes.dokitto.inference import likelihood, plays_this_round, weighed_worlds
from parlour.kernel import OptionError, Rng
from tests.boxes.dokitto.helpers import Deal, new_state, play
from tests.helpers import play_legally

FLAVOURS = ("grape", "matcha", "vanilla")
LEADER = (
    "grape 7",
    "matcha 4",
    "matcha 5",
    "matcha 6",
    "vanilla 4",
    "vanilla 5",
    "vanilla 6",
    "vanilla 7",
)
VIEWER = (
    "grape 1",
    "grape 3",
    "matcha 7",
    "matcha 8",
    "vanilla 8",
    "vanilla 9",
    "vanilla 10",
    "matcha 9",
)


def after_a_duck(follower: tuple[str, ...]):
    """Seat 1 leads grape 7 and seat 2, holding `follower`, plays grape 2 under it; seat 3
    is to play."""
    state = new_state(FLAVOURS, Deal(hands=(LEADER, follower, VIEWER)))
    return play(state, "grape 7", "grape 2")


def test_a_duck_is_likelier_from_a_hand_that_could_not_win() -> None:
    """Greedy, wanting its first tile, plays to win where it can: ducking under grape 7 with
    grape 12 in hand is unlikely for it, with nothing higher than 7 it is what it does."""
    rest = ("matcha 1", "matcha 2", "matcha 3", "vanilla 1", "vanilla 2", "vanilla 3")
    could = after_a_duck(("grape 2", "grape 12", *rest))
    could_not = after_a_duck(("grape 2", "grape 4", *rest))
    tricks = plays_this_round(could.view(2))
    assert tricks == plays_this_round(could_not.view(2))  # the same plays seen
    ducked, forced = likelihood(could, tricks, 2, 10.0), likelihood(could_not, tricks, 2, 10.0)
    assert 0 < 20 * ducked < forced  # the same lead weighs on both


def test_without_sharpness_every_allowed_card_is_alike() -> None:
    """Sharpness 0: each play weighs one over the cards its hand allowed (two grapes here;
    the leader's lead and the viewer's own plays weigh nothing)."""
    rest = ("matcha 1", "matcha 2", "matcha 3", "vanilla 1", "vanilla 2", "vanilla 3")
    state = after_a_duck(("grape 2", "grape 12", *rest))
    tricks = plays_this_round(state.view(2))
    lead = 1 / 8  # the leader could lead any of its eight cards
    assert likelihood(state, tricks, 2, 0.0) == pytest.approx(lead / 2)
    assert math.isclose(likelihood(state, [([], None)], 2, 0.0), 1.0)  # nothing played yet


def test_the_dealer_draws_worlds_that_agree_with_the_view_and_repeat() -> None:
    game = parlour.load("dokitto", players=4)
    state = game.new(4)
    for _ in range(6):
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    seat = state.to_act[0]
    view = state.view(seat)
    deal = weighed_worlds(16, 10.0)(game, view, seat, Rng(3))
    worlds = [deal(Rng(5)) for _ in range(3)]
    assert all(world.view(seat)["hand"] == view["hand"] for world in worlds)
    assert all(world.legal_actions(seat) == state.legal_actions(seat) for world in worlds)
    again = weighed_worlds(16, 10.0)(game, view, seat, Rng(3))(Rng(5))
    assert again.view(seat) == worlds[0].view(seat) and again.record == worlds[0].record


def test_the_bot_reads_plays_legally_and_repeats_itself() -> None:
    four = parlour.load("dokitto", players=4)

    def game_of(seed: int) -> tuple[list[str], tuple[int, ...]]:
        bots = [make_bot(four, "rounds:iterations=20:infer=10:pool=8", 0, seed)]
        bots += [make_bot(four, "random", seat, seed) for seat in range(1, 4)]
        return play_legally(four.new(seed), bots)

    assert game_of(3) == game_of(3)


@pytest.mark.parametrize("bad", ["infer=-1", "infer=x", "pool=0", "pool=2.5"])
def test_bad_settings_are_refused_by_name(bad: str) -> None:
    with pytest.raises(OptionError, match=f"rounds setting '{bad}' is not allowed"):
        make_bot(parlour.load("dokitto", players=4), f"rounds:{bad}", 0, 1)
