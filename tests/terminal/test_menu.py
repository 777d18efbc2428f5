"""The terminal's menu offers each game's bots by level in words (the levels a game declares,
`BotInfo.levels`), picked by number; any name the registry takes is accepted as typed."""

from __future__ import annotations

from rich.console import Console

import parlour
from parlour.bots.registry import bots_for, level_label
from parlour.terminal.menu import pick_seats, seat_choices
from parlour.terminal.prompt import ScriptedPrompt


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
