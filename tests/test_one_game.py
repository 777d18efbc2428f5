"""`pytest --game NAME` (`tests/one_game.py`) tells a test's cases for a game by their
parameters: the name itself, a record with its `game`, its `GameInfo`, a tuple led by it."""

from __future__ import annotations

import parlour
from tests.kernel.test_properties import CONFIGS
from tests.one_game import folder, names


def test_a_parameter_names_a_game_in_each_form_the_suites_use() -> None:
    dicetime = parlour.load("dicetime").info
    assert names("dicetime", "dicetime") and not names("dicetimer", "dicetime")
    assert names(dicetime, "dicetime") and not names(dicetime, "dokitto")
    assert names(("dokitto", {"players": 3}), "dokitto")
    config = next(config for config in CONFIGS if config.game == "icecream")
    assert names(config, "icecream") and not names(config, "dicetime")
    assert not names(dicetime.configurations[0], "dicetime")  # a configuration names no game
    assert not names(2, "dicetime") and not names({"game": "dicetime"}, "dicetime")


def test_a_games_own_tests_are_its_box_folder_or_tiny_duels() -> None:
    assert folder("dicetime").as_posix().endswith("tests/boxes/dicetime")
    assert folder("tiny").as_posix().endswith("tests/tiny")
