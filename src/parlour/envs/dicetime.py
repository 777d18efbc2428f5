"""Dicetime solo as a Gymnasium environment (`parlour/Dicetime-v0`): the standard game or the
puzzle, one seat, over `Table` (forced rolls played for the agent, masks, the illegal-action
policy). Rewards are the score's changes by default, so an episode's return is the final
score; `rewards="objective"` gives the same return at the end alone, and `rewards="result"`
0 (alone, nobody is beaten)."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from parlour.envs.drawing import RENDER_FPS, RENDER_MODES, check_render_mode, draw
from parlour.envs.spaces import action_space, observation_space
from parlour.envs.table import Table
from parlour.kernel import OptionError, load

MODES = ("turns", "puzzle")
"""Dicetime's modes for one seat: the standard game and the puzzle (one pool of rerolls)."""
AGENT = "agent"
"""How errors name the one seat."""


class DicetimeEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """Dicetime for one seat. Keyword arguments: Dicetime's options (`mode`: turns or puzzle,
    `five_of_a_kind_is_full_house`, `time_limit`: the puzzle's, kept in its views; a seat alone
    is never timed out) and the environment's (`rewards`, `illegal`, `illegal_penalty`,
    `views`: the JSON view in each info as `info["view"]`, `render_mode`)."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": RENDER_FPS}  # noqa: RUF012

    def __init__(
        self,
        mode: str = "turns",
        *,
        rewards: str = "score",
        illegal: str = "replace",
        illegal_penalty: float = 0.0,
        views: bool = False,
        render_mode: str | None = None,
        **options: object,
    ) -> None:
        if mode not in MODES:
            raise OptionError(f"Dicetime-v0 is solo: mode must be turns or puzzle, not {mode!r}")
        game = load("dicetime", 1, mode=mode, **options)
        self.table = Table(game, rewards=rewards, illegal=illegal, illegal_penalty=illegal_penalty)
        self.action_space = action_space(self.table)
        self.observation_space = observation_space(self.table)
        self.views = bool(views)
        self.render_mode = check_render_mode(render_mode)

    @property
    def actions(self) -> tuple[str, ...]:
        """The canonical action of each index of the action space (44: roll, keeps, entries)."""
        return self.table.actions

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        deal = seed if seed is not None else int(self.np_random.integers(2**63))
        self.table.reset(deal, self.np_random)
        return self.table.observation(0), self._info()

    def step(self, action: np.int64) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        table = self.table
        if table.over:
            raise ValueError("the game is over: call reset()")
        choice = table.choose(0, action, AGENT)
        reward = table.play([choice])[0]
        info = self._info()
        if choice.illegal is not None:
            info.update(illegal=choice.illegal, replaced_by=table.index[choice.action])
        return table.observation(0), reward, table.over, False, info

    def render(self) -> str | None:
        """The sheet and dice as the terminal draws them."""
        return draw(self.table.state, 0, self.render_mode)

    def _info(self) -> dict[str, Any]:
        """The JSON view if asked for (`views`), else nothing."""
        return {"view": self.table.view(0)} if self.views else {}
