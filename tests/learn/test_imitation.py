"""Imitation of a bot, smoke-sized: a network learns the teacher's choices from an exported
dataset (far beyond what chance picks), only the teachers' unforced decisions, checkpoints and
resumes exactly, refuses data of another game by name; the CLI runs it and the `policy` bot
plays what it wrote."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from parlour.bots.registry import make_bot
from parlour.cli.app import app
from parlour.kernel import OptionError, load
from parlour.learn.imitation import Settings, Trainer
from parlour.learn.policy import read_policy

OPTIONS = {"max_rounds": 1}


@pytest.fixture(scope="module")
def decisions(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """150 one-round games of two-player Dokitto, `greedy` against `random` (seats rotated)."""
    path = tmp_path_factory.mktemp("imitation") / "dokitto.parquet"
    args = ["export", str(path), "--bots", "greedy,random", "--game", "dokitto"]
    args += ["--players", "2", "--games", "150", "--rotate", "--option", "max_rounds=1"]
    done = CliRunner().invoke(app, [*args, "--workers", "1"])
    assert done.exit_code == 0, done.output
    return path


def small(data: Path, **changes: object) -> Settings:
    settings = Settings(
        "dokitto",
        2,
        (str(data),),
        OPTIONS,
        ("greedy",),
        hidden=(64,),
        batch=64,
        holdout=0.25,
        learning_rate=3e-3,
    )
    return dataclasses.replace(settings, evaluation_games=2, **changes)  # type: ignore[arg-type]


def chance(masks: np.ndarray) -> float:
    """The share of the teacher's choices a uniformly random legal choice picks."""
    return float((1.0 / masks.sum(axis=1)).mean())


def test_the_network_learns_the_teachers_choices(decisions: Path, tmp_path: Path) -> None:
    trainer = Trainer(small(decisions), tmp_path)
    before = trainer.agreement(trainer.held)
    lines = trainer.run(8)
    held = trainer.held
    after = trainer.agreement(held)
    assert before is not None and after is not None and len(held) > 100
    assert lines[-1]["held_out_agreement"] == after
    assert after >= max(before, chance(held.masks)) + 0.12  # greedy's rule, not luck
    assert lines[-1]["agreement"] > lines[0]["agreement"]
    assert all(0.0 <= line["won"] <= 1.0 for line in lines)


def test_the_labels_of_a_bot_asked_beside_are_learned_on_the_states_others_reach(
    tmp_path: Path,
) -> None:
    """DAgger's data: random plays, greedy is asked beside it (`export --label greedy`), and
    the network learns greedy's choices on the states random's play reaches."""
    data = tmp_path / "labelled.parquet"
    args = ["export", str(data), "--bots", "random,random", "--label", "greedy", "--game"]
    args += ["dokitto", "--players", "2", "--games", "80", "--option", "max_rounds=1"]
    done = CliRunner().invoke(app, args)
    assert done.exit_code == 0, done.output
    trainer = Trainer(small(data), tmp_path / "run")  # greedy's labels, not random's actions
    trainer.run(8)
    agreed = trainer.agreement(trainer.held)
    assert agreed is not None and agreed >= chance(trainer.held.masks) + 0.12


def test_a_judges_values_are_learned_as_what_tells_the_choices_apart(tmp_path: Path) -> None:
    """`target="values"`: the network fits, by least squares, pimc's value of each legal
    choice less their mean (`export --label pimc`, the `label_values` column), and so comes to
    pick pimc's best choice on the positions it learns; a file without values, or an unknown
    target, is refused by name. (Whether it generalises is the benchmark's question: tens of
    decisions here, hundreds of thousands there, `docs/research-environments.md`.)"""
    data = tmp_path / "judged.parquet"
    args = ["export", str(data), "--bots", "random,random", "--label", "pimc:worlds=2", "--game"]
    args += ["dokitto", "--players", "2", "--games", "60", "--option", "max_rounds=1"]
    done = CliRunner().invoke(app, args)
    assert done.exit_code == 0, done.output
    trainer = Trainer(small(data, target="values"), tmp_path / "run")
    learned = trainer.learned
    assert learned.values is not None
    assert (learned.values[learned.masks == 0] == 0).all() and learned.values.any()
    assert np.allclose(learned.values.sum(axis=1), 0.0, atol=1e-5)  # centred on each row
    lines = trainer.run(10)
    assert lines[-1]["loss"] < lines[0]["loss"] / 4
    agreed = trainer.agreement(learned)
    assert agreed is not None and agreed >= chance(learned.masks) + 0.2
    plain = tmp_path / "plain.parquet"
    done = CliRunner().invoke(app, [args[0], str(plain), *args[2:4], *args[6:]])
    assert done.exit_code == 0, done.output
    with pytest.raises(OptionError, match="no label_values column"):
        Trainer(small(plain, target="values"), tmp_path / "plain")
    with pytest.raises(OptionError, match="target 'moves'"):
        Trainer(small(data, target="moves"), tmp_path / "moves")


