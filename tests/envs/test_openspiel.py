"""Parlour's games registered with OpenSpiel: their types and parameters, OpenSpiel's own random
simulation test (serialisation included) on each game and mode, chance, returns, strings,
resampling, and OpenSpiel's IS-MCTS and MCTS bots playing them with tiny budgets."""

from __future__ import annotations

import json
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import ismcts, mcts, random_agent

from parlour.envs import openspiel
from parlour.kernel import OptionError, Rng

NAMES = openspiel.register()
"""Every registered game OpenSpiel can play (all but a race, or one unbounded without a cap)."""
BUILT_IN = [f"python_parlour_{name}" for name in ("dicecream", "dicetime", "dokitto", "icecream")]
Kind = pyspiel.GameType

SIMULATED = [
    ("dicecream", {"players": 2}),
    ("dicetime", {"players": 2}),
    ("dicetime", {"players": 2, "mode": "simultaneous"}),
    ("dicetime", {"players": 1, "mode": "puzzle"}),
    ("dokitto", {"players": 2}),
    ("dokitto", {"players": 3, "flavours": "grape+matcha+vanilla", "max_rounds": 2}),
    ("icecream", {"players": 3}),
]
"""Each game, each mode (turns, at once, solo) and a list option, for the random simulation."""


@pytest.fixture(scope="module", autouse=True)
def registered() -> list[str]:
    return openspiel.register()


def load(name: str, **params: int | str | bool) -> pyspiel.Game:
    return pyspiel.load_game(openspiel.PREFIX + name, params)


@pytest.mark.every_game
def test_every_game_but_the_race_is_registered(registered: list[str]) -> None:
    assert registered == NAMES
    assert openspiel.register() == NAMES  # again: nothing changes
    assert set(BUILT_IN) <= set(NAMES) <= set(pyspiel.registered_names())
    assert "python_parlour_likedice" not in pyspiel.registered_names()


def test_the_game_type_follows_the_options() -> None:
    turns = load("dicetime", players=2).get_type()
    assert turns.dynamics == Kind.Dynamics.SEQUENTIAL
    assert turns.information == Kind.Information.PERFECT_INFORMATION
    assert turns.chance_mode == Kind.ChanceMode.EXPLICIT_STOCHASTIC
    assert turns.reward_model == Kind.RewardModel.TERMINAL
    assert turns.utility == Kind.Utility.ZERO_SUM
    at_once = load("dicetime", players=2, mode="simultaneous").get_type()
    assert at_once.dynamics == Kind.Dynamics.SIMULTANEOUS
    assert at_once.information == Kind.Information.IMPERFECT_INFORMATION
    assert load("dicecream", players=3).get_type().dynamics == Kind.Dynamics.SIMULTANEOUS
    dokitto = load("dokitto", players=2).get_type()
    assert dokitto.dynamics == Kind.Dynamics.SEQUENTIAL
    assert dokitto.information == Kind.Information.IMPERFECT_INFORMATION
    assert load("dicetime", players=1).get_type().utility == Kind.Utility.GENERAL_SUM


def test_the_game_info_comes_from_the_kernel() -> None:
    game = load("dokitto", players=2)
    assert game.num_distinct_actions() == len(game.kernel.all_actions())
    assert game.max_game_length() == 30 * 6 * 3  # the adapter's cap: 30 rounds
    assert game.max_chance_outcomes() == game.kernel.chance_bound()
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert game.get_parameters()["max_rounds"] == 30
    five = load("dokitto", players=5, max_rounds=3)
    assert five.max_game_length() == 3 * 13 * 6
    assert five.min_utility() == pytest.approx(-0.25)


def test_a_race_and_an_unbounded_game_are_refused() -> None:
    with pytest.raises(OptionError, match="race"):
        openspiel.ParlourGame("dicetime", {"players": 3, "start": "race"})
    with pytest.raises(OptionError, match="max_rounds above 0"):
        openspiel.ParlourGame("dokitto", {"players": 2, "max_rounds": 0})
    with pytest.raises(OptionError, match="race"):  # through pyspiel too
        load("dicetime", players=2, start="race")


def test_bad_options_are_refused_by_name() -> None:
    with pytest.raises(OptionError, match="mode"):
        openspiel.ParlourGame("dicetime", {"players": 2, "mode": "relay"})
    with pytest.raises(OptionError, match="flavours"):
        openspiel.ParlourGame("dokitto", {"players": 2, "flavours": "grape+grape+matcha"})


