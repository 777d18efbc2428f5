"""Many tables stepped in one call, for learners that batch: `Tables` for every game, and
`DicetimeVectorEnv`, Gymnasium's `VectorEnv` over solo Dicetime (`gymnasium.make_vec(
"parlour/Dicetime-v0", num_envs=N, vectorization_mode="vector_entry_point")`).

`Tables` returns, at each step, one row for every seat to act at every table, as stacked
arrays (several rows for a table whose seats act at once, each with its own mask), and takes
one action per row; rewards and terminations come per table. Observations are written from
the state (`encoding.observe_into`) into the step's arrays. Finished tables are dealt again on
the next step (Gymnasium's next-step autoreset): a table that ends has no rows at the step it
ends (its `terminated` is set and its rewards are the game's last), and the next step deals
it anew, so its new game's rows are back then. Table `i` reset with seed `s` plays as a
PettingZoo Parallel env reset with seed `s + i` and then reset without one at each end.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from parlour.envs.dicetime import AGENT, MODES
from parlour.envs.spaces import action_space, observation_space
from parlour.envs.table import DEFAULT_CLOCK_STEPS, Table
from parlour.kernel import OptionError, load


class Decisions(NamedTuple):
    """The rows of a step: who decides, where, seeing what, choosing among what (K rows)."""

    table: np.ndarray
    """int64 (K,): the table of each row, ascending."""
    seat: np.ndarray
    """int64 (K,): the seat of each row, ascending within a table."""
    observation: np.ndarray
    """float32 (K, encoding size): the seat's observation."""
    action_mask: np.ndarray
    """int8 (K, actions): 1 for each legal action of the row's seat."""


class Step(NamedTuple):
    """What a step returns: the next decisions and, per table, the step's rewards and ends."""

    decisions: Decisions
    rewards: np.ndarray
    """float32 (N, players): each seat's reward for the step (0 at a table dealt again)."""
    terminated: np.ndarray
    """bool (N,): the tables whose game ended at this step."""


def _check_count(count: object, what: str) -> int:
    if type(count) is not int or count < 1:
        raise OptionError(f"{what} must be a positive integer, not {count!r}")
    return count


class _Batch:
    """N tables of one game with a generator each; deals, and seeds as Gymnasium's vector
    envs do (table `i` of a reset with seed `s` has seed `s + i`)."""

    def __init__(self, tables: list[Table]) -> None:
        self.tables = tables
        self.rngs: list[np.random.Generator] = []
        self.ended = np.zeros(len(tables), dtype=bool)

    def reset(self, seed: int | Sequence[int] | None) -> None:
        count = len(self.tables)
        if seed is None:
            seeds: list[int | None] = [None] * count
        elif isinstance(seed, int):
            seeds = [seed + number for number in range(count)]
        else:
            seeds = list(seed)
            if len(seeds) != count:
                raise ValueError(f"{len(seeds)} seeds for {count} tables")
        self.rngs = []
        for table, given in zip(self.tables, seeds, strict=True):
            rng, _ = seeding.np_random(given)
            self.rngs.append(rng)
            table.reset(given if given is not None else int(rng.integers(2**63)), rng)
        self.ended[:] = False

    def deal_again(self, number: int) -> None:
        """Table `number`'s next game, dealt from its own generator."""
        rng = self.rngs[number]
        self.tables[number].reset(int(rng.integers(2**63)), rng)
        self.ended[number] = False


