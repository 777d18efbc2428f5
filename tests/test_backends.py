"""Backends without Ray: choosing one from the command line, the clear error when Ray is
missing, Ray never imported unless asked for, and `parlour sim --out` as Parquet."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from parlour.backends import LocalPool, RayTasks, make_backend
from parlour.cli.app import app
from parlour.datasets.games import COLUMNS
from parlour.kernel import OptionError, ParlourError
from parlour.sim import SimSpec, derived_seed, simulate

SIM = ["sim", "dokitto", "--players", "2", "--bots", "greedy,random", "--games", "12"]


def test_the_command_line_names_a_backend() -> None:
    assert make_backend("local", 3) == LocalPool(3)
    with pytest.raises(OptionError, match="--backend must be one of local, ray, not 'spark'"):
        make_backend("spark", 1)
    with pytest.raises(OptionError, match=r"--address .* --backend ray"):
        make_backend("local", 1, "10.0.0.5:6379")
    with pytest.raises(OptionError, match="--workers must be at least 1, not 0"):
        make_backend("local", 0)


def test_ray_missing_is_a_clear_error_saying_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now fails
    with pytest.raises(ParlourError, match=r"pip install parlour\[cluster\]"):
        make_backend("ray", 2)
    with pytest.raises(ParlourError, match=r"pip install parlour\[cluster\]"):
        list(RayTasks(2).map(lambda start, stop: [start], [(0, 1)]))
    result = CliRunner().invoke(app, [*SIM, "--backend", "ray"])
    assert isinstance(result.exception, ParlourError)
    assert "pip install parlour[cluster]" in str(result.exception)


def test_sim_without_the_ray_backend_never_imports_ray() -> None:
    script = (
        "import sys; from typer.testing import CliRunner; from parlour.cli.app import app; "
        f"result = CliRunner().invoke(app, {SIM!r} + ['--workers', '2']); "
        "assert result.exit_code == 0, result.output; print('ray' in sys.modules)"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "False"


def test_out_writes_one_parquet_row_a_game_with_the_documented_columns(tmp_path: Path) -> None:
    out = tmp_path / "games.parquet"
    result = CliRunner().invoke(app, [*SIM, "--seed", "4", "--rotate", "--out", str(out)])
    assert result.exit_code == 0, result.output
    table = pq.read_table(out)
    assert tuple(table.column_names) == COLUMNS
    rows = table.to_pylist()
    summary = simulate(SimSpec("dokitto", 2, ("greedy", "random"), 12, seed=4, rotate=True))
    assert [row["index"] for row in rows] == list(range(12))
    assert [row["scores"] for row in rows] == [list(scores) for scores in summary.scores]
    assert [row["seating"] for row in rows[:2]] == [[0, 1], [1, 0]]
    assert all(row["bots"] == ["greedy", "random"] and row["game"] == "dokitto" for row in rows)
    for row, played in zip(rows, summary.results, strict=True):
        assert row["winners"] == list(played.won) and row["length"] == played.length > 0
    assert rows[3]["seed"] == str(derived_seed(4, 3))
    run = json.loads(table.schema.metadata[b"parlour"])
    assert run["bots"] == ["greedy", "random"] and run["seed"] == 4 and run["rotate"]


def test_out_without_pyarrow_is_refused_before_any_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    result = CliRunner().invoke(app, [*SIM, "--games", "100000", "--out", "x.parquet"])
    assert isinstance(result.exception, ParlourError)
    assert "pip install parlour[cluster]" in str(result.exception)
