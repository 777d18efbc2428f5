"""Proximal Policy Optimisation (Schulman et al., 2017) with action masks for a game played
alone for points (solo Dicetime): an actor (the policy's logits over `game.all_actions()`,
illegal actions masked out) and a critic (the points still to come), learned from the score
each action banks, with generalised advantage estimation (Schulman et al., 2016) and no
discount, since every game ends within its turns.

Why PPO here and DMC (`parlour.learn.dmc`) for the games played against others: alone there is
nobody to play against, so a pool is moot, while the score each step banks is a dense reward
that a critic can learn from in a few steps; the actor-critic agents published for Yahtzee
(A2C, PPO) come within a few percent of optimal play this way.

Play runs on `parlour.envs.vector.Tables` (`rewards="score"`). A run lives in a folder like a
DMC run's: `settings.json`, `checkpoint.pt` (both networks, the optimiser, the counters and
generators), `policy.npz` (the actor, in the project's format: its argmax is the policy the
evaluations measure), `log.jsonl` (a line every `evaluate_every` updates: the mean final
score of the training games and of `evaluation_games` fixed deals played by the argmax).
`Trainer.resume(folder)` continues where the last checkpoint stopped; every `run` deals anew,
so a resumed run plays exactly as the same trainer would have gone on. Needs `learn`."""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import torch
from torch import nn

from parlour.envs.vector import Decisions, Tables
from parlour.kernel import OptionError, load
from parlour.learn import checkpoints
from parlour.learn.nets import exported, network
from parlour.learn.policy import Policy
from parlour.learn.selfplay import EVALUATION_SEED


@dataclass
class Settings:
    """What a run trains and how; kept in the run's folder and read back on resume."""

    game: str
    options: dict[str, Any] = field(default_factory=dict)
    hidden: tuple[int, ...] = (256, 256)
    tables: int = 64
    rollout: int = 64
    """Steps of every table between updates."""
    epochs: int = 4
    minibatch: int = 1024
    learning_rate: float = 3e-4
    clip: float = 0.2
    gae_lambda: float = 0.95
    value_coef: float = 0.5
    entropy_coef: float = 0.003
    reward_scale: float = 0.05
    """Points times this are the rewards learned from (a critic's targets near 1)."""
    max_grad_norm: float = 0.5
    evaluate_every: int = 25
    """Updates between the log's lines (and checkpoints)."""
    evaluation_games: int = 200
    threads: int = 1
    """PyTorch's threads while training: one, since its small matrices run several times
    slower on threads that contend with the tables' Python (measured on the 2-core machine)."""
    seed: int = 0

    @classmethod
    def read(cls, path: Path) -> Settings:
        data = json.loads(path.read_text(encoding="utf-8"))
        data["hidden"] = tuple(data["hidden"])
        return cls(**data)


class Rollout(NamedTuple):
    """A rollout's rows in play order, with the advantages and returns computed from them."""

    observations: torch.Tensor
    masks: torch.Tensor
    actions: torch.Tensor
    log_probs: torch.Tensor
    advantages: torch.Tensor
    returns: torch.Tensor


def masked_logits(logits: torch.Tensor, masks: torch.Tensor) -> torch.Tensor:
    """Logits with every illegal action's made (practically) impossible."""
    return logits.masked_fill(masks == 0, -1e9)


