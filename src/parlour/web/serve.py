"""`parlour serve`: the application under uvicorn in one process (`--processes N`: this one and
N-1 more on the ports after it, sharing one PostgreSQL database); one alone on a SQLite file (a
second is refused at start, `hold_alone`).

It binds its port before anything else (a busy port is one clear line and exit code 1), says
where to open it only once it is ready, and stops gracefully on SIGTERM or Ctrl+C: it stops
accepting, closes every WebSocket with 1001 (going away, on which pages reconnect), lets the
requests in flight finish (for up to `GRACE_SECONDS`), then closes its tables.
"""

from __future__ import annotations

import asyncio
import copy
import errno
import socket
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import uvicorn
from rich.console import Console
from uvicorn.config import LOGGING_CONFIG

from parlour.web.app import Settings, create_app
from parlour.web.database import DatabaseInUse, default_url, hold_alone
from parlour.web.sockets import Sockets

GRACE_SECONDS = 10
"""How long a stopping server waits for requests in flight before it cancels them."""
TRUSTED_PROXY = "127.0.0.1"
"""The one peer whose `X-Forwarded-For` is believed (a reverse proxy on the same machine)."""


def serve(
    host: str,
    port: int,
    db: str | None,
    public_url: str | None,
    *,
    api_docs: bool = False,
    metrics: bool = False,
    bot_workers: int | None = None,
    processes: int = 1,
) -> None:
    """Bind, start, then say where to open the server; serve until stopped (`bot_workers`:
    None, the default number). With several `processes` (PostgreSQL only) this one serves
    `port` and starts the others on the ports after it, stopping them when it stops."""
    url = db or default_url()
    if processes > 1 and not url.startswith("postgresql"):
        Console(stderr=True).print(
            "[red]Error:[/red] several processes share a PostgreSQL database (--db "
            "postgresql+psycopg://...); a SQLite database is served by one process"
        )
        sys.exit(1)
    try:
        listener = bind(host, port)
    except OSError as error:
        Console(stderr=True).print(f"[red]Error:[/red] {_bind_failure(host, port, error)}")
        sys.exit(1)
    settings = Settings(db_url=url, public_url=public_url, api_docs=api_docs, metrics=metrics)
    try:
        held = hold_alone(settings.db_url)  # kept open (locked) until the process ends
    except DatabaseInUse as error:
        Console(stderr=True).print(f"[red]Error:[/red] {error}")
        sys.exit(1)
    if bot_workers is not None:
        settings = replace(settings, bot_workers=bot_workers)
    settings = replace(settings, server_name=f"{socket.gethostname()}:{port}")
    app = create_app(settings)
    shown = public_url or f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}"

    def announce() -> None:
        Console().print(
            f"Parlour is serving at [bold]{shown}[/bold] (database: {_safe(settings.db_url)}). "
            "Ctrl+C stops it.",
            soft_wrap=True,  # a URL must stay whole to be clicked or copied
        )

    others = [
        subprocess.Popen(_command(host, port + i, url, public_url, api_docs, metrics, bot_workers))
        for i in range(1, processes)
    ]
    config = uvicorn.Config(
        app,
        ws_max_size=settings.max_message,
        ws_per_message_deflate=False,  # frames are small; compressing them costs more than it saves
        log_level="warning",
        log_config=log_config(),
        forwarded_allow_ips=TRUSTED_PROXY,
        timeout_graceful_shutdown=GRACE_SECONDS,
    )
    try:
        GracefulServer(config, app.state.sockets, announce, others).run(sockets=[listener])
    finally:
        _stop(others)  # uvicorn ends the process itself after a signal: `shutdown` stops them
        if held is not None:
            held.close()


class GracefulServer(uvicorn.Server):
    """uvicorn's server, which announces itself once started and, when stopping, closes the
    app's WebSockets with 1001 before uvicorn would close them with 1012, and stops the other
    processes it started (`--processes`)."""

    def __init__(
        self,
        config: uvicorn.Config,
        sockets: Sockets,
        announce: Callable[[], None],
        others: list[subprocess.Popen[bytes]],
    ) -> None:
        super().__init__(config)
        self.open_sockets = sockets
        self.announce = announce
        self.others = others

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        self.announce()

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        for server in self.servers:  # stop accepting first, so no page reconnects to us
            server.close()
        await self.open_sockets.close_all()
        await super().shutdown(sockets)
        await asyncio.to_thread(_stop, self.others)


def _stop(others: list[subprocess.Popen[bytes]]) -> None:
    """Stop the other processes (each stops gracefully on SIGTERM, as this one does)."""
    for other in others:
        if other.poll() is None:
            other.terminate()
    for other in others:
        other.wait()


def _command(
    host: str,
    port: int,
    url: str,
    public_url: str | None,
    api_docs: bool,
    metrics: bool,
    bot_workers: int | None,
) -> list[str]:
    """The `parlour serve` command of another process on `port`, with this one's settings."""
    command = [sys.executable, "-m", "parlour", "serve", "--host", host, "--port", str(port)]
    command += ["--db", url]
    command += ["--public-url", public_url] if public_url else []
    command += ["--api-docs"] if api_docs else []
    command += ["--metrics"] if metrics else []
    command += ["--bot-workers", str(bot_workers)] if bot_workers else []
    return command


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on `host`:`port` (IPv6 for an IPv6 address)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, port))
        listener.listen(2048)
    except OSError:
        listener.close()
        raise
    return listener


def _bind_failure(host: str, port: int, error: OSError) -> str:
    if error.errno == errno.EADDRINUSE:
        return (
            f"port {port} is taken on {host} (is another server running?); "
            "stop it or choose another port with --port"
        )
    if error.errno == errno.EACCES:
        return f"port {port} on {host} needs privileges; choose a port above 1023 with --port"
    return f"cannot listen on {host}:{port}: {error.strerror or error}"


def log_config() -> dict[str, Any]:
    """uvicorn's logging, with the request id on every line and Parlour's own loggers shown."""
    config = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {"request_id": {"()": "parlour.web.envelope.RequestIdFilter"}}
    config["formatters"]["default"]["fmt"] = "%(levelprefix)s [%(request_id)s] %(message)s"
    config["formatters"]["access"]["fmt"] = (
        '%(levelprefix)s [%(request_id)s] %(client_addr)s - "%(request_line)s" %(status_code)s'
    )
    for handler in config["handlers"].values():
        handler["filters"] = ["request_id"]
    config["loggers"]["parlour"] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    return config


def _safe(url: str) -> str:
    """A database URL without its password, for printing."""
    if "@" not in url or "://" not in url:
        return url
    scheme, rest = url.split("://", 1)
    credentials, place = rest.rsplit("@", 1)
    return f"{scheme}://{credentials.split(':', 1)[0]}:***@{place}"
