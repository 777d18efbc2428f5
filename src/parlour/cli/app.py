"""The `parlour` command: the game menu, play, learn, rules, games, sim, arena, report, export
and replay.

Every error a person can cause (a bad option, a bad record, a bad action) is shown as one
clear line and a non-zero exit code, never as a traceback. What players read (the menu, the
game, the tutorial, the rules, the replay) is in the language of `--lang`, else the locale's.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from parlour.i18n import LANGUAGES, _, from_environment, set_language, speaking
from parlour.kernel import OptionError, ParlourError, State, game_class, replay
from parlour.kernel.options import Value
from parlour.kernel.schemas import view_schema
from parlour.listing import listing as game_listing
from parlour.terminal.learn import Learning, real_game
from parlour.terminal.menu import Given, set_up
from parlour.terminal.prompt import ConsolePrompt
from parlour.terminal.replayer import step_through
from parlour.terminal.rules import rules_of
from parlour.terminal.runner import HUMAN, Quit, TerminalGame
from parlour.terminal.saving import default_save_path, may_replace

app = typer.Typer(
    help="Parlour: five tabletop games about ice cream and dice, in the terminal.",
    no_args_is_help=False,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()
errors = Console(stderr=True)

OptionArg = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A game option as NAME=VALUE (repeatable)."),
]


BackendOption = Annotated[
    str,
    typer.Option(help="Where the games run: local (worker processes) or ray (Ray tasks)."),
]
AddressOption = Annotated[
    str | None,
    typer.Option(help="With --backend ray: the cluster's address (default: a new local Ray)."),
]
WorkersOption = Annotated[
    int, typer.Option(help="Worker processes, or Ray tasks at a time with --backend ray.")
]
PlotOption = Annotated[
    Path | None,
    typer.Option(help="Also draw ratings and win shares with their intervals (.png, .svg)."),
]
LangOption = Annotated[
    str | None,
    typer.Option("--lang", help="The language: en or de (default: the locale's, as LANG)."),
]


@contextmanager
def told_in(ctx: typer.Context, lang: str | None) -> Iterator[None]:
    """Speak `lang` inside the block, else the one given before the command (`parlour --lang
    de play`, kept in the context), else the language the locale asks for; an unknown `lang`
    is refused."""
    lang = lang if lang is not None else ctx.obj
    if lang is not None and lang.strip().lower() not in LANGUAGES:
        raise ParlourError(f"--lang takes {' or '.join(LANGUAGES)}, not {lang!r}")
    with speaking(from_environment() if lang is None else lang.strip().lower()):
        yield


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    """`["mode=puzzle", ...]` as a dict; a pair without `=` is refused."""
    options: dict[str, str] = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise typer.BadParameter(f"{pair!r} is not NAME=VALUE", param_hint="--option")
        options[name.strip()] = value.strip()
    return options


def read_record(path: Path) -> dict[str, Any]:
    """A record from a JSON file, or a clear error."""
    try:
        record = json.loads(path.read_text())
    except OSError as error:
        why = _("cannot read {path}: {why}").format(path=path, why=error.strerror)
        raise ParlourError(why) from None
    except json.JSONDecodeError as error:
        why = _("{path} is not a JSON record: {why}").format(path=path, why=error)
        raise ParlourError(why) from None
    if not isinstance(record, dict):
        raise ParlourError(_("{path} is not a JSON record").format(path=path))
    return record


@app.callback(invoke_without_command=True)
def root(ctx: typer.Context, lang: LangOption = None) -> None:
    """With no command: the game menu. `--lang` here speaks for the command after it too."""
    ctx.obj = lang
    if ctx.invoked_subcommand is None:
        play(ctx, None, lang=lang)


@app.command()
def play(
    ctx: typer.Context,
    game: Annotated[
        str | None, typer.Argument(help="The game (default: choose from a menu).")
    ] = None,
    players: Annotated[
        int | None, typer.Option(help="The number of players (default: one a --seats name).")
    ] = None,
    seats: Annotated[
        str | None, typer.Option(help="Who plays each seat: human or a bot name, comma-separated.")
    ] = None,
    option: OptionArg = None,
    seed: Annotated[int | None, typer.Option(help="Deal a reproducible game.")] = None,
    resume: Annotated[
        Path | None, typer.Option(help="Resume a saved game from its record (and save it there).")
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            help="Where the game is saved (default: the resumed file, else a new "
            "parlour-GAME-YYYYMMDD-HHMM.json here)."
        ),
    ] = None,
    hints: Annotated[
        bool,
        typer.Option(help="Show what each choice is worth before you decide (games that advise)."),
    ] = False,
    confirm: Annotated[
        bool,
        typer.Option(help="Ask before a move that looks like a slip (a 0 where a row scores)."),
    ] = True,
    lang: LangOption = None,
) -> None:
    """Play a game in the terminal against people and bots; the menu asks for what the
    command line leaves out (the players default to one a --seats name)."""
    with told_in(ctx, lang):
        playing(game, players, seats, option, seed, resume, save, hints, confirm)


def playing(
    game: str | None,
    players: int | None,
    seats: str | None,
    option: list[str] | None,
    seed: int | None,
    resume: Path | None,
    save: Path | None,
    hints: bool,
    confirm: bool,
) -> None:
    """`parlour play` in the language of the moment."""
    prompt = ConsolePrompt(console)
    own = resume is not None and save is not None and save.resolve() == resume.resolve()
    if save is not None and not own and not may_replace(prompt, save):
        kept = _("{path} was kept: give another --save, or none for a new file")
        raise ParlourError(kept.format(path=save))
    if resume is not None:
        state, seating, clock_used, times = resumed(resume, game, players, seats, option, seed)
    else:
        named = None if seats is None else [name.strip().lower() for name in seats.split(",")]
        if named is not None and players is not None and len(named) != players:
            many = _("--seats names {seats} seats for {players} players")
            raise ParlourError(many.format(seats=len(named), players=players))
        count = len(named) if named is not None and players is None else players
        # with --seats the command line sets the table: options not given keep their defaults
        options = parse_options(option) if option or named is not None else None
        chosen, seating = set_up(console, prompt, Given(game, count, options, named))
        state, clock_used, times = chosen.new(seed), 0.0, []
    path = save or resume or default_save_path(state.game.name, datetime.now())
    try:
        TerminalGame(
            state,
            seating,
            console,
            prompt,
            path,
            hints=hints,
            confirm=confirm,
            clock_used=clock_used,
            claimed=bool(save or resume),
            times=times,
        ).play()
    except Quit:
        return


@app.command()
def learn(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="The game to learn.")],
    lang: LangOption = None,
) -> None:
    """Learn a game by playing its tutorial, a short scripted game that shows the rules one at
    a time; then, if you like, a real game against its easiest bot."""
    with told_in(ctx, lang):
        info = game_class(game).info
        if info.tutorial is None:
            raise ParlourError(
                _("{title} has no tutorial yet: parlour rules {game} tells its rules.").format(
                    title=info.title, game=game
                )
            )
        prompt = ConsolePrompt(console)
        try:
            if not Learning(game, console, prompt).teach():
                return
            chosen, seating = real_game(game)
            path = default_save_path(game, datetime.now())
            state = chosen.new(random.randrange(2**32))
            TerminalGame(state, seating, console, prompt, path, claimed=False).play()
        except Quit:
            return


@app.command("rules")
def rules_command(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="The game.")],
    lang: LangOption = None,
) -> None:
    """How to play a game: its rules, as players read them."""
    with told_in(ctx, lang):
        console.print(rules_of(game_class(game).info))


def resumed(
    path: Path,
    game: str | None,
    players: int | None,
    seats: str | None,
    option: list[str] | None,
    seed: int | None,
) -> tuple[State, list[str], float, list[float]]:
    """The saved game in `path`, who sits where, the seconds used of its running clock and
    each action's time where kept; flags that would change it are refused rather than
    ignored."""
    given = {"--players": players, "--seats": seats, "--option": option or None, "--seed": seed}
    for flag, value in given.items():
        if value is not None:
            kept = _("--resume continues the saved game as it was: leave out {flag}")
            raise ParlourError(kept.format(flag=flag))
    record = read_record(path)
    state = replay(record)
    if game is not None and game != state.game.name:
        other = _("{path} is a saved {saved} game, not {game}")
        raise ParlourError(other.format(path=path, saved=state.game.name, game=game))
    meta = record.get("meta", {})
    seating = meta.get("seats") if isinstance(meta, dict) else None
    if not isinstance(seating, list) or len(seating) != state.game.players:
        seating = [HUMAN] * state.game.players
    used = meta.get("clock_used") if isinstance(meta, dict) else None
    if not isinstance(used, int | float) or isinstance(used, bool) or used <= 0:
        used = 0.0
    return state, seating, float(used), record.get("times", [])


def bot_entry(bot: dict[str, Any], default: str) -> str:
    """A listed bot in words: its name, whether it is the default, its levels by the names
    `--seats` takes (`mcts:hard`), and what it does (which names the settings it takes)."""
    notes = ["default"] if bot["name"] == default else []
    if bot["levels"]:
        notes.append("levels " + ", ".join(level["name"] for level in bot["levels"]))
    name: str = bot["name"]
    return name + (f" ({'; '.join(notes)})" if notes else "") + f": {bot['description']}"


@app.command("games")
def list_games(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    schema: Annotated[
        str | None,
        typer.Option("--schema", metavar="GAME", help="Print the JSON Schema of GAME's views."),
    ] = None,
) -> None:
    """List the games, their options and bots, and which give advice (hint, analyse, solve);
    with --schema, what a game's views hold."""
    if schema is not None:
        print(json.dumps(view_schema_of(schema), indent=2))
        return
    listing = game_listing()
    if as_json:
        print(json.dumps(listing, indent=2))
        return
    for info in listing:
        console.print(
            f"[bold]{info['name']}[/bold] ({info['title']}, "
            f"{counted(info['min_players'], info['max_players'])}): {info['summary']}"
        )
        console.print(f"  rules: {info['rulebook']}")
        console.print(f"  played for: {played_for(info['objectives'])}")
        if info["analysis"]:
            console.print("  has a solver: parlour hint, analyse, solve; play --hints")
        elif info["advice"]:
            console.print("  gives advice by search: parlour hint; play --hints")
        console.print("  bots (--seats NAME or NAME:SETTINGS):")
        for bot in info["bots"]:
            console.print(f"    {bot_entry(bot, info['default_bot'])}")
        for opt in info["options"]:
            console.print(
                f"  --option {opt['name']}=... {opt['allowed']}; default {opt['default']}. "
                f"{opt['description']}"
            )


