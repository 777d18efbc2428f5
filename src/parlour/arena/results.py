"""An arena run's results file, so a long run can be played in several sittings: JSON lines,
the run's identity first (game, players, options, bots, seed, seatings), then one line per
deal-table unit as it finishes. A sitting named with the file plays only the units it lacks;
files of the same run with different deal ranges (`--first-deal`) merge into one summary.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from parlour.arena.schedule import ArenaSpec, DealResult
from parlour.kernel import OptionError, load

FORMAT = 1
"""The file format's version, in the first line."""


def identity(spec: ArenaSpec) -> dict[str, Any]:
    """What makes two sittings one run: everything in the spec but its range of deals (the
    options as the game reads them, so `--option` spellings of one value agree)."""
    options = load(spec.game, spec.players, **spec.options).options
    return {
        "arena_results": FORMAT,
        "game": spec.game,
        "players": spec.players,
        "options": json.loads(json.dumps(options)),
        "bots": list(spec.bots),
        "seed": spec.seed,
        "permute": spec.permute,
    }


class ResultsFile:
    """One sitting's file: `played(spec)` reads what it holds (writing the identity to a new
    file); `keep(chunk)` adds units as they finish, a line each, flushed at once, so a sitting
    killed midway loses only the units in flight."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def played(self, spec: ArenaSpec) -> list[DealResult]:
        """The units of `spec`'s deals already in the file (`OptionError` if the file holds
        another run); a new file is started with `spec`'s identity."""
        if not self.path.exists():
            self.path.write_text(json.dumps(identity(spec)) + "\n")
            return []
        header, results = read(self.path)
        wanted = identity(spec)
        if header != wanted:
            differs = ", ".join(key for key in wanted if header.get(key) != wanted[key])
            raise OptionError(f"{self.path} holds another arena run (its {differs} differ)")
        deals = range(spec.first_deal, spec.first_deal + spec.deals)
        return [result for result in results if result.deal in deals]

    def keep(self, chunk: Iterable[DealResult]) -> None:
        with self.path.open("a") as out:
            out.writelines(json.dumps(asdict(result)) + "\n" for result in chunk)


def read(path: Path) -> tuple[dict[str, Any], list[DealResult]]:
    """A results file's identity and its units (each unit once; a last line cut short by a
    killed sitting is dropped, and the file cut back to its last whole line)."""
    try:
        text = path.read_text()
        header = json.loads(text.partition("\n")[0])
    except (OSError, ValueError) as error:
        raise OptionError(f"{path} is not an arena results file: {error}") from None
    if not isinstance(header, dict) or header.get("arena_results") != FORMAT:
        raise OptionError(f"{path} is not an arena results file (format {FORMAT})")
    if not text.endswith("\n"):
        text = text[: text.rfind("\n") + 1]
        path.write_text(text)
    units: dict[tuple[int, int], DealResult] = {}
    for number, line in enumerate(text.splitlines()[1:], 2):
        try:
            fields = json.loads(line)
            result = DealResult(
                fields["deal"],
                fields["table"],
                tuple(map(tuple, fields["scores"])),
                tuple(map(tuple, fields["shares"])),
                tuple(fields["draws"]),
                fields["aligned"],
                fields["cpu_seconds"],
            )
        except (ValueError, KeyError, TypeError) as error:
            raise OptionError(f"{path}, line {number}, is no deal's result: {error!r}") from None
        units.setdefault((result.deal, result.table), result)
    return header, list(units.values())


def merged(paths: Sequence[Path]) -> tuple[ArenaSpec, list[DealResult]]:
    """One run from the files of its sittings: the spec of every deal they hold together
    (`OptionError` if the files hold different runs, or a deal in their range is missing at
    some table), and its units."""
    if not paths:
        raise OptionError("name at least one arena results file")
    header, results = read(paths[0])
    units = {(result.deal, result.table): result for result in results}
    for path in paths[1:]:
        other, more = read(path)
        if other != header:
            raise OptionError(f"{path} holds another arena run than {paths[0]}")
        for result in more:
            units.setdefault((result.deal, result.table), result)
    if not units:
        raise OptionError(f"{', '.join(map(str, paths))}: no deal has been played yet")
    spec = ArenaSpec(
        game=header["game"],
        players=header["players"],
        bots=tuple(header["bots"]),
        deals=1,
        seed=header["seed"],
        options=header["options"],
        permute=header["permute"],
    )
    first = min(deal for deal, _ in units)
    spec = replace(spec, first_deal=first, deals=max(deal for deal, _ in units) - first + 1)
    missing = [index for index in range(spec.units) if spec.unit(index) not in units]
    if missing:
        deal, table = spec.unit(missing[0])
        raise OptionError(
            f"the files miss {len(missing)} of deals {first} to {first + spec.deals - 1}'s "
            f"units, the first deal {deal} at table {table}: play the range they lack"
        )
    return spec, list(units.values())
