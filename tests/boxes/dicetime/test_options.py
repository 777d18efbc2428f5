"""Loading Dicetime: player counts, its six options, their values and cross-checks, and the
listing in `parlour.games()`."""

from __future__ import annotations

import json

import pytest

import parlour
from parlour import OptionError


def test_defaults() -> None:
    """With nothing given: one player, mode turns, seat 0 first, five of a kind counts as a
    full house, dice drawn; the puzzle adds its 600-second limit; options that do not apply
    are left out."""
    assert parlour.load("dicetime").players == 1
    assert parlour.load("dicetime", players=3).options == {
        "mode": "turns",
        "start": "first",
        "five_of_a_kind_is_full_house": True,
        "colours": [],
        "dice": "drawn",
    }
    assert parlour.load("dicetime", mode="simultaneous", players=2).options == {
        "mode": "simultaneous",
        "five_of_a_kind_is_full_house": True,
        "colours": [],
        "dice": "drawn",
    }
    assert parlour.load("dicetime", mode="puzzle").options == {
        "mode": "puzzle",
        "five_of_a_kind_is_full_house": True,
        "time_limit": 600,
        "colours": [],
        "dice": "drawn",
    }


@pytest.mark.parametrize("players", range(1, 9))
def test_one_to_eight_players(players: int) -> None:
    """Every count from 1 to 8 loads and deals a game with that many seats."""
    game = parlour.load("dicetime", players=players)
    assert game.players == players
    assert len(game.new(seed=0).view(None)["seats"]) == players


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (0, {}),
        (9, {}),
        (-1, {}),
        (2, {"mode": "puzzle"}),
        (8, {"mode": "puzzle"}),
        ("2", {}),
        (2.0, {}),
        (True, {}),
        (False, {}),
    ],
)
def test_bad_player_counts(players: object, options: dict[str, object]) -> None:
    """0, 9, a puzzle for more than one, text, floats and booleans are refused, and the
    message says what is allowed."""
    with pytest.raises(OptionError, match=r"1 to 8 players|players must be 1") as caught:
        parlour.load("dicetime", players=players, **options)  # type: ignore[arg-type]
    assert "players" in str(caught.value)


def test_puzzle_message_names_the_mode() -> None:
    """The puzzle's player-count error says it is solo."""
    with pytest.raises(OptionError, match=r"mode=puzzle.*players must be 1, not 2"):
        parlour.load("dicetime", players=2, mode="puzzle")


def test_unknown_game() -> None:
    """An unknown game is an OptionError listing the games there are."""
    with pytest.raises(OptionError, match=r"unknown game 'yahtzee'; games are: .*dicetime"):
        parlour.load("yahtzee")


def test_unknown_option_lists_the_options() -> None:
    """An unknown option is refused, naming it and every option Dicetime has."""
    with pytest.raises(OptionError) as caught:
        parlour.load("dicetime", colour="red")
    message = str(caught.value)
    assert "'colour'" in message
    for name in ("mode", "start", "five_of_a_kind_is_full_house", "time_limit"):
        assert name in message


@pytest.mark.parametrize(
    ("options", "named", "allowed"),
    [
        ({"mode": "foo"}, "mode=foo", "turns, simultaneous, puzzle"),
        ({"mode": 1}, "mode=1", "turns, simultaneous, puzzle"),
        ({"start": "last"}, "start=last", "first, race"),
        ({"five_of_a_kind_is_full_house": "yes"}, "five_of_a_kind_is_full_house=yes", "true"),
        ({"five_of_a_kind_is_full_house": 1}, "five_of_a_kind_is_full_house=1", "true"),
        ({"mode": "puzzle", "time_limit": -1}, "time_limit=-1", "from 0 to 3600"),
        ({"mode": "puzzle", "time_limit": 3601}, "time_limit=3601", "from 0 to 3600"),
        ({"mode": "puzzle", "time_limit": "-1"}, "time_limit=-1", "from 0 to 3600"),
        ({"mode": "puzzle", "time_limit": "ten"}, "time_limit=ten", "integer"),
        ({"mode": "puzzle", "time_limit": "7.5"}, "time_limit=7.5", "integer"),
        ({"mode": "puzzle", "time_limit": 7.0}, "time_limit=7.0", "integer"),
        ({"mode": "puzzle", "time_limit": True}, "time_limit=true", "integer"),
        ({"mode": "puzzle", "time_limit": "+-5"}, "time_limit=+-5", "integer"),
        ({"mode": "puzzle", "time_limit": "--5"}, "time_limit=--5", "integer"),
        ({"mode": "puzzle", "time_limit": "²"}, "time_limit=²", "integer"),
        ({"mode": "puzzle", "time_limit": ""}, "time_limit=", "integer"),
    ],
)
def test_bad_values(options: dict[str, object], named: str, allowed: str) -> None:
    """A bad value is an OptionError (never another exception) naming the option, the value
    and what is allowed."""
    with pytest.raises(OptionError) as caught:
        parlour.load("dicetime", 1, **options)
    message = str(caught.value)
    assert named in message
    assert allowed in message


