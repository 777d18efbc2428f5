"""`parlour arena` end to end: the table, JSON, the figure, and clear errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from parlour.cli.app import app

runner = CliRunner()
BASE = ["arena", "dicetime", "--players", "2", "--seed", "2", "--games", "3"]


def arena_json(*extra: str) -> dict[str, Any]:
    result = runner.invoke(app, [*BASE, "--bots", "random,greedy", "--json", *extra])
    assert result.exit_code == 0, result.output
    summary: dict[str, Any] = json.loads(result.output)
    return summary


def test_json_has_the_standings_with_intervals_the_tables_and_the_luck() -> None:
    summary = arena_json()
    assert summary["bots"] == ["random", "greedy"]
    assert (summary["deals"], summary["seatings_per_deal"], summary["games"]) == (3, 2, 6)
    assert summary["model"] == "Bradley-Terry" and summary["resamples"] == 1000
    random_bot, greedy = summary["standings"]
    assert greedy["bot"] == "greedy" and greedy["games"] == 6
    assert set(greedy["rating"]) == {"value", "low", "high"}
    assert greedy["win_share"]["value"] > random_bot["win_share"]["value"]
    (table,) = summary["tables"]
    assert table["bots"] == ["random", "greedy"] and table["games"] == 6
    assert 0 < summary["chance"]["aligned_share"] <= 1


def test_the_same_summary_for_any_number_of_workers() -> None:
    def comparable(summary: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in summary.items() if k not in {"seconds", "core_hours"}}

    assert comparable(arena_json("--workers", "2")) == comparable(arena_json())


def test_the_table_ranks_the_bots_and_a_round_robin_lists_its_tables() -> None:
    args = ["arena", "likedice", "--players", "2", "--games", "3"]
    bots = "random,counter:child,counter:expert"
    result = runner.invoke(app, [*args, "--bots", bots], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "3 deals x 2 seatings x 3 tables = 18 games" in result.output
    assert "random vs counter:expert" in result.output and "Bradley-Terry" in result.output
    first = [line.split("│")[2].strip() for line in result.output.splitlines() if "│ 1 " in line]
    assert first == ["counter:expert"]


def test_plot_writes_a_figure(tmp_path: Path) -> None:
    figure = tmp_path / "ladder.png"
    arena_json("--plot", str(figure))
    assert figure.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_without_matplotlib_is_one_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    result = runner.invoke(app, [*BASE, "--bots", "random,greedy", "--plot", str(tmp_path / "x")])
    assert "parlour[plot]" in str(result.exception)
    assert "deals" not in result.output  # refused before playing


@pytest.mark.parametrize(
    ("bots", "players", "message"),
    [("random,nobody", "2", "dicetime has no bot 'nobody'"), ("random,random", "9", "not 9")],
)
def test_bad_input_is_one_clear_line_and_exit_code_2(bots: str, players: str, message: str) -> None:
    """The other refusals are `validate`'s (tests/test_arena.py); all reach here alike."""
    args = ["arena", "dicetime", "--players", players, "--bots", bots, "--games", "2"]
    done = subprocess.run(
        [sys.executable, "-m", "parlour", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "COLUMNS": "200"},
    )
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_the_figure_draws_an_interval_that_misses_its_estimate(tmp_path: Path) -> None:
    """With few deals a percentile interval can lie beside its estimate; the bar is clipped."""
    from parlour.arena import ArenaResult, ArenaSpec, Chance, Standing
    from parlour.arena.plot import plot_standings

    spec = ArenaSpec("dicetime", 2, ("a", "b"), 1, 0)
    standings = (
        Standing("a", 2, (0.5, 0.6, 0.9), (10.0, 11.0, 12.0), (0.0, 5.0, 9.0)),
        Standing("b", 2, (0.5, 0.1, 0.4), (10.0, 8.0, 9.0), (0.0, -9.0, -5.0)),
    )
    chance = Chance(1.0, 1.0, 1.0, 1.0)
    result = ArenaResult(spec, 0.0, 10, standings, ((0.5, 0.5),), ((10.0, 10.0),), chance)
    plot_standings(result, tmp_path / "figure.svg")
    assert "<svg" in (tmp_path / "figure.svg").read_text()
