"""Imitation (behaviour cloning) of a strong bot: a network from a seat's observation to a
score for every action is trained by cross-entropy, over the legal actions only, to pick what
the teacher picked, from datasets `parlour export --bots` wrote: the teachers' actions
(`view`, `legal`, `action`, `bot` and `forced` columns), and, where a file has the `label`
column of `export --label BOT`, that expert's choices on the states the players reached (the
learner's own play, as DAgger gathers them). With `target="values"` it learns instead, by
least squares over the legal actions, what a judging expert valued each choice at (the
`label_values` column): the mean of a sampling search's noisy values over many positions
comes nearer the search's own expectation than any one decision's pick does.
Why: the search bots are strong but slow, and self-play from scratch (`parlour.learn.dmc`)
did not reach them on this machine's budget; a network that plays as the search does answers
in microseconds and starts where the search stands. It is the supervised first stage of
AlphaGo's and AlphaStar's training, here alone.

A run lives in a folder as the other trainers' do: `settings.json`, `checkpoint.pt` (the
network, the optimiser, the epochs done and the generators), `policy.npz` and `log.jsonl`,
with a line per epoch: the loss, the share of the teacher's choices the network picks on the
decisions it learns from and on games held out, and its win share against a bot on fixed
deals (`parlour.learn.selfplay.win_share`). Needs the `learn` extra."""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow.parquet as pq
import torch
from torch import nn

from parlour.datasets.decisions import LABEL, LABEL_VALUES
from parlour.kernel import OptionError, load
from parlour.learn import checkpoints
from parlour.learn.nets import exported, header, network
from parlour.learn.policy import Policy
from parlour.learn.selfplay import win_share


@dataclass
class Settings:
    """What a run learns from and how; kept in the run's folder and read back on resume."""

    game: str
    players: int
    data: tuple[str, ...]
    """The Parquet files (`parlour export`) whose decisions are learned."""
    options: dict[str, Any] = field(default_factory=dict)
    teachers: tuple[str, ...] = ()
    """The bots whose actions are learned (the `bot` column) from a file without labels; none
    named: every bot's. A labelled file's every decision is learned, with its label."""
    target: str = "choices"
    """What is learned: `choices` (the teachers' actions or the labels, by cross-entropy) or
    `values` (a labelling judge's values of every legal action, by least squares)."""
    hidden: tuple[int, ...] = (256, 256)
    batch: int = 512
    learning_rate: float = 1e-3
    holdout: float = 0.05
    """The share of games whose decisions are held out to measure the agreement."""
    opponent: str = "greedy"
    """The bot the log's win share is measured against."""
    evaluation_games: int = 100
    """Deals of each epoch's evaluation, each played with the network at every seat."""
    threads: int = 1
    seed: int = 0

    @classmethod
    def read(cls, path: Path) -> Settings:
        data = json.loads(path.read_text(encoding="utf-8"))
        tuples = {name: tuple(data[name]) for name in ("data", "teachers", "hidden")}
        return cls(**{**data, **tuples})


@dataclass(frozen=True)
class Decisions:
    """The teacher's decisions as arrays: observations, legal masks, the actions chosen and,
    when values are learned, every action's value (0 where illegal)."""

    observations: np.ndarray
    masks: np.ndarray
    actions: np.ndarray
    values: np.ndarray | None = None

    def __len__(self) -> int:
        return len(self.actions)

    def rows(self, chosen: np.ndarray) -> Decisions:
        values = None if self.values is None else self.values[chosen]
        actions = self.actions[chosen]
        return Decisions(self.observations[chosen], self.masks[chosen], actions, values)


