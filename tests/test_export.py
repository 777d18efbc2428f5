"""`parlour export`: one Parquet row per decision of simulated, saved or stored games, with the
seat's view encoding, the legal mask, the action and the final result; the rows replay the
games they came from."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from itertools import groupby
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from parlour.bots.registry import make_bot
from parlour.cli.app import app
from parlour.datasets.decisions import COLUMNS, decisions
from parlour.kernel import ParlourError, advice_of, load, replay
from parlour.kernel.returns import returns
from parlour.sim import SimSpec, derived_seed, play_game
from parlour.web.database import connect
from parlour.web.models import ActionRow, SeatRow, TableRow

runner = CliRunner()
DOKITTO = ["--game", "dokitto", "--players", "2", "--bots", "greedy,random", "--seed", "3"]


def export(*args: str) -> list[dict[str, Any]]:
    """Run `parlour export` and read its rows back."""
    result = runner.invoke(app, ["export", *args])
    assert result.exit_code == 0, result.output
    return list(pq.read_table(args[0]).to_pylist())


def by_record(rows: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    return {key: list(group) for key, group in groupby(rows, key=lambda row: row["record"])}


def test_simulated_games_give_one_row_per_decision_that_replays_them(tmp_path: Path) -> None:
    out = tmp_path / "sim.parquet"
    rows = export(str(out), *DOKITTO, "--games", "3", "--rotate")
    table = pq.read_table(out)
    assert tuple(table.column_names) == COLUMNS
    game = load("dokitto", 2)
    actions, size = game.all_actions(), game.encoding().size
    assert table.schema.field("view").type == pa.list_(pa.float32(), size)
    assert table.schema.field("legal").type == pa.list_(pa.int8(), len(actions))
    spec = SimSpec("dokitto", 2, ("greedy", "random"), 3, seed=3, rotate=True)
    games = by_record(rows)
    assert list(games) == ["0", "1", "2"]
    for index, (record_id, decided) in enumerate(games.items()):
        played = play_game(spec, index)
        record = played.record
        assert [row["step"] for row in decided] == list(range(len(record["actions"])))
        assert [[row["seat"], row["action_text"]] for row in decided] == record["actions"]
        again = replay({**record, "actions": [[r["seat"], r["action_text"]] for r in decided]})
        assert again.scores == played.scores and again.record == record
        for row in decided:
            assert row["game"] == "dokitto" and row["record"] == record_id
            assert row["seed"] == str(record["seed"])
            assert actions[row["action"]] == row["action_text"]
            assert len(row["legal"]) == len(actions) and row["legal"][row["action"]] == 1
            assert len(row["view"]) == size
            assert row["score"] == played.scores[row["seat"]]
            assert row["won"] == (row["seat"] in played.winners)
            assert row["reward"] == returns(played)[row["seat"]]
            assert row["bot"] == spec.bots[spec.seating(index).index(row["seat"])]
            assert row["forced"] == (sum(row["legal"]) == 1)
    assert any(row["forced"] for row in rows) and not all(row["forced"] for row in rows)
    setup = json.loads(table.schema.metadata[b"parlour"])["setups"]
    assert [(s["game"], s["players"], s["actions"]) for s in setup] == [
        ("dokitto", 2, list(actions))
    ]


def test_each_row_is_the_seats_view_and_legal_actions_at_that_step() -> None:
    state = load("dicetime", 2).new(8)
    game = state.game
    rng = np.random.default_rng(0)
    while not state.over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[int(rng.integers(len(legal)))])
    rows = decisions(state.record, "x")
    walk = game.new(8)
    for row, (seat, action) in zip(rows, state.record["actions"], strict=True):
        assert np.array_equal(row.view, game.encoding().encode(walk.view(seat)))
        assert row.view.dtype == np.float32
        marked = {game.all_actions()[i] for i in np.flatnonzero(row.legal)}
        assert marked == set(walk.legal_actions(seat))
        walk.apply(seat, action)


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("dicecream", 2, {}), ("icecream", 3, {}), ("likedice", 2, {"max_challenges": 2})],
)
def test_every_game_exports_masks_holding_the_action_taken(
    game: str, players: int, options: dict[str, Any]
) -> None:
    spec = SimSpec(game, players, ("random",) * players, 1, seed=1, options=options)
    record = play_game(spec, 0).record
    rows = decisions(record, "0")
    assert rows and all(row.legal[row.action] == 1 for row in rows)
    rebuilt: list[list[Any]] = [[None, "timeout"]] * len(record["actions"])
    for row in rows:
        rebuilt[row.step] = [row.seat, row.action_text]
    assert rebuilt == record["actions"]  # the table's only action is `timeout`


def test_the_tables_timeouts_are_no_decision_and_step_skips_them() -> None:
    state = load("likedice", 2, max_challenges=3).new(2)
    rng = np.random.default_rng(0)
    while not state.over:
        if state.legal_actions(None) and (not state.to_act or rng.random() < 0.2):
            state.apply(None, "timeout")
            continue
        seat = state.to_act[int(rng.integers(len(state.to_act)))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[int(rng.integers(len(legal)))])
    actions = state.record["actions"]
    assert [None, "timeout"] in actions
    rows = decisions(state.record, "x")
    assert len(rows) == sum(seat is not None for seat, _ in actions)
    rebuilt: list[list[Any]] = [[None, "timeout"]] * len(actions)
    for row in rows:
        rebuilt[row.step] = [row.seat, row.action_text]
    assert rebuilt == actions


def test_saved_records_export_and_keep_their_names(tmp_path: Path) -> None:
    spec = SimSpec("dokitto", 2, ("greedy", "random"), 1, seed=4)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(play_game(spec, 0).record))
    rows = export(str(tmp_path / "saved.parquet"), "--record", str(path))
    assert {row["record"] for row in rows} == {str(path)}


def test_the_finished_games_a_server_stored_are_exported(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'parlour.db'}"
    engine = connect(url)
    finished = play_game(SimSpec("dokitto", 2, ("greedy", "random"), 1, seed=5), 0).record
    stamp = datetime.now(UTC)
    with Session(engine) as session:
        for table_id, status, actions in (
            ("done", "finished", finished["actions"]),
            ("going", "running", finished["actions"][:3]),
        ):
            session.add(
                TableRow(
                    id=table_id,
                    game="dokitto",
                    players=2,
                    options=finished["options"],
                    seed=str(finished["seed"]),
                    status=status,
                    created_at=stamp,
                    active_at=stamp,
                    seats=[SeatRow(seat=0, name="Ada"), SeatRow(seat=1, bot="random")],
                    actions=[
                        ActionRow(number=n, seat=seat, action=action, at=0.0)
                        for n, (seat, action) in enumerate(actions)
                    ],
                )
            )
        session.commit()
    engine.dispose()
    rows = export(str(tmp_path / "stored.parquet"), "--db", url)
    assert {row["record"] for row in rows} == {"done"}
    assert {row["seat"]: row["bot"] for row in rows} == {0: "person", 1: "random"}
    assert [[row["seat"], row["action_text"]] for row in rows] == finished["actions"]
    empty = runner.invoke(
        app, ["export", str(tmp_path / "x.parquet"), "--db", url, "--game", "dicetime"]
    )
    assert "no finished games" in str(empty.exception)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "greedy,random"], "give --game and --players"),
        ([*DOKITTO, "--db", "sqlite:///x.db"], "leave out --db"),
        (["--db", "sqlite:////nonexistent/parlour.db"], "no SQLite database"),
        (["--record", "a.json", "--db", "sqlite:///x.db"], "not both"),
        (["--record", "a.json", "--workers", "2"], "--workers applies only to simulated"),
        (["--record", "a.json", "--players", "2"], "not saved records"),
        (["--record", "a.json", "--label", "greedy"], "--label applies only to simulated"),
        ([*DOKITTO, "--label", "grandmaster"], "no bot 'grandmaster'"),
    ],
)
def test_bad_sources_are_refused_naming_what_is_wrong(
    tmp_path: Path, args: list[str], message: str
) -> None:
    result = runner.invoke(app, ["export", str(tmp_path / "x.parquet"), *args])
    assert isinstance(result.exception, ParlourError)
    assert message in str(result.exception)


def test_a_dataset_holds_one_game_set_up_and_names_them_when_given_more(tmp_path: Path) -> None:
    sources = []
    for players in (2, 3):
        spec = SimSpec("dokitto", players, ("random",) * players, 1, seed=1)
        path = tmp_path / f"{players}.json"
        path.write_text(json.dumps(play_game(spec, 0).record))
        sources += ["--record", str(path)]
    result = runner.invoke(app, ["export", str(tmp_path / "x.parquet"), *sources])
    assert isinstance(result.exception, ParlourError)
    assert "one game set-up" in str(result.exception)
    assert "dokitto with 2 players" in str(result.exception)
    assert "dokitto with 3 players" in str(result.exception)
    assert not (tmp_path / "x.parquet").exists()


def test_the_optimal_players_dataset_values_every_choice(tmp_path: Path) -> None:
    out = tmp_path / "expert.parquet"
    args = ["--game", "dicetime", "--players", "1", "--bots", "optimal", "--games", "2"]
    rows = export(str(out), *args, "--values")
    game = load("dicetime", 1)
    advice = advice_of(game)
    actions = game.all_actions()
    walk = {row["record"]: game.new(int(row["seed"])) for row in rows if row["step"] == 0}
    for row in rows:
        state = walk[row["record"]]
        choices = advice.choices(state.view(0), 0)
        if choices is None:
            assert row["values"] is None
        else:
            values = np.array(row["values"], dtype=np.float64)
            assert np.isnan(values[np.array(row["legal"]) == 0]).all()
            for choice in choices:
                assert values[actions.index(choice.action)] == pytest.approx(choice.expected)
            assert values[row["action"]] == pytest.approx(np.nanmax(values))  # it played best
        assert row["reward"] == row["score"] and row["bot"] == "optimal"
        state.apply(0, row["action_text"])
    assert any(row["values"] is None for row in rows)
    plain = export(str(tmp_path / "plain.parquet"), *args)
    assert "values" not in plain[0]


def test_a_labelling_bot_says_what_it_would_have_chosen_at_every_decision(
    tmp_path: Path,
) -> None:
    """`--label greedy` beside greedy and random: greedy's own rows agree with it (it is
    deterministic), random's carry greedy's choice on the state random reached, as greedy
    chooses from that seat's view; a forced move's label is the only action."""
    rows = export(str(tmp_path / "x.parquet"), *DOKITTO, "--games", "3", "--label", "greedy")
    game = load("dokitto", 2)
    actions = game.all_actions()
    greedy = {seat: make_bot(game, "greedy", seat, 0) for seat in range(2)}
    walk = {row["record"]: game.new(int(row["seed"])) for row in rows if row["step"] == 0}
    differ = 0
    for row in rows:  # every Dokitto action is a player's decision: the rows replay the game
        state = walk[row["record"]]
        legal = state.legal_actions(row["seat"])
        if row["forced"]:
            assert row["label"] == row["action"]
        else:
            chosen = greedy[row["seat"]].choose(state.view(row["seat"]), legal)
            assert row["label"] == actions.index(chosen)
        if row["bot"] == "greedy":
            assert row["label"] == row["action"]
        differ += row["label"] != row["action"]
        state.apply(row["seat"], row["action_text"])
    assert differ > 10  # random strays from greedy
    plain = export(str(tmp_path / "plain.parquet"), *DOKITTO, "--games", "1")
    assert "label" not in plain[0]


def test_a_labelling_bot_that_judges_gives_its_value_of_every_choice(tmp_path: Path) -> None:
    """`--label pimc:worlds=2`: beside its label, pimc's mean value of each legal choice (NaN
    elsewhere), exactly what the labeller (seeded as export seeds it) judges from that view;
    the label is the choice it values most; forced moves carry no values. A bot that only
    chooses adds no such column."""
    label = "pimc:worlds=2"
    args = ["--games", "2", "--label", label, "--option", "max_rounds=1"]
    rows = export(str(tmp_path / "x.parquet"), *DOKITTO, *args)
    game = load("dokitto", 2, max_rounds=1)
    walk = {row["record"]: game.new(int(row["seed"])) for row in rows if row["step"] == 0}
    judges = {
        (record, seat): make_bot(game, label, seat, derived_seed(3, int(record), seat, "label"))
        for record in walk
        for seat in range(2)
    }
    for row in rows:
        state, seat = walk[row["record"]], row["seat"]
        if row["forced"]:
            assert row["label_values"] is None
        else:
            values = np.array(row["label_values"], dtype=np.float64)
            legal = np.array(row["legal"]) == 1
            assert np.isnan(values[~legal]).all()
            judged = judges[row["record"], seat].judge(state.view(seat), state.legal_actions(seat))
            assert judged is not None
            assert values[legal] == pytest.approx(judged, abs=1e-6)  # float32 in the file
            assert row["label"] == int(np.argmax(np.where(legal, values, -np.inf)))
        state.apply(seat, row["action_text"])
    assert sum(row["label_values"] is not None for row in rows) > 10
    plain = export(str(tmp_path / "g.parquet"), *DOKITTO, "--games", "1", "--label", "greedy")
    assert "label_values" not in plain[0]


def test_values_need_a_game_that_gives_advice(tmp_path: Path) -> None:
    result = runner.invoke(app, ["export", str(tmp_path / "x.parquet"), *DOKITTO, "--values"])
    assert isinstance(result.exception, ParlourError)
    assert "dicetime" in str(result.exception)


ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "docs" / "data" / "dicetime-optimal.parquet"


def test_the_committed_expert_sample_is_what_its_command_exports(tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.parquet"
    args = ["--game", "dicetime", "--players", "1", "--bots", "optimal", "--games", "10"]
    export(str(fresh), *args, "--seed", "0", "--values")
    made, kept = pq.read_table(fresh), pq.read_table(SAMPLE)
    assert made.schema.equals(kept.schema, check_metadata=True)
    assert made.drop_columns("values").equals(kept.drop_columns("values"))
    made_values, kept_values = (table["values"].combine_chunks() for table in (made, kept))
    assert made_values.is_valid().equals(kept_values.is_valid())
    assert np.array_equal(
        made_values.flatten().to_numpy(), kept_values.flatten().to_numpy(), equal_nan=True
    )  # Arrow's equality holds NaN unequal to itself


def test_the_research_pages_dataset_example_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    page = (ROOT / "docs" / "research.md").read_text(encoding="utf-8")
    (code,) = [block for block in re.findall(r"```python\n(.*?)```", page, re.DOTALL)]
    monkeypatch.chdir(ROOT)
    exec(compile(code, "docs/research.md", "exec"), {})


def test_an_undo_and_the_move_it_took_back_are_no_decision() -> None:
    """Issue 31, item 11: a person's game stored with undos exports the moves that stand."""
    state = load("dicecream", 2).new(3)
    state.apply(0, "roll")
    unlock = next(a for a in state.legal_actions(0) if a.startswith("unlock "))
    for action in (unlock, "undo", unlock, "done"):
        state.apply(0, action)
    rows = decisions(state.record, "x")
    assert [(row.step, row.action_text) for row in rows[:3]] == [
        (0, "roll"),
        (3, unlock),
        (4, "done"),
    ]
