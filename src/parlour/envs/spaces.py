"""The Gymnasium spaces of a `Table`: `Discrete` over the game's actions, and a `Dict` of the
encoded view (`Box`, the encoding's bounds) and the action mask (`Box` of int8, 0 or 1)."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from parlour.envs.table import Table


def action_space(table: Table) -> spaces.Discrete:
    """One index a canonical action, in `table.actions` order."""
    return spaces.Discrete(len(table.actions))


def observation_space(table: Table) -> spaces.Dict:
    """`{"observation": Box(encoding bounds, float32), "action_mask": Box(0..1, int8)}`."""
    encoding = table.encoding
    return spaces.Dict(
        {
            "observation": spaces.Box(
                low=encoding.low, high=encoding.high, shape=(encoding.size,), dtype=np.float32
            ),
            "action_mask": spaces.Box(0, 1, shape=(len(table.actions),), dtype=np.int8),
        }
    )
