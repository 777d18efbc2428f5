"""What the environment tests share: every game and configuration from the registry, and
the environments made for one."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

import parlour
from parlour.envs import pettingzoo as pz
from parlour.kernel.options import Value

CASES = [
    pytest.param(info.name, cfg.players, dict(cfg.options), id=f"{info.name}-{i}")
    for info in parlour.games()
    for i, cfg in enumerate(info.configurations)
]
"""(game, players, options) of every configuration each game declares."""


def aec(game: str, players: int, options: Mapping[str, Value], **env: object) -> pz.ParlourAECEnv:
    return pz.env(game, players, **options, **env)  # type: ignore[arg-type]


def parallel(
    game: str, players: int, options: Mapping[str, Value], **env: object
) -> pz.ParlourParallelEnv:
    return pz.parallel_env(game, players, **options, **env)  # type: ignore[arg-type]
