"""The set-ups a balance report plays: the chosen one, and each declared comparison's values.

The comparisons come from the game's declaration (`GameInfo.balance`), never from names in the
report: each axis (`players` or an option) is varied alone from the chosen settings.
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour.kernel import Comparison, Game, OptionError, game_class, load
from parlour.kernel.options import Option, OptionType, Value

PLAYERS = "players"
"""The axis that varies the player count."""
MOST_VALUES = 12
"""An integer option with more values than this must declare the ones to compare."""


@dataclass(frozen=True)
class Variant:
    """One set-up: the player count and the game's complete, validated options."""

    players: int
    options: dict[str, Value]

    def key(self) -> tuple[int, str]:
        """Equal for equal set-ups (options are plain JSON values)."""
        return self.players, repr(sorted(self.options.items()))

    def describe(self) -> str:
        """`3 players, NAME=VALUE, ...` in words."""
        options = ", ".join(f"{name}={_text(value)}" for name, value in self.options.items())
        return f"{self.players} players" + (f", {options}" if options else "")


@dataclass(frozen=True)
class Axis:
    """A comparison made concrete: the axis and one variant per value the game accepts."""

    name: str
    values: tuple[Value, ...]
    variants: tuple[Variant, ...]


def base_variant(game: str, players: int | None, options: dict[str, Value]) -> Variant:
    """The chosen set-up (players: the game's declared usual count, else its fewest), or
    `OptionError` naming what was wrong."""
    info = game_class(game).info
    if players is None:
        players = info.balance.players if info.balance else info.min_players
    return _variant(load(game, players, **options))


def axes(game: str, base: Variant, explicit: dict[str, Value]) -> list[Axis]:
    """Each declared comparison as variants of `base`: the axis set to each of its values
    (declared, else every value allowed), the rest as chosen (`explicit`: the options the
    caller gave, kept; the others take their defaults); values the game refuses are left out."""
    info = game_class(game).info
    if info.balance is None:
        return []
    result = []
    for comparison in info.balance.compare:
        values, variants = [], []
        for value in _values(game, comparison):
            try:
                if comparison.axis == PLAYERS:
                    assert isinstance(value, int)
                    loaded = load(game, value, **explicit)
                else:
                    loaded = load(game, base.players, **{**explicit, comparison.axis: value})
            except OptionError:
                continue
            values.append(value)
            variants.append(_variant(loaded))
        if len(variants) > 1:
            result.append(Axis(comparison.axis, tuple(values), tuple(variants)))
    return result


def _values(game: str, comparison: Comparison) -> tuple[Value, ...]:
    if comparison.values:
        return comparison.values
    info = game_class(game).info
    if comparison.axis == PLAYERS:
        return tuple(range(info.min_players, info.max_players + 1))
    option = next((option for option in info.options if option.name == comparison.axis), None)
    if option is None:
        raise ValueError(f"{game} declares a comparison of {comparison.axis!r}, no option")
    return _allowed(option)


def _allowed(option: Option) -> tuple[Value, ...]:
    if option.is_list:
        raise ValueError(f"option {option.name} is a list: declare the values to compare")
    if option.type is OptionType.BOOLEAN:
        return (True, False)
    if option.type is OptionType.CHOICE:
        return option.choices
    assert option.minimum is not None and option.maximum is not None
    if option.maximum - option.minimum >= MOST_VALUES:
        raise ValueError(f"option {option.name} has too many values: declare those to compare")
    return tuple(range(option.minimum, option.maximum + 1))


def _variant(game: Game) -> Variant:
    return Variant(game.players, dict(game.options))


def _text(value: Value) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list):
        return ",".join(_text(item) for item in value)
    return str(value)
