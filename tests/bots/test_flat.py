"""The `flat` baseline: offered beside `mcts` (unlisted), legal and reproducible in every game
that offers it, within its budget of playouts, and strict about settings."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import parlour
from parlour import OptionError
from parlour.bots import make_bot
from parlour.bots.flat import FlatBot
from parlour.bots.registry import bot_info, bots_for, describe_bots
from parlour.kernel import Action, Rng, State, View, game_class, games
from tests.helpers import play_legally

OFFERING = [info.name for info in games() if "flat" in {b.name for b in bots_for(info.name)}]


@pytest.mark.every_game
def test_offered_unlisted_beside_mcts() -> None:
    """Wherever a box offers mcts by `offer_mcts` (every built-in game that searches)."""
    mcts = {info.name for info in games() if "mcts" in {b.name for b in bots_for(info.name)}}
    assert {"dicecream", "dokitto", "icecream"} <= set(OFFERING) <= mcts
    for name in OFFERING:
        assert not bot_info(name, "flat").listed
        assert "flat" not in {bot["name"] for bot in describe_bots(name)["bots"]}


def play(game_name: str, seed: int) -> tuple[list[Action], tuple[int, ...]]:
    """A game of `flat:playouts=12` in seat 0 against random seats."""
    info = game_class(game_name).info
    game = parlour.load(game_name, max(2, info.min_players))
    state = game.new(seed)
    bots = [
        make_bot(game, "flat:playouts=12" if seat == 0 else "random", seat, seed + seat)
        for seat in range(game.players)
    ]
    return play_legally(state, bots)


@pytest.mark.parametrize("game", OFFERING)
def test_plays_legal_actions_and_repeats_itself(game: str) -> None:
    assert play(game, 5) == play(game, 5)


def test_successive_halving_stays_within_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    game = parlour.load("dokitto", 2)
    state = game.new(2)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    assert len(legal) == 6
    played = []

    def counting(state: State, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
        played.append(1)
        return legal[0]

    bot = FlatBot(seat, Rng(1), 60, counting)
    bot.sit(game)
    starts = []
    original = game.determinize

    def counted(view: View, rng: Rng) -> State:
        starts.append(1)
        return original(view, rng)

    monkeypatch.setattr(game, "determinize", counted)
    assert bot.choose(state.view(seat), legal) in legal
    # three rounds (6, 3, 2 candidates), each a third of the budget: 3 + 6 + 10 worlds
    assert len(starts) == 60 // 18 + 60 // 9 + 60 // 6
    assert played


def test_refuses_a_bad_budget() -> None:
    for bad in ("playouts=0", "playouts=x", "hard"):
        with pytest.raises(OptionError, match="playouts=N"):
            make_bot("dokitto", f"flat:{bad}", 0, 1)
