"""Deep Monte-Carlo self-play, smoke-sized: a run learns (updates, a log, a policy the `policy`
bot plays), checkpoints, and resumed it continues exactly as it would have; the CLI runs it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.bots.registry import make_bot
from parlour.cli.app import app
from parlour.kernel import OptionError, load
from parlour.learn.dmc import Settings, Trainer
from parlour.learn.policy import Policy, read_policy
from parlour.learn.selfplay import LEARNER, seating

SMALL = {
    "hidden": (32,),
    "tables": 8,
    "batch": 64,
    "checkpoint_every": 20,
    "snapshot_every": 30,
    "evaluate_every": 40,
    "evaluation_games": 4,
}


def small(**changes: object) -> Settings:
    return Settings("dokitto", 2, {"max_rounds": 1}, **{**SMALL, **changes})  # type: ignore[arg-type]


def test_a_run_learns_checkpoints_and_resumes_exactly(tmp_path: Path) -> None:
    whole = Trainer(small(), tmp_path / "whole")
    lines = whole.run(60)
    assert whole.games >= 60 and whole.updates > 0
    assert [line["games"] >= 20 * k for k, line in enumerate(lines, 1)] == [True] * len(lines)
    assert len(whole.pool) == 2  # snapshots at 30 and 60 games
    halves = Trainer(small(), tmp_path / "halves")
    halves.run(40)
    again = Trainer.resume(tmp_path / "halves")
    assert (again.games, again.updates) == (halves.games, halves.updates)
    again.run(20)
    log = [
        json.loads(line) for line in (tmp_path / "halves" / "log.jsonl").read_text().splitlines()
    ]
    assert log[-1]["games"] == again.games
    policy = read_policy(tmp_path / "halves" / "policy.npz")
    assert policy.meta["games"] == again.games and policy.meta["method"] == "dmc"
    game = load("dokitto", 2, max_rounds=1)
    bot = make_bot(game, f"policy:path={tmp_path / 'halves' / 'policy.npz'}", 0, 0)
    state = game.new(1)
    assert bot.choose(state.view(0), state.legal_actions(0)) in state.legal_actions(0)


def test_the_log_evaluates_against_the_first_opponent_on_fixed_deals(tmp_path: Path) -> None:
    """Every `evaluate_every` games (and at a run's end) the log has the learner's win share
    against greedy on the same deals, from every seat; the lines between have none."""
    trainer = Trainer(small(), tmp_path)
    lines = trainer.run(60)
    evaluated = [line["evaluation_won"] for line in lines]
    assert evaluated[0] is None and evaluated[-1] is not None
    assert 0.0 <= evaluated[-1] <= 1.0
    assert trainer.evaluate() == evaluated[-1]  # argmax play on fixed deals: no chance left


def test_the_bots_keep_their_share_of_the_opponents_as_the_pool_grows(tmp_path: Path) -> None:
    trainer = Trainer(small(opponent_share=1.0, bot_share=0.5), tmp_path)
    trainer.pool.extend([trainer.policy()] * 50)
    opponents = [
        seating(trainer.game, trainer.settings, trainer.rng, trainer.pool) for _ in range(400)
    ]
    seats = [who for seating in opponents for who in seating if who != LEARNER]
    bots = sum(not isinstance(who, Policy) for who in seats)
    assert len(seats) == 400
    assert 160 <= bots <= 240  # half of the 400 opponents' seats, not one in 51


def test_a_resumed_run_continues_as_if_never_stopped(tmp_path: Path) -> None:
    """Stopped and resumed at a checkpoint, a run's next stretch is the one it would have
    played had it gone on (same games, same updates, same loss)."""
    first = Trainer(small(), tmp_path / "a")
    first.run(20)
    resumed = Trainer.resume(tmp_path / "a")
    first_more, resumed_more = first.run(20), resumed.run(20)
    assert first_more == resumed_more


def test_bad_settings_are_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match="epsilon, opponent_share and bot_share"):
        Trainer(small(epsilon=2.0), tmp_path)
    with pytest.raises(OptionError, match="evaluation_games and evaluate_every"):
        Trainer(small(evaluation_games=0), tmp_path)
    with pytest.raises(OptionError, match="no bot 'grandmaster'"):
        Trainer(small(opponents=("grandmaster",)), tmp_path)
    with pytest.raises(OptionError, match="no checkpoint"):
        Trainer.resume(tmp_path / "empty")


def test_the_cli_trains_and_resumes(tmp_path: Path) -> None:
    runner = CliRunner()
    folder = tmp_path / "run"
    args = ["train", "dokitto", "--players", "2", "--folder", str(folder), "--games", "10"]
    first = runner.invoke(app, [*args, "--option", "max_rounds=1", "--tables", "4"])
    assert first.exit_code == 0, first.output
    assert "policy:" in first.output and (folder / "policy.npz").is_file()
    again = runner.invoke(app, args)
    assert isinstance(again.exception, OptionError)
    assert "holds a run already" in str(again.exception)
    resumed = runner.invoke(app, [*args, "--resume"])
    assert resumed.exit_code == 0, resumed.output
    assert read_policy(folder / "policy.npz").meta["games"] >= 20
