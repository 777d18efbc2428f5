"""The kernel's typed options, game-independent: scalars, lists with a length per player
count, defaults that depend on the player count, and `resolve_options` with `applies_when`."""

from __future__ import annotations

import json

import pytest

from parlour import OptionError
from parlour.i18n import speaking
from parlour.kernel import Option, OptionType, game_class
from parlour.kernel.options import resolve_options

COLOURS = Option(
    "colours",
    OptionType.CHOICE,
    lambda players: ["red"] * players,
    "each seat's colour",
    choices=("red", "blue", "green"),
    is_list=True,
    length=lambda players: players,
    length_text="one per seat",
)
BIDS = Option(
    "bids",
    OptionType.INTEGER,
    [1, 2],
    "some numbers",
    minimum=0,
    maximum=9,
    is_list=True,
)
FLAGS = Option("flags", OptionType.BOOLEAN, [], "some switches", is_list=True)
MODE = Option("mode", OptionType.CHOICE, "a", "the mode", choices=("a", "b", "c"))
EXTRA = Option(
    "extra",
    OptionType.INTEGER,
    5,
    "only in mode b or c",
    minimum=1,
    maximum=99,
    applies_when=("mode", ("b", "c")),
)
LEVEL = Option("level", OptionType.INTEGER, 3, "a level", minimum=1, maximum=5)
SPECS = (MODE, EXTRA, LEVEL)


@pytest.mark.parametrize(
    ("raw", "players", "value"),
    [
        ("red,blue,green", 3, ["red", "blue", "green"]),
        (" red , BLUE ", 2, ["red", "blue"]),
        (["green", "red"], 2, ["green", "red"]),
        (("blue",), 1, ["blue"]),
        ("", 0, []),
    ],
)
def test_list_parsing(raw: object, players: int, value: list[str]) -> None:
    """A list option takes comma-separated text or a Python list/tuple, item by item."""
    assert COLOURS.parse(raw, players) == value


@pytest.mark.parametrize(("raw", "players"), [("red,blue", 3), ("red,blue,green", 2), ("", 1)])
def test_list_of_the_wrong_length_is_refused(raw: str, players: int) -> None:
    """A list whose length does not fit the player count is refused, saying how many values
    are needed and why."""
    with pytest.raises(OptionError) as caught:
        COLOURS.parse(raw, players)
    message = str(caught.value)
    assert f"colours={raw}" in message
    assert f"{players} are needed for {players} players" in message
    assert "one per seat" in message


@pytest.mark.parametrize(
    ("raw", "players"), [("red,pink", 2), (["red", 3], 2), ("red,,blue", 3), (7, 1), (None, 1)]
)
def test_list_with_a_bad_item_is_refused(raw: object, players: int) -> None:
    """A bad item (or not a list at all) is refused, naming the option and what is allowed."""
    with pytest.raises(OptionError, match=r"option colours=.* use a comma-separated list"):
        COLOURS.parse(raw, players)


def test_integer_and_boolean_lists() -> None:
    """Lists of integers respect the bounds; lists of booleans read true/false; without a
    length function any length goes."""
    assert BIDS.parse("0, 9, +3", 4) == [0, 9, 3]
    assert BIDS.parse([4], 2) == [4]
    with pytest.raises(OptionError, match="from 0 to 9"):
        BIDS.parse("1,10", 2)
    assert FLAGS.parse("true,FALSE,true", 1) == [True, False, True]
    assert FLAGS.parse([False], 1) == [False]
    with pytest.raises(OptionError, match="true or false"):
        FLAGS.parse("true,1", 1)


def test_defaults_may_depend_on_the_player_count() -> None:
    """A callable default gives one value per player count; a plain default is the same."""
    assert COLOURS.default_for(3) == ["red", "red", "red"]
    assert COLOURS.default_for(1) == ["red"]
    assert LEVEL.default_for(7) == 3


def test_allowed_in_words() -> None:
    """`allowed()` says what a value may be, for error messages and listings."""
    assert COLOURS.allowed() == "a comma-separated list (one per seat) of one of red, blue, green"
    assert BIDS.allowed() == "a comma-separated list (any length) of an integer from 0 to 9"
    assert EXTRA.allowed() == "an integer from 1 to 99"
    assert FLAGS.allowed().endswith("of true or false")


def test_describe_is_json_ready() -> None:
    """`describe()` gives type, default (by player count when callable), bounds, choices and
    applies_when, and serialises to JSON."""
    described = COLOURS.describe()
    assert described["type"] == "list of choice"
    assert described["default"] == "depends on the player count"
    assert described["choices"] == ["red", "blue", "green"]
    assert COLOURS.describe(players=2)["default"] == ["red", "red"]
    extra = EXTRA.describe()
    assert extra["applies_when"] == {"mode": ["b", "c"]}
    assert (extra["default"], extra["minimum"], extra["maximum"]) == (5, 1, 99)
    assert LEVEL.describe()["maximum"] == 5
    for option in (COLOURS, BIDS, FLAGS, MODE, EXTRA, LEVEL):
        json.dumps(option.describe())


