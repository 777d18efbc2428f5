"""The short kill -9 soak (`benchmarks/soak.py` runs the long one, on SQLite too): two real
server processes sharing PostgreSQL, with tables of bots and scripted people, are killed with
SIGKILL three times in turn and restarted (requests to either); nothing acknowledged is lost,
every record replays to what is served, clocks and stand-ins resume (through the other process
or the restarted one), every game finishes and each table's spectator, connected to either
process, ends with the finished game's frame."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from benchmarks.soak import QUICK_KINDS, Figures, soak

from tests.web.conftest import fresh_database


@pytest.fixture(scope="module")
def soaked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Figures]:
    """One soak for the module's checks. SQLite's one process is killed and restarted by
    `tests/web/test_serve.py`; its soak is in `benchmarks/` (about 45 s of the test command)."""
    folder: Path = tmp_path_factory.mktemp("soak")
    with fresh_database("postgresql", folder) as url:
        yield soak(
            url,
            kills=3,
            seed=11,
            kinds_kept=QUICK_KINDS,
            between=(0.3, 1.5),
            puzzle_seconds=6,
            finish_within=60,
            log=folder / "server.log",
            processes=2,
        )


def test_no_acknowledged_action_is_lost(soaked: Figures) -> None:
    assert soaked.kills == 3
    assert soaked.acknowledged > 50
    assert soaked.checked >= soaked.acknowledged
    assert "lost" not in soaked.problems
    assert "refused" not in soaked.problems


def test_every_record_replays_to_the_served_state(soaked: Figures) -> None:
    assert soaked.replayed >= soaked.tables
    assert "replay" not in soaked.problems


def test_every_watcher_ends_with_the_final_state(soaked: Figures) -> None:
    assert soaked.watched == soaked.tables
    assert "watcher" not in soaked.problems


def test_bots_and_clocks_play_on_and_every_game_finishes(soaked: Figures) -> None:
    assert soaked.finished == soaked.tables
    assert soaked.deadlines_fired >= 1
    assert "unfinished" not in soaked.problems
    assert "clock" not in soaked.problems
    assert "log" not in soaked.problems


def test_an_away_seats_stand_in_plays_on_at_once_after_a_restart(soaked: Figures) -> None:
    assert soaked.stand_ins_expected >= 1
    assert soaked.stand_ins_resumed == soaked.stand_ins_expected
    assert "stand-in" not in soaked.problems
