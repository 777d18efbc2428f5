"""The Ray backend on one local Ray for the whole module: the same summaries as the local
backend at 1, 2 and 4 workers, for sim and the arena, and `parlour sim --backend ray` end to
end."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from parlour.arena import ArenaSpec, run_arena
from parlour.backends import LocalPool, RayTasks
from parlour.cli.app import app
from parlour.sim import SimSpec, simulate

ray = pytest.importorskip("ray")

SPEC = SimSpec("dokitto", 2, ("greedy", "random"), 40, seed=5, rotate=True)


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    """One local Ray of two CPUs for every test here (starting one takes seconds)."""
    ray.init(address="local", num_cpus=2, include_dashboard=False, logging_level="WARNING")
    yield
    ray.shutdown()


def timeless(summary: dict[str, Any]) -> dict[str, Any]:
    """A summary less what the machine's speed decides (times, rates, core-hours)."""
    timed = ("seconds", "games_per_second", "core_hours")
    return {k: v for k, v in summary.items() if k not in timed}


@pytest.mark.parametrize("workers", [1, 2, 4])
def test_sim_on_ray_is_the_local_summary_number_for_number(workers: int) -> None:
    local = simulate(SPEC, LocalPool(1))
    on_ray = simulate(SPEC, RayTasks(workers))
    assert on_ray.results == local.results
    assert timeless(on_ray.to_json()) == timeless(local.to_json())


def test_an_arena_on_ray_is_the_local_arena() -> None:
    spec = ArenaSpec("dokitto", 2, ("greedy", "random"), deals=3, seed=2)
    local = run_arena(spec, 1, resamples=50)
    for workers in (1, 2, 4):
        on_ray = run_arena(spec, RayTasks(workers), resamples=50)
        assert timeless(on_ray.to_json()) == timeless(local.to_json())


def test_progress_counts_every_game_once_on_ray() -> None:
    done: list[int] = []
    simulate(SPEC, RayTasks(2), done.append)
    assert sum(done) == SPEC.games and len(done) > 1


def test_the_cli_runs_sim_on_ray_and_writes_parquet(tmp_path: Path) -> None:
    args = ["sim", "dokitto", "--players", "2", "--bots", "greedy,random", "--games", "40"]
    args += ["--seed", "5", "--rotate", "--json"]
    out = tmp_path / "games.parquet"
    on_ray = CliRunner().invoke(
        app, [*args, "--backend", "ray", "--workers", "2", "--out", str(out)]
    )
    assert on_ray.exit_code == 0, on_ray.output
    local = CliRunner().invoke(app, args)
    assert timeless(json.loads(on_ray.stdout)) == timeless(json.loads(local.stdout))
    import pyarrow.parquet as pq

    table = pq.read_table(out)
    assert table.num_rows == 40
    assert table.column("scores").to_pylist() == [list(s) for s in simulate(SPEC).scores]


def test_a_local_ray_is_started_with_the_workers_as_cpus_a_cluster_by_address() -> None:
    assert RayTasks(3)._init_arguments()["num_cpus"] == 3
    assert RayTasks(3)._init_arguments()["address"] == "local"
    cluster = RayTasks(8, "10.0.0.5:6379")._init_arguments()
    assert cluster["address"] == "10.0.0.5:6379" and "num_cpus" not in cluster


def test_the_cli_runs_an_arena_on_ray() -> None:
    args = ["arena", "dokitto", "--players", "2", "--bots", "greedy,random", "--games", "2"]
    local = CliRunner().invoke(app, [*args, "--json"])
    on_ray = CliRunner().invoke(app, [*args, "--json", "--backend", "ray", "--workers", "2"])
    assert on_ray.exit_code == 0, on_ray.output
    assert timeless(json.loads(on_ray.stdout)) == timeless(json.loads(local.stdout))


def test_a_dmc_run_takes_in_the_games_its_ray_actors_play(tmp_path: Path) -> None:
    """Two actors play beside the trainer's own tables with the weights they are sent; their
    games join the buffer and the count, and the run ends, checkpointed, as without them."""
    pytest.importorskip("torch")
    from parlour.learn.actors import Actors
    from parlour.learn.dmc import Settings, Trainer

    settings = Settings(
        "dokitto", 2, {"max_rounds": 1}, hidden=(16,), tables=4, batch=32, actor_games=5
    )
    trainer = Trainer(settings, tmp_path)
    actors = Actors(settings, 2)
    try:
        lines = trainer.run(60, actors)
    finally:
        actors.close()
    assert ray.is_initialized()  # the module's Ray, joined and left running
    # At the end the actors' games in progress are waited for: each has played at least 5.
    assert trainer.games >= 70 and sum(line["actor_games"] for line in lines) >= 10
    assert (tmp_path / "checkpoint.pt").is_file()


def test_the_cli_trains_with_ray_actors_and_refuses_them_alone(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    args = ["train", "dokitto", "--players", "2", "--games", "20", "--tables", "4"]
    args += ["--option", "max_rounds=1", "--actors", "1", "--folder", str(tmp_path / "run")]
    done = CliRunner().invoke(app, args)
    assert done.exit_code == 0, done.output
    assert (tmp_path / "run" / "policy.npz").is_file()
    alone = ["train", "dicetime", "--players", "1", "--actors", "2", "--folder", str(tmp_path)]
    refused = CliRunner().invoke(app, alone)
    assert "--actors and --address are for self-play" in str(refused.exception)
