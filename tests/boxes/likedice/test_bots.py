"""Like Dice's bots: `counter` answers from its view with a thinking time that grows with the
dice it must look at and an error rate, presets from child to expert and settings given with
the bot's name (`counter:speed=2:error=0.05`); runners and simulations order answers by its
times; counters beat random players by far, reproducibly."""

from __future__ import annotations

import json
import random
from itertools import pairwise

import pytest
from typer.testing import CliRunner

import parlour
from parlour import OptionError
from parlour.bots import bots_for, make_bot
from parlour.bots.registry import bot_info
from parlour.boxes.likedice import LikeDiceState
from parlour.boxes.likedice.bots import CounterBot
from parlour.boxes.likedice.components import CHALLENGE_BY_KEY
from parlour.boxes.likedice.timing import PRESETS, looked_at
from parlour.cli.app import app
from parlour.sim import SimSpec, simulate

from .helpers import OWN_COMMON, answer_all, deal, dice

PRESET_NAMES = ["counter-child", "counter-teen", "counter", "counter-skilled", "counter-expert"]


def random_positions(count: int, players: int = 3) -> list[LikeDiceState]:
    """States at the start of challenges, from games where seat 0 often wins."""
    rnd = random.Random(count)
    states: list[LikeDiceState] = []
    while len(states) < count:
        state = parlour.load("likedice", players, level="advanced").new(rnd.getrandbits(64))
        assert isinstance(state, LikeDiceState)
        while not state.over and len(states) < count:
            twin = state.clone()
            assert isinstance(twin, LikeDiceState)
            states.append(twin)
            seat = rnd.choice(state.to_act)
            right = rnd.random() < 0.5 and state.view(None)["phase"] == "answer"
            state.apply(
                seat, f"answer {state.solution(seat)}" if right else state.legal_actions(seat)[-1]
            )
    return states


def test_the_bots_of_like_dice() -> None:
    names = [info.name for info in bots_for("likedice")]
    assert names[0] == "counter" and set(PRESET_NAMES) <= set(names) and "random" in names


@pytest.mark.parametrize("name", [*PRESET_NAMES, "random"])
def test_bots_play_only_legal_actions_to_the_end(name: str) -> None:
    for seed in range(2):
        state = parlour.load("likedice", 3, targets=[4, 4, 4]).new(seed)
        bots = [make_bot("likedice", name, seat, seed + seat) for seat in range(3)]
        rnd = random.Random(seed)
        while not state.over:
            seat = rnd.choice(state.to_act)
            legal = state.legal_actions(seat)
            action = bots[seat].choose(state.view(seat), legal)
            assert action in legal
            state.apply(seat, action)
        assert state.winners


def test_an_accurate_counter_is_always_right() -> None:
    for state in random_positions(60):
        for seat in state.to_act:
            bot = make_bot("likedice", "counter:error=0", seat, 1)
            action = bot.choose(state.view(seat), state.legal_actions(seat))
            if state.view(None)["phase"] == "answer":
                assert action == f"answer {state.solution(seat)}"


def test_a_wrong_count_is_off_by_one_to_three() -> None:
    state = deal(*OWN_COMMON, ["B"])
    bot = make_bot("likedice", "counter:error=1", 0, 3)
    misses = {
        int(bot.choose(state.view(0), state.legal_actions(0)).split()[1]) - 4 for _ in range(200)
    }
    assert misses == {-3, -2, -1, 1, 2, 3}


def test_the_error_rate_is_the_share_of_wrong_counts() -> None:
    """Out of 1,000 counts with error 0.25, the wrong ones are within 5 standard deviations."""
    state = deal(*OWN_COMMON, ["B"])
    bot = make_bot("likedice", "counter:error=0.25:speed=100", 0, 4)
    wrong = sum(
        bot.choose(state.view(0), state.legal_actions(0)) != "answer 4" for _ in range(1000)
    )
    assert abs(wrong - 250) < 5 * (1000 * 0.25 * 0.75) ** 0.5


def test_looked_at_dice() -> None:
    shown = dice("B2 G6 G6 G5 Y6 Y3 P3 P1 R4")
    assert looked_at(CHALLENGE_BY_KEY["G+Y"], shown) == 5
    assert looked_at(CHALLENGE_BY_KEY["B/G"], shown) == 4
    assert looked_at(CHALLENGE_BY_KEY["W14"], shown) == 9
    assert looked_at(CHALLENGE_BY_KEY["N5:BRGYP"], shown) == 1 + 1 + 3  # blue, red, green
    assert looked_at(CHALLENGE_BY_KEY["N2:RGYPB"], shown) == 1 + 3  # red, then green


