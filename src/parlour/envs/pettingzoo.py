"""PettingZoo environments for every game and mode: `env(GAME, players=N, **options)` (AEC)
and `parallel_env(...)` (Parallel), both over `Table` (rounds, masks, forced moves, rewards,
the illegal-action policy, the race clock). Agents are seats, `player_0` .. `player_N-1`.

In the AEC env the seats of a round are asked one after the other in seat order, each seeing
the state as the round began; the round applies when the last has chosen. The Parallel env
takes the round's actions in one `step` (actions of seats that do not act are ignored).
Keyword arguments the environment takes (the rest are the game's options): `max_cycles`
(truncate after that many rounds; None: never), `rewards` (`objective`, `score` or
`result`), `illegal` (`replace` or `raise`), `illegal_penalty`, `clock_steps`, `views` (put
the JSON view in each info as `info["view"]`) and `render_mode` (`human` or `ansi`): see
`docs/research.md`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv

from parlour.envs.drawing import RENDER_FPS, RENDER_MODES, check_render_mode, draw
from parlour.envs.spaces import action_space, observation_space
from parlour.envs.table import DEFAULT_CLOCK_STEPS, Choice, Table
from parlour.kernel import load

Observation = dict[str, np.ndarray]


def _table(
    game: str,
    players: int | None,
    rewards: str,
    illegal: str,
    illegal_penalty: float,
    clock_steps: int,
    options: dict[str, object],
) -> Table:
    return Table(
        load(game, players, **options),
        rewards=rewards,
        illegal=illegal,
        illegal_penalty=illegal_penalty,
        clock_steps=clock_steps,
    )


def _check_cycles(max_cycles: object) -> int | None:
    if max_cycles is not None and (type(max_cycles) is not int or max_cycles < 1):
        raise ValueError(f"max_cycles must be a positive integer or None, not {max_cycles!r}")
    return max_cycles


class _Seats:
    """What both environments share: the table, agents' names, spaces and seeding."""

    table: Table
    possible_agents: list[str]
    _np_random: np.random.Generator | None

    def _setup(
        self, table: Table, max_cycles: int | None, views: bool, render_mode: str | None
    ) -> None:
        self.table = table
        self.max_cycles = _check_cycles(max_cycles)
        self.views = bool(views)
        self.render_mode = check_render_mode(render_mode)
        self.possible_agents = [f"player_{seat}" for seat in range(table.game.players)]
        self.seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._action_space = action_space(table)
        self._observation_space = observation_space(table)
        self._np_random = None
        self.metadata = {
            "name": f"parlour_{table.game.name}_v0",
            "render_modes": list(RENDER_MODES),
            "render_fps": RENDER_FPS,
        }

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_space

    @property
    def actions(self) -> tuple[str, ...]:
        """The canonical action of each index of the action space."""
        return self.table.actions

    def close(self) -> None:
        """Nothing to release: drawings go to the console or are returned."""

    def _deal(self, seed: int | None) -> None:
        """A new game: seeded by `seed`, else by the environment's RNG (itself seeded by the
        last seed given, else by the operating system)."""
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        if seed is None:
            seed = int(self._np_random.integers(2**63))
        self.table.reset(seed, self._np_random)

    def _truncated(self) -> bool:
        return self.max_cycles is not None and self.table.rounds >= self.max_cycles

    def _info(self, seat: int, notes: dict[int, dict[str, int]]) -> dict[str, Any]:
        """What became of an illegal action since the seat's last info, and the JSON view if
        asked for (`views`)."""
        info: dict[str, Any] = {"view": self.table.view(seat)} if self.views else {}
        if notes:
            info.update(notes.pop(seat, {}))
        return info


def _note(choice: Choice, table: Table, notes: dict[int, dict[str, int]]) -> None:
    if choice.illegal is not None:
        notes[choice.seat] = {"illegal": choice.illegal, "replaced_by": table.index[choice.action]}


