"""What the environments do beyond PettingZoo's API: the action space, forced moves, the
illegal-action policy, the race clock of Like Dice, rewards, infos and bad arguments."""

from __future__ import annotations

import json

import numpy as np
import pytest

import parlour
from parlour.envs import pettingzoo as pz
from parlour.envs.table import WAIT
from parlour.kernel import IllegalAction, OptionError

# -- the action space ---------------------------------------------------------------------------


def test_actions_are_the_games_in_its_order() -> None:
    env = pz.env("dicetime", 2)
    assert env.actions == parlour.load("dicetime", 2).all_actions()
    assert env.action_space("player_0").n == 44
    assert env.observation_space("player_1")["action_mask"].dtype == np.int8


def test_a_race_adds_wait_last_and_an_untimed_one_does_not() -> None:
    timed = pz.parallel_env("likedice", 2)
    untimed = pz.parallel_env("likedice", 2, time_limit=0)
    assert timed.actions == (*parlour.load("likedice", 2).all_actions(), WAIT)
    assert untimed.actions == parlour.load("likedice", 2).all_actions()
    assert not pz.env("dicetime", 1, mode="puzzle").table.stepped  # alone: never timed out


def test_mask_is_the_legal_actions() -> None:
    env = pz.env("dokitto", 3, views=True)
    env.reset(seed=3)
    agent = env.agent_selection
    seat = env.seat_of[agent]
    mask = env.observe(agent)["action_mask"]
    legal = env.table.state.legal_actions(seat)
    assert [env.actions[i] for i in np.flatnonzero(mask)] == sorted(legal, key=env.actions.index)
    assert env.infos[agent]["view"] == env.table.state.view(seat)
    json.dumps(env.infos[agent])


def test_views_are_in_infos_only_when_asked() -> None:
    """Without `views` an info holds no view (vector environments stack infos)."""
    env = pz.env("dokitto", 3)
    env.reset(seed=3)
    assert "view" not in env.infos[env.agent_selection]
    parallel = pz.parallel_env("dicecream", 3)
    _, infos = parallel.reset(seed=3)
    assert all("view" not in info for info in infos.values())
    _, infos = pz.parallel_env("dicecream", 3, views=True).reset(seed=3)
    assert infos["player_1"]["view"]["seat"] == 1


# -- forced moves ---------------------------------------------------------------------------


def test_forced_moves_are_played_for_the_agent() -> None:
    """Dicetime's first action is the only legal one, `roll`: the environment plays it."""
    env = pz.env("dicetime", 2)
    env.reset(seed=1)
    assert env.table.state.history == ((0, "roll"),)
    assert env.observe("player_0")["action_mask"].sum() > 1


def test_forced_moves_at_once_go_in_a_random_order() -> None:
    """Dicetime's race: every seat may only roll, the first to roll begins; who that is
    varies with the seed."""
    first = set()
    for seed in range(12):
        env = pz.env("dicetime", 3, start="race")
        env.reset(seed=seed)
        assert len(env.table.acting) == 1
        first.add(env.table.state.history[0][0])
    assert len(first) > 1


# -- illegal actions ------------------------------------------------------------------------


def _illegal_index(env: pz.ParlourAECEnv) -> int:
    mask = env.observe(env.agent_selection)["action_mask"]
    return int(np.flatnonzero(mask == 0)[0])


def test_an_illegal_action_is_replaced_and_noted() -> None:
    env = pz.env("dokitto", 2, illegal_penalty=-0.5)
    env.reset(seed=2)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    sent = _illegal_index(env)
    env.step(sent)
    played = env.table.state.history[0]
    assert env._cumulative_rewards[agent] == -0.5
    while env.agent_selection != agent:  # the note waits in the agent's next info
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    info = env.infos[agent]
    assert info["illegal"] == sent and mask[info["replaced_by"]] == 1
    assert played == (env.seat_of[agent], env.actions[info["replaced_by"]])


def test_an_illegal_action_raises_under_the_raise_policy() -> None:
    env = pz.env("dokitto", 2, illegal="raise")
    env.reset(seed=2)
    before = env.table.state.history
    with pytest.raises(IllegalAction, match=r"player_0: action .* is illegal"):
        env.step(_illegal_index(env))
    assert env.table.state.history == before


@pytest.mark.parametrize("sent", [44, -1, "roll", 1.5, True, None])
def test_an_action_outside_the_space_is_refused(sent: object) -> None:
    env = pz.env("dicetime", 2)
    env.reset(seed=2)
    with pytest.raises(ValueError, match="not an index of this game's actions"):
        env.step(sent)


def test_parallel_needs_every_acting_seat_and_ignores_the_others() -> None:
    env = pz.parallel_env("dicetime", 2)
    env.reset(seed=4)
    with pytest.raises(ValueError, match="no action for player_0"):
        env.step({"player_1": 0})
    with pytest.raises(ValueError, match="not in play: player_9"):
        env.step({"player_0": 0, "player_9": 0})
    observations, *_ = env.step({"player_0": 1, "player_1": 1})
    assert set(observations) == {"player_0", "player_1"}


