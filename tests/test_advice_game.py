"""The same front-end code serves any game that gives advice: Tally (`tests/advice_game/`),
registered only here, gets hints, analysis and solving from the CLI, the terminal and the web
exactly as Dicetime does, through `Game.advice` alone. Being a game, it keeps the whole
contract too: the generic suites run on it here."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import parlour
from parlour.bots.registry import default_bot
from parlour.cli.app import app
from parlour.kernel import ExactAdvice, registry
from parlour.web.app import Settings, create_app
from tests.advice_game import Tally
from tests.kernel import test_clones, test_contract, test_properties
from tests.suites import CONTRACT, PROPERTIES
from tests.web.conftest import QUICK, hdr

runner = CliRunner()


@pytest.fixture(autouse=True)
def tally(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Tally in the registry for this test only (after the built-in games)."""
    registry.games()
    monkeypatch.setitem(registry._GAMES, Tally.info.name, Tally)
    yield


CONFIGURATIONS = Tally.info.configurations
CONFIGS = [test_properties.Config("tally", *c) for c in CONFIGURATIONS]
IDS = [test_properties.config_id(config) for config in CONFIGS]


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
@pytest.mark.parametrize("check", PROPERTIES, ids=lambda check: check.__name__)
def test_the_protocol_properties(
    check: Callable[..., None], config: test_properties.Config
) -> None:
    check(config=config)


@pytest.mark.parametrize("configuration", CONFIGURATIONS, ids=IDS)
@pytest.mark.parametrize("check", CONTRACT, ids=lambda check: check.__name__)
def test_the_contract(check: Callable[..., None], configuration: parlour.Configuration) -> None:
    check(name="tally", configuration=configuration)


def test_schema_and_declared_fields() -> None:
    test_contract.test_every_game_exports_the_schema_of_its_views("tally")
    test_clones.test_every_field_is_declared_in_init(CONFIGS[0])


def test_a_determinized_state_is_the_state_the_view_shows() -> None:
    """Nothing of Tally is hidden: the determinized state is the real one, but its history."""
    state = parlour.load("tally", 2).new(seed=1)
    for action in ("one", "two", "two"):
        state.apply(state.to_act[0], action)
    twin = state.game.determinize(state.view(1), parlour.Rng(5))
    assert twin.history == () and twin.scores == (3, 2) and twin.to_act == (1,)
    assert [twin.view(seat) for seat in (0, 1, None)] == [state.view(s) for s in (0, 1, None)]
    assert state.game.all_actions() == ("two", "one") and state.game.length_bound() == 6


def invoke_json(*args: str) -> Any:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def saved(tmp_path: Path, *actions: str) -> str:
    """A solo game of Tally after `actions`, saved as a record; its path."""
    state = parlour.load("tally").new(seed=1)
    for action in actions:
        state.apply(0, action)
    path = tmp_path / "tally.json"
    path.write_text(json.dumps(state.record))
    return str(path)


def test_the_listing_says_it_gives_advice_and_its_default_bot() -> None:
    listing = {game["name"]: game for game in invoke_json("games")}
    assert listing["tally"]["advice"] is True and listing["tally"]["analysis"] is True
    assert listing["tally"]["default_bot"] == default_bot("tally") == "random"  # no bot of its own


