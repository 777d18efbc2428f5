"""An arena run in several sittings: a results file resumes a run where it stopped (a line cut
short by a kill included), and the files of deal ranges merge into the summary one sitting of
every deal gives."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.arena import ArenaSpec, run_arena, summarise
from parlour.arena.results import ResultsFile, merged, read
from parlour.cli.app import app
from parlour.kernel import OptionError

RUN = ArenaSpec(game="dicetime", players=2, bots=("random", "greedy"), deals=6, seed=5)
WHOLE = run_arena(RUN, resamples=200)


def lines(path: Path) -> list[str]:
    return path.read_text().splitlines()


def test_a_resumed_run_plays_only_the_deals_its_file_lacks(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    first = run_arena(dataclasses.replace(RUN, deals=2), results=ResultsFile(path))
    assert len(lines(path)) == 1 + 2  # the run's identity, then a unit a line
    with path.open("a") as out:
        out.write('{"deal": 2, "tab')  # a sitting killed while writing
    resumed = run_arena(RUN, resamples=200, results=ResultsFile(path))
    assert resumed.standings == WHOLE.standings and resumed.chance == WHOLE.chance
    _, units = read(path)
    assert sorted(unit.deal for unit in units) == list(range(6))  # none played twice
    assert len(lines(path)) == 1 + 6
    assert first.core_seconds > 0 and resumed.core_seconds > first.core_seconds


def test_deal_ranges_played_apart_merge_into_the_whole_run(tmp_path: Path) -> None:
    low, high = tmp_path / "low.jsonl", tmp_path / "high.jsonl"
    run_arena(dataclasses.replace(RUN, deals=4), results=ResultsFile(low))
    run_arena(dataclasses.replace(RUN, first_deal=2, deals=4), results=ResultsFile(high))
    spec, units = merged([low, high])
    assert (spec.first_deal, spec.deals) == (0, 6)
    assert sorted((unit.deal, unit.table) for unit in units) == [(d, 0) for d in range(6)]
    assert summarise(spec, units, 0.0, resamples=200).standings == WHOLE.standings


def test_a_gap_or_another_run_is_refused_naming_it(tmp_path: Path) -> None:
    low, high, other = (tmp_path / f"{name}.jsonl" for name in ("low", "high", "other"))
    run_arena(dataclasses.replace(RUN, deals=2), results=ResultsFile(low))
    run_arena(dataclasses.replace(RUN, first_deal=4, deals=2), results=ResultsFile(high))
    with pytest.raises(OptionError, match="the first deal 2 at table 0"):
        merged([low, high])
    changed = dataclasses.replace(RUN, bots=("greedy", "random"), deals=1)
    run_arena(changed, results=ResultsFile(other))
    with pytest.raises(OptionError, match="another arena run"):
        merged([low, other])
    with pytest.raises(OptionError, match="its bots differ"):
        run_arena(RUN, results=ResultsFile(other))
    (tmp_path / "notes.txt").write_text("hello\n")
    with pytest.raises(OptionError, match="not an arena results file"):
        merged([tmp_path / "notes.txt"])
    low.write_text(low.read_text().replace('"deal"', '"del"', 1))
    with pytest.raises(OptionError, match="line 2, is no deal's result"):
        merged([low])


def test_the_command_line_resumes_merges_and_counts_core_hours(tmp_path: Path) -> None:
    runner = CliRunner()
    base = ["arena", "dicetime", "--players", "2", "--bots", "random,greedy", "--seed", "5"]
    for first in ("0", "3"):
        args = [*base, "--games", "3", "--first-deal", first, "--results", f"{tmp_path}/{first}"]
        played = runner.invoke(app, [*args, "--json"])
        assert played.exit_code == 0, played.output
        assert json.loads(played.output)["first_deal"] == int(first)
    together = runner.invoke(app, ["arena-merge", f"{tmp_path}/0", f"{tmp_path}/3", "--json"])
    assert together.exit_code == 0, together.output
    summary = json.loads(together.output)
    assert (summary["deals"], summary["games"]) == (6, 12)
    assert summary["core_hours"] > 0
    shares = [standing["win_share"]["value"] for standing in summary["standings"]]
    assert shares == [standing.win_share[0] for standing in WHOLE.standings]
    table = runner.invoke(app, [*base, "--games", "3", "--first-deal", "3"])
    assert "deals 3-5 x 2 seatings" in table.output and "core-hours" in table.output
