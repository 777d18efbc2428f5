"""The arena: its duplicate schedule, chance tracing, bootstrap and rating fit, and a tiny run
whose summary is the same for any number of workers."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from parlour.arena import (
    RANKED_BY,
    ArenaResult,
    ArenaSpec,
    Chance,
    Standing,
    run_arena,
    summarise,
)
from parlour.arena.schedule import common_prefix, play_units, traced_game, validate
from parlour.arena.stats import ELO, fit_ratings, resample_weights
from parlour.bots.match import play_match
from parlour.bots.registry import make_bot
from parlour.cli.arena import standings_table
from parlour.kernel import SPECTATOR, Objective, OptionError, load
from parlour.sim import derived_seed


def spec(**changes: object) -> ArenaSpec:
    base = ArenaSpec(game="dicecream", players=2, bots=("random", "greedy"), deals=4, seed=3)
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def test_one_table_rotates_its_bots_so_each_sits_in_every_seat_once() -> None:
    four = spec(game="dokitto", players=4, bots=("a", "b", "c", "d"))
    assert four.tables == ((0, 1, 2, 3),)
    assert four.seatings == ((0, 1, 2, 3), (1, 2, 3, 0), (2, 3, 0, 1), (3, 0, 1, 2))
    for bot in range(4):
        assert sorted(seats[bot] for seats in four.seatings) == [0, 1, 2, 3]
    assert len(spec(players=3, bots=("a", "b", "c"), permute=True).seatings) == 6
    assert four.games == 4 * 4


def test_more_bots_than_seats_make_a_round_robin_of_every_group() -> None:
    ladder = spec(bots=("a", "b", "c", "d"), deals=5)
    assert ladder.tables == ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
    assert ladder.units == 30 and ladder.games == 60
    assert ladder.unit(7) == (1, 1)  # deal by deal, every table in turn
    assert len(spec(players=3, bots=("a", "b", "c", "d")).tables) == 4


def test_a_bot_named_twice_at_one_table_is_told_apart() -> None:
    assert spec(players=3, bots=("greedy", "random", "greedy")).labels == (
        "greedy",
        "random",
        "greedy (2)",
    )


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"bots": ("random",)}, "1 bots for 2 players"),
        ({"bots": ("random", "greedy", "random")}, "names random twice"),
        ({"bots": ("random", "nobody")}, "no bot 'nobody'"),
        ({"players": 9}, "2 to"),
        ({"deals": 0}, "at least 1"),
    ],
)
def test_a_bad_spec_is_refused_naming_what_is_wrong(
    changes: dict[str, object], message: str
) -> None:
    with pytest.raises(OptionError, match=message):
        validate(spec(**changes))


def test_a_traced_game_is_dealt_and_played_exactly_as_a_new_one() -> None:
    game = load("icecream", 3)
    traced, rng = traced_game(game, 11)
    plain = game.new(11)
    assert traced.view(SPECTATOR) == plain.view(SPECTATOR)
    for state in (traced, plain):
        play_match(state, [make_bot("icecream", "greedy", seat, seat) for seat in range(3)])
    assert traced.record == plain.record and traced.scores == plain.scores
    assert rng.trace and all(len(draw) == 3 for draw in rng.trace)


def test_every_seating_of_a_deal_plays_sims_game_of_that_number() -> None:
    """Duplicate deals: the same seed under every seating, so their first draws coincide."""
    (result,) = play_units(spec(deals=1), (0,), 0, 1)
    game = load("dicecream", 2)
    first, _ = traced_game(game, derived_seed(3, 0))
    assert result.aligned >= 1 and len(result.draws) == 2
    assert len(result.shares) == len(result.scores) == 2
    assert all(sum(shares) == pytest.approx(1) for shares in result.shares)
    assert first.view(SPECTATOR) == game.new(derived_seed(3, 0)).view(SPECTATOR)


def test_common_prefix_counts_the_first_draws_every_trace_shares() -> None:
    assert common_prefix([[(1, 6, 3), (1, 6, 2)], [(1, 6, 3), (1, 6, 5)]]) == 1
    assert common_prefix([[(1, 6, 3)], [(1, 6, 3), (1, 6, 5)]]) == 1
    assert common_prefix([[(0, 2, 1)], [(0, 2, 1)], [(0, 3, 1)]]) == 0


def test_a_tiny_arena_is_the_same_for_any_number_of_workers() -> None:
    tiny = spec(game="dicetime", bots=("random", "greedy"), deals=6)
    one, two = run_arena(tiny, workers=1), run_arena(tiny, workers=2)
    assert one.standings == two.standings and one.chance == two.chance
    random_bot, greedy = one.standings
    assert greedy.win_share[0] > 0.9 > 0.1 > random_bot.win_share[0]
    assert greedy.rating[0] > 0 > random_bot.rating[0]
    assert random_bot.games == greedy.games == 12
    for standing in one.standings:
        for _, low, high in (standing.win_share, standing.mean_score, standing.rating):
            assert low <= high


def test_bootstrap_intervals_reproduce_and_follow_the_seed() -> None:
    tiny = spec(deals=6)
    results = play_units(tiny, tuple(range(tiny.units)), 0, tiny.units)
    first = summarise(tiny, results, 0.0, resamples=200)
    assert summarise(tiny, results, 0.0, resamples=200).standings == first.standings
    other = summarise(dataclasses.replace(tiny, seed=4), results, 0.0, resamples=200)
    assert other.standings != first.standings
    weights = np.concatenate(list(resample_weights(10, 120, seed=5)))
    assert weights.shape == (120, 10) and (weights.sum(axis=1) == 10).all()
    assert np.array_equal(weights, np.concatenate(list(resample_weights(10, 120, seed=5))))


def luce_data(
    ratings: list[float], tables: list[tuple[int, ...]], games: int, seed: int | None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Wins at each table under the Luce model of who wins: expected (seed None) or drawn."""
    strength = np.exp(np.array(ratings) / ELO)
    members = np.zeros((len(tables), len(ratings)), dtype=np.bool_)
    wins = np.zeros(members.shape)
    rng = np.random.default_rng(seed)
    for index, table in enumerate(tables):
        members[index, list(table)] = True
        odds = strength[list(table)] / strength[list(table)].sum()
        wins[index, list(table)] = games * odds if seed is None else rng.multinomial(games, odds)
    return wins, np.full(len(tables), float(games)), members


