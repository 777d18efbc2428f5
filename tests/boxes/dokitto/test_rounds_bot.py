"""The `rounds` bot (`boxes/dokitto/rounds.py`): `mcts`'s search with playouts stopped at the
round's end, the rest of the game judged from the totals by a model of the rounds to come."""

from __future__ import annotations

import pytest

import parlour
from parlour.bots import make_bot
from parlour.bots.mcts import MctsBot
from parlour.bots.search import MARGIN, play_stage, rewards
from parlour.boxes.dokitto.playout import playout
from parlour.boxes.dokitto.rounds import LEVELS, RoundLeaf, win_chances
from parlour.boxes.dokitto.state import DokittoState
from parlour.kernel import Rng
from tests.helpers import play_legally

FOUR = parlour.load("dokitto", players=4)


def test_the_chances_to_win_add_up_and_favour_the_leader() -> None:
    level = win_chances((0, 0, 0, 0), None)
    assert sum(level) == pytest.approx(1)
    assert all(abs(chance - 0.25) < 0.03 for chance in level)  # alike, but for the sampling
    ahead = win_chances((9, 2, 1, 0), None)
    assert sum(ahead) == pytest.approx(1) and ahead[0] > 0.9
    assert ahead == win_chances((9, 2, 1, 0), None)  # the same totals, the same judgement


def test_a_cap_ends_the_model_when_the_rounds_run_out() -> None:
    """One round left: whoever leads by more than a round can bring wins; tied leaders split."""
    assert win_chances((8, 0, 0), 1) == (1.0, 0.0, 0.0)
    tied = win_chances((5, 5, 0, 0), 1)
    assert tied[0] == pytest.approx(tied[1], abs=0.05) and tied[2] + tied[3] < 0.01


def test_a_playout_stops_where_its_round_ends_and_is_judged_by_the_totals() -> None:
    state = FOUR.new(3)
    assert isinstance(state, DokittoState)
    leaf = RoundLeaf()
    values = play_stage(state, playout, Rng(1), leaf)
    assert state._round == 2 and not state.over  # the next round is dealt, not played
    totals = state._totals
    chances = win_chances(tuple(totals), None)
    for seat, value in enumerate(values):
        best = max(total for other, total in enumerate(totals) if other != seat)
        margin = (totals[seat] - best) / (totals[seat] + best + 1)
        assert value == pytest.approx(chances[seat] + MARGIN * margin)


def test_the_last_round_is_judged_by_the_game_itself() -> None:
    """A round that ends the game leaves nothing to model: its rewards are the kernel's."""
    game = parlour.load("dokitto", players=4, max_rounds=1)
    state = game.new(3)
    values = play_stage(state, playout, Rng(1), RoundLeaf())
    assert state.over and values == rewards(state)


def test_its_levels_are_mcts_with_the_round_leaf() -> None:
    for level, settings in LEVELS.items():
        bot = make_bot(FOUR, f"rounds:{level}", 0, 1)
        assert isinstance(bot, MctsBot) and isinstance(bot.leaf, RoundLeaf)
        assert bot.settings == settings


def test_it_plays_legally_and_repeats_itself() -> None:
    def game_of(seed: int) -> tuple[list[str], tuple[int, ...]]:
        bots = [make_bot(FOUR, "rounds:iterations=20", 0, seed)]
        bots += [make_bot(FOUR, "random", seat, seed) for seat in range(1, 4)]
        return play_legally(FOUR.new(seed), bots)

    assert game_of(2) == game_of(2)
