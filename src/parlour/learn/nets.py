"""The networks the trainers learn and how they become the project's numpy policy."""

from __future__ import annotations

from typing import Any

from torch import nn

from parlour.kernel import Game
from parlour.learn.policy import Policy


def network(inputs: int, hidden: tuple[int, ...], outputs: int) -> nn.Sequential:
    """ReLU layers of `hidden` sizes and a linear head of `outputs` values: the shape a
    `Policy` plays."""
    layers: list[nn.Module] = []
    size = inputs
    for width in hidden:
        layers += [nn.Linear(size, width), nn.ReLU()]
        size = width
    layers.append(nn.Linear(size, outputs))
    return nn.Sequential(*layers)


def header(game: Game, options: dict[str, Any], actions: int) -> dict[str, Any]:
    """What a policy's header says of the game it plays (`Policy.check_game` reads it)."""
    return {
        "game": game.name,
        "players": game.players,
        "options": options,
        "encoding": game.encoding().name,
        "actions": actions,
    }


def exported(model: nn.Sequential, meta: dict[str, Any]) -> Policy:
    """The network as the project's numpy policy (weights transposed to inputs x outputs)."""
    linear = [module for module in model if isinstance(module, nn.Linear)]
    layers = [
        (module.weight.detach().numpy().T.copy(), module.bias.detach().numpy().copy())
        for module in linear
    ]
    return Policy(layers, meta)
