"""Every integer option of every registered game is bounded on both sides, and `load()` refuses
a value just outside either bound (an unbounded one let a puzzle clock of 10**400 seconds
through, which broke every later listing of tables)."""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour import OptionError
from parlour.kernel import GameInfo, Option, OptionType

INTEGER_OPTIONS = [
    pytest.param(info, option, id=f"{info.name}.{option.name}")
    for info in parlour.games()
    for option in info.options
    if option.type is OptionType.INTEGER
]


def applying(option: Option) -> dict[str, Any]:
    """The other option's value that makes `option` apply (none if it always does)."""
    if option.applies_when is None:
        return {}
    other, allowed = option.applies_when
    return {other: allowed[0]}


def players_for(info: GameInfo, option: Option) -> int:
    """The most players a game with `option` applying allows (Dicetime's puzzle is solo)."""
    for players in range(info.max_players, info.min_players, -1):
        try:
            parlour.load(info.name, players, **applying(option))
        except OptionError:
            continue
        return players
    return info.min_players


def given(option: Option, players: int, value: object) -> dict[str, Any]:
    """Options that set `option` (alone, or every item of its list) to `value`."""
    return {**applying(option), option.name: [value] * players if option.is_list else value}


def test_the_registry_has_integer_options() -> None:
    """Guards the test below against passing on an empty list."""
    names = {param.id for param in INTEGER_OPTIONS}
    assert {"dicetime.time_limit", "likedice.targets", "icecream.first_dealer"} <= names


@pytest.mark.parametrize(("info", "option"), INTEGER_OPTIONS)
def test_every_integer_option_has_both_bounds_around_its_default(
    info: GameInfo, option: Option
) -> None:
    assert option.minimum is not None and option.maximum is not None
    assert option.minimum <= option.maximum
    for players in range(info.min_players, info.max_players + 1):
        default = option.default_for(players)
        for value in default if isinstance(default, list) else [default]:
            assert isinstance(value, int) and option.minimum <= value <= option.maximum
    described = option.describe()
    assert (described["minimum"], described["maximum"]) == (option.minimum, option.maximum)


@pytest.mark.parametrize(("info", "option"), INTEGER_OPTIONS)
def test_load_takes_the_bounds_and_refuses_just_outside_them(
    info: GameInfo, option: Option
) -> None:
    assert option.minimum is not None and option.maximum is not None
    players = players_for(info, option)
    for value in (option.minimum, option.maximum):
        game = parlour.load(info.name, players, **given(option, players, value))
        game.new(1)
    for value in (option.minimum - 1, option.maximum + 1, 10**400, -(10**400)):
        with pytest.raises(OptionError, match=f"option {option.name}="):
            parlour.load(info.name, players, **given(option, players, value))


@pytest.mark.parametrize(
    "raw", ["9" * 5000, 10**5000, "-" + "1" * 4400], ids=["text", "integer", "negative-text"]
)
def test_numbers_too_long_for_python_are_option_errors(raw: object) -> None:
    """Past Python's 4300-digit limit, int() and str() raise ValueError: still an
    OptionError here, with the value cut short in its message."""
    with pytest.raises(OptionError, match="time_limit") as caught:
        parlour.load("dicetime", 1, mode="puzzle", time_limit=raw)
    assert len(str(caught.value)) < 200


def test_a_huge_puzzle_clock_is_refused() -> None:
    """The issue's case: a clock of 10**400 seconds was accepted and `state.clock` raised
    OverflowError."""
    with pytest.raises(OptionError, match=r"time_limit=.* from 0 to 3600"):
        parlour.load("dicetime", players=1, mode="puzzle", time_limit=10**400)
    clock = parlour.load("dicetime", players=1, mode="puzzle", time_limit=3600).new(1).clock
    assert clock == 3600.0


def test_an_integer_option_without_both_bounds_cannot_be_declared() -> None:
    with pytest.raises(TypeError, match="both a minimum and a maximum"):
        Option("n", OptionType.INTEGER, 0, "a number", minimum=0)
    with pytest.raises(TypeError, match="both a minimum and a maximum"):
        Option("n", OptionType.INTEGER, [1], "numbers", maximum=9, is_list=True)
