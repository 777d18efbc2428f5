"""The exact Dicetime solver: published anchors, hand checks, the yatzy-solver cross-checks,
the puzzle, the cache, and the optimal bot's simulated mean against the table."""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Callable
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
import yatzy_solver as ys

import parlour
from parlour.bots import make_bot
from parlour.boxes.dicetime.components import ALL_OPEN, CATEGORIES, Category
from parlour.boxes.dicetime.solver import build, store
from parlour.boxes.dicetime.solver.advisor import (
    Advisor,
    Position,
    advisor_for,
    position_from_view,
)
from parlour.boxes.dicetime.solver.build import Solution, Variant, layers, upper_states
from parlour.boxes.dicetime.solver.store import Table, obtain, table_path
from parlour.kernel.options import Value
from parlour.sim import SimSpec, simulate

STANDARD = Variant(five_of_a_kind_is_full_house=False, puzzle=False)
FULL_HOUSE_FIVES = Variant(five_of_a_kind_is_full_house=True, puzzle=False)
PUZZLE = Variant(five_of_a_kind_is_full_house=True, puzzle=True)
ONLY_CHANCE_OPEN = ALL_OPEN & ~(1 << Category.CHANCE)


@pytest.fixture(scope="module")
def peer() -> ys.Solver:
    """yatzy-solver's exact table for American rules without bonuses: Dicetime with five of a
    kind not counted as a full house."""
    return ys.Solver.build(ys.Variant("american+no-bonus"))


def test_published_anchors(tables: dict[Variant, Table]) -> None:
    """Glenn 2006 / Verhoeff for Yahtzee without bonus rules; Holderied with 5-kind as FH."""
    assert f"{tables[STANDARD].expected_score:.6f}" == "245.870775"
    assert f"{tables[FULL_HOUSE_FIVES].expected_score:.6f}" == "245.904728"


def test_last_turn_with_only_chance_open_is_worth_70_thirds(tables: dict[Variant, Table]) -> None:
    values = tables[STANDARD].values
    assert values[ONLY_CHANCE_OPEN, 0, 0] == pytest.approx(70 / 3, abs=1e-9)
    # With the bonus already reached it is still 70/3 to come, plus the 35 of the bonus.
    assert values[ONLY_CHANCE_OPEN, 63, 0] == pytest.approx(70 / 3 + 35, abs=1e-9)


def test_a_full_sheet_is_worth_the_bonus_or_nothing(tables: dict[Variant, Table]) -> None:
    values = tables[STANDARD].values
    assert values[ALL_OPEN, 63, 0] == 35
    assert values[ALL_OPEN, 62, 0] == 0


def test_state_values_agree_with_yatzy_solver(
    tables: dict[Variant, Table], peer: ys.Solver
) -> None:
    compute, _ = upper_states()
    rng = random.Random(5)
    masks: list[int] = []
    uppers: list[int] = []
    while len(masks) < 3000:
        mask = rng.randrange(ALL_OPEN)
        upper = rng.randrange(64)
        if compute[mask & 63, upper]:
            masks.append(mask)
            uppers.append(upper)
    theirs = peer.state_values(
        np.array(masks, dtype=np.uint32),
        np.array(uppers, dtype=np.uint16),
        np.zeros(len(masks), dtype=bool),
    )
    ours = tables[STANDARD].values[masks, uppers, 0]
    # The peer counts the bonus when the total reaches 63; our values count it at the end.
    bonus_banked = 35.0 * (np.array(uppers) == 63)
    assert np.max(np.abs(ours - (theirs + bonus_banked))) < 1e-6


def _situation(position: Position) -> str:
    filled = ",".join(c.key for c in CATEGORIES if position.sheet[c] is not None) or "-"
    dice = " ".join(map(str, sorted(position.dice)))
    upper = min(position.upper, 63)
    return f"dice {dice} | rolls {position.rerolls} | upper {upper} | filled {filled}"


