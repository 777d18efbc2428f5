"""Every box has the one shape `docs/architecture/boxes.md` describes: the same files, each with
its one job, so a reader finds a game's view, words or rules in the same place in every box."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

import parlour
from parlour.bots.registry import bots_for
from parlour.kernel.registry import game_class
from tests.tiny import TinyDuel

SHAPE = (
    "components.py",
    "rules.py",
    "state.py",
    "events.py",
    "views.py",
    "breakdown.py",
    "words.py",
    "notation.py",
    "game.py",
    "determinize.py",
    "encoding.py",
    "bots.py",
    "howto.py",
    "tutorial.py",
    "locale",
)
"""What every box holds (`playout.py` besides, where the game offers search)."""


def missing(folder: Path, searches: bool) -> list[str]:
    """The files of the shape that `folder` lacks; `searches`: the game offers `mcts`."""
    wanted = (*SHAPE, "playout.py") if searches else SHAPE
    return [name for name in wanted if not (folder / name).exists()]


def folder_of(game: type[parlour.Game]) -> Path:
    """The box folder a game's class is defined in."""
    module = importlib.import_module(game.__module__)
    assert module.__file__ is not None
    return Path(module.__file__).parent


@pytest.mark.parametrize("name", [info.name for info in parlour.games()])
def test_every_registered_box_has_the_one_shape(name: str) -> None:
    """Its folder holds every file of the shape, and `playout.py` exactly where it offers
    search."""
    game = game_class(name)
    searches = any(info.name == "mcts" for info in bots_for(name))
    assert missing(folder_of(game), searches) == []
    assert (folder_of(game) / "playout.py").exists() == searches, "playout.py only with mcts"


def test_tiny_duel_has_the_shape_too() -> None:
    """The test game the guide walks through is laid out as a box (it offers `mcts`)."""
    assert missing(folder_of(TinyDuel), searches=True) == []


def test_a_box_without_its_words_is_found(tmp_path: Path) -> None:
    """The check names the file a box lacks."""
    for name in (*SHAPE, "playout.py"):
        (tmp_path / name).touch()
    (tmp_path / "words.py").unlink()
    assert missing(tmp_path, searches=True) == ["words.py"]
    assert missing(tmp_path, searches=False) == ["words.py"]
