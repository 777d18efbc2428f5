"""The terminal's menu offers each game's bots by level in words (the levels a game declares,
`BotInfo.levels`), picked by number; any name the registry takes is accepted as typed."""

from __future__ import annotations

import pytest
from rich.console import Console

import parlour
from parlour.bots.registry import bots_for, level_label
from parlour.terminal.menu import Given, pick_seats, seat_choices, set_up
from parlour.terminal.prompt import ScriptedPrompt


@pytest.mark.every_game
def test_every_game_offers_its_listed_bots_and_their_levels_in_words() -> None:
    for info in parlour.games():
        choices = seat_choices(info.name)
        assert choices[0][0] == "human"
        for bot in bots_for(info.name):
            names = [name for name, _, _ in choices]
            assert (bot.name in names) == bot.listed
            for level in bot.levels if bot.listed else ():
                assert (level, bot.name, level_label(level)) in choices


def test_a_seat_is_picked_by_a_levels_number_or_by_any_name_the_registry_takes() -> None:
    game = parlour.load("likedice", 4)
    choices = seat_choices("likedice")
    child = next(number for number, choice in enumerate(choices, 1) if choice[2] == "child")
    console = Console(record=True, width=120)
    answers = ["", str(child), "counter:speed=9", "counter:fast", "99x", "counter-expert"]
    seats = pick_seats(console, ScriptedPrompt(answers), game)
    assert seats == ["human", "counter:child", "counter:speed=9", "counter-expert"]
    shown = console.export_text()
    assert "child" in shown and "expert" in shown and "counter:teen" in shown
    assert "counter setting 'fast' is not allowed" in shown
    assert "'99x' is neither human nor a bot of this game" in shown


def test_each_answer_is_checked_as_it_is_given_and_only_that_question_is_asked_again() -> None:
    """A refused player count or option value is asked again at once, with the reason; the
    menu does not start again from "Players"."""
    console = Console(record=True, width=200, color_system=None)
    answers = ["dicetime", "9", "2", "y", "fast", "puzzle", "turns", "", "maybe", "false", ""]
    answers += ["", "human", "greedy"]
    game, seats = set_up(console, ScriptedPrompt(answers, console))
    assert game.players == 2 and seats == ["human", "greedy"]
    assert game.options["mode"] == "turns" and game.options["five_of_a_kind_is_full_house"] is False
    shown = console.export_text()
    assert shown.count("Players (1-8)") == 2  # the refused 9, then 2: never again
    assert "Dicetime is for 1 to 8 players, not '9'." in shown
    assert "option mode=fast is not allowed" in shown
    assert "the puzzle (mode=puzzle) is solo: players must be 1, not 2" in shown
    assert "option five_of_a_kind_is_full_house=maybe is not allowed" in shown
    assert shown.count("mode [turns]:") == 3 and "time_limit" not in shown.split("Seat 1")[0]


def test_the_menu_shows_each_default_in_brackets() -> None:
    console = Console(record=True, width=200, color_system=None)
    set_up(console, ScriptedPrompt(["", "", "", "", ""], console))
    shown = console.export_text()
    assert "Game [dicecream]:" in shown and "Seat 1 [human]:" in shown
    assert "Seat 2 [greedy]:" in shown


def test_what_the_command_line_gave_is_not_asked() -> None:
    console = Console(record=True, width=200, color_system=None)
    given = Given("dicetime", 3, {"start": "race"}, None)
    game, seats = set_up(console, ScriptedPrompt(["", "random", "greedy"], console), given)
    assert (game.players, game.options["start"], seats) == (
        3,
        "race",
        ["human", "random", "greedy"],
    )
    shown = console.export_text()
    assert "Game [" not in shown and "Players (" not in shown and "options" not in shown
