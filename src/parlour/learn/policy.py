"""A learned policy as the project keeps it: a small multilayer perceptron from a game's
observation encoding to a value for every action of `game.all_actions()`, played by the
highest value among the legal actions. Saved as npz (arrays only, loaded with
`allow_pickle=False`, so reading one executes no code) with its game, players, options and
encoding in a JSON header; played in numpy alone, so a server needs no training library."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from parlour.kernel import Game, OptionError, load

FORMAT = "parlour-policy-1"
"""The header's `format`: what a reader of this file expects."""
MOST_BYTES = 4 * 1024 * 1024
"""The largest policy file read (the project's are well under 1 MB)."""


@dataclass
class Policy:
    """The layers `(weights, bias)` of a ReLU network and what it was trained for (`meta`:
    game, players, options, encoding name and size, action count, and the trainer's notes)."""

    layers: list[tuple[np.ndarray, np.ndarray]]
    meta: dict[str, Any] = field(default_factory=dict)

    def values(self, observations: np.ndarray) -> np.ndarray:
        """Each action's value for each row of `observations` (B x encoding size)."""
        x = np.asarray(observations, dtype=np.float32)
        last = len(self.layers) - 1
        for number, (weights, bias) in enumerate(self.layers):
            x = x @ weights + bias
            if number < last:
                np.maximum(x, 0.0, out=x)
        return x

    def choose(self, observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        """Each row's legal action of highest value (masks: 1 where legal)."""
        values = self.values(observations)
        chosen: np.ndarray = np.where(np.asarray(masks) > 0, values, -np.inf).argmax(axis=1)
        return chosen

    def game(self) -> Game:
        """The game this policy plays, loaded with its players and options."""
        return load(self.meta["game"], self.meta["players"], **self.meta.get("options", {}))

    def check_game(self, game: Game) -> None:
        """`OptionError` unless `game` is the one this policy was trained for."""
        encoding = game.encoding()
        wanted = (self.meta.get("game"), self.meta.get("players"), self.meta.get("encoding"))
        found = (game.name, game.players, encoding.name)
        if wanted != found:
            raise OptionError(
                f"this policy plays {wanted[0]} for {wanted[1]} players (encoding {wanted[2]}), "
                f"not {found[0]} for {found[1]} (encoding {found[2]})"
            )
        if self.layers[0][0].shape[0] != encoding.size or self.layers[-1][0].shape[1] != len(
            game.all_actions()
        ):
            raise OptionError("this policy's layers do not fit the game's encoding and actions")

    def save(self, path: Path) -> None:
        """Write the policy as npz: `w0, b0, w1, b1, ...` in float32 and the header."""
        arrays: dict[str, np.ndarray] = {}
        for number, (weights, bias) in enumerate(self.layers):
            arrays[f"w{number}"] = np.asarray(weights, dtype=np.float32)
            arrays[f"b{number}"] = np.asarray(bias, dtype=np.float32)
        header = json.dumps({"format": FORMAT, **self.meta}, sort_keys=True)
        arrays["header"] = np.frombuffer(header.encode("utf-8"), dtype=np.uint8)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as file:
            np.savez_compressed(file, allow_pickle=False, **arrays)


def read_policy(path: Path) -> Policy:
    """The policy saved at `path`; `OptionError` naming what is wrong otherwise (no file, not
    a policy, too large, layers missing or of mismatched shapes)."""
    if not path.is_file():
        raise OptionError(f"no policy file at {path}")
    if path.stat().st_size > MOST_BYTES:
        raise OptionError(f"{path} is larger than a policy may be ({MOST_BYTES} bytes)")
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
    except (OSError, ValueError) as error:
        raise OptionError(f"{path} is not a policy file (npz): {error}") from None
    try:
        meta = json.loads(bytes(arrays.pop("header")).decode("utf-8"))
    except (KeyError, UnicodeDecodeError, json.JSONDecodeError):
        raise OptionError(f"{path} has no policy header") from None
    if not isinstance(meta, dict) or meta.pop("format", None) != FORMAT:
        raise OptionError(f"{path} is not a {FORMAT} file")
    layers: list[tuple[np.ndarray, np.ndarray]] = []
    for number in range(len(arrays) // 2):
        weights, bias = arrays.get(f"w{number}"), arrays.get(f"b{number}")
        if weights is None or bias is None or weights.ndim != 2 or bias.shape != weights.shape[1:]:
            raise OptionError(f"{path}: layer {number} is missing or misshapen")
        if layers and layers[-1][0].shape[1] != weights.shape[0]:
            raise OptionError(f"{path}: layer {number} does not follow layer {number - 1}")
        layers.append((weights.astype(np.float32), bias.astype(np.float32)))
    if not layers or len(arrays) != 2 * len(layers):
        raise OptionError(f"{path}: no layers, or arrays that are not layers")
    return Policy(layers, meta)
