"""The `winner` bot: on the last turn against a finished sheet its chances are exact (checked
by brute force over the dice), it gambles where `optimal` would not, the greatest of several
normal scores, the stored second moments and their cache, and legal play from the view in
every mode."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from functools import cache
from itertools import combinations_with_replacement
from pathlib import Path

import numpy as np
import pytest

import parlour
from parlour.bots import bots_for, make_bot
from parlour.boxes.dicetime.components import ALL_OPEN, CATEGORIES, Category
from parlour.boxes.dicetime.rules import score
from parlour.boxes.dicetime.solver import store
from parlour.boxes.dicetime.solver.advisor import Advisor, Position
from parlour.boxes.dicetime.solver.build import Solution, Variant, upper_states
from parlour.boxes.dicetime.solver.store import (
    SQUARES,
    Table,
    obtain,
    squares_for,
    table_for,
    table_path,
)
from parlour.boxes.dicetime.solver.tails import tails
from parlour.boxes.dicetime.solver.winning import Standing, strongest, win_advisor

STANDARD = Variant(five_of_a_kind_is_full_house=True, puzzle=False)


@pytest.fixture(scope="module")
def table() -> Table:
    """The standard game's table only (the session's `tables` builds the puzzle's too)."""
    return table_for(STANDARD)


def _probability(dice: tuple[int, ...]) -> float:
    ways = math.factorial(len(dice))
    for count in Counter(dice).values():
        ways //= math.factorial(count)
    return ways / 6 ** len(dice)


def brute_force(
    sheet: tuple[int | None, ...], upper: int, rival: int
) -> tuple[Callable[[tuple[int, ...]], float], Callable[[tuple[int, ...], int], float]]:
    """Exact chances of beating a finished `rival` total on the last turn (one category open),
    by enumerating every roll: a tie counts half."""
    (category,) = [c for c in CATEGORIES if sheet[c] is None]
    entered = sum(points for points in sheet if points is not None)

    def outcome(dice: tuple[int, ...]) -> float:
        points = score(category, dice)
        bonus = 35 if upper + (points if category.is_upper else 0) >= 63 else 0
        final = entered + points + bonus
        return 1.0 if final > rival else 0.5 if final == rival else 0.0

    @cache
    def after_roll(dice: tuple[int, ...], left: int) -> float:
        best = outcome(dice)
        if left:
            for size in range(5):
                for kept in set(combinations_with_replacement(dice, size)):
                    if not Counter(kept) - Counter(dice):
                        best = max(best, keep(tuple(sorted(kept)), left - 1))
        return best

    @cache
    def keep(kept: tuple[int, ...], left: int) -> float:
        return sum(
            _probability(rolled) * after_roll(tuple(sorted(kept + rolled)), left)
            for rolled in combinations_with_replacement(range(1, 7), 5 - len(kept))
        )

    return outcome, keep


def _kept(action: str, dice: tuple[int, ...]) -> tuple[int, ...]:
    if action == "roll":
        return ()
    return tuple(sorted(dice[int(p) - 1] for p in action.removeprefix("keep ").split(",")))


def test_last_turn_chances_match_brute_force(table: Table) -> None:
    """Every choice's chance on a last turn against a finished sheet equals the exact chance,
    whatever the rolls left, the open category, the bonus at stake and the rival's lead; the
    bot's choice has the best of them."""
    advisor = win_advisor(STANDARD)
    rng = random.Random(3)
    for open_category, upper, lead in [
        (Category.CHANCE, 40, 24),
        (Category.SIXES, 50, 30),
        (Category.FOUR_OF_A_KIND, 63, 12),
        (Category.LARGE_STRAIGHT, 20, 35),
        (Category.FULL_HOUSE, 70, 0),
    ]:
        sheet = tuple(None if c is open_category else 10 for c in CATEGORIES)
        entered = sum(p for p in sheet if p is not None)
        rival = entered + (35 if upper >= 63 else 0) + lead
        outcome, keep = brute_force(sheet, upper, rival)
        for rerolls in (0, 1, 2):
            dice = tuple(rng.randrange(1, 7) for _ in range(5))
            position = Position(sheet, upper, dice, rerolls, False)
            actions, chances, _ = advisor.choices(position, [Standing(rival, 0.0)])
            exact = [
                outcome(tuple(sorted(dice)))
                if action.startswith("enter")
                else keep(_kept(action, dice), rerolls - 1)
                for action in actions
            ]
            assert chances.tolist() == pytest.approx(exact, abs=1e-12)
            chosen = actions.index(advisor.best(position, [Standing(rival, 0.0)]))
            assert exact[chosen] == pytest.approx(max(exact), abs=1e-12)