def test_thinking_time_grows_with_the_dice_to_look_at() -> None:
    """Blue (2 dice for seat 0) is quicker than white 1-4 (all 8 dice): reaction + per die."""
    skill = PRESETS["adult"]
    for key, dice_seen in (("B", 2), ("W14", 8)):
        state = deal(*OWN_COMMON, [key], level="intermediate", time_limit=0)
        bot = make_bot("likedice", "counter", 0, 1)
        assert bot.think_time(state.view(0), state.legal_actions(0)) == pytest.approx(
            skill.reaction + skill.per_die * dice_seen
        )
        times = []
        for _ in range(100):
            bot.choose(state.view(0), state.legal_actions(0))
            times.append(bot.think_time(state.view(0), state.legal_actions(0)))
        middle = skill.reaction + skill.per_die * dice_seen
        assert 0.8 * middle <= min(times) < max(times) <= 1.2 * middle  # give or take a fifth


def test_presets_run_from_child_to_expert() -> None:
    skills = [PRESETS[name] for name in ("child", "teen", "adult", "skilled", "expert")]
    for slower, faster in pairwise(skills):
        assert slower.reaction > faster.reaction and slower.per_die > faster.per_die
        assert slower.error > faster.error
    state = deal(*OWN_COMMON, ["W14"], level="intermediate", time_limit=0)
    times = [
        make_bot("likedice", name, 0, 1).think_time(state.view(0), state.legal_actions(0))
        for name in PRESET_NAMES
    ]
    assert times == sorted(times, reverse=True)


def test_settings_after_the_name() -> None:
    bot = make_bot("likedice", "counter-child:speed=2:error=0.5", 1, 7)
    assert isinstance(bot, CounterBot) and bot.seat == 1
    child = PRESETS["child"]
    assert (bot.skill.reaction, bot.skill.per_die, bot.skill.error) == (
        child.reaction / 2,
        child.per_die / 2,
        0.5,
    )
    expert = make_bot("likedice", "counter:expert", 0, 1)
    assert isinstance(expert, CounterBot) and expert.skill == PRESETS["expert"]
    assert bot_info("likedice", "counter:expert").name == "counter:expert"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("counter:fast", "counter setting 'fast' is not allowed: use a preset"),
        ("counter:speed=0", "speed=X"),
        ("counter:speed=inf", "speed=X"),
        ("counter:error=1.5", "error=P"),
        ("counter:error=", "error=P"),
        ("random:expert", "the random bot takes no settings"),
        ("genius:expert", "likedice has no bot 'genius'; its bots are: counter"),
    ],
)
def test_bad_settings_are_refused(name: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        make_bot("likedice", name, 0, 1)
    with pytest.raises(OptionError, match=message):  # before any game is played
        simulate(SimSpec("likedice", 2, (name, "random"), 1, seed=0))


def test_a_slow_counter_calls_out_before_the_time_is_up() -> None:
    """A child would need 3 + 1.2 x 8 seconds for white 1-4; with 5 seconds a challenge it
    calls out at 4.5 seconds."""
    state = deal(*OWN_COMMON, ["W14"], level="intermediate", time_limit=5)
    bot = make_bot("likedice", "counter-child:error=0", 0, 1)
    bot.choose(state.view(0), state.legal_actions(0))
    assert bot.think_time(state.view(0), state.legal_actions(0)) == pytest.approx(4.5)


def test_the_first_card_rule_takes_the_card_with_the_most_dots() -> None:
    state = deal(*OWN_COMMON, ["Y"])
    answer_all(state, (0, 7), (1, None))
    bot = make_bot("likedice", "counter:cards=dots", 0, 1)
    assert bot.choose(state.view(0), state.legal_actions(0)) == "take 1"  # G4 Y5: 9 > 2 + 6


def sim_json(*extra: str) -> dict[str, object]:
    args = ["sim", "likedice", "--players", "3", "--bots", "counter,counter,random"]
    result = CliRunner().invoke(app, [*args, "--seed", "1", "--rotate", "--json", *extra])
    assert result.exit_code == 0, result.output
    summary: dict[str, object] = json.loads(result.output)
    return summary


def test_the_issues_simulation_reproduces_and_counters_win_far_more() -> None:
    """The issue's command with fewer games: the same summary again and with two workers;
    each counter wins far more often than the random player."""
    first = sim_json("--games", "40")
    again = sim_json("--games", "40", "--workers", "2")
    for key in ("mean_scores", "sd_scores", "win_rates"):
        assert first[key] == again[key]
    wins = first["win_rates"]
    assert isinstance(wins, list)
    assert wins[0] > 0.25 and wins[1] > 0.25 and wins[2] < 0.05


def test_experts_beat_children() -> None:
    spec = SimSpec("likedice", 2, ("counter-expert", "counter-child"), 20, seed=2, rotate=True)
    summary = simulate(spec)
    assert summary.win_rates[0] > 0.8 and summary.mean_scores[0] > summary.mean_scores[1] + 3
