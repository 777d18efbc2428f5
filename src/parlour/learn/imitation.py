"""Imitation (behaviour cloning) of a strong bot: a network from a seat's observation to a
score for every action is trained by cross-entropy, over the legal actions only, to pick what
the teacher picked, from datasets `parlour export --bots` wrote: the teachers' actions
(`view`, `legal`, `action`, `bot` and `forced` columns), and, where a file has the `label`
column of `export --label BOT`, that expert's choices on the states the players reached (the
learner's own play, as DAgger gathers them).
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

from parlour.datasets.decisions import LABEL
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
    """The teacher's decisions as arrays: observations, legal masks, the actions chosen."""

    observations: np.ndarray
    masks: np.ndarray
    actions: np.ndarray

    def __len__(self) -> int:
        return len(self.actions)

    def rows(self, chosen: np.ndarray) -> Decisions:
        return Decisions(self.observations[chosen], self.masks[chosen], self.actions[chosen])


def read_decisions(settings: Settings, width: int, actions: int) -> tuple[Decisions, Decisions]:
    """The decisions to learn in `settings.data` (none that was forced): a labelled file's
    with their labels, another's the teachers' with their actions; split by game into those
    learned from and those held out. `OptionError` naming a file of another game or shape, or
    data without a decision to learn."""
    rng = np.random.default_rng(settings.seed)
    observations, masks, chosen, held = [], [], [], []
    for name in settings.data:
        table, target = _read(name)
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
        held.append(np.isin(records, out))
    if not sum(map(len, chosen)):
        raise OptionError("the data holds no decision of the teachers that was not forced")
    whole = Decisions(np.concatenate(observations), np.concatenate(masks), np.concatenate(chosen))
    apart = np.concatenate(held)
    return whole.rows(np.flatnonzero(~apart)), whole.rows(np.flatnonzero(apart))


def _read(name: str) -> tuple[Any, str]:
    """The columns imitation reads of the dataset `name`, and the one it learns (`label`
    where the file has labels, else `action`); `OptionError` for a file that is missing or
    not one `parlour export` wrote."""
    try:
        target = LABEL if LABEL in pq.read_schema(name).names else "action"
        columns = ["game", "record", "bot", "forced", "view", "legal", target]
        return pq.read_table(name, columns=columns), target
    except (OSError, ValueError) as error:  # pyarrow's ArrowInvalid is a ValueError
        raise OptionError(f"{name} is not a dataset of `parlour export`: {error}") from None


class Trainer:
    """One imitation run in `folder` (see the module's docstring)."""

    def __init__(self, settings: Settings, folder: Path) -> None:
        if not 0.0 <= settings.holdout < 1.0 or settings.evaluation_games < 1:
            raise OptionError("holdout must lie within 0..1 and evaluation_games be at least 1")
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
        notes = {"epochs": self.epochs, "decisions": len(self.learned), "method": "imitation"}
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
            loss = nn.functional.cross_entropy(scores, target)
            self.optimiser.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call]
            self.optimiser.step()
            total += float(loss.item()) * len(rows)
            agreed += float((scores.argmax(dim=1) == target).sum())
        return total / len(learned), agreed / len(learned)

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