def _their_action(action: str, dice: tuple[int, ...]) -> str:
    if action.startswith("enter "):
        return "score " + action.removeprefix("enter ")
    if action == "roll":
        return "keep -"
    kept = [int(p) - 1 for p in action.removeprefix("keep ").split(",")]
    return "keep " + " ".join(map(str, sorted(dice[p] for p in kept)))


def random_positions(count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    positions = []
    for _ in range(count):
        used = rng.sample(range(13), rng.randrange(13))
        sheet: list[int | None] = [None] * 13
        upper = 0
        for category in used:
            points = (category + 1) * rng.randrange(6) if category < 6 else rng.randrange(31)
            sheet[category] = points
            upper += points if category < 6 else 0
        dice = tuple(rng.randrange(1, 7) for _ in range(5))
        positions.append(Position(tuple(sheet), upper, dice, rng.randrange(3), False))
    return positions


def test_every_choice_agrees_with_yatzy_solver(
    tables: dict[Variant, Table], peer: ys.Solver
) -> None:
    """Each choice's value minus the points banked (the bonus included once reached) equals the
    peer's option value (its values exclude the score so far)."""
    advisor = Advisor(tables[STANDARD])
    for position in random_positions(300, seed=11):
        entered = position.banked
        theirs = dict(peer.option_values(_situation(position)))
        actions, values = advisor.values(position)
        for action, value in zip(actions, values, strict=True):
            assert value - entered == pytest.approx(
                theirs[_their_action(action, position.dice)], abs=1e-6
            )


def test_whole_games_follow_yatzy_solvers_best_options(peer: ys.Solver) -> None:
    """Optimal games through the kernel: every decision is among the peer's best options."""
    game = parlour.load("dicetime", five_of_a_kind_is_full_house=False)
    bot = make_bot("dicetime", "optimal", 0, 1)
    for seed in range(6):
        state = game.new(seed)
        while not state.over:
            legal = state.legal_actions(0)
            action = bot.choose(state.view(0), legal)
            if len(legal) > 1:
                position = position_from_view(state.view(0), 0)
                assert position is not None
                best = {name for name, _ in peer.best_options(_situation(position))}
                assert _their_action(action, position.dice) in best
            state.apply(0, action)


def test_puzzle_hand_checks_with_only_chance_open(monkeypatch: pytest.MonkeyPatch) -> None:
    """One turn, Chance alone, p pooled rerolls: 17.5, 21.25, 23.333..., 24.722... (the
    solver run on the fullest layer alone: the whole puzzle table is a `slow` test's)."""
    monkeypatch.setattr(build, "layers", lambda: layers()[:1])
    values = build.solve(PUZZLE).values[ONLY_CHANCE_OPEN, 0]
    assert values[:4] == pytest.approx([17.5, 21.25, 70 / 3, 24.722222222], abs=1e-8)
    # More rerolls never hurt, and the pool is worth something in every layer.
    assert np.all(np.diff(values) >= -1e-12)


@pytest.mark.slow
def test_puzzle_start_is_worth_more_than_the_standard_game(
    tables: dict[Variant, Table], puzzle_table: Table
) -> None:
    assert puzzle_table.expected_score > tables[FULL_HOUSE_FIVES].expected_score + 20
    assert puzzle_table.values[0, 0, 0] < tables[FULL_HOUSE_FIVES].expected_score


def test_advisor_hand_checked_values(tables: dict[Variant, Table]) -> None:
    """Chance alone open, nothing banked: entering scores the sum; keeping four sixes with one
    roll left is worth 24 + 3.5; rerolling all is worth 17.5."""
    advisor = Advisor(tables[STANDARD])
    sheet = tuple([0] * 12 + [None])
    choices = {c.action: c for c in advisor.advise(Position(sheet, 0, (6, 6, 6, 6, 1), 1, False))}
    assert choices["enter chance"].expected == 25
    assert choices["keep 1,2,3,4"].expected == pytest.approx(27.5)
    assert choices["roll"].expected == pytest.approx(17.5)
    assert advisor.advise(Position(sheet, 0, (6, 6, 6, 6, 1), 1, False))[0].action == "keep 1,2,3,4"


def test_banked_and_to_come_add_up(tables: dict[Variant, Table]) -> None:
    advisor = Advisor(tables[FULL_HOUSE_FIVES])
    sheet = (3, 6, 9, 12, 15, 18) + (None,) * 7  # 63: the bonus is banked
    for choice in advisor.advise(Position(sheet, 63, (2, 2, 2, 5, 5), 2, False)):
        assert choice.banked == 63 + 35 and choice.to_come is not None
        assert choice.banked + choice.to_come == pytest.approx(choice.expected)
        assert choice.loss >= 0


def test_the_cache_rebuilds_what_it_cannot_trust(
    tables: dict[Variant, Table], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A corrupt, foreign or unreadable file is never trusted; --rebuild always builds."""
    monkeypatch.setenv("PARLOUR_CACHE", str(tmp_path))
    builds: list[Variant] = []
    known = {variant: table.values for variant, table in tables.items()}

    def fake_solve(variant: Variant, progress: object = None) -> Solution:
        builds.append(variant)
        return Solution(variant, known[variant], np.zeros_like(known[variant]))

    monkeypatch.setattr(store, "solve", fake_solve)
    built = obtain(STANDARD)
    assert not built.cached and built.table_bytes > 0 and builds == [STANDARD]
    again = obtain(STANDARD)
    assert again.cached and np.array_equal(again.values, built.values)
    path = table_path(STANDARD)
    data = bytearray(path.read_bytes())
    data[-100] ^= 0xFF  # one flipped byte in the values
    path.write_bytes(bytes(data))
    assert not obtain(STANDARD).cached
    path.write_bytes(b"not a table")
    assert not obtain(STANDARD).cached
    table_path(FULL_HOUSE_FIVES).write_bytes(path.read_bytes())  # another variant's file
    assert not obtain(FULL_HOUSE_FIVES).cached
    assert not obtain(STANDARD, rebuild=True).cached
    assert builds == [STANDARD, STANDARD, STANDARD, FULL_HOUSE_FIVES, STANDARD]


def test_two_asking_at_once_build_a_variant_once(
    tables: dict[Variant, Table], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While one builds a variant, another that found no table waits for the build lock, then
    loads what the first stored (two threads: a file lock holds between two opens of its file
    as between two processes)."""
    monkeypatch.setenv("PARLOUR_CACHE", str(tmp_path))
    known = tables[STANDARD].values
    builds: list[str] = []
    building, missed = threading.Event(), threading.Event()
    looked = store._cached

    def fake_solve(variant: Variant, progress: object = None) -> Solution:
        builds.append(threading.current_thread().name)
        building.set()
        assert missed.wait(60)  # the second has looked and found nothing
        return Solution(variant, known, np.zeros_like(known))

    def cached(variant: Variant, started: float) -> Table | None:
        found = looked(variant, started)
        if threading.current_thread().name == "second":
            missed.set()
        return found

    monkeypatch.setattr(store, "solve", fake_solve)
    monkeypatch.setattr(store, "_cached", cached)
    results: dict[str, Table] = {}

    def ask() -> None:
        results[threading.current_thread().name] = obtain(STANDARD)

    first = threading.Thread(target=ask, name="first")
    first.start()
    assert building.wait(60)
    second = threading.Thread(target=ask, name="second")
    second.start()
    first.join(60)
    second.join(60)
    assert builds == ["first"]
    assert not results["first"].cached and results["second"].cached
    assert np.array_equal(results["second"].values, known)


def test_prepare_reports_the_fraction_built_up_to_one(
    tables: dict[Variant, Table], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The web page's progress bar: the advice's `prepare` turns the build's per-layer progress
    into a fraction that rises to exactly 1; a table already loaded reports nothing."""
    monkeypatch.setenv("PARLOUR_CACHE", str(tmp_path))
    monkeypatch.setattr(store, "_LOADED", {})
    known = tables[STANDARD].values

    def fake_solve(variant: Variant, progress: Callable[[int], None]) -> Solution:
        progress(1)  # what `solve` reports: the full sheet, then each layer of masks
        for masks in layers():
            progress(len(masks))
        return Solution(variant, known, np.zeros_like(known))

    monkeypatch.setattr(store, "solve", fake_solve)
    fractions: list[float] = []
    advice = parlour.load("dicetime", five_of_a_kind_is_full_house=False).advice()
    assert advice is not None
    advice.prepare(fractions.append)
    assert fractions == sorted(fractions) and fractions[-1] == 1.0 and len(fractions) == 14
    advice.prepare(fractions.append)
    assert len(fractions) == 14


def _mean_within_three_standard_errors(options: dict[str, Value], games: int, table: Table) -> None:
    spec = SimSpec("dicetime", 1, ("optimal",), games, seed=3, options=dict(options))
    summary = simulate(spec, workers=2)
    standard_error = summary.sd_scores[0] / math.sqrt(games)
    assert abs(summary.mean_scores[0] - table.expected_score) < 3 * standard_error
    assert summary.sd_scores[0] == pytest.approx(table.sd_score, rel=0.1)


def test_optimal_bot_mean_agrees_with_the_table(tables: dict[Variant, Table]) -> None:
    _mean_within_three_standard_errors({}, 2000, tables[FULL_HOUSE_FIVES])


@pytest.mark.slow
def test_optimal_bot_mean_agrees_with_the_puzzle_table(puzzle_table: Table) -> None:
    options: dict[str, Value] = {"mode": "puzzle", "time_limit": 0}
    _mean_within_three_standard_errors(options, 600, puzzle_table)


def test_optimal_bot_uses_its_own_sheet_in_multiplayer() -> None:
    state = parlour.load("dicetime", players=2).new(seed=4)
    bot = make_bot("dicetime", "optimal", 1, 0)
    state.apply(0, "roll")
    state.apply(0, "enter chance")
    state.apply(1, "roll")
    position_action = bot.choose(state.view(1), state.legal_actions(1))
    assert (
        position_action
        == advisor_for(state.game.options)
        .advise(
            Position((None,) * 13, 0, tuple(state.view(1)["seats"][1]["turn"]["dice"]), 2, False)
        )[0]
        .action
    )


def test_keep_choices_cover_every_keep_action(tables: dict[Variant, Table]) -> None:
    advisor = Advisor(tables[STANDARD])
    actions, _ = advisor.values(Position((None,) * 13, 0, (1, 2, 3, 4, 5), 2, False))
    keeps = {a for a in actions if not a.startswith("enter")}
    expected = {"roll"} | {
        "keep " + ",".join(str(p + 1) for p in kept)
        for size in range(1, 5)
        for kept in combinations(range(5), size)
    }
    assert keeps == expected


def test_a_position_reads_the_sheet_by_category_not_by_key_order() -> None:
    """A view's sheet is a mapping: its keys in another order (JSON from elsewhere, say) name
    the same position."""
    state = parlour.load("dicetime").new(seed=5, chance=[1] * 5 + [6, 6, 6, 6, 6])
    state.apply(0, "roll")
    state.apply(0, "enter ones")
    state.apply(0, "roll")
    view = state.view(0)
    info = view["seats"][0]
    shuffled = {**view, "seats": [{**info, "sheet": dict(reversed(info["sheet"].items()))}]}
    position = position_from_view(shuffled, 0)
    assert position == position_from_view(view, 0)
    assert position is not None and position.sheet[Category.ONES] == 5
    assert position.mask == 1 << Category.ONES