class Trainer:
    """One run of PPO in `folder` (see the module's docstring)."""

    def __init__(self, settings: Settings, folder: Path) -> None:
        self.settings = settings
        self.folder = folder
        self.game = load(settings.game, 1, **settings.options)
        if settings.tables < 1 or settings.rollout < 1 or settings.evaluation_games < 1:
            raise OptionError("tables, rollout and evaluation_games must be at least 1")
        self.tables = Tables(
            settings.game, 1, num_tables=settings.tables, rewards="score", **settings.options
        )
        size, actions = self.tables.encoding.size, len(self.tables.actions)
        self.meta = {
            "game": self.game.name,
            "players": 1,
            "options": settings.options,
            "encoding": self.tables.encoding.name,
            "actions": actions,
        }
        torch.manual_seed(settings.seed)
        self.actor = network(size, settings.hidden, actions)
        self.critic = network(size, settings.hidden, 1)
        parameters = [*self.actor.parameters(), *self.critic.parameters()]
        self.optimiser = torch.optim.Adam(parameters, lr=settings.learning_rate)
        self.rng = np.random.default_rng(settings.seed)
        self.games = self.steps = self.updates = 0
        self.cpu_seconds = 0.0

    # -- a run's folder ------------------------------------------------------------------------

    @classmethod
    def resume(cls, folder: Path) -> Trainer:
        """The run in `folder` as its last checkpoint left it."""
        trainer = cls(Settings.read(checkpoints.settings_path(folder)), folder)
        saved = checkpoints.read(folder, trainer.rng)
        trainer.actor.load_state_dict(saved["actor"])
        trainer.critic.load_state_dict(saved["critic"])
        trainer.optimiser.load_state_dict(saved["optimiser"])
        trainer.games, trainer.steps = int(saved["games"]), int(saved["steps"])
        trainer.updates, trainer.cpu_seconds = int(saved["updates"]), float(saved["cpu_seconds"])
        return trainer

    def checkpoint(self) -> None:
        """Save the settings, the networks and optimiser, the counters, and the policy."""
        kept = {
            "actor": self.actor.state_dict(),
            "critic": self.critic.state_dict(),
            "optimiser": self.optimiser.state_dict(),
            "games": self.games,
            "steps": self.steps,
            "updates": self.updates,
            "cpu_seconds": self.cpu_seconds,
        }
        checkpoints.write(self.folder, asdict(self.settings), kept, self.rng)
        self.policy().save(self.folder / "policy.npz")

    def policy(self) -> Policy:
        """The actor now, as the project's policy (its argmax plays)."""
        return exported(self.actor, {**self.meta, "games": self.games, "method": "ppo"})

    # -- play and learn ------------------------------------------------------------------------

    def run(self, games: int) -> list[dict[str, Any]]:
        """Update until `games` more training games have ended (whole updates); a log line
        and a checkpoint every `evaluate_every` updates and at the end. The log's new lines."""
        settings = self.settings
        torch.set_num_threads(settings.threads)
        target = self.games + games
        decisions = self.tables.reset(seed=int(self.rng.integers(2**31)))
        lines: list[dict[str, Any]] = []
        finals: list[float] = []
        started = time.process_time()
        while self.games < target:
            rollout, decisions = self._collect(decisions, finals)
            self._learn(rollout)
            if self.updates % settings.evaluate_every == 0 or self.games >= target:
                self.cpu_seconds += time.process_time() - started
                lines.append(self._log(finals))
                finals = []
                self.checkpoint()
                started = time.process_time()
        return lines

    def _collect(self, decisions: Decisions, finals: list[float]) -> tuple[Rollout, Decisions]:
        """`rollout` steps of every table by the current actor, sampled; each row's advantage
        and return (GAE, undiscounted, bootstrapped by the critic where a game goes on)."""
        settings = self.settings
        rows: list[tuple[Any, ...]] = []
        for _ in range(settings.rollout):
            observations = torch.from_numpy(decisions.observation)
            masks = torch.from_numpy(decisions.action_mask)
            with torch.no_grad():
                logits = masked_logits(self.actor(observations), masks)
                values = self.critic(observations)[:, 0]
            uniform = torch.from_numpy(self.rng.random(logits.shape, dtype=np.float32))
            actions = (logits - torch.log(-torch.log(uniform))).argmax(dim=1)  # Gumbel-max
            log_probs = torch.log_softmax(logits, dim=1).gather(1, actions[:, None])[:, 0]
            step = self.tables.step(actions.numpy())
            tables = decisions.table
            rewards = step.rewards[tables, 0] * settings.reward_scale
            ended = step.terminated[tables]
            for number in np.flatnonzero(step.terminated):
                finals.append(float(self.tables.tables[number].state.scores[0]))
            self.games += int(step.terminated.sum())
            self.steps += len(tables)
            rows.append((decisions, actions, log_probs, values, rewards, ended))
            decisions = step.decisions
        with torch.no_grad():
            last = self.critic(torch.from_numpy(decisions.observation))[:, 0].numpy()
        following = dict(zip(decisions.table.tolist(), last.tolist(), strict=True))
        return self._advantages(rows, following), decisions

    def _advantages(self, rows: list[tuple[Any, ...]], following: dict[int, float]) -> Rollout:
        """GAE over each table's rows, last to first: `following` holds the critic's value
        of each table's next decision, where its game goes on past the rollout."""
        lam = self.settings.gae_lambda
        count = sum(len(step[0].table) for step in rows)
        advantages = np.zeros(count, dtype=np.float32)
        values = np.zeros(count, dtype=np.float32)
        offsets = np.cumsum([0, *(len(step[0].table) for step in rows)])
        carry: dict[int, tuple[float, float]] = {t: (v, 0.0) for t, v in following.items()}
        for number in range(len(rows) - 1, -1, -1):
            decisions, _, _, value, reward, ended = rows[number]
            for row, table in enumerate(decisions.table.tolist()):
                at = offsets[number] + row
                next_value, next_advantage = carry.get(table, (0.0, 0.0))
                if ended[row]:
                    next_value, next_advantage = 0.0, 0.0
                delta = float(reward[row]) + next_value - float(value[row])
                advantages[at] = delta + lam * next_advantage
                values[at] = float(value[row])
                carry[table] = (float(value[row]), float(advantages[at]))
        return Rollout(
            torch.from_numpy(np.concatenate([step[0].observation for step in rows])),
            torch.from_numpy(np.concatenate([step[0].action_mask for step in rows])),
            torch.cat([step[1] for step in rows]),
            torch.cat([step[2] for step in rows]),
            torch.from_numpy(advantages),
            torch.from_numpy(advantages + values),
        )

    def _learn(self, rollout: Rollout) -> None:
        """`epochs` passes of clipped-objective minibatch steps over the rollout."""
        settings = self.settings
        count = len(rollout.actions)
        for _ in range(settings.epochs):
            order = torch.from_numpy(self.rng.permutation(count))
            for start in range(0, count, settings.minibatch):
                rows = order[start : start + settings.minibatch]
                observations, masks = rollout.observations[rows], rollout.masks[rows]
                advantages = rollout.advantages[rows]
                advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
                logits = masked_logits(self.actor(observations), masks)
                log_all = torch.log_softmax(logits, dim=1)
                log_probs = log_all.gather(1, rollout.actions[rows][:, None])[:, 0]
                ratio = torch.exp(log_probs - rollout.log_probs[rows])
                clipped = torch.clamp(ratio, 1 - settings.clip, 1 + settings.clip)
                policy_loss = -torch.min(ratio * advantages, clipped * advantages).mean()
                value_loss = nn.functional.mse_loss(
                    self.critic(observations)[:, 0], rollout.returns[rows]
                )
                entropy = -(log_all.exp() * log_all).sum(dim=1).mean()
                loss = (
                    policy_loss + settings.value_coef * value_loss - settings.entropy_coef * entropy
                )
                self.optimiser.zero_grad()
                loss.backward()  # type: ignore[no-untyped-call]
                nn.utils.clip_grad_norm_(
                    [*self.actor.parameters(), *self.critic.parameters()],
                    settings.max_grad_norm,
                )
                self.optimiser.step()
        self.updates += 1

    def evaluate(self) -> np.ndarray:
        """The final scores of `evaluation_games` deals (seeds from `EVALUATION_SEED` on, the
        same every time) played by the actor's argmax, the policy `policy.npz` plays."""
        count = self.settings.evaluation_games
        tables = Tables(self.settings.game, 1, num_tables=count, **self.settings.options)
        policy = self.policy()
        scores = np.full(count, np.nan)
        decisions = tables.reset(seed=EVALUATION_SEED)
        while np.isnan(scores).any():
            step = tables.step(policy.choose(decisions.observation, decisions.action_mask))
            for number in np.flatnonzero(step.terminated & np.isnan(scores)):
                scores[number] = tables.tables[number].state.scores[0]
            decisions = step.decisions
        return scores

    def _log(self, finals: list[float]) -> dict[str, Any]:
        """A line of `log.jsonl`: the counters, the CPU seconds so far, the mean final score
        of the training games since the last line, and the evaluation's mean, median and
        standard deviation."""
        scores = self.evaluate()
        line = {
            "updates": self.updates,
            "games": self.games,
            "steps": self.steps,
            "cpu_seconds": round(self.cpu_seconds, 1),
            "training_mean": float(np.mean(finals)) if finals else None,
            "evaluation_mean": float(scores.mean()),
            "evaluation_median": float(np.median(scores)),
            "evaluation_sd": float(scores.std()),
        }
        self.folder.mkdir(parents=True, exist_ok=True)
        with (self.folder / "log.jsonl").open("a", encoding="utf-8") as log:
            log.write(json.dumps(line) + "\n")
        return line
