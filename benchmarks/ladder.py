"""Every game's ladder: all the bots and levels it offers, rated by `parlour arena`.

    nice -n 10 .venv/bin/python benchmarks/ladder.py [--games 200] [--seed 1] [--workers 2]
        [--game NAME ...] [--players N] [--exclude BOT ...] [--out docs/ladders]
        [--doc docs/bots.md]

For each registered game (or each `--game`), the entrants come from the registry: a bot that
offers levels stands for its levels (`BotInfo.levels`), any other for itself. They meet in a
round robin at tables of two (the game's minimum where it seats no fewer), each deal under
every seating. Each ladder is written to OUT/NAME.json (the arena's JSON), OUT/NAME.png (the
figure) and OUT/NAME.md (its table and the command that reproduces it); the table also
replaces what stands between `<!-- ladder NAME -->` and `<!-- end ladder NAME -->` in DOC.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
from pathlib import Path

from parlour.arena import RANKED_BY, ArenaResult, ArenaSpec, run_arena
from parlour.arena.plot import plot_standings
from parlour.bots.policy_bot import committed_for
from parlour.bots.registry import bots_for
from parlour.kernel import game_class, games


def ladder_bots(game: str, exclude: tuple[str, ...] = (), players: int = 2) -> tuple[str, ...]:
    """Every bot and level `game` lists, weakest level first, and the committed policies
    trained for `players` seats, less the excluded names (a bot the registry keeps unlisted,
    such as an older name for a level, is not entered twice)."""
    names = [name for bot in bots_for(game) if bot.listed for name in (bot.levels or (bot.name,))]
    names += committed_for(game, players)
    return tuple(name for name in dict.fromkeys(names) if name not in exclude)


def ladder_players(game: str, wanted: int | None) -> int | None:
    """Seats at the ladder's tables: `wanted` or two, within the game's range (`None`: the
    game cannot seat them)."""
    info = game_class(game).info
    players = max(wanted or 2, info.min_players)
    return players if players <= info.max_players else None


def command(spec: ArenaSpec, workers: int, plot: Path) -> str:
    """The `parlour arena` command that makes this ladder."""
    words = ["parlour", "arena", spec.game, "--players", str(spec.players)]
    words += ["--bots", ",".join(spec.bots), "--games", str(spec.deals), "--seed", str(spec.seed)]
    words += ["--workers", str(workers), "--plot", str(plot)]
    return shlex.join(words)


def markdown(result: ArenaResult, command_line: str, figure: str) -> str:
    """The ladder as a Markdown table (strongest first) with its figure and command."""
    chance = result.chance
    lines = [
        f"`{command_line}`",
        "",
        f"{result.spec.games} games, ranked by {RANKED_BY[result.objective]}; ratings: "
        f"{result.model} fit, Elo scale, mean 0; 95% "
        f"intervals from {result.resamples} bootstrap resamples of the {result.spec.deals} "
        f"deals. Chance draws shared by a deal's seatings: {chance.aligned:.1f} of "
        f"{chance.draws:.1f} ({chance.aligned_share:.0%}); deals drawn alike throughout: "
        f"{chance.fully_aligned:.0%}.",
        "",
        "| # | bot | rating | win share | mean score |",
        "|---|-----|--------|-----------|------------|",
    ]
    for rank, standing in enumerate(result.ranked(), 1):
        rating, share, score = standing.rating, standing.win_share, standing.mean_score
        lines.append(
            f"| {rank} | `{standing.bot}` | {rating[0]:+.0f} ({rating[1]:+.0f} to "
            f"{rating[2]:+.0f}) | {share[0]:.1%} ({share[1]:.1%} to {share[2]:.1%}) | "
            f"{score[0]:.1f} ({score[1]:.1f} to {score[2]:.1f}) |"
        )
    lines += ["", f"![{result.spec.game} ladder]({figure})"]
    return "\n".join(lines) + "\n"


def fill(doc: Path, game: str, text: str) -> bool:
    """Replace the text between the game's ladder markers in `doc`; False if it has none."""
    if not doc.exists():
        return False
    pattern = re.compile(
        rf"(<!-- ladder {re.escape(game)} -->\n).*?(<!-- end ladder {re.escape(game)} -->)",
        re.DOTALL,
    )
    old = doc.read_text()
    new, count = pattern.subn(lambda match: match[1] + text + match[2], old)
    if count:
        doc.write_text(new)
    return bool(count)


def ladder(
    game: str,
    deals: int,
    seed: int,
    out: Path,
    doc: Path,
    workers: int = 1,
    players: int | None = None,
    exclude: tuple[str, ...] = (),
) -> ArenaResult | None:
    """Play `game`'s ladder and write it out (see the module's text); `None`: it has too few
    bots or cannot seat `players`."""
    seats = ladder_players(game, players)
    if seats is None:
        return None
    bots = ladder_bots(game, exclude, seats)
    if len(bots) < seats:
        return None
    spec = ArenaSpec(game, seats, bots, deals, seed)
    result = run_arena(spec, workers)
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{game}.json").write_text(json.dumps(result.to_json(), indent=2) + "\n")
    figure = out / f"{game}.png"
    plot_standings(result, figure)
    link = os.path.relpath(figure, doc.parent)
    text = markdown(result, command(spec, workers, figure), link)
    (out / f"{game}.md").write_text(text)
    fill(doc, game, text)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="duplicate deals per table")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--players", type=int, help="seats at each table (default two)")
    parser.add_argument("--exclude", action="append", default=[], help="leave out this bot")
    parser.add_argument("--out", type=Path, default=Path("docs/ladders"))
    parser.add_argument("--doc", type=Path, default=Path("docs/bots.md"))
    args = parser.parse_args()
    for game in args.game or [info.name for info in games()]:
        result = ladder(
            game,
            args.games,
            args.seed,
            args.out,
            args.doc,
            args.workers,
            args.players,
            tuple(args.exclude),
        )
        if result is None:
            print(f"{game}: no ladder (too few bots, or cannot seat the players)")
        else:
            print(f"{game}: {result.spec.games} games in {result.seconds:.0f} s", flush=True)


if __name__ == "__main__":
    main()