def test_trailing_by_one_it_gambles_where_optimal_enters(table: Table) -> None:
    """Last turn, only Chance open, 6 6 5 4 4 with a roll left, the finished rival one point
    ahead of entering 25: optimal enters (a sure loss); winner rerolls one 4 (1/6 to win, 1/6
    to tie)."""
    sheet = (0,) * 12 + (None,)
    position = Position(sheet, 0, (6, 6, 5, 4, 4), 1, False)
    assert Advisor(table).best(position) == "enter chance"
    rival = [Standing(26, 0.0)]
    advisor = win_advisor(STANDARD)
    best = advisor.best(position, rival)
    assert best == "keep 1,2,3,4"
    actions, chances, _ = advisor.choices(position, rival)
    assert chances[actions.index(best)] == pytest.approx(1 / 6 + 1 / 12)
    assert chances[actions.index("enter chance")] == 0.0


def test_a_sure_tie_is_worth_half_and_a_decided_game_is_played_for_points(table: Table) -> None:
    """Against a total it ties by entering 25, entering (1/2) beats gambling (5/12); against a
    total it cannot reach, every chance is 0 and the expected score decides, as for optimal."""
    sheet = (0,) * 12 + (None,)
    position = Position(sheet, 0, (6, 6, 5, 4, 4), 1, False)
    advisor = win_advisor(STANDARD)
    assert advisor.best(position, [Standing(25, 0.0)]) == "enter chance"
    hopeless = Position((0,) * 11 + (None, None), 0, (6, 6, 6, 2, 1), 2, False)
    assert advisor.best(hopeless, [Standing(500, 0.0)]) == Advisor(table).best(hopeless)


def test_the_greatest_of_normal_scores() -> None:
    """One score is itself; certain scores give the certain maximum; two equal independent
    normals have the mean mu + sigma / sqrt(pi) and the variance sigma^2 (1 - 1/pi)."""
    one = Standing(240.0, 1600.0)
    assert strongest([one]) == one
    assert strongest([Standing(200, 0.0), Standing(230, 0.0), Standing(210, 0.0)]) == Standing(
        230, 0.0
    )
    both = strongest([one, one])
    assert both.mean == pytest.approx(240 + 40 / math.sqrt(math.pi))
    assert both.variance == pytest.approx(1600 * (1 - 1 / math.pi))


def test_second_moments_give_the_solved_spread(table: Table) -> None:
    """The stored second moments give the start's standard deviation in the table's header,
    nothing to come on a full sheet, and Chance alone (3 rolls) its variance of about 5.9."""
    squares = squares_for(STANDARD)
    values = table.values
    start = math.sqrt(squares[0, 0, 0] - values[0, 0, 0] ** 2)
    assert start == pytest.approx(table.sd_score, abs=1e-9)
    assert squares[ALL_OPEN, 62, 0] == 0 and squares[ALL_OPEN, 63, 0] == 35**2
    only_chance = ALL_OPEN & ~(1 << Category.CHANCE)
    variance = squares[only_chance, 0, 0] - values[only_chance, 0, 0] ** 2
    assert 0 < variance < 20


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {"start": "race"}), (3, {"mode": "simultaneous"}), (1, {})],
)
def test_winner_plays_legal_actions_from_its_view(players: int, options: dict[str, object]) -> None:
    game = parlour.load("dicetime", players, **options)
    state = game.new(21)
    bots = [make_bot("dicetime", "winner", seat, seat) for seat in range(players)]
    steps = 0
    while not state.over:
        seat = state.to_act[steps % len(state.to_act)] if state.to_act else None
        assert seat is not None
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.view(seat), legal)
        assert action in legal
        state.apply(seat, action)
        steps += 1
    assert state.winners