class ParlourAECEnv(_Seats, AECEnv):  # type: ignore[misc]
    """A game as a PettingZoo AEC environment (see the module's docstring)."""

    def __init__(
        self,
        table: Table,
        max_cycles: int | None = None,
        views: bool = False,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self._setup(table, max_cycles, views, render_mode)
        self.agents: list[str] = []
        self._queue: list[int] = []
        self._choices: list[Choice] = []
        self._notes: dict[int, dict[str, int]] = {}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._deal(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._notes = {}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._choices = []
        self._next_round()

    def observe(self, agent: str) -> Observation:
        return self.table.observation(self.seat_of[agent])

    def render(self) -> str | None:
        """The selected agent's view as the terminal draws it (a watcher's once it is over)."""
        seat = self.seat_of[self.agent_selection] if self.agents else None
        return draw(self.table.state, seat, self.render_mode)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        choice = table.choose(self.seat_of[agent], action, agent)
        if choice.illegal is not None:
            _note(choice, table, self._notes)
        self._cumulative_rewards[agent] = 0.0
        self._choices.append(choice)
        self._queue.pop(0)
        if self._queue:
            self._clear_rewards()
            self._select(self._queue[0])
        else:
            played = table.play(self._choices)
            self._choices = []
            self.rewards = dict(zip(self.possible_agents, played, strict=True))
            if table.over or self._truncated():
                ended = self.terminations if table.over else self.truncations
                for name in self.agents:
                    ended[name] = True
                    self.infos[name] = self._info(self.seat_of[name], self._notes)
                self._deads_step_first()
            else:
                self._next_round()
        self._accumulate_rewards()

    def _next_round(self) -> None:
        self._queue = list(self.table.acting)
        self._select(self._queue[0])

    def _select(self, seat: int) -> None:
        agent = self.possible_agents[seat]
        self.agent_selection = agent
        self.infos[agent] = self._info(seat, self._notes)


class ParlourParallelEnv(_Seats, ParallelEnv):  # type: ignore[misc]
    """A game as a PettingZoo Parallel environment: a step is a round (see the module)."""

    def __init__(
        self,
        table: Table,
        max_cycles: int | None = None,
        views: bool = False,
        render_mode: str | None = None,
    ) -> None:
        self._setup(table, max_cycles, views, render_mode)
        self.agents: list[str] = []

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        self._deal(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {agent: self._info(seat, {}) for agent, seat in self._live()}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        table = self.table
        if not self.agents:
            raise ValueError("the game is over: call reset()")
        unknown = sorted(set(actions) - set(self.agents))
        if unknown:
            raise ValueError(f"actions for agents not in play: {', '.join(map(str, unknown))}")
        missing = [
            self.possible_agents[s] for s in table.acting if self.possible_agents[s] not in actions
        ]
        if missing:
            raise ValueError(f"no action for {', '.join(missing)}, which act now")
        notes: dict[int, dict[str, int]] = {}
        choices = []
        for seat in table.acting:
            agent = self.possible_agents[seat]
            choice = table.choose(seat, actions[agent], agent)
            _note(choice, table, notes)
            choices.append(choice)
        played = table.play(choices)
        observations = self._observations()
        live = self._live()
        rewards = {agent: played[seat] for agent, seat in live}
        over, truncated = table.over, not table.over and self._truncated()
        terminations = {agent: over for agent, _ in live}
        truncations = {agent: truncated for agent, _ in live}
        infos = {agent: self._info(seat, notes) for agent, seat in live}
        if over or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """The first acting seat's view as the terminal draws it (a watcher's when none acts)."""
        acting = self.table.acting
        return draw(self.table.state, acting[0] if acting else None, self.render_mode)

    def _live(self) -> list[tuple[str, int]]:
        return [(agent, self.seat_of[agent]) for agent in self.agents]

    def _observations(self) -> dict[str, Observation]:
        return {agent: self.table.observation(seat) for agent, seat in self._live()}


def env(
    game: str,
    players: int | None = None,
    *,
    max_cycles: int | None = None,
    rewards: str = "objective",
    illegal: str = "replace",
    illegal_penalty: float = 0.0,
    clock_steps: int = DEFAULT_CLOCK_STEPS,
    views: bool = False,
    render_mode: str | None = None,
    **options: object,
) -> ParlourAECEnv:
    """The AEC environment of `game` for `players` seats with the game's `options`."""
    table = _table(game, players, rewards, illegal, illegal_penalty, clock_steps, options)
    return ParlourAECEnv(table, max_cycles, views, render_mode)


def parallel_env(
    game: str,
    players: int | None = None,
    *,
    max_cycles: int | None = None,
    rewards: str = "objective",
    illegal: str = "replace",
    illegal_penalty: float = 0.0,
    clock_steps: int = DEFAULT_CLOCK_STEPS,
    views: bool = False,
    render_mode: str | None = None,
    **options: object,
) -> ParlourParallelEnv:
    """The Parallel environment of `game` (the same arguments as `env`)."""
    table = _table(game, players, rewards, illegal, illegal_penalty, clock_steps, options)
    return ParlourParallelEnv(table, max_cycles, views, render_mode)
