"""The shapes of requests the API accepts: typed, bounded, validated before anything runs.

Text a person types (names, actions) is normalised (NFC, trimmed) and refused, with a 422
naming the field, when it holds characters a database refuses (U+0000 on PostgreSQL) or that
hide or reorder text (bidi overrides made "evil" read "live"): see `plain_text`.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Literal, get_args

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

OptionValue = bool | int | str | list[bool | int | str]
LONGEST_TURN_LIMIT = 7 * 86_400
"""The longest turn limit a table may have (seconds): a week, for tables played slowly."""

REFUSED = {
    "Cc": "a control character",
    "Cf": "an invisible formatting character",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}
"""Unicode categories refused in text, by what they are. Cf holds the bidi embeddings,
overrides, isolates and marks (U+202A-202E, U+2066-2069, U+200E-200F, U+061C), zero-width
spaces, the soft hyphen, the BOM and the invisible tag characters. (Lone surrogates never get
this far: pydantic refuses them as strings.)"""
JOINERS = frozenset("\u200c\u200d")
"""The two Cf characters allowed: the zero-width non-joiner and joiner, which Persian, Indic
scripts and emoji sequences need; they join or part letters and neither hide nor reorder."""
VISIBLE = frozenset("LNPS")
"""Categories of the characters that show (letters, digits, punctuation, symbols)."""


def plain_text(max_length: int) -> AfterValidator:
    """The check of text a person types: NFC, trimmed, at most `max_length` characters once
    normalised (NFC may lengthen it), something to show, nothing in `REFUSED` but `JOINERS`."""

    def clean(value: str) -> str:
        value = unicodedata.normalize("NFC", value).strip()
        if len(value) > max_length:
            raise PydanticCustomError(
                "string_too_long",
                "String should have at most {max_length} characters once normalised",
                {"max_length": max_length},
            )
        for char in value:
            kind = REFUSED.get(unicodedata.category(char))
            if kind is not None and char not in JOINERS:
                raise PydanticCustomError(
                    "text_character",
                    "must not contain {kind} ({code})",
                    {"kind": kind, "code": f"U+{ord(char):04X}"},
                )
        if not any(unicodedata.category(char)[0] in VISIBLE for char in value):
            raise PydanticCustomError(
                "text_blank", "must not be empty or only spaces and invisible characters"
            )
        return value

    return AfterValidator(clean)


TEXT_RULES = (
    "trimmed and NFC-normalised; control, bidi and other invisible formatting characters "
    "(Unicode Cc, Cf but the zero-width joiners, Zl, Zp) and blank text are refused"
)
Name = Annotated[str, Field(min_length=1, max_length=40, description=TEXT_RULES), plain_text(40)]
"""A person's name as others see it."""
ActionText = Annotated[
    str, Field(min_length=1, max_length=200, description=TEXT_RULES), plain_text(200)
]
"""An action as a person types it."""


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
    name: Name
    listed: bool = True
    turn_limit: float | None = Field(
        default=None,
        gt=0,
        le=LONGEST_TURN_LIMIT,
        description="seconds before a bot plays for an absent person: at least the server's "
        "minimum (5 unless configured otherwise; less is refused with a 422), at most 7 days "
        "(604800); a table with a long limit also idles longer before it expires",
    )
    rated: bool = Field(
        default=False,
        description="the result changes the players' ratings: only people with accounts sit "
        "at it (the creator logged in, every seat a person's, no bots fill it)",
    )


Password = Annotated[str, Field(min_length=8, max_length=200)]
"""A password: any characters (it is only hashed), at least 8 of them."""


SeatToken = Annotated[str, Field(min_length=1, max_length=100)]
"""A seat token as the browser keeps it."""


class Credentials(Strict):
    """A name and password: to create an account, or to log in to one; `tokens`, the seat
    tokens this browser holds, whose seats become the account's."""

    name: Name
    password: Password
    tokens: list[SeatToken] = Field(
        default_factory=list,
        max_length=500,
        description="seat tokens this browser holds: their people's seats without an account "
        "become this account's (one seat a table)",
    )


class JoinTable(Strict):
    """Taking an open seat: the name others will see."""

    name: Name


class FillWithBots(Strict):
    """The host starts now: open seats get this bot (default: the game's usual one)."""

    bot: str | None = Field(default=None, max_length=40)


class Act(Strict):
    """An action in the game's text form, with the client's id for this request."""

    action: ActionText
    request_id: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")


class Learn(Strict):
    """A tutorial so far: the learner's accepted moves, in order, and the move tried now."""

    moves: list[ActionText] = Field(default_factory=list, max_length=200)
    attempt: ActionText | None = None


LONGEST_LINE = 300
"""The most characters a line of chat may have."""
ChatText = Annotated[
    str,
    Field(min_length=1, max_length=LONGEST_LINE, description=TEXT_RULES),
    plain_text(LONGEST_LINE),
]
"""A line of chat as a person types it."""
Reaction = Literal["hello", "good_move", "well_played", "oops", "thanks", "sorry"]
"""A quick reaction's code: each page says it in its reader's language."""
REACTIONS: tuple[str, ...] = get_args(Reaction)
"""Every quick reaction's code."""


class Say(Strict):
    """A line of chat: words or a quick reaction (exactly one); a spectator who is not logged
    in also says the name others will see."""

    text: ChatText | None = None
    reaction: Reaction | None = None
    name: Name | None = Field(
        default=None, description="a spectator's name (a seat's and an account's are known)"
    )

    @model_validator(mode="after")
    def one_thing(self) -> Say:
        if (self.text is None) == (self.reaction is None):
            raise ValueError("say either text or a reaction")
        return self


class SpectatorChat(Strict):
    """The host's switch: whether spectators may talk in their own chat."""

    allowed: bool
