"""Deep Monte-Carlo self-play (DouZero's method: Zha et al., 2021) for every game: a network
from a seat's observation to a value for every action is regressed on the returns its seat
went on to get, and plays the legal action of highest value (a random one with probability
`epsilon`). Why this method: the games are short, zero-sum by default and partly hidden, with
large action spaces of fixed indices and masks, where DMC matched or beat PPO and NFSP on card
games with far less tuning (it has no critic, no entropy, one loss), and Monte-Carlo returns
need no bootstrapping through hidden information.

Play runs on `parlour.envs.vector.Tables` (`parlour.learn.selfplay`): at some tables
(`opponent_share`) one seat is the learner and the others the game's bots (`bot_share` of
those seats) or past versions of the learner (its pool, `snapshot_every` games apart); at the
rest every seat is the learner. Only the learner's decisions are learned from, one gradient
step after every step of the tables. Every `evaluate_every` games the learner's argmax plays
`evaluation_games` fixed deals against the first of its opponents, once from every seat, and
the log gets its win share: the yardstick that does not move as the pool grows.

A run lives in a folder: `settings.json`, `checkpoint.pt` (the network, the optimiser, the
counters and generators), `policy.npz` (the latest, in the project's format), `pool/` and
`log.jsonl`; `Trainer.resume(folder)` continues where the last checkpoint stopped. Every
`run` starts with an empty replay buffer and new deals, so a run resumed from its checkpoint
plays exactly as the same trainer would have gone on (the buffer, up to `buffer` decisions,
is too large to keep). With Ray actors (`run(games, actors=...)`, `parlour.learn.actors`)
more tables play on other cores or machines with the latest weights and their games join the
buffer as they arrive: faster, but no longer reproducible game for game. Needs the `learn`
extra."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import torch
from torch import nn

from parlour.bots.registry import make_bot
from parlour.kernel import OptionError, load
from parlour.learn import checkpoints
from parlour.learn.nets import exported, header, network
from parlour.learn.policy import Policy, read_policy
from parlour.learn.selfplay import Episode, SelfPlay, win_share

if TYPE_CHECKING:
    from parlour.learn.actors import Actors

TALLY = ("games", "actor_games", "met", "return", "won", "loss", "updates")
"""What the log's lines count between them."""


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
    bot_share: float = 0.5
    """The share of opponents' seats the game's bots take (the pool's the rest, once it has
    any): a fixed share, so the bots stay in the mix as the pool grows."""
    snapshot_every: int = 2_000
    """Games between the pool's snapshots of the learner."""
    checkpoint_every: int = 1_000
    evaluate_every: int = 10_000
    """Games between evaluations (one also ends every `run`)."""
    evaluation_games: int = 100
    """Deals of an evaluation, each played with the learner at every seat."""
    threads: int = 1
    """PyTorch's threads while training (one: see `parlour.learn.ppo.Settings.threads`)."""
    actor_games: int = 50
    """With Ray actors: the games an actor plays with one copy of the weights."""
    seed: int = 0

    @classmethod
    def read(cls, path: Path) -> Settings:
        return cls.from_dict(json.loads(path.read_text(encoding="utf-8")))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """The settings `asdict` gave (as JSON keeps them: tuples as lists)."""
        return cls(
            **{**data, "hidden": tuple(data["hidden"]), "opponents": tuple(data["opponents"])}
        )


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
        shares = (settings.epsilon, settings.opponent_share, settings.bot_share)
        if not all(0.0 <= share <= 1.0 for share in shares):
            raise OptionError("epsilon, opponent_share and bot_share must lie within 0..1")
        if settings.evaluation_games < 1 or settings.evaluate_every < 1:
            raise OptionError("evaluation_games and evaluate_every must be at least 1")
        self.settings = settings
        self.folder = folder
        self.game = load(settings.game, settings.players, **settings.options)
        for name in settings.opponents:
            make_bot(self.game, name, 0, 0)  # refuses an unknown bot now, by name
        self.rng = np.random.default_rng(settings.seed)
        self.pool: list[Policy] = []
        self.play = SelfPlay(self.game, settings, self.rng, self.pool)
        encoding, actions = self.game.encoding(), len(self.play.tables.actions)
        self.meta = header(self.game, settings.options, actions)
        torch.manual_seed(settings.seed)
        self.model = network(encoding.size, settings.hidden, actions)
        self.optimiser = torch.optim.Adam(self.model.parameters(), lr=settings.learning_rate)
        self.buffer = Buffer(1, encoding.size)
        self.games = self.updates = 0
        self.tally: dict[str, float] = dict.fromkeys(TALLY, 0)

    # -- a run's folder ------------------------------------------------------------------------

    @classmethod
    def resume(cls, folder: Path) -> Trainer:
        """The run in `folder` as its last checkpoint left it."""
        trainer = cls(Settings.read(checkpoints.settings_path(folder)), folder)
        saved = checkpoints.restore(folder, trainer.model, trainer.optimiser, trainer.rng)
        trainer.games, trainer.updates = int(saved["games"]), int(saved["updates"])
        trainer.pool.extend(read_policy(path) for path in sorted((folder / "pool").glob("*.npz")))
        return trainer

    def checkpoint(self) -> None:
        """Save the settings, the network and optimiser, the counters, and the policy."""
        settings, counters = asdict(self.settings), {"games": self.games, "updates": self.updates}
        checkpoints.keep(self.folder, settings, self.model, self.optimiser, self.rng, **counters)
        self.policy().save(self.folder / "policy.npz")

    def policy(self) -> Policy:
        """The learner now, as the project's policy."""
        return exported(self.model, {**self.meta, "games": self.games, "method": "dmc"})

    # -- play and learn ------------------------------------------------------------------------

    def run(self, games: int, actors: Actors | None = None) -> list[dict[str, Any]]:
        """Play until `games` more games have ended (the `actors`' too, if any), learning
        after every step of the tables here and, for the actors' games, one step for every
        `tables` decisions they bring; checkpoint every `checkpoint_every` games and at the
        end. Returns the log's new lines."""
        settings = self.settings
        torch.set_num_threads(settings.threads)
        target = self.games + games
        self.buffer = Buffer(settings.buffer, self.game.encoding().size)  # as a resumed run's
        self.play.reset()
        lines: list[dict[str, Any]] = []
        self.tally = dict.fromkeys(TALLY, 0)
        next_checkpoint = self.games + settings.checkpoint_every
        next_evaluation = self.games + settings.evaluate_every
        owed = 0.0
        if actors is not None:
            for number in range(len(actors.handles)):
                actors.send(number, self.policy(), self.pool)
        while self.games < target:
            self.play.step(self._values, self._ended)
            if self.buffer.filled >= settings.batch:
                self._learn()
            if actors is not None:
                owed += self._arrived(actors, last=self.games >= target)
            while owed >= 1 and self.buffer.filled >= settings.batch:
                self._learn()
                owed -= 1
            if self.games >= next_checkpoint or self.games >= target:
                evaluated = self.games >= next_evaluation or self.games >= target
                if evaluated:
                    next_evaluation = self.games + settings.evaluate_every
                lines.append(self._log(self.evaluate() if evaluated else None))
                self.tally = dict.fromkeys(TALLY, 0)
                self.checkpoint()
                next_checkpoint = self.games + settings.checkpoint_every
        return lines

    def _arrived(self, actors: Actors, last: bool) -> float:
        """The games the actors have finished, taken in, and those actors sent the latest
        weights; at the `last`, every actor's games in progress are waited for instead (none
        played is thrown away) and none is sent more. The gradient steps owed for them, one
        for every `tables` decisions."""
        owed = 0.0
        for number, ended in actors.arrived(wait=last):
            for episodes in ended:
                self._ended(episodes)
                self.tally["actor_games"] += 1
                owed += sum(len(episode.actions) for episode in episodes) / self.settings.tables
            if not last:
                actors.send(number, self.policy(), self.pool)
        return owed

    def _values(self, observations: np.ndarray) -> np.ndarray:
        """The learner's network on these rows, as numpy."""
        with torch.no_grad():
            values: np.ndarray = self.model(torch.from_numpy(observations)).numpy()
        return values

    def _ended(self, episodes: list[Episode]) -> None:
        """A game's end: each learner seat's decisions join the buffer with its return; at a
        table with opponents, the learner's return and win are tallied; the pool gets a
        snapshot every `snapshot_every` games."""
        for episode in episodes:
            if len(episode.actions):
                self.buffer.add(episode.observations, episode.actions, episode.value)
            if episode.met:
                self.tally["met"] += 1
                self.tally["return"] += episode.value
                self.tally["won"] += float(episode.value > 0)
        self.games += 1
        self.tally["games"] += 1
        if self.games % self.settings.snapshot_every == 0:
            snapshot = self.policy()
            snapshot.save(self.folder / "pool" / f"{self.games:09d}.npz")
            self.pool.append(snapshot)

    def _learn(self) -> None:
        """One gradient step on a sample of the buffer: each decision's value toward the
        return its seat got (its loss tallied)."""
        observations, actions, returns = self.buffer.sample(self.settings.batch, self.rng)
        values = self.model(torch.from_numpy(observations))
        taken = values.gather(1, torch.from_numpy(actions)[:, None])[:, 0]
        loss = nn.functional.mse_loss(taken, torch.from_numpy(returns))
        self.optimiser.zero_grad()
        loss.backward()  # type: ignore[no-untyped-call]
        self.optimiser.step()
        self.updates += 1
        self.tally["loss"] += float(loss.item())
        self.tally["updates"] += 1

    def evaluate(self) -> float:
        """The learner's win share against the first of its opponents (`win_share`)."""
        opponent = self.settings.opponents[0] if self.settings.opponents else "random"
        return win_share(self.game, self._values, opponent, self.settings.evaluation_games)

    def _log(self, evaluation: float | None) -> dict[str, Any]:
        """A line of `log.jsonl`: games and updates so far, the mean loss, against the
        opponents the learner's mean return and win share since the last line, and the
        evaluation's win share when one was played."""
        tally = self.tally
        met = tally["met"] or 1
        line = {
            "games": self.games,
            "updates": self.updates,
            "loss": tally["loss"] / (tally["updates"] or 1),
            "met": tally["met"],
            "return_against_opponents": tally["return"] / met,
            "won_against_opponents": tally["won"] / met,
            "actor_games": tally["actor_games"],
            "evaluation_won": evaluation,
        }
        self.folder.mkdir(parents=True, exist_ok=True)
        with (self.folder / "log.jsonl").open("a", encoding="utf-8") as log:
            log.write(json.dumps(line) + "\n")
        return line
