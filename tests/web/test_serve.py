"""`parlour serve` starts the web app, says where, and serves the lobby and the API; it says
which port is taken when it cannot bind, and stops gracefully on SIGTERM."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from parlour.web.database import DatabaseInUse, hold_alone
from tests.web.conftest import fresh_database
from tests.web.live_server import free_port


def serve_command(port: int, db: Path, *extra: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "parlour",
        "serve",
        "--port",
        str(port),
        "--db",
        f"sqlite:///{db}",
        *extra,
    ]


ANSWER_SECONDS = 120
"""How long a request may wait for the server: generous, so a busy machine passes too."""


def wait_until_up(base: str) -> httpx2.Response:
    """The lobby, once the server answers (within `ANSWER_SECONDS`)."""
    deadline = time.monotonic() + ANSWER_SECONDS
    while True:
        try:
            return httpx2.get(base + "/", timeout=ANSWER_SECONDS)
        except httpx2.ConnectError:
            if time.monotonic() > deadline:
                raise AssertionError("the server did not answer") from None
            time.sleep(0.1)


def test_parlour_serve_prints_its_url_and_serves_the_lobby(tmp_path: Path) -> None:
    port = free_port()
    command = serve_command(port, tmp_path / "served.db")
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        lobby = wait_until_up(base)
        assert lobby.status_code == 200 and "Start a table" in lobby.text
        assert "script-src 'self'" in lobby.headers["content-security-policy"]
        games = httpx2.get(base + "/api/games", timeout=ANSWER_SECONDS).json()
        assert {game["name"] for game in games} >= {"dicetime", "dicecream"}
    finally:
        server.terminate()
        out, _ = server.communicate(timeout=10)
    assert base in out and "served.db" in out


def test_a_second_server_on_one_sqlite_file_is_refused_and_says_why(tmp_path: Path) -> None:
    held = hold_alone(f"sqlite:///{tmp_path / 'one.db'}")  # as a first server holds it
    try:
        second = subprocess.run(
            serve_command(free_port(), tmp_path / "one.db"),
            capture_output=True,
            text=True,
            timeout=ANSWER_SECONDS,
            check=False,
        )
    finally:
        assert held is not None
        held.close()
    assert second.returncode == 1 and "Parlour is serving" not in second.stdout
    assert "another Parlour server is serving" in second.stderr
    assert "PostgreSQL" in second.stderr


def test_a_sqlite_server_killed_with_sigkill_serves_every_acknowledged_action_again(
    tmp_path: Path,
) -> None:
    """The one-process default survives kill -9: its SQLite lock goes with the process, and
    the server started again serves the table as it was, each acknowledged action applied once
    (a retry answers its first number). `benchmarks/soak.py --db sqlite` is the long version."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = serve_command(port, tmp_path / "killed.db")
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        wait_until_up(base)
        body = {"game": "dicetime", "players": 1, "seats": ["person"], "name": "A"}
        made = httpx2.post(base + "/api/tables", json=body, timeout=ANSWER_SECONDS).json()
        state_url, headers = (
            f"{base}/api/tables/{made['table']['id']}/state",
            {"X-Seat-Token": made["token"]},
        )
        acknowledged = {}
        for number in range(6):
            state = httpx2.get(state_url, headers=headers, timeout=ANSWER_SECONDS).json()
            action = {"action": state["legal"][0], "request_id": f"r{number}"}
            answer = httpx2.post(
                state_url.replace("/state", "/actions"), json=action, headers=headers
            )
            assert answer.status_code == 200, answer.text
            acknowledged[answer.json()["number"]] = action
        before = httpx2.get(state_url, headers=headers, timeout=ANSWER_SECONDS).json()
    finally:
        server.kill()
        server.communicate(timeout=60)
    again = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        wait_until_up(base)
        after = httpx2.get(state_url, headers=headers, timeout=ANSWER_SECONDS).json()
        retried = {
            number: httpx2.post(
                state_url.replace("/state", "/actions"), json=action, headers=headers
            ).json()["number"]
            for number, action in acknowledged.items()
        }
    finally:
        again.terminate()
        again.communicate(timeout=60)
    assert len(acknowledged) == 6 and retried == {number: number for number in acknowledged}
    assert after["view"] == before["view"] and after["legal"] == before["legal"]