def test_cli_hint_analyse_and_solve(tmp_path: Path) -> None:
    hints = invoke_json("hint", saved(tmp_path, "one"))
    exact = {"loss": 0, "margin": 0.0, "banked": 1}
    assert hints == [
        {
            "seat": 0,
            "choices": [
                {"action": "two", "expected": 5, **exact, "to_come": 4, "words": "two"},
                {"action": "one", "expected": 4, **exact, "loss": 1, "to_come": 3, "words": "one"},
            ],
            "measure": "points",
            "exact": True,
            "about": None,
        }
    ]
    assert "Hints for seat 1" in runner.invoke(app, ["hint", saved(tmp_path, "one")]).output
    report = invoke_json("analyse", saved(tmp_path, "one", "two", "two"))
    assert report["game"] == "tally" and report["optimal_expected_score"] == 6
    (seat,) = report["seats"]
    assert [d["number"] for d in seat["decisions"]] == [1, 2, 3]
    assert seat["decisions"][0] == {
        "number": 1,
        "action": "one",
        "action_words": "one",
        "best": "two",
        "best_words": "two",
        "expected": 5,
        "best_expected": 6,
        "loss": 1,
        "margin": 0.0,
        "why": "Two adds 2 to your tally, one 1.",  # a sentence: a capital first
    }
    assert seat["decisions"][1]["why"] is None  # the best was played
    assert (seat["lost"], seat["score"]) == (1, 5)
    assert seat["proficiency"] == pytest.approx(100 * 5 / 6)
    solved = invoke_json("solve", "tally", "--simulate", "4")
    assert (solved["expected_score"], solved["cached"], solved["table_bytes"]) == (6, False, 0)
    assert solved["simulation"]["mean_score"] == 6 and solved["simulation"]["games"] == 4
    text = runner.invoke(app, ["solve", "tally"]).output
    assert "Optimal expected score: 6.000000" in text and "Table" not in text  # none stored


def test_terminal_hints_before_each_decision(tmp_path: Path) -> None:
    args = ["play", "tally", "--seats", "human", "--hints", "--save", str(tmp_path / "t.json")]
    result = runner.invoke(app, args, "one\ntwo\ntwo\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("Hints for you") == 3
    assert "Final scores: Seat 1: 5" in result.output


def test_web_hints_and_analysis(tmp_path: Path) -> None:
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'parlour.db'}", **QUICK)
    with TestClient(create_app(settings)) as client:
        listing = {game["name"]: game for game in client.get("/api/games").json()}
        assert listing["tally"]["advice"] is True and listing["tally"]["analysis"] is True
        body = {"game": "tally", "players": 1, "seats": ["person"], "name": "Ann"}
        created = client.post("/api/tables", json=body).json()
        table_id, token = created["table"]["id"], created["token"]
        hints = f"/api/tables/{table_id}/hints"
        choices = client.get(hints, headers=hdr(token)).json()["choices"]
        assert [(c["action"], c["expected"], c["loss"]) for c in choices] == [
            ("two", 6, 0),
            ("one", 5, 1),
        ]
        for number, action in enumerate(["one", "two", "two"]):
            sent = {"action": action, "request_id": str(number)}
            assert client.post(f"/api/tables/{table_id}/actions", json=sent, headers=hdr(token))
        over = client.get(hints, headers=hdr(token)).json()
        assert over == {"choices": None, "measure": "points", "exact": True, "about": None}
        analysis = client.get(f"/api/tables/{table_id}/analysis")
        while analysis.status_code == 202:  # the solver's preparation, instant here
            analysis = client.get(f"/api/tables/{table_id}/analysis")
        assert analysis.status_code == 200, analysis.text
        report = analysis.json()
        assert report["optimal_expected_score"] == 6
        assert report["seats"][0]["lost"] == 1 and report["seats"][0]["score"] == 5


class Forgiving(Tally):
    """Tally whose every move may be taken back (played alone, the seat stays to act)."""

    def undoable(self, before: parlour.State, seat: int, action: parlour.Action) -> bool:
        return True


def test_the_analysis_judges_only_the_moves_that_stand() -> None:
    """Issue 31, item 11: a move taken back and its undo are no decision to judge."""
    state = Forgiving(1, {}).new(0)
    for action in ("one", "undo", "two", "two", "two"):
        state.apply(0, action)
    advice = state.game.advice()
    assert isinstance(advice, ExactAdvice)
    (seat,) = advice.analyse(state)["seats"]
    assert [(d["number"], d["action"], d["loss"]) for d in seat["decisions"]] == [
        (3, "two", 0),
        (4, "two", 0),
        (5, "two", 0),
    ]
