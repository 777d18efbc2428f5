"""The terminal's game menu: pick a game, the players, the options and which seats are bots,
asking only for what the command line did not give."""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from parlour.bots.registry import bot_info, bots_for, default_bot, level_label
from parlour.i18n import _
from parlour.kernel import Game, GameInfo, OptionError, game_class, games, load
from parlour.kernel.options import Value
from parlour.terminal.commands import yes
from parlour.terminal.prompt import Prompt
from parlour.terminal.runner import HUMAN


def choose(prompt: Prompt, question: str, default: str) -> str:
    """The answer to `question`, or `default` (shown in brackets, not read as markup)."""
    answer = prompt.ask(escape(f"{question} [{default}]: "))
    return (answer or "").strip() or default


def pick_game(console: Console, prompt: Prompt) -> GameInfo:
    """Show the games and return the one picked (by number or name)."""
    listing = games()
    table = Table(title="Parlour", show_header=True, header_style="bold")
    for column in ("#", _("Game"), _("Players"), _("About")):
        table.add_column(column)
    for number, info in enumerate(listing, 1):
        players = f"{info.min_players}-{info.max_players}"
        table.add_row(str(number), info.title, players, _(info.summary))
    console.print(table)
    while True:
        answer = choose(prompt, _("Game"), listing[0].name).lower()
        for number, info in enumerate(listing, 1):
            if answer in (str(number), info.name, info.title.lower()):
                return info
        refused = _("No game {answer!r}. Type a number or a name from the list.")
        console.print(Text(refused.format(answer=answer), "red"))


def pick_players(console: Console, prompt: Prompt, info: GameInfo) -> int:
    """Ask for the number of players until it is one the game allows."""
    low, high = info.min_players, info.max_players
    while True:
        answer = choose(prompt, _("Players ({low}-{high})").format(low=low, high=high), str(low))
        if answer.isdigit() and low <= int(answer) <= high:
            return int(answer)
        refused = _("{title} is for {low} to {high} players, not {answer!r}.")
        console.print(
            Text(refused.format(title=info.title, low=low, high=high, answer=answer), "red")
        )


def as_text(value: Value) -> str:
    """An option's value as it is typed (`true`, `7`, `a,b`)."""
    if isinstance(value, list):
        return ",".join(as_text(item) for item in value)
    return str(value).lower() if isinstance(value, bool) else str(value)


def pick_options(console: Console, prompt: Prompt, info: GameInfo, players: int) -> dict[str, str]:
    """Ask for each option that applies (Enter keeps the default); each answer is checked as
    it is given, with the answers before it, and a refused one is asked again."""
    chosen: dict[str, str] = {}
    if not info.options or not yes(choose(prompt, _("Change the options? (y/n)"), "n")):
        return chosen
    for option in info.options:
        current = load(info.name, players, **chosen).options
        if option.name not in current:
            continue  # it does not apply to the answers so far (time_limit outside the puzzle)
        described = f"{_(option.description)} ({option.allowed()})"
        console.print(Text.assemble((option.name, "bold"), ": ", described))
        default = as_text(current[option.name])
        while True:
            answer = choose(prompt, option.name, default)
            try:
                load(info.name, players, **chosen, **{option.name: answer})
            except OptionError as error:
                again = _("{error}. Try again (Enter: {default}).")
                console.print(Text(again.format(error=error, default=default or _("none")), "red"))
                continue
            break
        if answer != default:
            chosen[option.name] = answer
    return chosen


def seat_choices(game: str) -> list[tuple[str, str, str]]:
    """Who may play a seat of `game`, as (name, bot, level in words): a person, then each
    bot the game lists, each followed by the levels it offers (`level_label`)."""
    choices = [(HUMAN, _("a person at this keyboard"), "")]
    for bot in bots_for(game):
        if bot.listed:
            choices.append((bot.name, bot.name, ""))
            choices += [(level, bot.name, level_label(level)) for level in bot.levels]
    return choices


def check_seat(game: Game, name: str) -> None:
    """Refuse (`OptionError`) a seat's name that is neither a person nor a bot of `game`."""
    if name != HUMAN:
        bot_info(game.name, name)


def pick_seats(console: Console, prompt: Prompt, game: Game) -> list[str]:
    """Ask who plays each seat: a number from the list of choices (a person, each bot and
    each of its levels in words), or any name the registry takes (`counter:speed=2`)."""
    choices = seat_choices(game.name)
    table = Table(title=_("Who plays each seat"), show_header=True, header_style="bold")
    for column in ("#", _("Player"), _("Level"), _("Name")):
        table.add_column(column)
    for number, (name, who, level) in enumerate(choices, 1):
        table.add_row(str(number), who, level, name)
    console.print(table)
    seats = []
    for seat in range(game.players):
        default = HUMAN if seat == 0 else default_bot(game.name)
        while True:
            answer = choose(prompt, _("Seat {number}").format(number=seat + 1), default).lower()
            if answer.isdigit() and 1 <= int(answer) <= len(choices):
                answer = choices[int(answer) - 1][0]
            try:
                check_seat(game, answer)
            except OptionError as error:
                refused = _(
                    "{answer!r} is neither human nor a bot of this game: {error}. "
                    "Type a number from the list or a name."
                )
                console.print(Text(refused.format(answer=answer, error=error), "red"))
                continue
            seats.append(answer)
            break
    return seats


@dataclass(frozen=True)
class Given:
    """What the command line settled already; the menu asks only for the rest (`None`)."""

    game: str | None = None
    players: int | None = None
    options: dict[str, str] | None = None
    seats: list[str] | None = None


def set_up(console: Console, prompt: Prompt, given: Given = Given()) -> tuple[Game, list[str]]:
    """The menu for what `given` leaves out: returns the loaded game and who sits where. What
    was given is checked as the menu's answers are (`OptionError` names what was wrong)."""
    info = pick_game(console, prompt) if given.game is None else game_class(given.game).info
    players = pick_players(console, prompt, info) if given.players is None else given.players
    options = given.options
    if options is None:
        options = pick_options(console, prompt, info, players)
    game = load(info.name, players, **options)
    if given.seats is None:
        return game, pick_seats(console, prompt, game)
    for name in given.seats:
        check_seat(game, name)
    return game, given.seats
