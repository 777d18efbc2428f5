"""The JSON Schema of a game's views, from the TypedDict it declares (`Game.view_type`), for
pages and for clients in other languages (`parlour games --schema GAME`)."""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import TypeAdapter

from parlour.kernel.protocol import Game, View


@cache
def _adapter(view_type: type) -> TypeAdapter[Any]:
    return TypeAdapter(view_type)


def view_schema(game: type[Game]) -> dict[str, Any]:
    """The JSON Schema every view of `game` matches."""
    schema: dict[str, Any] = _adapter(game.view_type).json_schema()
    schema["title"] = f"{game.info.title} view"
    return schema


def check_view(game: type[Game], view: View) -> None:
    """Raise `pydantic.ValidationError` unless `view` matches its game's declared type
    exactly (strict: no coercion, as a client in another language would read it)."""
    _adapter(game.view_type).validate_python(view, strict=True)