def test_winner_is_offered_but_not_the_default() -> None:
    info = {bot.name: bot for bot in bots_for("dicetime")}["winner"]
    assert not info.default and info.description


def test_second_moments_are_rebuilt_when_missing_or_untrusted(
    table: Table, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Building a table stores its second moments beside it; a missing or corrupt file of
    second moments is solved again, never trusted."""
    monkeypatch.setenv("PARLOUR_CACHE", str(tmp_path))
    builds: list[Variant] = []
    known = squares_for(STANDARD)

    def fake_solve(variant: Variant, progress: object = None) -> Solution:
        builds.append(variant)
        return Solution(variant, table.values, known)

    monkeypatch.setattr(store, "solve", fake_solve)
    monkeypatch.setattr(store, "_SQUARES", {})
    obtain(STANDARD)
    assert np.array_equal(squares_for(STANDARD), known) and builds == [STANDARD]
    path = table_path(STANDARD, SQUARES)
    for damage in (path.unlink, lambda: path.write_bytes(b"not a table")):
        damage()
        monkeypatch.setattr(store, "_SQUARES", {})
        assert np.array_equal(squares_for(STANDARD), known)
    assert builds == [STANDARD] * 3


def test_tail_distributions_have_the_solved_moments(table: Table) -> None:
    """Every reachable state with at most two categories open: its exact distribution of the
    points to come sums to one and has the solver's mean and second moment."""
    slot, dist = tails(STANDARD)
    squares = squares_for(STANDARD)
    compute, _ = upper_states()
    points = np.arange(dist.shape[2])
    states = [(m, u) for m in np.flatnonzero(slot >= 0) for u in range(64) if compute[m & 63, u]]
    assert len(states) > 1000
    for mask, upper in states:
        d = dist[slot[mask], upper]
        assert d.sum() == pytest.approx(1, abs=1e-12) and d.min() >= 0
        assert d @ points == pytest.approx(table.values[mask, upper, 0], abs=1e-9)
        assert d @ points**2 == pytest.approx(squares[mask, upper, 0], abs=1e-7)


def test_against_one_category_left_the_rival_is_exact(table: Table) -> None:
    """The first seat's last turn, the rival with only five of a kind open (0 or 50, far from
    normal): every chance equals brute force over our dice against the rival's exact
    distribution (what the model takes for it is checked by the test above)."""
    slot, dist = tails(STANDARD)
    only_five = ALL_OPEN & ~(1 << Category.FIVE_OF_A_KIND)
    rival_points = dist[slot[only_five], 0]
    rival = Standing(
        200 + rival_points @ np.arange(len(rival_points)), 1.0, slot[only_five], 0, 200
    )
    sheet = tuple(None if c is Category.CHANCE else 15 for c in CATEGORIES)  # 180 entered
    advisor = win_advisor(STANDARD)
    outcomes = [brute_force(sheet, 0, 200 + x) for x in range(len(rival_points))]
    position = Position(sheet, 0, (6, 5, 3, 2, 1), 2, False)
    actions, chances, _ = advisor.choices(position, [rival])
    for action, chance in zip(actions, chances, strict=True):
        exact = sum(
            p
            * (
                outcome((1, 2, 3, 5, 6))
                if action.startswith("enter")
                else keep(_kept(action, position.dice), 1)
            )
            for p, (outcome, keep) in zip(rival_points, outcomes, strict=True)
            if p > 0
        )
        assert chance == pytest.approx(exact, abs=1e-12)