class Tables:
    """`num_tables` tables of `game` (with `players` and the game's `options`), stepped at
    once. Keyword arguments of the environment as PettingZoo's (`rewards`, `illegal`,
    `illegal_penalty`, `clock_steps`); actions are indices into `actions`."""

    def __init__(
        self,
        game: str,
        players: int | None = None,
        *,
        num_tables: int,
        rewards: str = "objective",
        illegal: str = "replace",
        illegal_penalty: float = 0.0,
        clock_steps: int = DEFAULT_CLOCK_STEPS,
        **options: object,
    ) -> None:
        loaded = load(game, players, **options)
        self.num_tables = _check_count(num_tables, "num_tables")
        self._batch = _Batch(
            [
                Table(
                    loaded,
                    rewards=rewards,
                    illegal=illegal,
                    illegal_penalty=illegal_penalty,
                    clock_steps=clock_steps,
                )
                for _ in range(self.num_tables)
            ]
        )
        first = self._batch.tables[0]
        self.players = loaded.players
        self.actions = first.actions
        self.encoding = first.encoding
        self.single_action_space = action_space(first)
        self.single_observation_space = observation_space(first)
        self._rows: list[tuple[int, int]] = []

    @property
    def tables(self) -> list[Table]:
        """The tables, each with its kernel state as `table.state`."""
        return self._batch.tables

    def reset(self, seed: int | Sequence[int] | None = None) -> Decisions:
        """Deal every table (table `i` with seed `seed + i`, or the seeds listed, or at
        random); the first decisions."""
        self._batch.reset(seed)
        return self._decisions()

    def step(self, actions: Sequence[int] | np.ndarray) -> Step:
        """One action per row of the last decisions, in their order: each table plays its
        round, tables that ended at the last step are dealt again."""
        if not self._batch.rngs:
            raise ValueError("call reset() before step()")
        rows = self._rows
        sent = np.asarray(actions)
        if sent.shape != (len(rows),):
            raise ValueError(f"step needs {len(rows)} actions, one per row, not shape {sent.shape}")
        rewards = np.zeros((self.num_tables, self.players), dtype=np.float32)
        terminated = np.zeros(self.num_tables, dtype=bool)
        batch = self._batch
        row = 0
        for number, table in enumerate(batch.tables):
            if batch.ended[number]:
                batch.deal_again(number)
                continue
            choices = []
            while row < len(rows) and rows[row][0] == number:
                seat = rows[row][1]
                choices.append(table.choose(seat, sent[row].item(), f"table {number} seat {seat}"))
                row += 1
            rewards[number] = table.play(choices)
            terminated[number] = batch.ended[number] = table.over
        return Step(self._decisions(), rewards, terminated)

    def _decisions(self) -> Decisions:
        """The rows of every table's acting seats, their observations and masks."""
        rows = [
            (number, seat)
            for number, table in enumerate(self._batch.tables)
            for seat in table.acting
        ]
        self._rows = rows
        observations = np.zeros((len(rows), self.encoding.size), dtype=np.float32)
        masks = np.zeros((len(rows), len(self.actions)), dtype=np.int8)
        tables = self._batch.tables
        for row, (number, seat) in enumerate(rows):
            table = tables[number]
            self.encoding.observe_into(table.state, seat, observations[row])
            masks[row] = table.mask(seat)
        located = np.array(rows, dtype=np.int64).reshape(len(rows), 2)
        return Decisions(located[:, 0], located[:, 1], observations, masks)


class DicetimeVectorEnv(VectorEnv):
    """`num_envs` solo Dicetime games as one Gymnasium `VectorEnv` (next-step autoreset):
    the same options, spaces and rewards as `DicetimeEnv`, stacked; env `i` reset with seed
    `s` plays as a `DicetimeEnv` reset with seed `s + i`."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int,
        mode: str = "turns",
        *,
        rewards: str = "score",
        illegal: str = "replace",
        illegal_penalty: float = 0.0,
        **options: object,
    ) -> None:
        if mode not in MODES:
            raise OptionError(f"Dicetime-v0 is solo: mode must be turns or puzzle, not {mode!r}")
        game = load("dicetime", 1, mode=mode, **options)
        self.num_envs = _check_count(num_envs, "num_envs")
        self._batch = _Batch(
            [
                Table(game, rewards=rewards, illegal=illegal, illegal_penalty=illegal_penalty)
                for _ in range(self.num_envs)
            ]
        )
        first = self._batch.tables[0]
        self.actions = first.actions
        self.encoding = first.encoding
        self.single_action_space = action_space(first)
        self.single_observation_space = observation_space(first)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        self._batch.reset(seed)
        return self._observations(), {}

    def step(
        self, actions: np.ndarray
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        if not self._batch.rngs:
            raise ValueError("call reset() before step()")
        sent = np.asarray(actions)
        if sent.shape != (self.num_envs,):
            raise ValueError(f"step needs {self.num_envs} actions, not shape {sent.shape}")
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        terminated = np.zeros(self.num_envs, dtype=bool)
        batch = self._batch
        for number, table in enumerate(batch.tables):
            if batch.ended[number]:
                batch.deal_again(number)
                continue
            choice = table.choose(0, sent[number].item(), f"{AGENT} {number}")
            rewards[number] = table.play([choice])[0]
            terminated[number] = batch.ended[number] = table.over
        truncated = np.zeros(self.num_envs, dtype=bool)
        return self._observations(), rewards, terminated, truncated, {}

    def _observations(self) -> dict[str, np.ndarray]:
        observations = np.zeros((self.num_envs, self.encoding.size), dtype=np.float32)
        masks = np.zeros((self.num_envs, len(self.actions)), dtype=np.int8)
        for number, table in enumerate(self._batch.tables):
            self.encoding.observe_into(table.state, 0, observations[number])
            masks[number] = table.mask(0)
        return {"observation": observations, "action_mask": masks}


__all__ = ["Decisions", "DicetimeVectorEnv", "Step", "Tables"]
