"""Backup and restore (docs/operations.md): a backup taken while a table runs, restored into a
new database, resumes that table: the person acts, the bot plays on, the record replays."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from typer.testing import CliRunner

import parlour
from parlour.cli.app import app as cli
from parlour.cli.backup import backup, restore
from parlour.kernel import ParlourError
from parlour.web.app import Settings
from tests.web.conftest import create, frame, fresh_database, hdr, make_client


def play(client: TestClient, table_id: str, token: str, moves: int, tag: str) -> int:
    """The person plays up to `moves` random legal actions; returns how many were applied."""
    rng = random.Random(tag)
    for number in range(moves):
        seen = frame(client, table_id, token)
        deadline = time.monotonic() + 20  # the bot thinks in a worker: its turn takes a moment
        while not (seen["legal"] or seen["view"]["over"]) and time.monotonic() < deadline:
            time.sleep(0.005)
            seen = frame(client, table_id, token)
        if seen["view"]["over"]:
            return number
        assert seen["legal"], "the bot did not play its turn"
        answer = client.post(
            f"/api/tables/{table_id}/actions",
            json={"action": rng.choice(seen["legal"]), "request_id": f"{tag}{number}"},
            headers=hdr(token),
        )
        assert answer.status_code == 200, answer.text
    return moves


def test_a_restored_backup_resumes_its_running_table(settings: Settings, tmp_path: Path) -> None:
    with make_client(settings) as client:
        created = create(client, "dicetime", ["person", "greedy"])
        table_id, token = created["table"]["id"], created["token"]
        assert play(client, table_id, token, 12, "before") == 12
        before = frame(client, table_id)
        before_actions = _stored_actions(settings.db_url, table_id)
        backup(settings.db_url, tmp_path / "parlour.backup")  # while the server runs
        play(client, table_id, token, 3, "after")  # not in the backup

    (tmp_path / "restored").mkdir()
    with fresh_database(_kind(settings), tmp_path / "restored") as url:
        restore(tmp_path / "parlour.backup", url)
        assert _leases(url) == [(None, None)]  # the old server's: a new one drives at once
        with make_client(settings, db_url=url) as restored:
            assert frame(restored, table_id)["view"] == before["view"]
            assert frame(restored, table_id, token)["table"]["status"] == "running"
            play(restored, table_id, token, 400, "restored")
            record = restored.get(f"/api/tables/{table_id}/record").json()
        # The game is over, so the bot played every one of its turns after the restore too.
        assert parlour.replay(record).over
        assert record["actions"][: len(before_actions)] == before_actions


def test_restore_refuses_what_would_lose_data(settings: Settings, tmp_path: Path) -> None:
    with make_client(settings) as client:
        create(client, "dicecream", ["person", "greedy"])
    backup(settings.db_url, tmp_path / "parlour.backup")
    with pytest.raises(ParlourError, match="never overwrites"):
        backup(settings.db_url, tmp_path / "parlour.backup")
    with pytest.raises(ParlourError, match=r"not empty|exists"):
        restore(tmp_path / "parlour.backup", settings.db_url)
    with pytest.raises(ParlourError, match="no SQLite database"):
        backup(f"sqlite:///{tmp_path / 'none.db'}", tmp_path / "none.backup")
    assert not (tmp_path / "none.backup").exists()
    other = tmp_path / "wrong.backup"
    other.write_bytes(b"not a backup at all")
    with pytest.raises(ParlourError, match="is not a"):
        restore(other, f"sqlite:///{tmp_path / 'new.db'}")


def test_the_commands_back_up_and_restore(tmp_path: Path) -> None:
    source = f"sqlite:///{tmp_path / 'parlour.db'}"
    with make_client(Settings(db_url=source)) as client:
        table_id = create(client, "dicecream", ["person", "greedy"])["table"]["id"]
    runner = CliRunner()
    done = runner.invoke(cli, ["backup", str(tmp_path / "b.backup"), "--db", source])
    assert done.exit_code == 0, done.output
    target = f"sqlite:///{tmp_path / 'restored.db'}"
    done = runner.invoke(cli, ["restore", str(tmp_path / "b.backup"), "--db", target])
    assert done.exit_code == 0, done.output
    with create_engine(target).connect() as db:
        assert db.scalar(text("select id from tables")) == table_id


def _kind(settings: Settings) -> str:
    return "sqlite" if settings.db_url.startswith("sqlite") else "postgresql"


def _stored_actions(db_url: str, table_id: str) -> list[list[object]]:
    engine = create_engine(db_url)
    with engine.connect() as db:
        rows = db.execute(
            text("select seat, action from actions where table_id = :t order by number"),
            {"t": table_id},
        ).all()
    engine.dispose()
    return [[seat, action] for seat, action in rows]


def _leases(db_url: str) -> list[tuple[object, object]]:
    engine = create_engine(db_url)
    with engine.connect() as db:
        rows = db.execute(text("select driver, driven_until from tables")).all()
    engine.dispose()
    return [tuple(row) for row in rows]