@pytest.mark.parametrize(
    ("options", "players"),
    [
        ({"time_limit": 60}, 1),
        ({"mode": "turns", "time_limit": 60}, 2),
        ({"mode": "simultaneous", "time_limit": 0}, 2),
    ],
)
def test_time_limit_only_in_the_puzzle(options: dict[str, object], players: int) -> None:
    """time_limit given outside the puzzle is refused, saying where it applies."""
    with pytest.raises(OptionError, match=r"time_limit applies only when mode is puzzle"):
        parlour.load("dicetime", players=players, **options)


@pytest.mark.parametrize("start", ["race", "first"])
@pytest.mark.parametrize("mode", ["puzzle", "simultaneous"])
def test_start_only_in_turns(mode: str, start: str) -> None:
    """start given outside mode=turns is refused, saying where it applies."""
    players = 1 if mode == "puzzle" else 2
    with pytest.raises(OptionError, match=rf"start applies only when mode is turns.*{mode}"):
        parlour.load("dicetime", players=players, mode=mode, start=start)


@pytest.mark.parametrize(
    ("given", "value"),
    [("true", True), ("false", False), ("TRUE", True), (" False ", False), (False, False)],
)
def test_boolean_from_text(given: object, value: bool) -> None:
    """five_of_a_kind_is_full_house accepts true/false as text in any case, or a bool."""
    game = parlour.load("dicetime", five_of_a_kind_is_full_house=given)
    assert game.options["five_of_a_kind_is_full_house"] is value


@pytest.mark.parametrize(("given", "value"), [("7", 7), (" 7 ", 7), ("+7", 7), ("0", 0), (9, 9)])
def test_integer_from_text(given: object, value: int) -> None:
    """time_limit accepts integers and their text, e.g. "7"."""
    game = parlour.load("dicetime", mode="puzzle", time_limit=given)
    assert game.options["time_limit"] == value
    assert type(game.options["time_limit"]) is int


@pytest.mark.parametrize(
    ("given", "value"),
    [("Puzzle", "puzzle"), (" turns ", "turns"), ("SIMULTANEOUS", "simultaneous")],
)
def test_choice_from_text(given: str, value: str) -> None:
    """mode accepts its choices in any case and with surrounding spaces."""
    assert parlour.load("dicetime", mode=given).options["mode"] == value


def test_start_race_in_turns() -> None:
    """start=race is accepted in mode turns (given or by default)."""
    assert parlour.load("dicetime", players=2, start="race").options["start"] == "race"
    options = parlour.load("dicetime", players=2, mode="turns", start="race").options
    assert options["start"] == "race"


def test_games_lists_dicetime_with_metadata() -> None:
    """`parlour.games()` lists Dicetime with its title, seats, rulebook and options, and its
    description is JSON-ready."""
    infos = {info.name: info for info in parlour.games()}
    assert "dicetime" in infos
    info = infos["dicetime"]
    assert (info.title, info.min_players, info.max_players) == ("Dicetime", 1, 8)
    assert info.rulebook == "docs/rules/dicetime.md"
    assert info.hidden_information is False
    described = json.loads(json.dumps(info.describe()))
    options = {option["name"]: option for option in described["options"]}
    assert list(options) == [
        "mode",
        "start",
        "five_of_a_kind_is_full_house",
        "time_limit",
        "colours",
        "dice",
    ]
    assert options["mode"]["choices"] == ["turns", "simultaneous", "puzzle"]
    assert options["mode"]["default"] == "turns"
    assert options["start"]["applies_when"] == {"mode": ["turns"]}
    assert options["five_of_a_kind_is_full_house"]["type"] == "boolean"
    assert options["five_of_a_kind_is_full_house"]["default"] is True
    assert options["time_limit"]["applies_when"] == {"mode": ["puzzle"]}
    assert (options["time_limit"]["default"], options["time_limit"]["minimum"]) == (600, 0)
    assert (options["dice"]["choices"], options["dice"]["default"]) == (["drawn", "fixed"], "drawn")
    assert all(option["description"] and option["allowed"] for option in options.values())


@pytest.mark.parametrize(
    ("options", "rematch"),
    [
        ({}, {"mode": "turns", "start": "race"}),
        ({"mode": "simultaneous"}, {"mode": "simultaneous"}),
        ({"mode": "puzzle", "time_limit": 0}, {"mode": "puzzle", "time_limit": 0}),
    ],
)
def test_a_rematch_of_a_game_of_turns_begins_with_the_race(
    options: dict[str, object], rematch: dict[str, object]
) -> None:
    players = 1 if options.get("mode") == "puzzle" else 2
    game = parlour.load("dicetime", players, **options)
    again = game.rematch_options()
    assert {key: again[key] for key in rematch} == rematch
    assert parlour.load("dicetime", players, **again).options == again  # loads as it is
