"""The `parlour` command end to end: games, sim, play (every Dicetime mode), replay, errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from tests.command import parlour_main
from typer.testing import CliRunner

import parlour
from parlour.boxes.dicetime.components import CATEGORIES
from parlour.cli.app import app

runner = CliRunner()
ENTRIES = [f"enter {category.key}" for category in CATEGORIES]


def parlour_cli(
    *args: str, stdin: str = "", timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run `python -m parlour ARGS` in a subprocess, as a person would."""
    return subprocess.run(
        [sys.executable, "-m", "parlour", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "COLUMNS": "120"},
    )


def human_lines(turns: int = 13) -> str:
    """A person who rolls once and enters the roll in the next open row, every turn (playing
    with `--no-confirm`, as a 0 where another row scores is asked about)."""
    return "".join(f"roll\n{ENTRIES[turn]}\n" for turn in range(turns))


def saved(path: Path) -> parlour.State:
    return parlour.replay(json.loads(path.read_text()))


def test_games_json_lists_dicetime_with_typed_options() -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0, result.output
    listing = json.loads(result.output)
    dicetime = next(game for game in listing if game["name"] == "dicetime")
    assert (dicetime["min_players"], dicetime["max_players"]) == (1, 8)
    assert dicetime["rulebook"] == "docs/rules/dicetime.md"
    options = {option["name"]: option for option in dicetime["options"]}
    assert options["mode"]["choices"] == ["turns", "simultaneous", "puzzle"]
    assert options["five_of_a_kind_is_full_house"]["type"] == "boolean"
    assert options["time_limit"]["default"] == 600
    assert options["time_limit"]["applies_when"] == {"mode": ["puzzle"]}
    assert (options["time_limit"]["minimum"], options["time_limit"]["maximum"]) == (0, 3600)


@pytest.mark.every_game
def test_games_json_lists_the_bots_with_the_default_and_levels_and_the_advice() -> None:
    """The same listing as the web's `/api/games`."""
    listing = {
        game["name"]: game for game in json.loads(runner.invoke(app, ["games", "--json"]).output)
    }
    assert listing["likedice"]["default_bot"] == "counter"
    counter = next(bot for bot in listing["likedice"]["bots"] if bot["name"] == "counter")
    assert counter["levels"][0] == {"name": "counter:child", "label": "Child"}
    assert counter["levels"][-1] == {"name": "counter:expert", "label": "Expert"}
    assert {bot["name"] for bot in listing["dicetime"]["bots"]} >= {"greedy", "optimal", "random"}
    assert {name for name, game in listing.items() if game["advice"]} == {
        info.name for info in parlour.games() if parlour.load(info.name).advice() is not None
    }
    assert listing["dicetime"]["analysis"] and not listing["likedice"]["analysis"]
    assert listing["dokitto"]["advice"] and not listing["dokitto"]["analysis"]  # by search


def test_games_plain_text_names_every_option_and_the_rules_page() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    for name in ("mode", "start", "five_of_a_kind_is_full_house", "time_limit"):
        assert name in result.output
    assert "rules: docs/rules/dicetime.md" in result.output


def sim_json(*extra: str) -> dict[str, object]:
    args = ["sim", "dicetime", "--players", "2", "--bots", "greedy,random", "--seed", "1"]
    result = runner.invoke(app, [*args, "--rotate", "--json", *extra])
    assert result.exit_code == 0, result.output
    summary: dict[str, object] = json.loads(result.output)
    return summary


def comparable(summary: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in summary.items() if k not in ("seconds", "games_per_second")}


def test_sim_json_has_the_documented_keys_and_greedy_beats_random() -> None:
    summary = sim_json("--games", "60")
    assert set(summary) == {
        "game", "players", "options", "bots", "games", "seed", "rotate", "seconds",
        "games_per_second", "mean_scores", "sd_scores", "win_rates",
    }  # fmt: skip
    means, wins = summary["mean_scores"], summary["win_rates"]
    assert isinstance(means, list) and isinstance(wins, list)
    assert means[0] > means[1] + 50
    assert wins[0] > 0.9 > wins[1]


def test_sim_reproduces_with_the_same_seed_and_any_number_of_workers() -> None:
    first = comparable(sim_json("--games", "40"))
    assert comparable(sim_json("--games", "40")) == first
    assert comparable(sim_json("--games", "40", "--workers", "2")) == first
    assert comparable(sim_json("--games", "40", "--seed", "2")) != first


