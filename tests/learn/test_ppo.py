"""PPO for a game played alone, smoke-sized: it learns (its argmax scores above random play on
the same deals), checkpoints, resumed continues exactly as it would have, and what it saves
plays as the `policy` bot; the CLI runs it for a one-seat game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from parlour.bots.registry import make_bot
from parlour.cli.app import app
from parlour.envs.vector import Tables
from parlour.kernel import OptionError, load
from parlour.learn.policy import read_policy
from parlour.learn.ppo import Settings, Trainer
from parlour.learn.selfplay import EVALUATION_SEED

SMALL = {"hidden": (64,), "tables": 16, "rollout": 32, "minibatch": 256, "evaluation_games": 40}


def small(**changes: object) -> Settings:
    return Settings("dicetime", **{**SMALL, "evaluate_every": 10, **changes})  # type: ignore[arg-type]


def random_play(games: int) -> np.ndarray:
    """Final scores of the evaluation deals played by uniformly random legal actions."""
    tables = Tables("dicetime", 1, num_tables=games)
    rng = np.random.default_rng(0)
    scores = np.full(games, np.nan)
    decisions = tables.reset(seed=EVALUATION_SEED)
    while np.isnan(scores).any():
        chosen = (rng.random(decisions.action_mask.shape) * decisions.action_mask).argmax(1)
        step = tables.step(chosen)
        for number in np.flatnonzero(step.terminated & np.isnan(scores)):
            scores[number] = tables.tables[number].state.scores[0]
        decisions = step.decisions
    return scores


def without_clock(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in line.items() if k != "cpu_seconds"} for line in lines]


def test_a_run_learns_to_score_above_random_play(tmp_path: Path) -> None:
    trainer = Trainer(small(), tmp_path)
    lines = trainer.run(400)
    assert trainer.games >= 400 and trainer.updates >= 10
    every_tenth = list(range(10, trainer.updates + 1, 10))[: len(lines) - 1]
    assert [line["updates"] for line in lines] == [*every_tenth, trainer.updates]
    # About 4.5 standard errors of random play's mean over the same 40 deals.
    assert lines[-1]["evaluation_mean"] > random_play(40).mean() + 10


def test_a_resumed_run_continues_as_if_never_stopped(tmp_path: Path) -> None:
    first = Trainer(small(), tmp_path / "a")
    first.run(100)
    resumed = Trainer.resume(tmp_path / "a")
    assert (resumed.games, resumed.steps, resumed.updates) == (
        first.games,
        first.steps,
        first.updates,
    )
    assert without_clock(first.run(100)) == without_clock(resumed.run(100))
    log = [json.loads(line) for line in (tmp_path / "a" / "log.jsonl").read_text().splitlines()]
    assert log[-1]["games"] == resumed.games and log[-1]["cpu_seconds"] > 0


def test_the_saved_actor_plays_as_the_policy_bot_and_scores_as_evaluated(tmp_path: Path) -> None:
    trainer = Trainer(small(evaluation_games=5), tmp_path)
    line = trainer.run(50)[-1]
    policy = read_policy(tmp_path / "policy.npz")
    assert policy.meta["method"] == "ppo" and policy.meta["games"] == trainer.games
    game = load("dicetime", 1)
    scores = []
    bot = make_bot(game, f"policy:path={tmp_path / 'policy.npz'}", 0, 0)
    for number in range(5):
        state = game.new(EVALUATION_SEED + number)  # the evaluation's deal number `number`
        while not state.over:
            seat = state.to_act[0] if state.to_act else None
            legal = state.legal_actions(seat)
            state.apply(seat, bot.choose(state.view(0), legal) if len(legal) > 1 else legal[0])
        scores.append(state.scores[0])
    assert np.mean(scores) == pytest.approx(line["evaluation_mean"])


def test_bad_settings_are_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match="at least 1"):
        Trainer(small(rollout=0), tmp_path)
    with pytest.raises(OptionError, match="no checkpoint"):
        Trainer.resume(tmp_path / "empty")


def test_the_cli_trains_a_one_seat_game_by_ppo_and_resumes(tmp_path: Path) -> None:
    runner = CliRunner()
    folder = tmp_path / "run"
    args = ["train", "dicetime", "--players", "1", "--folder", str(folder), "--games", "20"]
    first = runner.invoke(app, [*args, "--tables", "4"])
    assert first.exit_code == 0, first.output
    assert "evaluation" in first.output and (folder / "policy.npz").is_file()
    assert read_policy(folder / "policy.npz").meta["method"] == "ppo"
    resumed = runner.invoke(app, [*args, "--resume"])
    assert resumed.exit_code == 0, resumed.output
    assert read_policy(folder / "policy.npz").meta["games"] >= 40
