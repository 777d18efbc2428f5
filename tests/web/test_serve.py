"""`parlour serve` starts the web app, says where, and serves the lobby and the API."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import httpx2

from tests.web.live_server import free_port


def test_parlour_serve_prints_its_url_and_serves_the_lobby(tmp_path: Path) -> None:
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "parlour",
        "serve",
        "--port",
        str(port),
        "--db",
        f"sqlite:///{tmp_path / 'served.db'}",
    ]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                lobby = httpx2.get(base + "/", timeout=1)
                break
            except httpx2.HTTPError:
                time.sleep(0.1)
        else:
            raise AssertionError("the server did not answer")
        assert lobby.status_code == 200 and "Start a table" in lobby.text
        assert "script-src 'self'" in lobby.headers["content-security-policy"]
        games = httpx2.get(base + "/api/games").json()
        assert {game["name"] for game in games} >= {"dicetime", "dicecream"}
    finally:
        server.terminate()
        out, _ = server.communicate(timeout=10)
    assert base in out and "served.db" in out
