"""`/healthz`'s question to the database: does it answer, and soon enough?"""

from __future__ import annotations

import asyncio
import logging

from sqlalchemy import Engine, text

LOG = logging.getLogger("parlour.web")
PATIENCE_SECONDS = 2.0
"""How long the health check waits for the database before calling it failing."""


async def database_answers(engine: Engine) -> bool:
    """Whether the database answers `SELECT 1` within `PATIENCE_SECONDS` (off the event loop)."""

    def ping() -> None:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))

    try:
        await asyncio.wait_for(asyncio.to_thread(ping), timeout=PATIENCE_SECONDS)
    except Exception:
        LOG.exception("the health check's database query failed")
        return False
    return True
