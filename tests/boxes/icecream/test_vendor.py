"""The `vendor` bot, Ice Cream's levels in the menus: legal and reproducible play, decisions
from the view alone, its reward equal to the search's, its levels offered (mcts not)."""

from __future__ import annotations

import numpy as np
import pytest

import parlour
from parlour.bots import make_bot
from parlour.bots.mcts import LEVEL_NAMES
from parlour.bots.registry import describe_bots, easiest_bot
from parlour.bots.search import MARGIN, rewards
from parlour.boxes.icecream import IcecreamState, fast
from parlour.boxes.icecream.bots import OTHERS_WEIGHT
from parlour.boxes.icecream.notation import ACTIONS
from parlour.kernel import OptionError, Rng
from tests.helpers import play_legally

SMALL = "vendor:playouts=40:worlds=2"
"""A budget small enough for tests (the levels' are for play)."""


@pytest.mark.parametrize("players", [3, 5])
def test_it_plays_legally_and_repeats_itself(players: int) -> None:
    game = parlour.load("icecream", players=players)

    def game_of(seed: int) -> tuple[list[str], tuple[int, ...]]:
        bots = [make_bot(game, SMALL, 0, seed), make_bot(game, "greedy", 1, seed)]
        bots += [make_bot(game, "random", seat, seed) for seat in range(2, players)]
        return play_legally(game.new(seed), bots)

    assert game_of(3) == game_of(3)


def test_what_it_cannot_see_changes_nothing() -> None:
    """Two worlds that differ only in what seat 0 cannot see: the same decision each step."""
    game = parlour.load("icecream", players=3)
    state = game.new(4)
    for _ in range(3):  # into the first placements
        state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    seat = state.to_act[0]
    worlds = [game.determinize(state.view(seat), Rng(seed)) for seed in (1, 2)]
    assert isinstance(worlds[0], IcecreamState) and isinstance(worlds[1], IcecreamState)
    assert worlds[0]._face_down != worlds[1]._face_down or worlds[0]._ice != worlds[1]._ice
    choices = {
        make_bot(game, SMALL, seat, 7).choose(world.view(seat), world.legal_actions(seat))
        for world in worlds
    }
    assert len(choices) == 1


def test_its_reward_is_the_searchs() -> None:
    game = parlour.load("icecream", players=4)
    for seed in range(4):
        state = game.new(seed)
        bots = [make_bot(game, "random", seat, seed) for seat in range(4)]
        play_legally(state, bots)
        assert isinstance(state, IcecreamState)
        row = fast.from_state(state)
        ours = [fast.reward(row, seat, MARGIN) for seat in range(4)]
        assert ours == pytest.approx(rewards(state))


def test_successive_halving_keeps_a_candidate_the_playouts_favour() -> None:
    """At a serving turn of four choices, its choice is one of the two best by an independent
    estimate: 2,000 playouts of each choice on the true state."""
    game = parlour.load("icecream", players=3)
    state = game.new(14)
    while not state.over and "draw" not in state.legal_actions(state.to_act[0]):
        seat = state.to_act[0]
        state.apply(
            seat,
            make_bot(game, "greedy", seat, 1).choose(state.view(seat), state.legal_actions(seat)),
        )
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    assert len(legal) == 4
    bot = make_bot(game, "vendor:playouts=4000:worlds=8", seat, 3)
    chosen = bot.choose(state.view(seat), legal)
    assert isinstance(state, IcecreamState)
    world = fast.from_state(state)
    means = []
    for action in legal:
        totals = np.zeros(1)
        seeds = np.arange(2000, dtype=np.int64).reshape(1, 2000)
        code = np.array([ACTIONS.index(action)], dtype=np.int64)
        fast.rollouts(world[None, :], code, seat, seeds, totals, MARGIN, OTHERS_WEIGHT)
        means.append(totals[0] / 2000)
    assert means[legal.index(chosen)] >= sorted(means)[-2]


def test_the_menus_offer_its_levels_and_not_mcts() -> None:
    listed = {bot["name"]: bot for bot in describe_bots("icecream")["bots"]}
    assert [level["name"] for level in listed["vendor"]["levels"]] == [
        f"vendor:{level}" for level in LEVEL_NAMES
    ]
    assert "mcts" not in listed and "flat" not in listed
    assert easiest_bot("icecream") == "vendor:easy"
    assert make_bot("icecream", "mcts:hard", 0, 1).name == "mcts"  # old tables keep theirs


def test_a_bad_setting_or_a_bot_made_without_the_game_is_refused() -> None:
    with pytest.raises(OptionError, match="easy, normal, hard, expert"):
        make_bot("icecream", "vendor:deep", 0, 1)
    with pytest.raises(OptionError, match="playouts=N"):
        make_bot("icecream", "vendor:playouts=0", 0, 1)
    unseated = make_bot("icecream", "vendor:hard", 0, 1)
    state = parlour.load("icecream", players=3).new(1)
    with pytest.raises(RuntimeError, match="loaded game"):
        unseated.choose(state.view(0), state.legal_actions(0))
