"""Deep Monte-Carlo self-play (DouZero's method: Zha et al., 2021) for every game: a network
from a seat's observation to a value for every action is regressed on the returns its seat
went on to get, and plays the legal action of highest value (a random one with probability
`epsilon`). Why this method: the games are short, zero-sum by default and partly hidden, with
large action spaces of fixed indices and masks, where DMC matched or beat PPO and NFSP on card
games with far less tuning (it has no critic, no entropy, one loss), and Monte-Carlo returns
need no bootstrapping through hidden information.

Play runs on `parlour.envs.vector.Tables`: at some tables (`opponent_share`) one seat is the
learner and the others the game's bots or past versions of the learner (its pool,
`snapshot_every` games apart); at the rest every seat is the learner. Only the learner's
decisions are learned from. A run lives in a folder: `settings.json`, `checkpoint.pt` (the
network, the optimiser, the counters and generators), `policy.npz` (the latest, in the
project's format), `pool/` and `log.jsonl`; `Trainer.resume(folder)` continues where the
last checkpoint stopped. Every `run` starts with an empty replay buffer and new deals, so a
run resumed from its checkpoint plays exactly as the same trainer would have gone on (the
buffer, up to `buffer` decisions, is too large to keep). Needs the `learn` extra."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from parlour.bots.registry import Bot, make_bot
from parlour.envs.vector import Tables
from parlour.kernel import OptionError, load
from parlour.learn.nets import exported, network
from parlour.learn.policy import Policy, read_policy

LEARNER = "learner"
"""The seating's name of a seat the learner plays."""


@dataclass
class Settings:
    """What a run trains and how; kept in the run's folder and read back on resume."""

    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    hidden: tuple[int, ...] = (256, 256)
    tables: int = 32
    epsilon: float = 0.1
    batch: int = 256
    learning_rate: float = 3e-4
    buffer: int = 100_000
    opponents: tuple[str, ...] = ("greedy",)
    """The game's bots the learner meets, beside its pool."""
    opponent_share: float = 0.5
    """The share of tables where one seat is the learner and the rest opponents."""
    snapshot_every: int = 2_000
    """Games between the pool's snapshots of the learner."""
    checkpoint_every: int = 1_000
    seed: int = 0

    @classmethod
    def read(cls, path: Path) -> Settings:
        data = json.loads(path.read_text(encoding="utf-8"))
        data["hidden"], data["opponents"] = tuple(data["hidden"]), tuple(data["opponents"])
        return cls(**data)


class Buffer:
    """The latest `size` decisions: observation, action index, the seat's return."""

    def __init__(self, size: int, width: int) -> None:
        self.observations = np.zeros((size, width), dtype=np.float32)
        self.actions = np.zeros(size, dtype=np.int64)
        self.returns = np.zeros(size, dtype=np.float32)
        self.size, self.filled, self.next = size, 0, 0

    def add(self, observations: np.ndarray, actions: np.ndarray, value: float) -> None:
        for row in range(len(actions)):
            at = self.next
            self.observations[at], self.actions[at], self.returns[at] = (
                observations[row],
                actions[row],
                value,
            )
            self.next = (at + 1) % self.size
            self.filled = min(self.filled + 1, self.size)

    def sample(self, count: int, rng: np.random.Generator) -> tuple[np.ndarray, ...]:
        rows = rng.integers(self.filled, size=count)
        return self.observations[rows], self.actions[rows], self.returns[rows]


