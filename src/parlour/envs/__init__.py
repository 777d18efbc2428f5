"""Research interfaces over the kernel: PettingZoo for every game (`parlour.envs.pettingzoo`),
OpenSpiel (`parlour.envs.openspiel.register()`) and Gymnasium for Dicetime solo, registered here
as `parlour/Dicetime-v0` when this package is imported
(`gymnasium.make("parlour/Dicetime-v0", mode="puzzle")`; `gymnasium.make_vec(...,
vectorization_mode="vector_entry_point")` for the batched one), and many tables of any game at
once (`parlour.envs.vector.Tables`). Needs the `research` extra."""

from __future__ import annotations

import gymnasium

DICETIME_ID = "parlour/Dicetime-v0"

if DICETIME_ID not in gymnasium.registry:
    gymnasium.register(
        id=DICETIME_ID,
        entry_point="parlour.envs.dicetime:DicetimeEnv",
        vector_entry_point="parlour.envs.vector:DicetimeVectorEnv",
    )
