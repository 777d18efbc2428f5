"""A training run's folder, the same for every trainer: `settings.json` and `checkpoint.pt`
(what the trainer keeps, with both random generators), loaded without executing code."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import torch

from parlour.kernel import OptionError

CHECKPOINT = "checkpoint.pt"
SETTINGS = "settings.json"


def write(
    folder: Path, settings: dict[str, Any], kept: dict[str, Any], rng: np.random.Generator
) -> None:
    """Save the run's settings and, beside what the trainer `kept`, both generators' states."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / SETTINGS).write_text(json.dumps(settings, indent=2), encoding="utf-8")
    generators = {"rng": json.dumps(rng.bit_generator.state), "torch_rng": torch.get_rng_state()}
    torch.save({**kept, **generators}, folder / CHECKPOINT)


def settings_path(folder: Path) -> Path:
    """The settings of the run in `folder`, or an `OptionError` if it has no checkpoint."""
    if not (folder / CHECKPOINT).is_file():
        raise OptionError(f"no checkpoint in {folder} to resume")
    return folder / SETTINGS


def read(folder: Path, rng: np.random.Generator) -> dict[str, Any]:
    """What the trainer kept in `folder`'s checkpoint, with `rng` and torch's generator set
    back to where they stood."""
    saved: dict[str, Any] = torch.load(folder / CHECKPOINT, weights_only=True)
    rng.bit_generator.state = json.loads(saved["rng"])
    torch.set_rng_state(saved["torch_rng"])
    return saved


def keep(
    folder: Path,
    settings: dict[str, Any],
    model: torch.nn.Module,
    optimiser: torch.optim.Optimizer,
    rng: np.random.Generator,
    **counters: float,
) -> None:
    """`write` for a trainer of one network: its weights, its optimiser and its counters."""
    kept = {"model": model.state_dict(), "optimiser": optimiser.state_dict(), **counters}
    write(folder, settings, kept, rng)


def restore(
    folder: Path, model: torch.nn.Module, optimiser: torch.optim.Optimizer, rng: np.random.Generator
) -> dict[str, Any]:
    """`read` for a trainer of one network: its weights and optimiser set back; the rest
    (its counters) returned."""
    saved = read(folder, rng)
    model.load_state_dict(saved["model"])
    optimiser.load_state_dict(saved["optimiser"])
    return saved