def read_decisions(settings: Settings, width: int, actions: int) -> tuple[Decisions, Decisions]:
    """The decisions to learn in `settings.data` (none that was forced): a labelled file's
    with their labels (and the judge's values, to learn values), another's the teachers' with
    their actions; split by game into those learned from and those held out. `OptionError`
    naming a file of another game or shape, one without the values to learn, or data without
    a decision to learn."""
    rng = np.random.default_rng(settings.seed)
    learn_values = settings.target == "values"
    observations, masks, chosen, valued, held = [], [], [], [], []
    for name in settings.data:
        table, target = _read(name, learn_values)
        games = set(table.column("game").to_pylist())
        seen = np.asarray(table.column("view").combine_chunks().flatten(), np.float32)
        legal = np.asarray(table.column("legal").combine_chunks().flatten(), np.int8)
        if games - {settings.game} or seen.size != table.num_rows * width:
            raise OptionError(
                f"{name} holds {', '.join(sorted(games))} decisions of another shape, "
                f"not {settings.game}'s ({width} numbers an observation)"
            )
        if legal.size != table.num_rows * actions:
            raise OptionError(f"{name}: its masks are not over this game's {actions} actions")
        taught = ~np.asarray(table.column("forced").to_numpy(zero_copy_only=False), dtype=bool)
        if settings.teachers and target == "action":
            taught &= np.isin(table.column("bot").to_pylist(), settings.teachers)
        kept = np.flatnonzero(taught)
        records = np.asarray(table.column("record").to_pylist(), dtype=object)[kept]
        out = [record for record in sorted(set(records)) if rng.random() < settings.holdout]
        observations.append(seen.reshape(-1, width)[kept])
        masks.append(legal.reshape(-1, actions)[kept])
        chosen.append(table.column(target).to_numpy()[kept].astype(np.int64))
        if learn_values:
            column = table.column(LABEL_VALUES).combine_chunks()
            cells = np.asarray(column.flatten(), np.float32).reshape(-1, actions)
            every = np.zeros((table.num_rows, actions), np.float32)
            every[np.flatnonzero(column.is_valid().to_numpy(zero_copy_only=False))] = cells
            valued.append(_advantages(every[kept]))
        held.append(np.isin(records, out))
    if not sum(map(len, chosen)):
        raise OptionError("the data holds no decision of the teachers that was not forced")
    whole = Decisions(
        np.concatenate(observations),
        np.concatenate(masks),
        np.concatenate(chosen),
        np.concatenate(valued) if learn_values else None,
    )
    apart = np.concatenate(held)
    return whole.rows(np.flatnonzero(~apart)), whole.rows(np.flatnonzero(apart))


def _advantages(values: np.ndarray) -> np.ndarray:
    """Each legal action's value less the mean of its row's legal values (0 where illegal):
    what tells the actions apart, without the position's worth, which every action shares
    and which would otherwise take most of the network's fit."""
    legal = ~np.isnan(values)
    counts = np.maximum(legal.sum(axis=1, keepdims=True), 1)
    mean = np.nansum(values, axis=1, keepdims=True) / counts
    return np.where(legal, values - mean, 0.0).astype(np.float32)


def _read(name: str, learn_values: bool) -> tuple[Any, str]:
    """The columns imitation reads of the dataset `name`, and the one whose choices it
    learns (`label` where the file has labels, else `action`); `OptionError` for a file that
    is missing, not one `parlour export` wrote, or without the values to learn."""
    try:
        names = pq.read_schema(name).names
    except (OSError, ValueError) as error:  # pyarrow's ArrowInvalid is a ValueError
        raise OptionError(f"{name} is not a dataset of `parlour export`: {error}") from None
    target = LABEL if LABEL in names else "action"
    columns = ["game", "record", "bot", "forced", "view", "legal", target]
    if learn_values:
        if LABEL_VALUES not in names:
            raise OptionError(
                f"{name} has no {LABEL_VALUES} column to learn values from: export it with "
                "--label and a bot that judges its choices (such as pimc)"
            )
        columns.append(LABEL_VALUES)
    try:
        return pq.read_table(name, columns=columns), target
    except (OSError, ValueError) as error:
        raise OptionError(f"{name} is not a dataset of `parlour export`: {error}") from None


TARGETS = ("choices", "values")
"""What a run may learn (`Settings.target`)."""


