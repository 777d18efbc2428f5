"""Colour never carries meaning alone in the terminal: whatever a renderer draws in a colour
(Like Dice's dice, Dicecream's dice and sundaes, Dokitto's and Ice Cream's flavours, Dicetime's
seats) also reads in plain text, so a game can be played with `NO_COLOR` or by a colour-blind
player. Checked by changing one colour in a view: when the coloured drawing changes, the
drawing without colour must change too."""

from __future__ import annotations

import copy
import importlib
import io
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console

import parlour
from parlour.kernel import SPECTATOR, GameInfo, View
from parlour.terminal.renderers import generic, renderer_for

Path = tuple[str | int, ...]
SGR = re.compile(r"\x1b\[([0-9;]*)m")
"""An ANSI style code (its parameters: 1 bold, 31 red, 38;5;n a colour of 256...)."""
FACES = "⚀⚁⚂⚃⚄⚅"


def drawn(game: str, view: View, colour: bool) -> str:
    """What the game's renderer prints for `view`, with ANSI colour or without any."""
    out = io.StringIO()
    if colour:
        console = Console(file=out, width=160, color_system="truecolor", force_terminal=True)
    else:
        console = Console(file=out, width=160, color_system=None)
    console.print(renderer_for(game)(view))
    return out.getvalue()


def coloured_values(value: Any, colours: set[str], path: Path = ()) -> Iterator[Path]:
    """The paths of the view's values that name a colour the renderer draws (the log aside:
    its lines are words already)."""
    if isinstance(value, dict):
        for key, inner in value.items():
            if key != "log":
                yield from coloured_values(inner, colours, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from coloured_values(inner, colours, (*path, index))
    elif isinstance(value, str) and value in colours:
        yield path


def recoloured(view: View, path: Path, colour: str) -> View:
    """A copy of `view` with the value at `path` changed to `colour`."""
    changed = copy.deepcopy(view)
    inner: Any = changed
    for step in path[:-1]:
        inner = inner[step]
    inner[path[-1]] = colour
    return changed


def views_of(game: str, players: int) -> Iterator[View]:
    """Views for the first seat and a spectator at six moments of a random game, and its end."""
    rnd = random.Random(5)
    state = parlour.load(game, players).new(5)
    moves = 0
    while not state.over:
        if moves % 25 == 3 and moves < 150:
            yield from (state.view(seat) for seat in (0, SPECTATOR))
        seat = rnd.choice(state.to_act)
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
        moves += 1
    yield state.view(0)


def styles_of(game: str) -> dict[str, str]:
    """The colours `game`'s renderer draws (`STYLES`: a colour named in views to its style);
    none where the generic renderer shows the game."""
    if renderer_for(game) is generic.render:
        return {}
    styles: dict[str, str] = importlib.import_module(f"parlour.terminal.renderers.{game}").STYLES
    return styles


@pytest.mark.parametrize("info", parlour.games(), ids=lambda info: info.name)
def test_every_colour_drawn_reads_without_colour(info: GameInfo) -> None:
    game = info.name
    styles = styles_of(game)
    colours = set(styles)
    unreadable: set[Path] = set()
    players = 2 if game == "dicetime" else min(max(3, info.min_players), info.max_players)
    for view in views_of(game, players):
        plain, ansi = drawn(game, view, colour=False), drawn(game, view, colour=True)
        kinds: set[Path] = set()  # one value of each kind a view (a die's colour, say)
        for path in coloured_values(view, colours):
            kind = tuple("#" if isinstance(step, int) else step for step in path)
            if kind in kinds:
                continue
            other = next(colour for colour in styles if colour != _at(view, path))
            changed = recoloured(view, path, other)
            if drawn(game, changed, colour=True) == ansi:
                continue  # not drawn at all (an earlier trick, say): nothing to read
            kinds.add(kind)
            if drawn(game, changed, colour=False) == plain:
                unreadable.add(kind)
    assert not unreadable, f"shown only as colour: {sorted(unreadable, key=str)}"


def _at(view: View, path: Path) -> Any:
    inner: Any = view
    for step in path:
        inner = inner[step]
    return inner


def test_like_dice_without_colour_under_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    """With `NO_COLOR=1` a terminal gets no colour codes, and each die still names its colour:
    its initial beside its face and number, with the initials' key below the displays."""
    monkeypatch.setenv("NO_COLOR", "1")
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=True)
    view = parlour.load("likedice", 2).new(3).view(0)
    console.print(renderer_for("likedice")(view))
    codes = {code for group in SGR.findall(out.getvalue()) for code in group.split(";")}
    assert codes and not {code for code in codes if code[:1] in "349" and len(code) > 1}
    text = SGR.sub("", out.getvalue())
    for card in view["common"]:
        for die in card["dice"]:
            assert f"{FACES[die['pips'] - 1]}{die['colour'][0]}{die['pips']}" in text
    assert "dice: b blue · r red · g green · y yellow · p purple" in text
