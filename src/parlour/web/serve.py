"""`parlour serve`: the application under uvicorn, one process (tables live in its memory)."""

from __future__ import annotations

import uvicorn
from rich.console import Console

from parlour.web.app import Settings, create_app
from parlour.web.database import default_url


def serve(host: str, port: int, db: str | None, public_url: str | None) -> None:
    """Start the server and say where to open it."""
    settings = Settings(db_url=db or default_url(), public_url=public_url)
    app = create_app(settings)
    shown = public_url or f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}"
    Console().print(
        f"Parlour is serving at [bold]{shown}[/bold] (database: {_safe(settings.db_url)}). "
        "Ctrl+C stops it.",
        soft_wrap=True,  # a URL must stay whole to be clicked or copied
    )
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws_max_size=settings.max_message,
        ws_per_message_deflate=False,  # frames are small; compressing them costs more than it saves
        log_level="warning",
    )


def _safe(url: str) -> str:
    """A database URL without its password, for printing."""
    if "@" not in url or "://" not in url:
        return url
    scheme, rest = url.split("://", 1)
    credentials, place = rest.rsplit("@", 1)
    return f"{scheme}://{credentials.split(':', 1)[0]}:***@{place}"