class Trainer:
    """One run of self-play in `folder` (see the module's docstring)."""

    def __init__(self, settings: Settings, folder: Path) -> None:
        if not 0.0 <= settings.epsilon <= 1.0 or not 0.0 <= settings.opponent_share <= 1.0:
            raise OptionError("epsilon and opponent_share must lie within 0..1")
        self.settings = settings
        self.folder = folder
        self.game = load(settings.game, settings.players, **settings.options)
        for name in settings.opponents:
            make_bot(self.game, name, 0, 0)  # refuses an unknown bot now, by name
        self.tables = Tables(
            settings.game, settings.players, num_tables=settings.tables, **settings.options
        )
        encoding = self.game.encoding()
        self.meta = {
            "game": self.game.name,
            "players": self.game.players,
            "options": settings.options,
            "encoding": encoding.name,
            "actions": len(self.tables.actions),
        }
        torch.manual_seed(settings.seed)
        self.model = network(encoding.size, settings.hidden, len(self.tables.actions))
        self.optimiser = torch.optim.Adam(self.model.parameters(), lr=settings.learning_rate)
        self.rng = np.random.default_rng(settings.seed)
        self.buffer = Buffer(1, encoding.size)
        self.games = self.updates = 0
        self.pool: list[Policy] = []

    # -- a run's folder ------------------------------------------------------------------------

    @classmethod
    def resume(cls, folder: Path) -> Trainer:
        """The run in `folder` as its last checkpoint left it."""
        if not (folder / "checkpoint.pt").is_file():
            raise OptionError(f"no checkpoint in {folder} to resume")
        trainer = cls(Settings.read(folder / "settings.json"), folder)
        saved = torch.load(folder / "checkpoint.pt", weights_only=True)
        trainer.model.load_state_dict(saved["model"])
        trainer.optimiser.load_state_dict(saved["optimiser"])
        trainer.games, trainer.updates = int(saved["games"]), int(saved["updates"])
        trainer.rng.bit_generator.state = json.loads(saved["rng"])
        torch.set_rng_state(saved["torch_rng"])
        trainer.pool = [read_policy(path) for path in sorted((folder / "pool").glob("*.npz"))]
        return trainer

    def checkpoint(self) -> None:
        """Save the settings, the network and optimiser, the counters, and the policy."""
        self.folder.mkdir(parents=True, exist_ok=True)
        settings = self.folder / "settings.json"
        settings.write_text(json.dumps(asdict(self.settings), indent=2), encoding="utf-8")
        torch.save(
            {
                "model": self.model.state_dict(),
                "optimiser": self.optimiser.state_dict(),
                "games": self.games,
                "updates": self.updates,
                "rng": json.dumps(self.rng.bit_generator.state),
                "torch_rng": torch.get_rng_state(),
            },
            self.folder / "checkpoint.pt",
        )
        self.policy().save(self.folder / "policy.npz")

    def policy(self) -> Policy:
        """The learner now, as the project's policy."""
        return exported(self.model, {**self.meta, "games": self.games, "method": "dmc"})

    # -- play and learn ------------------------------------------------------------------------

    def run(self, games: int) -> list[dict[str, Any]]:
        """Play until `games` more games have ended, learning after every step; checkpoint
        every `checkpoint_every` games and at the end. Returns the log's new lines."""
        settings = self.settings
        target = self.games + games
        self.buffer = Buffer(settings.buffer, self.game.encoding().size)  # as a resumed run's
        seatings = [self._seating() for _ in range(settings.tables)]
        episodes: dict[tuple[int, int], tuple[list[np.ndarray], list[int]]] = {}
        decisions = self.tables.reset(seed=int(self.rng.integers(2**31)))
        lines: list[dict[str, Any]] = []
        tally = {"games": 0, "met": 0, "return": 0.0, "won": 0.0, "loss": 0.0, "updates": 0}
        next_checkpoint = self.games + settings.checkpoint_every
        while self.games < target:
            actions = self._act(decisions, seatings)
            for row, (table, seat) in enumerate(zip(decisions.table, decisions.seat, strict=True)):
                if seatings[table][seat] == LEARNER:
                    seen, done = episodes.setdefault((int(table), int(seat)), ([], []))
                    seen.append(decisions.observation[row])
                    done.append(int(actions[row]))
            step = self.tables.step(actions)
            for table in np.flatnonzero(step.terminated):
                self._ended(int(table), seatings, episodes, step.rewards[table], tally)
                seatings[table] = self._seating()
            if self.buffer.filled >= settings.batch:
                tally["loss"] += self._learn()
                tally["updates"] += 1
            decisions = step.decisions
            if self.games >= next_checkpoint or self.games >= target:
                lines.append(self._log(tally))
                tally = dict.fromkeys(tally, 0)
                self.checkpoint()
                next_checkpoint = self.games + settings.checkpoint_every
        return lines

    def _seating(self) -> list[Any]:
        """Who plays each seat at a newly dealt table: the learner everywhere, or (at the
        `opponent_share` of tables) the learner at one seat and opponents at the others."""
        settings, players = self.settings, self.settings.players
        if players == 1 or self.rng.random() >= settings.opponent_share:
            return [LEARNER] * players
        learner = int(self.rng.integers(players))
        seating: list[Any] = []
        for seat in range(players):
            if seat == learner:
                seating.append(LEARNER)
                continue
            choices = len(settings.opponents) + len(self.pool)
            pick = int(self.rng.integers(choices)) if choices else -1
            if pick < 0:
                seating.append(LEARNER)
            elif pick < len(settings.opponents):
                seed = int(self.rng.integers(2**31))
                seating.append(make_bot(self.game, settings.opponents[pick], seat, seed))
            else:
                seating.append(self.pool[pick - len(settings.opponents)])
        return seating

    def _act(self, decisions: Any, seatings: list[list[Any]]) -> np.ndarray:
        """Every row's action: the learner's (epsilon-greedy, in one forward pass), the pool's
        policies', and the bots' from their seat's view."""
        masks = decisions.action_mask
        actions = np.zeros(len(masks), dtype=np.int64)
        rows = zip(decisions.table, decisions.seat, strict=True)
        players = [seatings[table][seat] for table, seat in rows]
        learner = np.array([who == LEARNER for who in players], dtype=bool)
        if learner.any():
            with torch.no_grad():
                values = self.model(torch.from_numpy(decisions.observation[learner])).numpy()
            chosen = np.where(masks[learner] > 0, values, -np.inf).argmax(axis=1)
            explore = self.rng.random(len(chosen)) < self.settings.epsilon
            noise = self.rng.random((int(explore.sum()), masks.shape[1])) * masks[learner][explore]
            chosen[explore] = noise.argmax(axis=1)
            actions[learner] = chosen
        index = {action: number for number, action in enumerate(self.tables.actions)}
        for row in np.flatnonzero(~learner):
            who = players[row]
            if isinstance(who, Policy):
                one = slice(row, row + 1)
                actions[row] = who.choose(decisions.observation[one], masks[one])[0]
            else:
                bot: Bot = who
                table = self.tables.tables[int(decisions.table[row])]
                seat = int(decisions.seat[row])
                legal = table.legal(seat)
                actions[row] = index[bot.choose(table.state.view(seat), legal)]
        return actions

    def _ended(
        self,
        table: int,
        seatings: list[list[Any]],
        episodes: dict[tuple[int, int], tuple[list[np.ndarray], list[int]]],
        rewards: np.ndarray,
        tally: dict[str, Any],
    ) -> None:
        """A game's end: each learner seat's decisions join the buffer with its return; at a
        table with opponents, the learner's return and win are tallied."""
        seating = seatings[table]
        for seat, who in enumerate(seating):
            if who != LEARNER:
                continue
            seen, done = episodes.pop((table, seat), ([], []))
            if done:
                self.buffer.add(np.stack(seen), np.array(done), float(rewards[seat]))
            if any(other != LEARNER for other in seating):
                tally["met"] += 1
                tally["return"] += float(rewards[seat])
                tally["won"] += float(rewards[seat] > 0)
        self.games += 1
        tally["games"] += 1
        if self.games % self.settings.snapshot_every == 0:
            snapshot = self.policy()
            snapshot.save(self.folder / "pool" / f"{self.games:09d}.npz")
            self.pool.append(snapshot)

    def _learn(self) -> float:
        """One gradient step on a sample of the buffer: each decision's value toward the
        return its seat got."""
        observations, actions, returns = self.buffer.sample(self.settings.batch, self.rng)
        values = self.model(torch.from_numpy(observations))
        taken = values.gather(1, torch.from_numpy(actions)[:, None])[:, 0]
        loss = nn.functional.mse_loss(taken, torch.from_numpy(returns))
        self.optimiser.zero_grad()
        loss.backward()  # type: ignore[no-untyped-call]
        self.optimiser.step()
        self.updates += 1
        return float(loss.item())

    def _log(self, tally: dict[str, Any]) -> dict[str, Any]:
        """A line of `log.jsonl`: games and updates so far, the mean loss, and against the
        opponents the learner's mean return and win share since the last line."""
        met = tally["met"] or 1
        line = {
            "games": self.games,
            "updates": self.updates,
            "loss": tally["loss"] / (tally["updates"] or 1),
            "met": tally["met"],
            "return_against_opponents": tally["return"] / met,
            "won_against_opponents": tally["won"] / met,
        }
        self.folder.mkdir(parents=True, exist_ok=True)
        with (self.folder / "log.jsonl").open("a", encoding="utf-8") as log:
            log.write(json.dumps(line) + "\n")
        return line
