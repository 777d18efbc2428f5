"""`parlour solve`, `parlour hint`, `parlour analyse` and `parlour play --hints`."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import parlour
from parlour.bots import make_bot
from parlour.bots.match import play_match
from parlour.cli.app import app

runner = CliRunner()


def invoke_json(*args: str) -> Any:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_solve_prints_the_anchor_and_reports_the_cache() -> None:
    result = runner.invoke(
        app, ["solve", "dicetime", "--option", "five_of_a_kind_is_full_house=false"]
    )
    assert result.exit_code == 0, result.output
    assert "245.870775" in result.output
    invoke_json("solve", "dicetime")  # builds the table unless an earlier test did
    summary = invoke_json("solve", "dicetime")
    assert summary["expected_score"] == 245.904728
    assert set(summary) == {
        "options",
        "expected_score",
        "sd_score",
        "seconds",
        "cached",
        "table_bytes",
    }
    assert summary["cached"] is True and summary["table_bytes"] > 0
    assert 30 < summary["sd_score"] < 50


@pytest.mark.parametrize(
    ("options", "mode"),
    [
        (["mode=simultaneous"], "simultaneous"),
        (["start=race"], "turns"),
        pytest.param(["mode=puzzle", "time_limit=0"], "puzzle", marks=pytest.mark.slow),
    ],
)
def test_solve_accepts_options_that_do_not_change_play(options: list[str], mode: str) -> None:
    args = [part for option in options for part in ("--option", option)]
    summary = invoke_json("solve", "dicetime", *args)
    assert summary["options"]["mode"] == mode
    if mode == "puzzle":
        assert summary["expected_score"] > 280
    else:
        assert summary["expected_score"] == 245.904728


def test_solve_refuses_other_games_and_bad_options() -> None:
    with pytest.raises(parlour.OptionError, match="unknown game 'chess'"):
        runner.invoke(app, ["solve", "chess"], catch_exceptions=False)
    for game in ("likedice", "dokitto"):  # advice by a model and by search, no solver
        with pytest.raises(parlour.OptionError, match=rf"{game} has no solver.*do: dicetime$"):
            runner.invoke(app, ["solve", game], catch_exceptions=False)
    with pytest.raises(parlour.OptionError, match="mode=fast"):
        runner.invoke(app, ["solve", "dicetime", "-o", "mode=fast"], catch_exceptions=False)


def saved_record(tmp_path: Path, state: parlour.State) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(state.record))
    return path


def test_hint_for_a_search_game_estimates_one_seats_chances(tmp_path: Path) -> None:
    """Issue 30: a Dokitto record's pending decision, for the seat asked (`--seat`, counted as
    players count): each choice's chance to win with its margin, from that seat's view."""
    state = parlour.load("dokitto", players=3).new(seed=4)
    while len(state.legal_actions(state.to_act[0])) < 2:
        state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    (seat,) = state.to_act
    record = str(saved_record(tmp_path, state))
    (entry,) = invoke_json("hint", record, "--seat", str(seat + 1))
    assert (entry["seat"], entry["measure"], entry["exact"]) == (seat, "win", False)
    assert {choice["action"] for choice in entry["choices"]} == set(state.legal_actions(seat))
    assert all(choice["margin"] > 0 for choice in entry["choices"])
    assert invoke_json("hint", record, "--seat", str((seat + 1) % 3 + 1)) == []  # not to act
    shown = runner.invoke(app, ["hint", record])
    assert shown.exit_code == 0 and "chance to win" in shown.output and "±" in shown.output
    with pytest.raises(parlour.OptionError, match="--seat must be 1 to 3, not 4"):
        runner.invoke(app, ["hint", record, "--seat", "4"], catch_exceptions=False)


def test_analyse_reviews_a_search_games_seat(tmp_path: Path) -> None:
    """Issue 30: a finished two-player Dokitto game, seat 2's decisions each judged from its
    view at the time (the chance to win kept against the best's), the costliest printed."""
    state = parlour.load("dokitto", players=2, max_rounds=1).new(seed=6)
    rnd = random.Random(6)
    while not state.over:
        (seat,) = state.to_act
        state.apply(seat, rnd.choice(list(state.legal_actions(seat))))
    record = str(saved_record(tmp_path, state))
    report = invoke_json("analyse", record, "--seat", "2")
    assert (report["measure"], report["exact"]) == ("win", False)
    (seat,) = report["seats"]
    asked = [
        number
        for number, (actor, _) in enumerate(state.history, start=1)
        if actor == 1 and len(replay_to(state, number - 1).legal_actions(1)) > 1
    ]
    assert [decision["number"] for decision in seat["decisions"]] == asked
    for decision in seat["decisions"]:
        assert decision["action"] == state.history[decision["number"] - 1][1]
        assert decision["loss"] == pytest.approx(decision["best_expected"] - decision["expected"])
    assert seat["lost"] == pytest.approx(sum(d["loss"] for d in seat["decisions"]))
    assert seat["score"] == state.scores[1]
    plays = [d for d in seat["decisions"] if d["action"] != d["best"] and "play" in d["action"]]
    assert plays and all(decision["why"] for decision in plays)  # a card is always told why
    assert all(d["why"] is None for d in seat["decisions"] if d["action"] == d["best"])
    shown = runner.invoke(app, ["analyse", record, "--seat", "2"])
    assert shown.exit_code == 0 and "Seat 2: the costliest decisions" in shown.output
    costliest = sorted(seat["decisions"], key=lambda decision: -decision["loss"])[:5]
    told = [decision for decision in costliest if decision["why"]]
    assert told and all(f"#{decision['number']}: " in shown.output for decision in told)


def replay_to(final: parlour.State, steps: int) -> parlour.State:
    """The state of `final`'s game after its first `steps` actions."""
    record = final.record
    state = final.game.new(record["seed"], chance=record.get("chance", []))
    for seat, action in final.history[:steps]:
        state.apply(seat, action)
    return state


def test_hint_ranks_the_pending_choices(tmp_path: Path) -> None:
    """Only Chance left open, four sixes and a one, one roll left: keeping the sixes is worth
    24 + 3.5 to come, entering now 25, rerolling everything 17.5."""
    state = parlour.load("dicetime").new(seed=1, chance=[1] * 5 * 12 * 1 + [6, 6, 6, 6, 1, 1])
    for category in list(state.view(0)["seats"][0]["sheet"])[:12]:
        state.apply(0, "roll")
        state.apply(0, f"enter {category}")
    state.apply(0, "roll")
    state.apply(0, "keep 1,2,3,4")  # the scripted 1 comes again: 6 6 6 6 1, one roll left
    banked = state.scores[0]
    hints = invoke_json("hint", str(saved_record(tmp_path, state)))
    choices = {choice["action"]: choice for choice in hints[0]["choices"]}
    assert hints[0]["choices"][0]["action"] == "keep 1,2,3,4"
    assert choices["keep 1,2,3,4"]["to_come"] == pytest.approx(27.5)
    assert choices["enter chance"]["to_come"] == pytest.approx(25)
    assert choices["roll"]["to_come"] == pytest.approx(17.5)
    assert choices["roll"]["loss"] == pytest.approx(10)
    assert all(choice["banked"] == banked for choice in choices.values())
    text = runner.invoke(app, ["hint", str(saved_record(tmp_path, state))])
    assert "keep 1,2,3,4" in text.output and "best" in text.output


def test_hint_before_a_roll_has_nothing_pending(tmp_path: Path) -> None:
    state = parlour.load("dicetime").new(seed=2)
    assert invoke_json("hint", str(saved_record(tmp_path, state))) == []
    result = runner.invoke(app, ["hint", str(saved_record(tmp_path, state))])
    assert "No decision is pending" in result.output


def test_analyse_finds_the_points_lost(tmp_path: Path) -> None:
    game = parlour.load("dicetime", players=2)
    state = play_match(
        game.new(seed=7),
        [make_bot("dicetime", "greedy", 0, 1), make_bot("dicetime", "optimal", 1, 2)],
    )
    report = invoke_json("analyse", str(saved_record(tmp_path, state)))
    greedy, optimal = report["seats"]
    assert report["optimal_expected_score"] == pytest.approx(245.904728, abs=1e-6)
    assert optimal["lost"] == 0 and optimal["proficiency"] == 100
    assert greedy["lost"] > 0 and greedy["proficiency"] < 100
    assert greedy["lost"] == pytest.approx(sum(d["loss"] for d in greedy["decisions"]))
    assert greedy["proficiency"] == pytest.approx(
        100 * (245.904728 - greedy["lost"]) / 245.904728, abs=1e-4
    )
    assert all(d["loss"] > 0 for d in greedy["decisions"] if d["action"] != d["best"])
    assert len(optimal["decisions"]) >= 13  # at least every entry is a decision
    assert [greedy["score"], optimal["score"]] == list(state.scores)
    text = runner.invoke(app, ["analyse", str(saved_record(tmp_path, state))])
    assert "proficiency" in text.output


@pytest.mark.slow  # the puzzle's whole table: 90 s of CPU to build
def test_analyse_skips_the_tables_timeout(tmp_path: Path) -> None:
    state = parlour.load("dicetime", mode="puzzle").new(seed=3)
    state.apply(0, "roll")
    state.apply(0, "enter chance")
    state.apply(0, "roll")
    state.apply(None, "timeout")
    report = invoke_json("analyse", str(saved_record(tmp_path, state)))
    decisions = report["seats"][0]["decisions"]
    assert [d["number"] for d in decisions] == [2]
    assert report["over"] is True


def test_play_with_hints_shows_them_before_each_decision(tmp_path: Path) -> None:
    lines = "".join(
        f"roll\nenter {c}\n"
        for c in list(parlour.load("dicetime").new(0).view(0)["seats"][0]["sheet"])
    )
    args = ["play", "dicetime", "--seats", "human", "--hints", "--save", str(tmp_path / "h.json")]
    result = runner.invoke(app, [*args, "--no-confirm"], lines)  # every row in order, zeros too
    assert result.exit_code == 0, result.output
    assert result.output.count("Hints for you") == 13
    assert "gives up" in result.output


def test_solve_simulates_the_optimal_policy_and_writes_scores(tmp_path: Path) -> None:
    scores = tmp_path / "scores.csv"
    args = ["solve", "dicetime", "--simulate", "2000", "--seed", "3", "--scores", str(scores)]
    summary = invoke_json(*args)
    simulated = summary["simulation"]
    assert simulated["games"] == 2000 and simulated["seed"] == 3
    assert abs(simulated["z"]) < 3
    assert abs(simulated["mean_score"] - 245.904728) < 3 * simulated["standard_error"]
    lines = scores.read_text().splitlines()
    assert lines[0] == "game,optimal" and len(lines) == 2001
    mean = sum(int(line.split(",")[1]) for line in lines[1:]) / 2000
    assert mean == pytest.approx(simulated["mean_score"])
    assert invoke_json(*args)["simulation"]["mean_score"] == simulated["mean_score"]


def test_hints_and_analysis_of_a_game_without_advice_are_refused(
    tmp_path: Path, tiny_game: type[parlour.Game]
) -> None:
    """Said in one line (the CLI's `main` prints an `OptionError` so), naming the games that
    do give advice (hints) or have a solver (analysis): Tiny Duel gives none."""
    state = parlour.load("tiny", players=2).new(seed=1)
    record = str(saved_record(tmp_path, state))
    advisers = r"games that do: (\w+, )*dicetime(, \w+)*$"
    with pytest.raises(parlour.OptionError, match="tiny gives no advice") as refused:
        runner.invoke(app, ["hint", record], catch_exceptions=False)
    assert re.search(advisers, str(refused.value)) and "dokitto" in str(refused.value)
    with pytest.raises(parlour.OptionError, match="tiny gives no advice") as refused:
        runner.invoke(app, ["analyse", record], catch_exceptions=False)
    assert re.search(advisers, str(refused.value))
    play = ["play", "tiny", "--players", "2", "--seats", "human,high", "--hints"]
    with pytest.raises(parlour.OptionError, match=advisers):
        runner.invoke(app, play, "quit\n", catch_exceptions=False)
