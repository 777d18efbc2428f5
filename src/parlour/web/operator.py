"""What an operator asks of a running server: `/healthz` (the database answers, the table layer
runs) and, with `--metrics`, `/metrics` in Prometheus' text format."""

from __future__ import annotations

from fastapi import FastAPI, Request, Response
from fastapi.responses import JSONResponse
from sqlalchemy import Engine

from parlour.web.health import database_answers
from parlour.web.metrics import CONTENT_TYPE, Metrics


def add_routes(app: FastAPI, engine: Engine, metrics: Metrics | None) -> None:
    """The operator's routes of `app` (`/metrics` only with `metrics`)."""

    @app.get("/healthz", include_in_schema=False)
    async def health(request: Request) -> JSONResponse:
        """200 when the database answers and the table layer runs (its check keeps the name
        "hub" that operators' monitors know), else 503; the body says which."""
        checks = {
            "database": await database_answers(engine),
            "hub": hasattr(request.app.state, "tables") and not request.app.state.expiry.done(),
        }
        healthy = all(checks.values())
        body = {"status": "ok" if healthy else "unavailable"} | {
            name: "ok" if fine else "failing" for name, fine in checks.items()
        }
        return JSONResponse(body, status_code=200 if healthy else 503)

    if metrics is not None:

        @app.get("/metrics", include_in_schema=False)
        async def metrics_text() -> Response:
            """The metrics in Prometheus' text format."""
            return Response(metrics.text(), media_type=CONTENT_TYPE)