@pytest.mark.parametrize(("name", "params"), SIMULATED, ids=lambda value: str(value))
def test_openspiels_random_simulation_passes(name: str, params: dict[str, int | str]) -> None:
    game = load(name, **params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", [name.removeprefix(openspiel.PREFIX) for name in NAMES])
def test_every_game_passes_the_random_simulation_at_its_defaults(name: str) -> None:
    pyspiel.random_sim_test(load(name), num_sims=1, serialize=True, verbose=False)


def play_randomly(game: pyspiel.Game, seed: int) -> list[pyspiel.State]:
    """The states of one random game, through pyspiel's API."""
    rnd = random.Random(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            assert len(outcomes) <= game.max_chance_outcomes()
            state.apply_action(rnd.choice([outcome for outcome, _ in outcomes]))
        elif state.is_simultaneous_node():
            joint = [rnd.choice(state.legal_actions(p)) for p in range(game.num_players())]
            state.apply_actions(joint)
        else:
            state.apply_action(rnd.choice(state.legal_actions()))
        states.append(state.clone())
    return states


def test_chance_outcomes_are_uniform_and_returns_are_a_shared_win() -> None:
    game = load("dokitto", players=2, max_rounds=2)
    for seed in range(3):
        final = play_randomly(game, seed)[-1]
        returns = final.returns()
        assert sum(returns) == pytest.approx(0.0)
        assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_returns_of_three_players_share_the_win() -> None:
    game = load("dicecream", players=3)
    returns = play_randomly(game, 1)[-1].returns()
    assert sum(returns) == pytest.approx(0.0)
    assert max(returns) <= 1.0 and min(returns) >= -0.5


def test_a_solo_game_returns_its_score_within_the_declared_bounds() -> None:
    game = load("dicetime", players=1)
    low, high = game.kernel.score_bounds()
    assert (game.min_utility(), game.max_utility()) == (low, high) == (0.0, 375.0)
    final = play_randomly(game, 5)[-1]
    assert final.kernel is not None
    assert final.returns() == [float(final.kernel.scores[0])]
    assert final.returns()[0] > 0


def test_openspiels_random_agents_play_a_simultaneous_game_through_rl_environment() -> None:
    np.random.seed(3)  # RandomAgent draws from numpy's global generator
    env = rl_environment.Environment(load("dicecream", players=3), seed=3)
    agents = [random_agent.RandomAgent(p, env.action_spec()["num_actions"]) for p in range(3)]
    step = env.reset()
    idle = 0
    while not step.last():
        assert step.is_simultaneous_move()  # every decision node of a simultaneous game
        acting = env.get_state.kernel.to_act
        legal = step.observations["legal_actions"]
        assert all(legal[p] == [0] for p in range(3) if p not in acting)
        idle += 3 - len(acting)
        step = env.step([agent.step(step).action for agent in agents])
    assert sum(step.rewards) == pytest.approx(0.0)
    assert idle > 0


def test_strings_are_the_views_as_json() -> None:
    game = load("dokitto", players=2, max_rounds=1)
    state = next(s for s in play_randomly(game, 2) if s.current_player() == 1)
    view = json.loads(state.information_state_string(1))
    assert state.kernel is not None
    assert view == json.loads(json.dumps(state.kernel.view(1)))
    assert view["seat"] == 1
    assert state.observation_string(1) == state.information_state_string(1)
    assert state.information_state_string(0) != state.information_state_string(1)


def test_a_state_survives_serialisation() -> None:
    game = load("dicetime", players=2)
    for state in play_randomly(game, 3)[::40]:
        again = game.deserialize_state(state.serialize())
        assert str(again) == str(state)
        assert again.history() == state.history()
        if not again.is_chance_node():
            assert again.observation_string(0) == state.observation_string(0)
    text = pyspiel.serialize_game_and_state(game, state)
    _, restored = pyspiel.deserialize_game_and_state(text)
    assert restored.returns() == state.returns()


def test_a_resampled_state_has_the_same_information_state() -> None:
    game = load("dokitto", players=2, max_rounds=1)
    for state in play_randomly(game, 4)[5:30]:
        player = state.current_player()
        if player < 0:
            continue
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        resampled = state.resample_from_infostate(player, sampler)
        assert resampled.information_state_string(player) == state.information_state_string(player)
        assert resampled.legal_actions() == state.legal_actions()
    with pytest.raises(ValueError, match="chance"):
        game.new_initial_state().resample(0, Rng(1))


def play_with(game: pyspiel.Game, bot: pyspiel.Bot, decisions: int, seed: int) -> pyspiel.State:
    """`bot` makes up to `decisions` decisions of every seat; chance is drawn at random."""
    rnd = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and decisions:
        if state.is_chance_node():
            state.apply_action(rnd.choice([outcome for outcome, _ in state.chance_outcomes()]))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions -= 1
    return state


def test_openspiels_ismcts_plays_dokitto_with_the_determinizer() -> None:
    game = load("dokitto", players=2, max_rounds=1)
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 4, random_state=rng)
    bot.set_resampler(openspiel.determinizer(5))
    final = play_with(game, bot, 1000, seed=6)
    assert final.is_terminal()
    assert sorted(final.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_openspiels_mcts_plays_dicetime() -> None:
    game = load("dicetime", players=2)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(
        game, 2.0, 2, mcts.RandomRolloutEvaluator(1, rng), solve=False, random_state=rng
    )
    state = play_with(game, bot, 3, seed=7)
    assert len(state.history()) > 3  # three decisions and their dice


def test_tensors_are_the_games_encoding_of_the_view() -> None:
    game = load("dokitto", players=2, max_rounds=1)
    encoding = game.kernel.encoding()
    assert game.information_state_tensor_size() == encoding.size
    assert game.observation_tensor_size() == encoding.size
    state = next(s for s in play_randomly(game, 8) if s.current_player() == 0)
    assert state.kernel is not None
    expected = encoding.encode(state.kernel.view(0))
    assert np.array_equal(np.array(state.information_state_tensor(0), np.float32), expected)
    assert np.array_equal(
        np.array(state.observation_tensor(1), np.float32), encoding.encode(state.kernel.view(1))
    )
