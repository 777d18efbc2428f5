"""Golden playthroughs: one seeded game per game and mode, written as text, so that any change of
behaviour shows in a diff (as OpenSpiel keeps for its games).

    python -m parlour.playthrough --write     regenerate every file in tests/golden/

A playthrough is played by a fixed, seeded policy: the first seat in `to_act` picks a random legal
action; now and then (or when no player may act) the table applies one of its own (`timeout`).
Each step shows the acting seat's view and a spectator's as compact JSON with sorted keys.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import parlour
from parlour.kernel import SPECTATOR, TABLE, OptionError, Seat, State, View
from parlour.kernel.options import OptionType

SEED = 12
"""The seed of every playthrough's game and of its policy."""
PLAYERS = 2
"""The preferred player count (the game's nearest allowed count where 2 is not)."""
BUDGET = 75_000
"""The characters of steps after which a playthrough stops, to keep each file under 100 KB."""
TABLE_RATE = 0.02
"""How often the policy lets the table act when it may."""
FOLDER = Path(__file__).resolve().parents[2] / "tests" / "golden"
COMMAND = "python -m parlour.playthrough --write"


class Playthrough(NamedTuple):
    """A game to play through: its name, players and the options that set its mode."""

    game: str
    players: int
    options: dict[str, str]

    @property
    def filename(self) -> str:
        mode = "".join(f"-{key}={value}" for key, value in self.options.items())
        return f"{self.game}{mode}.txt"


def playthroughs() -> list[Playthrough]:
    """Every registered game with default options, and once more for each other value of each
    of its single-choice options (its modes), at the nearest player count the game allows."""
    found = []
    for info in parlour.games():
        modes: list[dict[str, str]] = [{}]
        for option in info.options:
            if option.type is OptionType.CHOICE and not option.is_list:
                modes += [{option.name: c} for c in option.choices if c != option.default]
        for options in modes:
            players = _players(info.name, info.min_players, info.max_players, options)
            if players is not None:
                found.append(Playthrough(info.name, players, options))
    return found


def _players(game: str, least: int, most: int, options: dict[str, str]) -> int | None:
    """The player count nearest PLAYERS that the game accepts with these options, if any."""
    for players in sorted(range(least, most + 1), key=lambda n: (abs(n - PLAYERS), n)):
        try:
            parlour.load(game, players, **options)
        except OptionError:
            continue
        return players
    return None


def _json(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _seat(seat: Seat) -> str:
    return "spectator" if seat is SPECTATOR else f"seat {seat}"


def _who(seat: Seat) -> str:
    return "table" if seat is TABLE else f"seat {seat}"


def _actions(actions: Sequence[str]) -> str:
    """Actions separated by bars, with runs of numbered actions (`answer 3`, `answer 4`, ...)
    written as ranges (`answer 3..4`)."""
    parts: list[str] = []
    run: tuple[str, int, int] | None = None  # prefix, first and last number
    for action in [*actions, ""]:
        prefix, _, number = action.rpartition(" ")
        if run and number.isdigit() and prefix == run[0] and int(number) == run[2] + 1:
            run = (prefix, run[1], int(number))
            continue
        if run:
            first, last = run[1], run[2]
            parts.append(f"{run[0]} {first}" + (f"..{last}" if last > first else ""))
            run = None
        if number.isdigit() and prefix:
            run = (prefix, int(number), int(number))
        elif action:
            parts.append(action)
    return " | ".join(parts)


def _changes(before: object, after: object, path: str = "") -> dict[str, Any]:
    """What a view shows that the same seat's last shown view did not, by dotted path (`seats.0.
    total`), each key of the view the first time; a list that only grew shows its new items
    (`log+`), a key gone shows as `key-`."""
    if isinstance(before, dict) and isinstance(after, dict):
        changed: dict[str, Any] = {}
        for key in sorted(after):
            if key not in before or before[key] != after[key]:
                changed.update(_changes(before.get(key), after[key], f"{path}{key}."))
        changed.update({f"{path}{key}-": before[key] for key in sorted(before) if key not in after})
        return changed
    if isinstance(before, list) and isinstance(after, list) and before:
        if len(after) == len(before):
            return {
                k: v
                for i, (old, new) in enumerate(zip(before, after, strict=True))
                if old != new
                for k, v in _changes(old, new, f"{path}{i}.").items()
            }
        if after[: len(before)] == before:
            return {path.rstrip(".") + "+": after[len(before) :]}
    return {path.rstrip("."): after}


def _choose(state: State, rnd: random.Random) -> tuple[Seat, str]:
    table = tuple(state.legal_actions(parlour.TABLE))
    if table and (not state.to_act or rnd.random() < TABLE_RATE):
        return parlour.TABLE, rnd.choice(table)
    seat = state.to_act[0]
    return seat, rnd.choice(tuple(state.legal_actions(seat)))


def _view(state: State, seat: Seat, seen: dict[Seat, View]) -> list[str]:
    """The lines of `seat`'s view: what changed since `seen` holds, which it then updates."""
    view = state.view(seat)
    changes = _changes(seen.get(seat, {}), view)
    seen[seat] = view
    return [f"view {_seat(seat)}:", *(f"  {path} = {_json(v)}" for path, v in changes.items())]


def render(play: Playthrough) -> str:
    """The text of one playthrough: header, then each step, then the final scores."""
    game = parlour.load(play.game, play.players, **play.options)
    state = game.new(SEED)
    rnd = random.Random(SEED)
    lines = [
        f"game: {play.game}",
        f"players: {play.players}",
        f"options: {_json(game.options)}",
        f"seed: {SEED}",
        f"policy: random.Random({SEED}); the first seat to act picks a random legal action; "
        f"the table acts at rate {TABLE_RATE} where it may",
        f"shown: steps until the game ends or pass {BUDGET} characters; each step the acting "
        "seat's view and a spectator's (each key the first time, then what changed, by path)",
        "legal: runs of numbered actions (answer 3, answer 4, ...) are written as ranges (a..b)",
        f"regenerate: {COMMAND}",
        "",
    ]
    step = 0
    seen: dict[Seat, View] = {}
    size = 0
    while not state.over and size < BUDGET:
        seat, action = _choose(state, rnd)
        start = len(lines)
        lines += [f"## step {step}", f"to_act: {list(state.to_act)}"]
        for shown in ([seat] if seat is not TABLE else []) + [SPECTATOR]:  # the table has no view
            lines += _view(state, shown, seen)
        lines += [
            f"legal {_who(seat)}: {_actions(state.legal_actions(seat))}",
            f"action {_who(seat)}: {action}",
            "",
        ]
        size += sum(len(line) + 1 for line in lines[start:])
        state.apply(seat, action)
        step += 1
    lines += [
        "## end" if state.over else f"## cut after {step} actions (the size budget)",
        *_view(state, SPECTATOR, seen),
        f"scores: {list(state.scores)}",
        f"winners: {list(state.winners)}",
    ]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description="Regenerate or check the golden playthroughs.")
    parser.add_argument("--write", action="store_true", help=f"write the files in {FOLDER}")
    args = parser.parse_args()
    stale = []
    for play in playthroughs():
        path = FOLDER / play.filename
        text = render(play)
        if args.write:
            FOLDER.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
            print(f"{path} {len(text.encode()) // 1024} KB")
        elif not path.exists() or path.read_text() != text:
            stale.append(path.name)
    if stale:
        raise SystemExit(f"out of date: {', '.join(stale)}; run {COMMAND}")


if __name__ == "__main__":
    main()