def test_only_the_teachers_unforced_decisions_are_learned(decisions: Path, tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    table = pq.read_table(decisions, columns=["bot", "forced"]).to_pydict()
    rows = list(zip(table["bot"], table["forced"], strict=True))
    trainer = Trainer(small(decisions), tmp_path / "greedy")
    assert len(trainer.learned) + len(trainer.held) == rows.count(("greedy", False))
    assert (trainer.learned.masks.sum(axis=1) > 1).all()
    everyone = Trainer(small(decisions, teachers=()), tmp_path / "all")
    assert len(everyone.learned) + len(everyone.held) == sum(not forced for _, forced in rows)


def test_a_resumed_run_continues_as_if_never_stopped(decisions: Path, tmp_path: Path) -> None:
    straight = Trainer(small(decisions), tmp_path / "straight")
    straight.run(2)
    Trainer(small(decisions), tmp_path / "halves").run(1)
    resumed = Trainer.resume(tmp_path / "halves")
    assert resumed.epochs == 1
    resumed.run(1)
    for (w1, b1), (w2, b2) in zip(straight.policy().layers, resumed.policy().layers, strict=True):
        assert np.array_equal(w1, w2) and np.array_equal(b1, b2)
    assert read_policy(tmp_path / "halves" / "policy.npz").meta["epochs"] == 2


def test_data_of_another_game_or_without_the_teacher_is_refused(
    decisions: Path, tmp_path: Path
) -> None:
    with pytest.raises(OptionError, match="holds dokitto decisions of another shape"):
        Trainer(dataclasses.replace(small(decisions), game="dicecream", options={}), tmp_path)
    with pytest.raises(OptionError, match="no decision of the teachers"):
        Trainer(small(decisions, teachers=("pimc:hard",)), tmp_path)
    with pytest.raises(OptionError, match="is not a dataset of `parlour export`"):
        Trainer(small(tmp_path / "missing.parquet"), tmp_path)
    (tmp_path / "broken.parquet").write_bytes(b"not parquet")
    with pytest.raises(OptionError, match="is not a dataset of `parlour export`"):
        Trainer(small(tmp_path / "broken.parquet"), tmp_path)
    with pytest.raises(OptionError, match="no checkpoint"):
        Trainer.resume(tmp_path / "empty")


def test_the_cli_imitates_and_the_policy_bot_plays_it(decisions: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    folder = tmp_path / "run"
    args = ["imitate", "dokitto", "--folder", str(folder), "--epochs", "1"]
    first = runner.invoke(
        app, [*args, "--data", str(decisions), "--teacher", "greedy", "-o", "max_rounds=1"]
    )
    assert first.exit_code == 0, first.output
    assert "the teachers' choice" in first.output and "against greedy" in first.output
    again = runner.invoke(app, [*args, "--data", str(decisions)])
    assert isinstance(again.exception, OptionError) and "holds a run already" in str(
        again.exception
    )
    resumed = runner.invoke(app, [*args, "--resume"])
    assert resumed.exit_code == 0, resumed.output
    policy = read_policy(folder / "policy.npz")
    assert policy.meta["method"] == "imitation" and policy.meta["epochs"] == 2
    assert policy.meta["target"] == "choices"
    values = [*args[:3], str(tmp_path / "values"), *args[4:], "--data", str(decisions)]
    refused = runner.invoke(app, [*values, "--target", "values", "-o", "max_rounds=1"])
    assert isinstance(refused.exception, OptionError)
    assert "no label_values column" in str(refused.exception)
    game = load("dokitto", 2, **OPTIONS)
    bot = make_bot(game, f"policy:path={folder / 'policy.npz'}", 0, 0)
    state = game.new(3)
    assert bot.choose(state.view(0), state.legal_actions(0)) in state.legal_actions(0)
