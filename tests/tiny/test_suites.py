"""The generic suites on Tiny Duel, a game they have never heard of: registered (by the
`tiny_game` fixture), it is picked up by every case list built from the registry, and passes
the protocol properties, replay, the clone checks, the contract (determinizer, reasons, action
list, length bound, typed views), the simulator and the terminal's generic renderer. (The
page's generic renderer plays it in `tests/web/test_browser.py`.)"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import parlour
from parlour.bots.registry import bots_for
from parlour.kernel import Game, IllegalAction
from parlour.kernel.schemas import check_view
from parlour.sim import SimSpec, simulate
from parlour.terminal.renderers import generic, renderer_for
from parlour.terminal.runner import TerminalGame
from tests.kernel import test_breakdowns, test_clones, test_contract, test_properties
from tests.suites import CONTRACT, PROPERTIES
from tests.tiny import TinyDuel

pytestmark = pytest.mark.usefixtures("tiny_game")

CONFIGS = [test_properties.Config("tiny", *c) for c in TinyDuel.info.configurations]


def test_the_case_lists_pick_up_a_registered_game(tiny_game: type[Game]) -> None:
    """Registering is all it takes: the suites' case lists, built from the registry, hold
    every configuration the game declares (and nothing else changes for the others)."""
    assert [c for c in test_properties.configs() if c.game == "tiny"] == CONFIGS
    assert [case.values[1] for case in test_contract.cases() if case.values[0] == "tiny"] == list(
        tiny_game.info.configurations
    )
    others = [c for c in test_properties.CONFIGS if c.game != "tiny"]  # (--game tiny: listed)
    assert [c for c in test_properties.configs() if c.game != "tiny"] == others


@pytest.mark.parametrize("config", CONFIGS, ids=test_properties.config_id)
@pytest.mark.parametrize("check", PROPERTIES, ids=lambda check: check.__name__)
def test_the_protocol_properties(
    check: Callable[..., None], config: test_properties.Config
) -> None:
    check(config=config)


@pytest.mark.parametrize("config", CONFIGS, ids=test_properties.config_id)
def test_the_breakdowns(config: test_properties.Config) -> None:
    test_breakdowns.test_the_game_breakdown_adds_up_to_the_scores(config=config)


@pytest.mark.parametrize(
    "configuration",
    TinyDuel.info.configurations,
    ids=[test_properties.config_id(c) for c in CONFIGS],
)
@pytest.mark.parametrize("check", CONTRACT, ids=lambda check: check.__name__)
def test_the_contract(check: Callable[..., None], configuration: parlour.Configuration) -> None:
    check(name="tiny", configuration=configuration)


def test_schema_and_declared_fields() -> None:
    test_contract.test_every_game_exports_the_schema_of_its_views("tiny")
    test_clones.test_every_field_is_declared_in_init(CONFIGS[0])


def test_refusals_are_told_by_the_game() -> None:
    """The game's own reasons, in its own words; the kernel's for the rest."""
    state = parlour.load("tiny").new(1)
    hand = state.view(0)["hand"]
    missing = next(card for card in range(1, 7) if card not in hand)
    with pytest.raises(IllegalAction, match=f"you hold no {missing}; your cards: ") as refused:
        state.apply(0, f"play {missing}")
    assert refused.value.reason is not None and refused.value.reason.code == "not_in_hand"
    assert state.refusal(0, "fold") == parlour.Reason("not_a_play", {"action": "fold"})
    assert state.parse_action(0, f"p{hand[0]}") == f"play {hand[0]}"
    with pytest.raises(parlour.OptionError, match="cards must be even"):
        parlour.load("tiny", cards=5)


def test_the_simulator_plays_it() -> None:
    spec = SimSpec("tiny", 2, ("high", "random"), games=40, seed=3, rotate=True)
    summary = simulate(spec, workers=1)
    assert [bot.name for bot in bots_for("tiny")] == ["high", "mcts", "policy", "random"]
    assert len(summary.scores) == 40 and all(sum(game) <= 3 for game in summary.scores)
    assert sum(summary.win_rates) >= 1  # a tie is a win for both
    assert simulate(spec, workers=1).scores == summary.scores
    json.dumps(summary.to_json())


class FirstLegal:
    """A person at the keyboard who always types the first legal action (as a short form)."""

    def __init__(self) -> None:
        self.game: TerminalGame | None = None

    def ask(self, prompt: str, deadline: float | None = None) -> str | None:
        assert self.game is not None
        seat = self.game.humans[0]
        return self.game.state.legal_actions(seat)[0].removeprefix("play ")

    def new_question(self) -> None:
        """Answers come straight from the state: nothing is typed ahead."""


def test_the_terminal_plays_it_with_the_generic_renderer(tmp_path: Path) -> None:
    assert renderer_for("tiny") is generic.render
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    prompt = FirstLegal()
    game = TerminalGame(
        parlour.load("tiny").new(7), ["human", "high"], console, prompt, tmp_path / "save.json"
    )
    prompt.game = game
    state = game.play()
    assert state.over
    shown = out.getvalue()
    assert '"highest": 6' in shown and "Round 3: You played" in shown
    assert "Final scores:" in shown
    record: dict[str, Any] = json.loads((tmp_path / "save.json").read_text())
    check_view(TinyDuel, parlour.replay(record).view(0))


def test_the_game_benchmark_has_a_case_for_it() -> None:
    from benchmarks.bench_games import cases, parlour_games

    case = next(case for case in cases() if case.parlour_game == "tiny")
    assert (case.players, case.peer) == (2, "")
    games, actions, _, _ = parlour_games(case, random.Random(1), 0.05)
    assert games > 0 and actions == 6 * games  # every game plays each of the six cards


def test_its_golden_playthrough_matches() -> None:
    """Registered, it has a playthrough as every game has, and its golden file
    (`tests/golden/tiny.txt`) is that playthrough as the game plays it now."""
    from parlour.playthrough import FOLDER, Playthrough, playthroughs, render

    plays = [play for play in playthroughs() if play.game == "tiny"]
    assert plays == [Playthrough("tiny", 2, {})]
    text = render(plays[0])
    assert text.startswith("game: tiny\nplayers: 2\n") and "\n## end\n" in text
    assert text == (FOLDER / plays[0].filename).read_text()


def test_the_soak_has_a_kind_of_table_for_it() -> None:
    from benchmarks.soak import kinds

    kind = next(kind for kind in kinds(60) if kind.game == "tiny")
    assert (kind.name, kind.seats, kind.options) == ("tiny", ("person", "random"), {})
    others = {k.game for k in kinds(60) if k.game != "tiny"}
    assert others == {info.name for info in parlour.games()} - {"tiny"}


def test_the_environment_benchmark_has_a_case_for_it() -> None:
    from benchmarks.bench_envs import cases

    assert cases()["tiny"] == 2