class Trainer:
    """One imitation run in `folder` (see the module's docstring)."""

    def __init__(self, settings: Settings, folder: Path) -> None:
        if not 0.0 <= settings.holdout < 1.0 or settings.evaluation_games < 1:
            raise OptionError("holdout must lie within 0..1 and evaluation_games be at least 1")
        if settings.target not in TARGETS:
            raise OptionError(f"target {settings.target!r}: use one of {', '.join(TARGETS)}")
        self.settings, self.folder = settings, folder
        self.game = load(settings.game, settings.players, **settings.options)
        encoding, actions = self.game.encoding(), len(self.game.all_actions())
        self.learned, self.held = read_decisions(settings, encoding.size, actions)
        self.meta = header(self.game, settings.options, actions)
        self.rng = np.random.default_rng(settings.seed)
        torch.manual_seed(settings.seed)
        self.model = network(encoding.size, settings.hidden, actions)
        self.optimiser = torch.optim.Adam(self.model.parameters(), lr=settings.learning_rate)
        self.epochs = 0
        self.cpu_seconds = 0.0

    @classmethod
    def resume(cls, folder: Path) -> Trainer:
        """The run in `folder` as its last checkpoint left it."""
        trainer = cls(Settings.read(checkpoints.settings_path(folder)), folder)
        saved = checkpoints.restore(folder, trainer.model, trainer.optimiser, trainer.rng)
        trainer.epochs, trainer.cpu_seconds = int(saved["epochs"]), float(saved["cpu_seconds"])
        return trainer

    def checkpoint(self) -> None:
        """Save the settings, the network and optimiser, the counters, and the policy."""
        counters = {"epochs": self.epochs, "cpu_seconds": self.cpu_seconds}
        settings = asdict(self.settings)
        checkpoints.keep(self.folder, settings, self.model, self.optimiser, self.rng, **counters)
        self.policy().save(self.folder / "policy.npz")

    def policy(self) -> Policy:
        """The network now, as the project's policy."""
        notes = {
            "epochs": self.epochs,
            "decisions": len(self.learned),
            "method": "imitation",
            "target": self.settings.target,
        }
        return exported(self.model, {**self.meta, **notes, "teachers": self.settings.teachers})

    def run(self, epochs: int) -> list[dict[str, Any]]:
        """Learn `epochs` more passes over the decisions, checkpointing and logging after
        each; returns the log's new lines."""
        torch.set_num_threads(self.settings.threads)
        lines = []
        for _ in range(epochs):
            started = time.process_time()
            loss, agreed = self._epoch()
            self.epochs += 1
            line = {
                "epoch": self.epochs,
                "decisions": len(self.learned),
                "loss": loss,
                "agreement": agreed,
                "held_out_agreement": self.agreement(self.held),
                "won": win_share(
                    self.game,
                    self._values,
                    self.settings.opponent,
                    self.settings.evaluation_games,
                ),
            }
            self.cpu_seconds += time.process_time() - started
            line["cpu_seconds"] = self.cpu_seconds
            self.checkpoint()
            with (self.folder / "log.jsonl").open("a", encoding="utf-8") as log:
                log.write(json.dumps(line) + "\n")
            lines.append(line)
        return lines

    def _epoch(self) -> tuple[float, float]:
        """One pass over the decisions in a random order: the mean loss, and the share of
        the teacher's choices the network picked before each step."""
        batch, learned = self.settings.batch, self.learned
        order = self.rng.permutation(len(learned))
        total = agreed = 0.0
        for start in range(0, len(order), batch):
            rows = learned.rows(order[start : start + batch])
            scores = self._scores(rows)
            target = torch.from_numpy(rows.actions)
            loss = self._loss(rows, scores, target)
            self.optimiser.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call]
            self.optimiser.step()
            total += float(loss.item()) * len(rows)
            agreed += float((scores.argmax(dim=1) == target).sum())
        return total / len(learned), agreed / len(learned)

    def _loss(self, rows: Decisions, scores: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        """Cross-entropy with the chosen actions, or the mean squared error of the legal
        actions' values (the masked scores' illegal entries cancel: both sides hold 0 there)."""
        if rows.values is None:
            return nn.functional.cross_entropy(scores, target)
        legal = torch.from_numpy(rows.masks).float()
        errors = (scores * legal - torch.from_numpy(rows.values)) ** 2
        return errors.sum() / legal.sum()

    def _scores(self, rows: Decisions) -> torch.Tensor:
        """The network's scores for `rows`, illegal actions out of reach."""
        scores: torch.Tensor = self.model(torch.from_numpy(rows.observations))
        return scores.masked_fill(torch.from_numpy(rows.masks) == 0, -1e9)

    def agreement(self, rows: Decisions) -> float | None:
        """The share of `rows` where the network picks the teacher's action (None: no rows)."""
        if not len(rows):
            return None
        with torch.no_grad():
            picked = self._scores(rows).argmax(dim=1).numpy()
        return float((picked == rows.actions).mean())

    def _values(self, observations: np.ndarray) -> np.ndarray:
        with torch.no_grad():
            values: np.ndarray = self.model(torch.from_numpy(observations)).numpy()
        return values