def test_sim_table_output_names_each_bot() -> None:
    args = ["sim", "dicetime", "--players", "2", "--bots", "random,random", "--games", "5"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0
    assert result.output.count("random") >= 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["sim", "dicetime", "--players", "2", "--bots", "greedy", "--games", "3"], "one per seat"),
        (["sim", "dicetime", "--players", "2", "--bots", "greedy,nobody"], "no bot 'nobody'"),
        (["sim", "chess", "--players", "2", "--bots", "a,b"], "unknown game 'chess'"),
        (["sim", "dicetime", "--players", "9", "--bots", "random"], "1 to 8 players"),
        (["play", "dicetime", "--seats", "human", "-o", "mode=fast"], "mode=fast"),
        (["play", "dicetime", "--seats", "human", "-o", "colour=red"], "no option 'colour'"),
        (["play", "dicetime", "--seats", "human", "-o", "time_limit=5"], "only when mode"),
        (["replay", "/nonexistent/record.json"], "cannot read"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_code_2(args: list[str], message: str) -> None:
    result = parlour_main(*args)
    assert result.returncode == 2
    assert message in result.stderr


def test_bad_input_in_a_real_process_is_one_line_and_no_traceback() -> None:
    result = parlour_cli("sim", "chess", "--players", "2", "--bots", "a,b")
    assert result.returncode == 2
    assert "unknown game 'chess'" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_option_without_equals_is_a_usage_error_not_a_traceback() -> None:
    result = parlour_main("play", "dicetime", "--seats", "human", "--option", "mode")
    assert result.returncode != 0
    assert "NAME=VALUE" in result.stderr


def test_solo_game_played_to_the_end(tmp_path: Path) -> None:
    save = tmp_path / "solo.json"
    stdin = "help\nnonsense\nkeep 1\n" + human_lines()
    result = runner.invoke(
        app, ["play", "dicetime", "--seats", "human", "--no-confirm", "--save", str(save)], stdin
    )
    assert result.exit_code == 0, result.output
    assert "Not possible" in result.output  # the nonsense and the keep before rolling
    state = saved(save)
    assert state.over and state.winners == (0,)
    assert all(value is not None for value in state.view(0)["seats"][0]["sheet"].values())


def test_two_players_with_a_bot(tmp_path: Path) -> None:
    save = tmp_path / "duel.json"
    args = ["play", "dicetime", "--players", "2", "--seats", "human,greedy", "--save", str(save)]
    result = runner.invoke(app, [*args, "--no-confirm"], human_lines())
    assert result.exit_code == 0, result.output
    state = saved(save)
    assert state.over
    assert {seat for seat, _ in state.history} == {0, 1}
    assert "Final scores" in result.output


def test_the_start_race_lets_the_quicker_person_begin(tmp_path: Path) -> None:
    save = tmp_path / "race.json"
    args = ["play", "dicetime", "--players", "3", "--seats", "human,greedy,random"]
    args += ["-o", "start=race", "--no-confirm", "--save", str(save)]
    result = runner.invoke(app, args, human_lines())
    assert result.exit_code == 0, result.output
    state = saved(save)
    assert state.over
    assert state.history[0] == (0, "roll")  # the bots take a second to react
    assert state.view(None)["first"] == 0


def test_simultaneous_mode_with_a_bot(tmp_path: Path) -> None:
    save = tmp_path / "simultaneous.json"
    args = ["play", "dicetime", "--players", "2", "--seats", "human,random"]
    args += ["-o", "mode=simultaneous", "--no-confirm", "--save", str(save)]
    result = runner.invoke(app, args, human_lines())
    assert result.exit_code == 0, result.output
    state = saved(save)
    assert state.over
    for seat in (0, 1):
        assert None not in state.view(None)["seats"][seat]["sheet"].values()
    assert len([1 for seat, action in state.history if action.startswith("enter")]) == 26


def test_the_puzzle_timer_runs_out_in_a_real_terminal_process(tmp_path: Path) -> None:
    """A person rolls, then thinks too long: the table applies timeout and the roll is dropped."""
    save = tmp_path / "puzzle.json"
    args = ["-m", "parlour", "play", "dicetime", "--seats", "human", "-o", "mode=puzzle"]
    args += ["-o", "time_limit=2", "--save", str(save)]
    process = subprocess.Popen(
        [sys.executable, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("roll\nenter chance\nroll\n")
    process.stdin.flush()
    watchdog = threading.Timer(60, process.kill)  # the clock never ran out: fail, not hang
    watchdog.start()
    lines = []
    for line in process.stdout:  # the prompt waits with input still open until time is up
        lines.append(line)
        if "Time is up" in line:
            break
    process.stdin.close()
    output = "".join(lines) + process.stdout.read()
    process.wait(timeout=60)
    watchdog.cancel()
    assert process.returncode == 0, output
    assert "Time is up" in output
    state = saved(save)
    assert state.over
    assert state.history[-1] == (None, "timeout")
    view = state.view(0)
    assert view["timed_out"] is True
    assert view["seats"][0]["sheet"]["chance"] == state.scores[0]  # only the entered roll counts


def test_quit_saves_and_resume_continues(tmp_path: Path) -> None:
    save = tmp_path / "paused.json"
    args = ["play", "dicetime", "--players", "2", "--seats", "human,greedy", "--save", str(save)]
    result = runner.invoke(app, args, "roll\nenter chance\nquit\n")
    assert result.exit_code == 0, result.output
    paused = saved(save)
    assert not paused.over and paused.to_act == (0,)
    remaining = "".join(f"roll\n{entry}\n" for entry in ENTRIES[:-1])
    resume = ["play", "--resume", str(save), "--save", str(save), "--no-confirm"]
    result = runner.invoke(app, resume, remaining)
    assert result.exit_code == 0, result.output
    finished = saved(save)
    assert finished.over
    assert finished.history[: len(paused.history)] == paused.history


def test_replay_steps_through_a_saved_game(tmp_path: Path) -> None:
    state = parlour.load("dicetime").new(seed=5)
    for entry in ENTRIES[:2]:
        state.apply(0, "roll")
        state.apply(0, entry)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(state.record))
    result = runner.invoke(app, ["replay", str(path)], "\n\nb\n4\n\n")
    assert result.exit_code == 0, result.output
    for number in (0, 1, 2, 4):
        assert f"Action {number} of 4" in result.output


def test_replay_refuses_a_tampered_record(tmp_path: Path) -> None:
    state = parlour.load("dicetime").new(seed=5)
    state.apply(0, "roll")
    record = state.record
    record["actions"][0] = [0, "enter chance"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    result = parlour_cli("replay", str(path))
    assert result.returncode == 2
    assert "action 1" in result.stderr and "illegal" in result.stderr


def test_the_menu_sets_up_a_game_with_options_and_bots(tmp_path: Path) -> None:
    menu = "9\nnope\ndicetime\n2\ny\nturns\nfirst\nfalse\n\n\nrobot\nhuman\ngreedy\n"
    result = runner.invoke(
        app, ["play", "--no-confirm", "--save", str(tmp_path / "menu.json")], menu + human_lines()
    )
    assert result.exit_code == 0, result.output
    assert "No game 'nope'" in result.output
    assert "neither human nor a bot" in result.output
    state = saved(tmp_path / "menu.json")
    assert state.over
    assert state.game.options["five_of_a_kind_is_full_house"] is False
    assert json.loads((tmp_path / "menu.json").read_text())["meta"] == {
        "seats": ["human", "greedy"]
    }


def test_games_schema_prints_the_json_schema_of_a_games_views(
    tiny_game: type[parlour.Game], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`parlour games --schema GAME`: the schema of the view type the game declares; a game
    that declares none, or an unknown game, is a clear error."""
    from parlour.kernel.schemas import view_schema

    result = runner.invoke(app, ["games", "--schema", "tiny"])
    assert result.exit_code == 0, result.output
    schema = json.loads(result.output)
    assert schema == view_schema(tiny_game)
    assert schema["title"] == "Tiny Duel view" and "hand" in schema["required"]
    monkeypatch.setattr(tiny_game, "view_type", dict)
    refused = runner.invoke(app, ["games", "--schema", "tiny"])
    assert isinstance(refused.exception, parlour.ParlourError)
    assert "tiny declares no view type" in str(refused.exception)
    unknown = parlour_cli("games", "--schema", "nosuchgame")
    assert unknown.returncode == 2 and "unknown game 'nosuchgame'" in unknown.stderr
