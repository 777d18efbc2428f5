"""`benchmarks/ladder.py` builds a ladder from the registry alone: Tiny Duel, a game it has
never heard of, gets its table, figure and JSON, and its section of the bots page is filled."""

from __future__ import annotations

import json
from pathlib import Path

from benchmarks.ladder import ladder, ladder_bots, ladder_players

from parlour.kernel import Game
from tests.tiny.playout import MCTS


def test_the_entrants_are_every_bot_and_level_a_game_offers() -> None:
    assert ladder_bots("likedice")[:5] == tuple(
        f"counter:{level}" for level in ("child", "teen", "adult", "skilled", "expert")
    )
    assert "counter" not in ladder_bots("likedice")  # it stands for its levels
    assert "counter-child" not in ladder_bots("likedice")  # an unlisted alias of counter:child
    assert "random" not in ladder_bots("likedice", exclude=("random",))
    assert "policy:dicecream-2p" in ladder_bots("dicecream")  # committed for two players
    assert "policy:dicecream-2p" not in ladder_bots("dicecream", players=3)
    assert ladder_players("dicetime", None) == 2
    assert ladder_players("icecream", None) == 3  # its fewest seats
    assert ladder_players("dokitto", 9) is None


def test_a_game_the_ladder_never_heard_of_gets_its_ladder(
    tiny_game: type[Game], tmp_path: Path
) -> None:
    doc = tmp_path / "docs" / "bots.md"
    doc.parent.mkdir()
    doc.write_text("# Bots\n<!-- ladder tiny -->\nold\n<!-- end ladder tiny -->\nrest\n")
    out = tmp_path / "docs" / "ladders"
    result = ladder("tiny", deals=3, seed=1, out=out, doc=doc)
    bots = ("high", *MCTS.levels, "random")  # every level of each bot that has levels
    assert result is not None and result.spec.bots == bots
    summary = json.loads((out / "tiny.json").read_text())
    assert {standing["bot"] for standing in summary["standings"]} == set(bots)
    assert (out / "tiny.png").read_bytes()[:4] == b"\x89PNG"
    text = doc.read_text()
    assert "old" not in text and text.endswith("<!-- end ladder tiny -->\nrest\n")
    assert f"parlour arena tiny --players 2 --bots {','.join(bots)} --games 3" in text
    assert "](ladders/tiny.png)" in text and "| `high` |" in text


def test_no_ladder_where_the_game_cannot_seat_the_players(
    tiny_game: type[Game], tmp_path: Path
) -> None:
    assert ladder("tiny", 1, 1, tmp_path, tmp_path / "bots.md", players=5) is None
    assert not list(tmp_path.iterdir())
