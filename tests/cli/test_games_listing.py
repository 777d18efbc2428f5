"""`parlour games` lists each game's bots with their levels and settings, by the names the
registry, the menu, `--seats` and the web all take (`NAME:SETTINGS`, e.g. `counter:child`)."""

from __future__ import annotations

from unittest.mock import patch

from rich.console import Console
from typer.testing import CliRunner

import parlour.cli.app as cli_app
from parlour.bots.registry import offered_bots
from parlour.cli.app import app
from parlour.kernel import Game, game_class
from parlour.listing import listing
from parlour.terminal.menu import seat_choices
from parlour.terminal.runner import HUMAN

runner = CliRunner()


def shown_listing() -> str:
    """`parlour games` as printed 1000 columns wide, whatever width the CLI's console took
    when it was made (`COLUMNS` is read then, so the environment alone cannot decide it)."""
    with patch.object(cli_app, "console", Console(width=1000)):
        result = runner.invoke(app, ["games"])
    assert result.exit_code == 0, result.output
    return result.output


def test_the_text_listing_names_every_bot_its_levels_and_what_settings_it_takes() -> None:
    shown = "\n" + shown_listing()
    games = listing()
    for game, after in zip(games, [*games[1:], None], strict=True):
        end = len(shown) if after is None else shown.index(f"\n{after['name']} (")
        lines = shown[shown.index(f"\n{game['name']} (") : end].splitlines()
        for bot in game["bots"]:
            line = next(line for line in lines if line.startswith(f"    {bot['name']}"))
            assert line.endswith(f": {bot['description']}")
            assert all(level["name"] in line for level in bot["levels"])
    assert "counter (default; levels counter:child, counter:teen," in shown
    assert "settings: counter:speed=2:error=0.05:cards=race" in shown
    assert "vendor:playouts=N:worlds=N" in shown
    assert "has a solver: parlour hint, analyse, solve; play --hints" in shown
    assert "gives advice by search: parlour hint; play --hints" in shown


def test_one_spelling_of_bots_everywhere() -> None:
    """The menu offers exactly the listed names (levels as `NAME:WORD`, never the aliases
    such as `counter-child`), and the web's tables take each of them."""
    for game in listing():
        listed = {bot["name"] for bot in game["bots"]}
        listed |= {level["name"] for bot in game["bots"] for level in bot["levels"]}
        offered = {name for name, _, _ in seat_choices(game["name"])} - {HUMAN}
        assert offered == listed
        assert offered <= offered_bots(game["name"])  # what the web's tables accept
    assert "counter:child" in {name for name, _, _ in seat_choices("likedice")}


def test_the_listing_says_what_each_game_is_played_for() -> None:
    """Per player count (`Game.objective`): solo Dicetime for points, a table for the win."""
    dicetime = next(game for game in listing() if game["name"] == "dicetime")
    assert dicetime["objectives"][:2] == [
        {"players": 1, "objective": "points"},
        {"players": 2, "objective": "win"},
    ]
    assert "played for: points (1 player), the win (2-8 players)" in shown_listing()


def test_the_listing_says_which_games_have_a_tutorial() -> None:
    for game in listing():
        assert game["tutorial"] is (game_class(game["name"]).info.tutorial is not None)


def test_a_fixed_number_of_players_is_one_number(tiny_game: type[Game]) -> None:
    shown = shown_listing()
    assert "tiny (Tiny Duel, 2 players):" in shown and "2-2 players" not in shown
    assert "dicetime (Dicetime, 1-8 players):" in shown
