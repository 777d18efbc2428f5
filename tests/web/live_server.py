"""A real server on a loopback port, in a background thread, for browser and load tests."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

from parlour.web.app import Settings, create_app


def free_port() -> int:
    """A loopback port free now, for a server in another process (one in this process is
    handed its bound socket instead, so that no other worker can take the port meanwhile)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def running(settings: Settings) -> Iterator[str]:
    """Serve `settings` until the block ends, on a loopback port bound here; yields the base
    URL."""
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    config = uvicorn.Config(
        create_app(settings),
        log_level="warning",
        ws_max_size=4096,
        ws_per_message_deflate=False,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        listening.close()