def counted(low: int, high: int) -> str:
    """A range of players in words: `1 player`, `2 players`, `2-4 players`."""
    return f"{low} player{'s' if low > 1 else ''}" if low == high else f"{low}-{high} players"


def played_for(objectives: list[dict[str, Any]]) -> str:
    """What a game is played for at each player count, in words: `points (1 player), the
    win (2-8 players)`."""
    runs: list[tuple[str, int, int]] = []
    for entry in objectives:
        players, objective = entry["players"], entry["objective"]
        if runs and runs[-1][0] == objective:
            runs[-1] = (objective, runs[-1][1], players)
        else:
            runs.append((objective, players, players))
    words = {"win": "the win", "points": "points"}
    return ", ".join(f"{words[obj]} ({counted(low, high)})" for obj, low, high in runs)


def view_schema_of(game: str) -> dict[str, Any]:
    """The JSON Schema of `game`'s views, or a clear error if it declares no view type."""
    cls = game_class(game)
    if cls.view_type is dict:
        raise ParlourError(f"{game} declares no view type (Game.view_type), so no schema")
    return view_schema(cls)


@app.command()
def sim(
    game: Annotated[str, typer.Argument(help="The game.")],
    players: Annotated[int, typer.Option(help="The number of players.")],
    bots: Annotated[str, typer.Option(help="One bot per seat, comma-separated.")],
    games_: Annotated[int, typer.Option("--games", help="How many games.")] = 100,
    seed: Annotated[int, typer.Option(help="The run's seed.")] = 0,
    rotate: Annotated[bool, typer.Option(help="Rotate the bots' seats game by game.")] = False,
    workers: WorkersOption = 1,
    backend: BackendOption = "local",
    address: AddressOption = None,
    option: OptionArg = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    scores: Annotated[
        Path | None, typer.Option(help="Also write every game's scores, one CSV row a game.")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            help="Also write every game as Parquet: seed, seating, bots, scores, winners, length."
        ),
    ] = None,
) -> None:
    """Play many games between bots and summarise each bot's scores and wins."""
    from parlour.backends import make_backend
    from parlour.cli.simulate import run_sim, write_scores

    runner = make_backend(backend, workers, address)
    if out is not None:
        from parlour.datasets import load_pyarrow

        load_pyarrow()
    summary = run_sim(
        console, game, players, bots, games_, seed, rotate, runner, parse_options(option), as_json
    )
    if scores is not None:
        write_scores(summary, scores)
    if out is not None:
        from parlour.datasets.games import write_games

        write_games(summary, out)