@pytest.mark.parametrize(
    ("raw", "value"), [(3, 3), ("3", 3), (" 5 ", 5), ("+1", 1), (1, 1), (5, 5)]
)
def test_integer_scalars(raw: object, value: int) -> None:
    """Integers and their text are accepted within the bounds."""
    assert LEVEL.parse(raw, 1) == value


@pytest.mark.parametrize("raw", [0, 6, "0", "6", "-1", True, 2.0, "2.0", "two", "", "+-2", None])
def test_integer_scalars_refused(raw: object) -> None:
    """Out of bounds, booleans, floats and non-numeric text are OptionErrors naming the
    option and its range."""
    with pytest.raises(OptionError, match=r"option level=.* use an integer from 1 to 5"):
        LEVEL.parse(raw, 1)


def test_resolve_fills_defaults_and_drops_what_does_not_apply() -> None:
    """Options not given take their defaults; an option whose applies_when is not met is
    left out when not given."""
    assert resolve_options(SPECS, {}, 2, "toy") == {"mode": "a", "level": 3}
    assert resolve_options(SPECS, {"mode": "b"}, 2, "toy") == {"mode": "b", "extra": 5, "level": 3}
    assert resolve_options(SPECS, {"mode": "c", "extra": "8"}, 2, "toy") == {
        "mode": "c",
        "extra": 8,
        "level": 3,
    }


def test_resolve_refuses_an_option_that_does_not_apply() -> None:
    """An option given where its applies_when is not met is refused, saying when it applies
    and what the other option is."""
    with pytest.raises(OptionError) as caught:
        resolve_options(SPECS, {"extra": 2}, 2, "toy")
    assert str(caught.value) == "option extra applies only when mode is b or c (here mode is a)"
    with pytest.raises(OptionError, match=r"extra applies only when mode is b or c"):
        resolve_options(SPECS, {"mode": "a", "extra": 2}, 2, "toy")


def test_resolve_refuses_unknown_options_and_bad_values() -> None:
    """An unknown option names the game and its options; a bad value is refused even if the
    option would not apply."""
    with pytest.raises(OptionError, match=r"toy has no option 'speed'; its options are: mode, "):
        resolve_options(SPECS, {"speed": 1}, 2, "toy")
    with pytest.raises(OptionError, match=r"toy has no option 'x'; its options are: none"):
        resolve_options((), {"x": 1}, 2, "toy")
    with pytest.raises(OptionError, match=r"option mode=d .* one of a, b, c"):
        resolve_options(SPECS, {"mode": "d"}, 2, "toy")
    with pytest.raises(OptionError, match=r"option extra=0"):
        resolve_options(SPECS, {"mode": "b", "extra": 0}, 2, "toy")


def test_resolve_list_option_uses_the_player_count() -> None:
    """resolve_options passes the player count to list lengths and defaults."""
    specs = (COLOURS,)
    assert resolve_options(specs, {}, 3, "toy") == {"colours": ["red"] * 3}
    assert resolve_options(specs, {"colours": "blue,green"}, 2, "toy") == {
        "colours": ["blue", "green"]
    }
    with pytest.raises(OptionError, match="2 are needed for 2 players"):
        resolve_options(specs, {"colours": "blue"}, 2, "toy")


def test_option_errors_are_value_errors() -> None:
    """OptionError, IllegalAction and RecordError are ValueErrors (and ParlourErrors)."""
    import parlour

    for error in (parlour.OptionError, parlour.IllegalAction, parlour.RecordError):
        assert issubclass(error, ValueError)
        assert issubclass(error, parlour.ParlourError)


def test_describe_names_the_option_and_its_choices_in_the_language_of_the_moment() -> None:
    """`describe()` gives players' words beside the identifiers: the option's label and a label
    for each choice, in German in German (the identifiers stay), and marks a per-seat list."""
    option = Option(
        "start",
        OptionType.CHOICE,
        "first",
        "who begins",
        choices=("first", "race"),
        label="Who begins",
        value_labels={"first": "Seat 1", "race": "A race"},
        per_seat=True,
    )
    described = option.describe()
    assert (described["name"], described["label"]) == ("start", "Who begins")
    assert described["value_labels"] == {"first": "Seat 1", "race": "A race"}
    assert described["per_seat"] is True
    assert "per_seat" not in MODE.describe() and MODE.describe()["label"] == MODE.name
    with speaking("de"):
        assert dicetime_start()["value_labels"] == {"first": "Platz 1", "race": "Ein Wettlauf"}
        assert dicetime_start()["label"] == "Wer beginnt"
    with pytest.raises(TypeError, match="labels values"):
        Option("x", OptionType.CHOICE, "a", "", choices=("a",), value_labels={"b": "B"})


def dicetime_start() -> dict[str, object]:
    """Dicetime's option `start` as the listing describes it now."""
    options = game_class("dicetime").info.describe()["options"]
    return next(option for option in options if option["name"] == "start")