@pytest.mark.parametrize("players", [2, 3])
def test_the_fit_recovers_known_strengths(players: int) -> None:
    """Bradley-Terry (pairs) and the Luce first-place model (tables of three)."""
    import itertools

    truth = [-150.0, -50.0, 20.0, 180.0]
    tables = list(itertools.combinations(range(4), players))
    exact = fit_ratings(*luce_data(truth, tables, 10**7, None))
    assert exact == pytest.approx(truth, abs=0.5)
    drawn = fit_ratings(*luce_data(truth, tables, 20_000, seed=players))
    assert drawn == pytest.approx(truth, abs=20)
    assert list(np.argsort(drawn)) == [0, 1, 2, 3]


def test_a_bot_that_never_loses_gets_a_finite_rating() -> None:
    wins = np.array([[10.0, 0.0]])
    ratings = fit_ratings(wins, np.array([10.0]), np.array([[True, True]]))
    assert np.isfinite(ratings).all() and ratings[0] > 200 and ratings.sum() == pytest.approx(0)


def test_replicates_are_fitted_at_once_as_if_one_by_one() -> None:
    wins, games, members = luce_data([0.0, 60.0, 120.0], [(0, 1), (0, 2), (1, 2)], 200, seed=1)
    other = wins[:, ::-1].copy() * members  # a second data set, same tables
    other[members] = wins[members][::-1]
    both = fit_ratings(np.stack([wins, other]), np.stack([games, games]), members)
    assert both[0] == pytest.approx(fit_ratings(wins, games, members))
    assert both[1] == pytest.approx(fit_ratings(other, games, members))


def test_luck_is_shared_until_the_bots_choose_differently() -> None:
    """Dicetime draws as many dice as a player rerolls: two greedy bots (who choose alike)
    draw alike in every seating; against random the streams part at once."""
    alike = run_arena(spec(game="dicetime", bots=("greedy", "greedy"), deals=2), resamples=10)
    assert alike.chance.fully_aligned == alike.chance.aligned_share == 1
    assert alike.chance.aligned == alike.chance.draws > 0
    apart = run_arena(spec(game="dicetime", deals=2), resamples=10)
    assert apart.chance.fully_aligned == 0 and apart.chance.aligned_share < 0.2


def test_a_search_bot_plays_in_the_arena_seated_at_the_loaded_game() -> None:
    """Search bots need the game they search (`Bot.sit`): the arena seats them at it."""
    result = run_arena(spec(game="dokitto", bots=("mcts:iterations=2", "random"), deals=1))
    assert sum(standing.games for standing in result.standings) == 4


def test_the_standings_rank_by_what_the_game_is_played_for() -> None:
    """For the win: by rating; for points (solo Dicetime): by mean score, the win share and
    the mean score shown either way."""
    assert load("dicetime", 1).objective() is Objective.POINTS
    assert load("dicetime", 2).objective() is Objective.WIN
    steady = Standing("steady", 10, (0.6, 0.5, 0.7), (150.0, 140.0, 160.0), (50.0, 0.0, 90.0))
    bold = Standing("bold", 10, (0.4, 0.3, 0.5), (180.0, 160.0, 200.0), (-50.0, -90.0, 0.0))
    chance = Chance(1.0, 1.0, 1.0, 1.0)

    def result(players: int) -> ArenaResult:
        arena = ArenaSpec(
            game="dicetime", players=players, bots=("steady", "bold"), deals=1, seed=1
        )
        tables = ((0.5,) * players,) * len(arena.tables)
        return ArenaResult(arena, 0.0, 1, (steady, bold), tables, tables, chance)

    for players, first in ((2, "steady"), (1, "bold")):
        ranked = result(players)
        assert ranked.ranked()[0].bot == first
        assert ranked.to_json()["objective"] == load("dicetime", players).objective().value
        shown = standings_table(ranked)
        assert f"Ranked by {RANKED_BY[ranked.objective]}" in str(shown.caption)
        assert next(iter(shown.columns[1].cells)) == first
