"""The PettingZoo environments know no game: their modules import no box and name no game
(the Gymnasium env, Dicetime's by definition, is `envs/dicetime.py`, registered by
`envs/__init__.py`)."""

from __future__ import annotations

from pathlib import Path

import pytest

import parlour

ENVS = Path(__file__).resolve().parents[2] / "src" / "parlour" / "envs"
GENERIC = ("table.py", "spaces.py", "pettingzoo.py")


@pytest.mark.parametrize("name", GENERIC)
def test_a_generic_module_names_no_game(name: str) -> None:
    text = (ENVS / name).read_text(encoding="utf-8").lower()
    assert "parlour.boxes" not in text
    for info in parlour.games():
        assert info.name not in text, f"envs/{name} names {info.name}"
        assert info.title.lower() not in text, f"envs/{name} names {info.title}"