def test_the_sqlite_lock_is_one_server_s_and_postgresql_takes_none(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'alone.db'}"
    held = hold_alone(url)
    assert held is not None
    with pytest.raises(DatabaseInUse, match=r"alone\.db"):
        hold_alone(url)
    held.close()  # the server stopped: the next one may serve it
    again = hold_alone(url)
    assert again is not None
    again.close()
    assert hold_alone("postgresql+psycopg://parlour@127.0.0.1/parlour") is None


def test_processes_serve_one_postgresql_database_and_stop_together(tmp_path: Path) -> None:
    """`--processes 2`: a table made through one port is served through the next, and
    stopping the first stops the other."""
    with fresh_database("postgresql", tmp_path) as url:
        port = free_port()
        command = [*serve_command(port, tmp_path / "unused.db"), "--processes", "2"]
        command[command.index("--db") + 1] = url
        first = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        bases = [f"http://127.0.0.1:{port}", f"http://127.0.0.1:{port + 1}"]
        try:
            for base in bases:
                wait_until_up(base)
            body = {"game": "dicetime", "players": 2, "seats": ["person", "person"], "name": "A"}
            made = httpx2.post(bases[0] + "/api/tables", json=body, timeout=ANSWER_SECONDS)
            table_id = made.json()["table"]["id"]
            elsewhere = httpx2.get(f"{bases[1]}/api/tables/{table_id}", timeout=ANSWER_SECONDS)
            assert elsewhere.status_code == 200 and elsewhere.json()["status"] == "open"
        finally:
            first.terminate()
            first.communicate(timeout=60)
        with pytest.raises(httpx2.ConnectError):
            httpx2.get(bases[1] + "/api/games", timeout=ANSWER_SECONDS)


def test_several_processes_on_sqlite_are_refused(tmp_path: Path) -> None:
    done = subprocess.run(
        [*serve_command(free_port(), tmp_path / "one.db"), "--processes", "2"],
        capture_output=True,
        text=True,
        timeout=ANSWER_SECONDS,
        check=False,
    )
    assert done.returncode == 1 and "PostgreSQL" in done.stderr


def test_a_busy_port_is_named_and_nothing_is_announced(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            serve_command(port, tmp_path / "busy.db"),
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 1
    assert f"port {port} is taken" in " ".join(done.stderr.split())
    assert "serving at" not in done.stdout and "Traceback" not in done.stderr


def test_sigterm_closes_websockets_with_1001_and_finishes_requests_in_flight(
    tmp_path: Path,
) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        serve_command(port, tmp_path / "stopped.db"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_until_up(base)
        body = {"game": "dicetime", "players": 2, "seats": ["person", "person"], "name": "Ann"}
        created = httpx2.post(base + "/api/tables", json=body, timeout=ANSWER_SECONDS)
        table_id = created.json()["table"]["id"]
        joining = json.dumps({"name": "Bob"}).encode()
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{table_id}", open_timeout=10) as live:
            live.send(json.dumps({"token": None}))
            assert json.loads(live.recv(timeout=10))["type"] == "state"
            in_flight = socket.create_connection(("127.0.0.1", port), timeout=10)
            in_flight.sendall(
                f"POST /api/tables/{table_id}/join HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(joining)}\r\n\r\n".encode()
                + joining[:5]
            )
            time.sleep(0.5)  # the server has the request's head: it is in flight

            server.send_signal(signal.SIGTERM)
            with pytest.raises(ConnectionClosed) as closed:
                live.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1001
        with pytest.raises(ConnectionRefusedError):  # no longer accepting
            socket.create_connection(("127.0.0.1", port), timeout=5).close()
        in_flight.sendall(joining[5:])
        answer = in_flight.recv(65536).decode()
        in_flight.close()
        assert answer.startswith("HTTP/1.1 200"), answer
        code = server.wait(timeout=30)
    finally:
        if server.poll() is None:
            server.kill()
        _, err = server.communicate(timeout=10)
    assert code in (0, -signal.SIGTERM)
    assert "Traceback" not in err, err
