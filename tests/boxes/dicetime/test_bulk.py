"""The bulk player: it makes the optimal bot's decisions on the same dice, its scores depend on
the seed alone, and its mean agrees with the table."""

from __future__ import annotations

import math

import numba
import numpy as np
import pytest

import parlour
from parlour.bots import make_bot
from parlour.boxes.dicetime.solver.build import Variant
from parlour.boxes.dicetime.solver.bulk import FACES_PER_GAME, Player, simulate
from parlour.boxes.dicetime.solver.store import Table

STANDARD = Variant(five_of_a_kind_is_full_house=True, puzzle=False)


def kernel_score(options: dict[str, object], faces: list[int]) -> int:
    """A solo game played by the `optimal` bot through the kernel on scripted dice."""
    state = parlour.load("dicetime", 1, **options).new(7, chance=faces)
    bot = make_bot("dicetime", "optimal", 0, 7)
    while not state.over:
        legal = state.legal_actions(0)
        state.apply(0, legal[0] if len(legal) == 1 else bot.choose(state.view(0), legal))
    return state.scores[0]


def bulk_and_kernel(table: Table, options: dict[str, object], games: int) -> None:
    faces = np.random.default_rng(11).integers(1, 7, size=(games, FACES_PER_GAME))
    played = Player(table).play(faces)
    assert played.tolist() == [kernel_score(options, row.tolist()) for row in faces]


def test_bulk_games_are_the_optimal_bots_games(tables: dict[Variant, Table]) -> None:
    bulk_and_kernel(tables[STANDARD], {}, 25)


@pytest.mark.slow
def test_bulk_puzzle_games_are_the_optimal_bots_games(puzzle_table: Table) -> None:
    bulk_and_kernel(puzzle_table, {"mode": "puzzle", "time_limit": 0}, 6)


def test_scores_depend_on_the_seed_alone(tables: dict[Variant, Table]) -> None:
    table = tables[STANDARD]
    threads = numba.get_num_threads()
    first = simulate(table, 3000, seed=5, chunk=1000)
    numba.set_num_threads(1)
    try:
        again = simulate(table, 3000, seed=5, chunk=1000)
    finally:
        numba.set_num_threads(threads)
    assert first.tolist() == again.tolist()
    assert first.tolist() != simulate(table, 3000, seed=6, chunk=1000).tolist()


def mean_within_three_standard_errors(table: Table, games: int) -> None:
    played = simulate(table, games, seed=2)
    standard_error = played.std(ddof=1) / math.sqrt(games)
    assert abs(played.mean() - table.expected_score) < 3 * standard_error
    assert played.std(ddof=1) == pytest.approx(table.sd_score, rel=0.05)


def test_mean_lies_within_three_standard_errors_of_the_table(
    tables: dict[Variant, Table],
) -> None:
    mean_within_three_standard_errors(tables[STANDARD], 20_000)


@pytest.mark.slow
def test_the_puzzle_mean_lies_within_three_standard_errors_of_the_table(
    puzzle_table: Table,
) -> None:
    mean_within_three_standard_errors(puzzle_table, 4_000)
