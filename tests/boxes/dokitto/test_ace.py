"""The `ace` bot, Dokitto! Ice's levels in the menus: `pimc` at two players and `mcts` at more,
at the level chosen, deciding exactly as that engine seeded from it does."""

from __future__ import annotations

import pytest

import parlour
from parlour.bots import make_bot
from parlour.bots.mcts import LEVEL_NAMES, MctsBot
from parlour.bots.registry import describe_bots, easiest_bot
from parlour.boxes.dokitto import ace, pimc, playout
from parlour.kernel import OptionError, Rng
from tests.helpers import play_legally

TWO = parlour.load("dokitto", players=2)
THREE = parlour.load("dokitto", players=3)


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_each_level_is_pimc_at_two_players_and_mcts_at_more(level: str) -> None:
    two = make_bot(TWO, f"ace:{level}", 0, 1)
    assert isinstance(two, ace.AceBot) and isinstance(two.inner, pimc.PimcBot)
    assert two.inner.settings == pimc.LEVELS[level]
    three = make_bot(THREE, f"ace:{level}", 0, 1)
    assert isinstance(three, ace.AceBot) and isinstance(three.inner, MctsBot)
    assert three.inner.settings == playout.LEVELS[level]


@pytest.mark.parametrize(("game", "engine"), [(TWO, "pimc:normal"), (THREE, "mcts:normal")])
def test_it_decides_as_its_engine_seeded_from_it_does(game: parlour.Game, engine: str) -> None:
    state = game.new(5)
    for _ in range(4):
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        mine = make_bot(game, "ace:normal", seat, 9).choose(state.view(seat), legal)
        theirs = make_bot(game, engine, seat, Rng(9).seed()).choose(state.view(seat), legal)
        assert mine == theirs
        state.apply(seat, mine)


@pytest.mark.parametrize("game", [TWO, THREE], ids=["two", "three"])
def test_it_plays_legally_and_repeats_itself(game: parlour.Game) -> None:
    def game_of(seed: int) -> tuple[list[str], tuple[int, ...]]:
        bots = [make_bot(game, "ace:easy", 0, seed)]
        bots += [make_bot(game, "random", seat, seed) for seat in range(1, game.players)]
        return play_legally(game.new(seed), bots)

    assert game_of(2) == game_of(2)


def test_the_menus_offer_aces_levels_and_not_mcts() -> None:
    listed = {bot["name"]: bot for bot in describe_bots("dokitto")["bots"]}
    assert [level["name"] for level in listed["ace"]["levels"]] == [
        f"ace:{level}" for level in LEVEL_NAMES
    ]
    assert "mcts" not in listed and "pimc" not in listed
    assert easiest_bot("dokitto") == "ace:easy"


def test_a_bad_level_or_a_bot_made_without_the_game_is_refused() -> None:
    with pytest.raises(OptionError, match="easy, normal, hard, expert"):
        make_bot(TWO, "ace:deep", 0, 1)
    unseated = make_bot("dokitto", "ace:hard", 0, 1)
    state = TWO.new(1)
    with pytest.raises(RuntimeError, match="loaded game"):
        unseated.choose(state.view(0), state.legal_actions(0))
