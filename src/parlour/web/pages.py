"""The HTML pages (the lobby, a table, a replay, a tutorial) in the request's language, the pages'
message catalogues and the icon; the pages' scripts do the rest through the API."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse

from parlour.i18n import LANGUAGES, _, language, page_catalogue
from parlour.web.languages import page
from parlour.web.routing import error_response

STATIC = Path(__file__).parent / "static"


def add_routes(app: FastAPI) -> None:
    """The pages' routes of `app`."""

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> HTMLResponse:
        return HTMLResponse(page(STATIC / "lobby.html", language()))

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> HTMLResponse:
        return HTMLResponse(page(STATIC / "table.html", language()))

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> HTMLResponse:
        return HTMLResponse(page(STATIC / "replay.html", language()))

    @app.get("/learn/{name}", include_in_schema=False)
    async def learn_page(name: str) -> HTMLResponse:
        return HTMLResponse(page(STATIC / "learn.html", language()))

    @app.get("/i18n/{code}.json", include_in_schema=False)
    async def catalogue(code: str) -> JSONResponse:
        """The pages' messages in language `code` (`static/js/i18n.js` loads it)."""
        if code not in LANGUAGES:
            wanted = ", ".join(LANGUAGES)
            return error_response(
                404, _("Parlour speaks {wanted}, not {code}").format(wanted=wanted, code=code)
            )
        return JSONResponse(page_catalogue(code), headers={"Cache-Control": "public, max-age=3600"})

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")
