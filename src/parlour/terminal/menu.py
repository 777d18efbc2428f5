"""The terminal's game menu: pick a game, the players, which seats are bots and the options."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from parlour.bots.registry import bot_info, bots_for, default_bot, level_label
from parlour.kernel import Game, GameInfo, OptionError, games, load
from parlour.terminal.prompt import Prompt
from parlour.terminal.runner import HUMAN


def choose(prompt: Prompt, question: str, default: str) -> str:
    answer = prompt.ask(f"{question} [{default}]: ")
    return (answer or "").strip() or default


def pick_game(console: Console, prompt: Prompt) -> GameInfo:
    """Show the games and return the one picked (by number or name)."""
    listing = games()
    table = Table(title="Parlour", show_header=True, header_style="bold")
    table.add_column("#")
    table.add_column("Game")
    table.add_column("Players")
    table.add_column("About")
    for number, info in enumerate(listing, 1):
        players = f"{info.min_players}-{info.max_players}"
        table.add_row(str(number), info.title, players, info.summary)
    console.print(table)
    while True:
        answer = choose(prompt, "Game", listing[0].name).lower()
        for number, info in enumerate(listing, 1):
            if answer in (str(number), info.name, info.title.lower()):
                return info
        console.print(f"[red]No game {answer!r}.[/red] Type a number or a name from the list.")


def pick_options(console: Console, prompt: Prompt, info: GameInfo) -> dict[str, str]:
    """Ask for each option (Enter keeps the default); the kernel validates them later."""
    chosen: dict[str, str] = {}
    if not info.options or choose(prompt, "Change the options? (y/n)", "n").lower() != "y":
        return chosen
    for option in info.options:
        if option.applies_when is not None:
            other, allowed = option.applies_when
            spec = next(o for o in info.options if o.name == other)
            if str(chosen.get(other, spec.default)) not in {str(value) for value in allowed}:
                continue  # e.g. time_limit outside the puzzle
        console.print(f"[bold]{option.name}[/bold]: {option.description} ({option.allowed()})")
        default = option.default if not callable(option.default) else ""
        text = str(default).lower() if isinstance(default, bool) else str(default)
        answer = choose(prompt, option.name, text)
        if answer != text:
            chosen[option.name] = answer
    return chosen


def seat_choices(game: str) -> list[tuple[str, str, str]]:
    """Who may play a seat of `game`, as (name, bot, level in words): a person, then each
    bot the game lists, each followed by the levels it offers (`level_label`)."""
    choices = [(HUMAN, "a person at this keyboard", "")]
    for bot in bots_for(game):
        if bot.listed:
            choices.append((bot.name, bot.name, ""))
            choices += [(level, bot.name, level_label(level)) for level in bot.levels]
    return choices


def pick_seats(console: Console, prompt: Prompt, game: Game) -> list[str]:
    """Ask who plays each seat: a number from the list of choices (a person, each bot and
    each of its levels in words), or any name the registry takes (`counter:speed=2`)."""
    choices = seat_choices(game.name)
    table = Table(title="Who plays each seat", show_header=True, header_style="bold")
    for column in ("#", "Player", "Level", "Name"):
        table.add_column(column)
    for number, (name, who, level) in enumerate(choices, 1):
        table.add_row(str(number), who, level, name)
    console.print(table)
    seats = []
    for seat in range(game.players):
        default = HUMAN if seat == 0 else default_bot(game.name)
        while True:
            answer = choose(prompt, f"Seat {seat + 1}", default).lower()
            if answer.isdigit() and 1 <= int(answer) <= len(choices):
                answer = choices[int(answer) - 1][0]
            try:
                if answer != HUMAN:
                    bot_info(game.name, answer)
            except OptionError as error:
                console.print(
                    f"[red]{answer!r} is neither human nor a bot of this game: {error}.[/red] "
                    "Type a number from the list or a name."
                )
                continue
            seats.append(answer)
            break
    return seats


def set_up(console: Console, prompt: Prompt, name: str | None = None) -> tuple[Game, list[str]]:
    """The whole menu: returns the loaded game and who sits where."""
    info = pick_game(console, prompt) if name is None else load(name).info
    while True:
        players = choose(
            prompt, f"Players ({info.min_players}-{info.max_players})", str(info.min_players)
        )
        options = pick_options(console, prompt, info)
        try:
            count = int(players) if players.isdigit() else -1
            game = load(info.name, count if count >= 0 else players, **options)  # type: ignore[arg-type]
            break
        except OptionError as error:
            console.print(f"[red]{error}[/red]")
    return game, pick_seats(console, prompt, game)
