"""The shapes of requests the API accepts: typed, bounded, validated before anything runs."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

OptionValue = bool | int | str | list[bool | int | str]
NAME = Field(min_length=1, max_length=40)


class Strict(BaseModel):
    """Unknown fields are an error, not silently ignored."""

    model_config = ConfigDict(extra="forbid")


class CreateTable(Strict):
    """A new table: the game, its players and options, who sits where, and the host's name."""

    game: str = Field(min_length=1, max_length=40)
    players: int = Field(ge=1, le=8)
    options: dict[str, OptionValue] = Field(default_factory=dict, max_length=20)
    seats: list[str] = Field(
        min_length=1,
        max_length=8,
        description='one per seat: "person", or the name of one of the game\'s bots',
    )
    name: str = NAME
    listed: bool = True
    turn_limit: float | None = Field(
        default=None,
        gt=0,
        le=86_400,
        description="seconds before a bot plays for an absent person: at least the server's "
        "minimum (5 unless configured otherwise; less is refused with a 422)",
    )


class JoinTable(Strict):
    """Taking an open seat: the name others will see."""

    name: str = NAME


class FillWithBots(Strict):
    """The host starts now: open seats get this bot (default: the game's usual one)."""

    bot: str | None = Field(default=None, max_length=40)


class Act(Strict):
    """An action in the game's text form, with the client's id for this request."""

    action: str = Field(min_length=1, max_length=200)
    request_id: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")