# -- Like Dice's race ------------------------------------------------------------------------


def _wait(env: pz.ParlourParallelEnv) -> dict[str, int]:
    return {env.possible_agents[seat]: len(env.actions) - 1 for seat in env.table.acting}


def test_the_clock_runs_out_after_clock_steps_rounds() -> None:
    env = pz.parallel_env("likedice", 2, clock_steps=3)
    env.reset(seed=5)
    number = env.table.state.view(0)["number"]
    for _ in range(2):
        env.step(_wait(env))
        assert env.table.state.view(0)["number"] == number
    env.step(_wait(env))
    assert (None, "timeout") in env.table.state.history
    assert env.table.state.view(0)["number"] == number + 1
    for _ in range(2):  # a new challenge, a new clock
        env.step(_wait(env))
    assert env.table.state.history.count((None, "timeout")) == 1


def test_a_seat_that_answered_sits_out_the_rest_of_the_challenge() -> None:
    env = pz.parallel_env("likedice", 2)
    env.reset(seed=6)
    env.step({"player_0": env.actions.index("answer 0"), "player_1": len(env.actions) - 1})
    assert env.table.acting == (1,)
    assert env.observation_space("player_0")["action_mask"].contains(
        env._observations()["player_0"]["action_mask"]
    )


def test_answers_given_in_one_round_are_ordered_at_random() -> None:
    firsts = set()
    for seed in range(16):
        env = pz.parallel_env("likedice", 2)
        env.reset(seed=seed)
        state = env.table.state
        right = {
            agent: env.actions.index(f"answer {state.solution(seat)}")  # type: ignore[attr-defined]
            for seat, agent in enumerate(env.possible_agents)
        }
        env.step(right)
        firsts.add(env.table.state.history[0][0])
    assert firsts == {0, 1}


def test_aec_seats_of_a_round_see_it_as_it_began() -> None:
    env = pz.env("likedice", 2, views=True)
    env.reset(seed=7)
    assert env.agent_selection == "player_0"
    env.step(env.actions.index("answer 3"))
    assert env.agent_selection == "player_1"
    assert env.table.state.history == ()
    assert env.infos["player_1"]["view"]["answers"] == []
    env.step(env.actions.index("answer 4"))
    assert len(env.table.state.history) >= 2


# -- rewards ---------------------------------------------------------------------------------


def _play_out(env: pz.ParlourAECEnv, seed: int) -> dict[str, float]:
    env.reset(seed=seed)
    returns = dict.fromkeys(env.possible_agents, 0.0)
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        returns[agent] += reward
        action = None
        if not (terminated or truncated):
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        env.step(action)
    return returns


def test_score_rewards_add_up_to_the_final_scores() -> None:
    env = pz.env("dicetime", 2, rewards="score")
    returns = _play_out(env, 8)
    scores = env.table.state.scores
    assert returns == {"player_0": scores[0], "player_1": scores[1]}


def test_objective_rewards_are_zero_sum_at_the_end() -> None:
    """By default a game played to win returns a shared win less an equal share, scaled so a
    sole winner gets +1: zero-sum, whatever the number of winners."""
    for seed in range(6):
        env = pz.env("dokitto", 3, max_rounds=1)
        returns = _play_out(env, seed)
        winners = env.table.state.winners
        share = 1 / len(winners)
        expected = [1.5 * ((share if s in winners else 0.0) - 1 / 3) for s in range(3)]
        assert list(returns.values()) == pytest.approx(expected)
        assert sum(returns.values()) == pytest.approx(0.0)


def test_objective_alone_is_the_score() -> None:
    """A points game (solo Dicetime) returns its final score, all of it at the end."""
    env = pz.env("dicetime", 1)
    assert _play_out(env, 10) == {"player_0": env.table.state.scores[0]}
    assert env.table.state.scores[0] > 0


def test_result_rewards_are_the_old_win_at_the_end() -> None:
    """`rewards="result"` gives the old reward: +1 to each winner, -1 to every other seat."""
    env = pz.env("dokitto", 3, max_rounds=1, rewards="result")
    returns = _play_out(env, 9)
    winners = env.table.state.winners
    assert (
        returns == {f"player_{seat}": 1.0 if seat in winners else -1.0 for seat in range(3)}
        or len(winners) == 3
    )
    assert set(_play_out(pz.env("dicetime", 1, rewards="result"), 10).values()) == {0.0}


# -- bad arguments ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"rewards": "points"}, "rewards must be one of objective, score, result"),
        ({"illegal": "ignore"}, "illegal must be one of replace, raise"),
        ({"illegal_penalty": "x"}, "illegal_penalty must be a number"),
        ({"clock_steps": -1}, "clock_steps must be an integer >= 0"),
        ({"max_cycles": 0}, "max_cycles must be a positive integer or None"),
        ({"render_mode": "rgb_array"}, "render_mode must be one of human, ansi"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_arguments_are_named(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        pz.env("likedice", 2, **arguments)  # type: ignore[arg-type]


def test_an_unknown_game_is_named() -> None:
    with pytest.raises(OptionError, match="unknown game 'chess'"):
        pz.parallel_env("chess")