@app.command()
def arena(
    game: Annotated[str, typer.Argument(help="The game.")],
    players: Annotated[int, typer.Option(help="Seats at each table.")],
    bots: Annotated[
        str,
        typer.Option(
            help="Bots as NAME or NAME:SETTINGS, comma-separated: one per seat, or more for a "
            "round robin of every group of PLAYERS of them."
        ),
    ],
    games_: Annotated[
        int,
        typer.Option("--games", help="Duplicate deals per table; each is played once per seating."),
    ] = 100,
    seed: Annotated[int, typer.Option(help="The run's seed (the deals are sim's games).")] = 0,
    option: OptionArg = None,
    workers: WorkersOption = 1,
    backend: BackendOption = "local",
    address: AddressOption = None,
    permute: Annotated[
        bool, typer.Option(help="Seat each deal in every order of the bots, not only rotations.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    plot: PlotOption = None,
    first_deal: Annotated[
        int,
        typer.Option(help="Play deals FIRST-DEAL .. FIRST-DEAL+GAMES-1: one range of a long run."),
    ] = 0,
    results: Annotated[
        Path | None,
        typer.Option(
            help="Keep each deal's result in this file as it finishes; deals it holds already "
            "are not played again (resume a run; merge ranges with arena-merge)."
        ),
    ] = None,
) -> None:
    """Rate bots on duplicate deals: win shares, mean scores and ratings with 95% intervals."""
    from parlour.backends import make_backend
    from parlour.cli.arena import make_spec, run_arena_command

    runner = make_backend(backend, workers, address)
    options = parse_options(option)
    spec = make_spec(game, players, bots, games_, seed, options, permute, first_deal)
    run_arena_command(console, spec, runner, as_json, plot, results)


@app.command("arena-merge")
def arena_merge(
    files: Annotated[list[Path], typer.Argument(help="Results files of one run (--results).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    plot: PlotOption = None,
) -> None:
    """Summarise the results files of one arena run's sittings (deal ranges) as one run."""
    from parlour.cli.arena import merge_command

    merge_command(console, files, as_json, plot)


@app.command()
def train(
    game: Annotated[str, typer.Argument(help="The game.")],
    folder: Annotated[Path, typer.Option(help="The run's folder: checkpoint, policy, log.")],
    players: Annotated[int, typer.Option(help="Seats at each table.")] = 2,
    games_: Annotated[int, typer.Option("--games", help="Games to play in this call.")] = 10_000,
    option: OptionArg = None,
    opponents: Annotated[
        str, typer.Option(help="The game's bots the learner meets, comma-separated.")
    ] = "greedy",
    tables: Annotated[
        int | None,
        typer.Option(help="Tables played at once (default: the method's, 32 for DMC, 64 for PPO)."),
    ] = None,
    seed: Annotated[int, typer.Option(help="The run's seed.")] = 0,
    resume: Annotated[
        bool, typer.Option(help="Continue the run in FOLDER from its last checkpoint.")
    ] = False,
    actors: Annotated[
        int,
        typer.Option(help="Ray actors playing more self-play games beside this process's."),
    ] = 0,
    address: AddressOption = None,
) -> None:
    """Train a policy (needs the `learn` extra): by Deep Monte-Carlo self-play against a pool
    and the game's bots where several play (with --actors, Ray actors play too: faster, not
    reproducible game for game), by PPO on the score where one plays alone;
    FOLDER/policy.npz then plays as the bot `policy:path=FOLDER/policy.npz`."""
    if not resume and (folder / "checkpoint.pt").exists():
        raise OptionError(f"{folder} holds a run already: --resume it, or name a new folder")
    if resume and (folder / "settings.json").is_file():
        players = int(json.loads((folder / "settings.json").read_text()).get("players", 1))
    options = dict[str, Value](parse_options(option))
    if players == 1:
        if actors or address is not None:
            raise OptionError("--actors and --address are for self-play (several players)")
        _train_alone(game, folder, games_, options, tables, seed, resume)
    else:
        run = Run(folder, games_, tables, seed, resume, actors, address)
        _train_against_others(game, players, options, opponents, run)
    console.print(f"policy: {folder / 'policy.npz'}")


def _train_alone(
    game: str,
    folder: Path,
    games: int,
    options: dict[str, Value],
    tables: int | None,
    seed: int,
    resume: bool,
) -> None:
    """`parlour train` for a one-seat game: PPO, a line per evaluation."""
    from parlour.learn.ppo import Settings, Trainer

    if resume:
        trainer = Trainer.resume(folder)
    else:
        settings = Settings(game, options, seed=seed)
        if tables is not None:
            settings.tables = tables
        trainer = Trainer(settings, folder)
    for line in trainer.run(games):
        console.print(
            f"{line['games']:,} games, {line['updates']:,} updates, "
            f"{line['cpu_seconds']:,.0f} CPU s: evaluation mean {line['evaluation_mean']:.1f}, "
            f"median {line['evaluation_median']:.1f}"
        )


@dataclass(frozen=True)
class Run:
    """What `parlour train` asks of a self-play run beyond the game."""

    folder: Path
    games: int
    tables: int | None
    seed: int
    resume: bool
    actors: int
    address: str | None


def _train_against_others(
    game: str, players: int, options: dict[str, Value], opponents: str, run: Run
) -> None:
    """`parlour train` for a game of several seats: Deep Monte-Carlo self-play, with Ray
    actors if asked."""
    from parlour.learn.dmc import Settings, Trainer

    folder, tables, seed = run.folder, run.tables, run.seed
    if run.resume:
        trainer = Trainer.resume(folder)
    else:
        settings = Settings(
            game,
            players,
            options,
            opponents=tuple(name for name in opponents.split(",") if name),
            seed=seed,
        )
        if tables is not None:
            settings.tables = tables
        trainer = Trainer(settings, folder)
    remote = None
    if run.actors or run.address is not None:
        from parlour.learn.actors import Actors

        remote = Actors(trainer.settings, max(1, run.actors), run.address)
    try:
        lines = trainer.run(run.games, remote)
    finally:
        if remote is not None:
            remote.close()
    for line in lines:
        evaluation = line["evaluation_won"]
        console.print(
            f"{line['games']:,} games, {line['updates']:,} updates: loss {line['loss']:.3f}; "
            f"against the opponents ({line['met']} games) mean return "
            f"{line['return_against_opponents']:+.3f}, won {line['won_against_opponents']:.1%}"
            + ("" if evaluation is None else f"; evaluation won {evaluation:.1%}")
        )


@app.command()
def imitate(
    game: Annotated[str, typer.Argument(help="The game.")],
    folder: Annotated[Path, typer.Option(help="The run's folder: checkpoint, policy, log.")],
    data: Annotated[
        list[Path] | None,
        typer.Option(
            help="A Parquet file of decisions (`parlour export --bots`), repeatable; a labelled "
            "one (--label) teaches its labels."
        ),
    ] = None,
    players: Annotated[int, typer.Option(help="Seats at the table.")] = 2,
    option: OptionArg = None,
    teacher: Annotated[
        str,
        typer.Option(help="The bots whose actions are learned, comma-separated (all: '')."),
    ] = "",
    target: Annotated[
        str,
        typer.Option(
            help="What is learned: 'choices' (the teachers' or labels' actions) or 'values' "
            "(a judging label bot's value of each choice, the `label_values` column)."
        ),
    ] = "choices",
    epochs: Annotated[int, typer.Option(help="Passes over the decisions in this call.")] = 10,
    opponent: Annotated[
        str, typer.Option(help="The bot each epoch's win share is measured against.")
    ] = "greedy",
    seed: Annotated[int, typer.Option(help="The run's seed.")] = 0,
    resume: Annotated[
        bool, typer.Option(help="Continue the run in FOLDER from its last checkpoint.")
    ] = False,
) -> None:
    """Train a policy to play as a bot played (needs the `learn` extra): a network learns the
    teachers' decisions in DATA, a line per epoch; FOLDER/policy.npz then plays as the bot
    `policy:path=FOLDER/policy.npz`."""
    from parlour.learn.imitation import Settings, Trainer

    if resume:
        trainer = Trainer.resume(folder)
    elif (folder / "checkpoint.pt").exists():
        raise OptionError(f"{folder} holds a run already: --resume it, or name a new folder")
    elif not data:
        raise OptionError("name the decisions to learn with --data FILE")
    else:
        teachers = tuple(name for name in teacher.split(",") if name)
        files = tuple(str(path) for path in data)
        options = dict[str, Value](parse_options(option))
        settings = Settings(
            game, players, files, options, teachers, target, opponent=opponent, seed=seed
        )
        trainer = Trainer(settings, folder)
    for line in trainer.run(epochs):
        held = line["held_out_agreement"]
        console.print(
            f"epoch {line['epoch']}: loss {line['loss']:.3f}, the teachers' choice "
            f"{line['agreement']:.1%}"
            + ("" if held is None else f" ({held:.1%} on games held out)")
            + f"; won {line['won']:.1%} against {trainer.settings.opponent}"
        )
    console.print(f"policy: {folder / 'policy.npz'}")


@app.command()
def export(
    file: Annotated[Path, typer.Argument(help="The Parquet file to write.")],
    db: Annotated[
        str | None,
        typer.Option(help="Export the finished games of this database (default: the server's)."),
    ] = None,
    record: Annotated[
        list[Path] | None, typer.Option(help="Export this saved record instead (repeatable).")
    ] = None,
    game: Annotated[
        str | None, typer.Option(help="Only this game's stored games; with --bots, the game.")
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(help="Only games with this many players; with --bots: the number of players."),
    ] = None,
    bots: Annotated[
        str | None, typer.Option(help="Simulate games between these bots, as `parlour sim`.")
    ] = None,
    values: Annotated[
        bool,
        typer.Option(
            help="Add each choice's value from the game's advice (games with an advisor only); "
            "with the advisor's own bot in --bots, an expert dataset."
        ),
    ] = False,
    label: Annotated[
        str | None,
        typer.Option(
            help="With --bots: the choice this bot makes at each decision (the `label` column; "
            "a bot that judges adds its value of each choice, `label_values`): an expert's "
            "choices on the states other bots reach, to imitate (DAgger)."
        ),
    ] = None,
    games_: Annotated[int, typer.Option("--games", help="With --bots: how many games.")] = 100,
    seed: Annotated[int, typer.Option(help="With --bots: the run's seed.")] = 0,
    rotate: Annotated[bool, typer.Option(help="With --bots: rotate the bots' seats.")] = False,
    option: OptionArg = None,
    workers: WorkersOption = 1,
    backend: BackendOption = "local",
    address: AddressOption = None,
) -> None:
    """Every decision of stored, saved or simulated games of one game set-up as a Parquet
    dataset for imitation and offline learning: who decided, the seat's observation, the legal
    mask, whether the move was forced, the action, the final result and return (and, with
    --values, every choice's value)."""
    from parlour.backends import make_backend
    from parlour.cli.export import from_records, from_simulation, write
    from parlour.datasets import load_pyarrow
    from parlour.sim import SimSpec

    load_pyarrow()
    if bots is not None:
        if db is not None or record:
            raise ParlourError("--bots simulates the games to export: leave out --db and --record")
        if game is None or players is None:
            raise ParlourError("--bots simulates games: give --game and --players too")
        names = tuple(name.strip() for name in bots.split(","))
        spec = SimSpec(
            game, players, names, games_, seed, rotate, dict[str, Value](parse_options(option))
        )
        runner = make_backend(backend, workers, address)
        rows, played = from_simulation(spec, runner, values, label)
        write(console, file, rows, played)
        return
    simulation_only = {
        "--label": label is not None,
        "--option": bool(option),
        "--workers": workers != 1,
        "--backend": backend != "local",
        "--address": address is not None,
    }
    misplaced = [name for name, given in simulation_only.items() if given]
    if misplaced:
        raise ParlourError(f"{misplaced[0]} applies only to simulated games (with --bots)")
    if record:
        if db is not None:
            raise ParlourError("export either --record files or a --db, not both")
        if players is not None:
            raise ParlourError("--players chooses stored or simulated games, not saved records")
        rows, played = from_records(((str(p), read_record(p), None) for p in record), values)
    else:
        from parlour.datasets.stored import stored_records
        from parlour.web.database import default_url

        rows, played = from_records(stored_records(db or default_url(), game, players), values)
    write(console, file, rows, played)


@app.command()
def report(
    game: Annotated[str, typer.Argument(help="The game.")],
    out: Annotated[Path, typer.Option(help="The HTML page to write.")],
    players: Annotated[
        int | None,
        typer.Option(help="The number of players (default: the game's usual count)."),
    ] = None,
    option: OptionArg = None,
    games_: Annotated[int, typer.Option("--games", help="Games per set-up compared.")] = 200,
    bots: Annotated[
        str | None,
        typer.Option(help="The bot in every seat (default: the strongest the game declares)."),
    ] = None,
    seed: Annotated[int, typer.Option(help="The run's seed (the deals are sim's games).")] = 0,
    workers: Annotated[int, typer.Option(help="Worker processes.")] = 1,
    compare: Annotated[
        bool, typer.Option(help="Also play the comparisons the game declares.")
    ] = True,
) -> None:
    """Write a balance report: scores per seat, the first player's edge, game length and the
    comparisons across options and player counts, as one self-contained HTML page."""
    from parlour.cli.report import run_report_command
    from parlour.report.run import ReportSpec

    options = dict[str, Value](parse_options(option))
    spec = ReportSpec(game, players, options, bots, games_, seed, compare)
    run_report_command(console, spec, workers, out)


@app.command("replay")
def replay_command(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(help="A saved record (JSON).")],
    seat: Annotated[
        int | None,
        typer.Option(
            help="Show what seat N (1 is the first seat, as players count) saw, its hand "
            "included; only once the game is over."
        ),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Step through a saved game, action by action, as a spectator or (--seat) as a seat."""
    with told_in(ctx, lang):
        step_through(console, ConsolePrompt(console), read_record(file), seat)


@app.command()
def solve(
    game: Annotated[str, typer.Argument(help="A game that gives advice.")],
    option: OptionArg = None,
    rebuild: Annotated[bool, typer.Option(help="Build the table even if it is cached.")] = False,
    simulate: Annotated[
        int, typer.Option(help="Then play this many optimal solo games in bulk.", min=0)
    ] = 0,
    seed: Annotated[int, typer.Option(help="Seed of the simulated games' dice.")] = 1,
    scores: Annotated[
        Path | None, typer.Option(help="Write each simulated game's score to this CSV file.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Solve a game that gives advice: the optimal expected score and its table; with
    --simulate, the optimal policy's score distribution by simulation."""
    from parlour.cli.solver import Simulation, solve_command

    solve_command(
        console, game, parse_options(option), rebuild, as_json, Simulation(simulate, seed, scores)
    )


@app.command()
def hint(
    file: Annotated[Path, typer.Argument(help="A saved record (JSON).")],
    seat: Annotated[
        int | None,
        typer.Option(help="Only seat N's decision (1 is the first seat, as players count)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """What each choice of the pending decision is worth, from the seat's view (a game that
    gives advice: a solver's exact values, or a search's estimates with their margins)."""
    from parlour.cli.solver import hint_command

    hint_command(console, replay(read_record(file)), as_json, None if seat is None else seat - 1)


@app.command()
def analyse(
    file: Annotated[Path, typer.Argument(help="A saved record (JSON).")],
    seat: Annotated[
        int | None,
        typer.Option(help="Only seat N's decisions (1 is the first seat, as players count)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Every decision of a finished game judged by its game's advice: against the optimum where
    it has a solver (points lost); else each decision's chance to win kept against the best,
    estimated by search (minutes of CPU for a long game), the costliest first."""
    from parlour.cli.solver import analyse_command

    analyse_command(console, read_record(file), as_json, None if seat is None else seat - 1)


DbOption = Annotated[
    str | None,
    typer.Option(help="Database URL (default: PARLOUR_DB, else SQLite in your data folder)."),
]


@app.command()
def backup(
    file: Annotated[Path, typer.Argument(help="The backup file to write (never overwritten).")],
    db: DbOption = None,
) -> None:
    """Back up the server's database, safely while it runs (docs/operations.md)."""
    from parlour.cli.backup import backup as back_up
    from parlour.web.database import default_url

    back_up(db or default_url(), file)
    console.print(f"Backed up to {file}.")


@app.command()
def restore(
    file: Annotated[Path, typer.Argument(help="A backup made by `parlour backup`.")],
    db: Annotated[str, typer.Option(help="The new, empty database to fill (a URL).")],
) -> None:
    """Fill a new database from a backup; serve it with `parlour serve --db`."""
    from parlour.cli.backup import restore as restore_backup

    restore_backup(file, db)
    console.print(f"Restored {file}; serve it with: parlour serve --db URL")


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Interface to listen on (0.0.0.0: every one).")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option(help="TCP port.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(help="Database URL (default: PARLOUR_DB, else SQLite in your data folder)."),
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(help="The address players reach, for the links the server hands out."),
    ] = None,
    api_docs: Annotated[
        bool, typer.Option(help="Serve the API's documentation: /docs, /redoc, /openapi.json.")
    ] = False,
    metrics: Annotated[
        bool, typer.Option(help="Serve /metrics in Prometheus' text format.")
    ] = False,
    bot_workers: Annotated[
        int | None,
        typer.Option(
            min=1, help="Processes in which bots think (default: one a CPU but one, at least 1)."
        ),
    ] = None,
    processes: Annotated[
        int,
        typer.Option(
            min=1,
            help="Server processes on ports PORT, PORT+1, ... sharing one PostgreSQL database "
            "(put a proxy in front; docs/scaling.md).",
        ),
    ] = 1,
) -> None:
    """Serve Parlour in the browser: the lobby, tables, bots and live play. SIGTERM or Ctrl+C
    stops it gracefully; /healthz says whether it can serve."""
    from parlour.web.serve import serve as run_server

    run_server(
        host,
        port,
        db,
        public_url,
        api_docs=api_docs,
        metrics=metrics,
        bot_workers=bot_workers,
        processes=processes,
    )


def main() -> None:
    """Run the CLI; a `ParlourError` becomes one red line and exit code 2 (usage errors are
    Typer's own clear messages), in the locale's language."""
    set_language(from_environment())
    try:
        app()
    except ParlourError as error:
        errors.print(_("[red]Error:[/red] {error}").format(error=error))
        sys.exit(2)
