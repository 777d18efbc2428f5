"""Ice Cream's bots: both play only legal actions from their seat's view; `greedy` keeps a new
flavour and discards a duplicate, puts a scoop where it adds to a cone it can serve, serves the
largest cone it can serve exactly, draws rather than serve a near cone worth under 2 points,
and wins far more than its share against random players."""

from __future__ import annotations

import pytest

import parlour
from parlour.bots import make_bot
from parlour.bots.match import play_match
from parlour.sim import SimSpec, simulate

from .helpers import BR, CC, CH, P, S, Shoe, V, keep_all, new_game, play
from .scenarios import DAN, JOE, rulebook_serving


def greedy_choice(state: parlour.State, seat: int) -> str:
    bot = make_bot("icecream", "greedy", seat, 0)
    return bot.choose(state.view(seat), state.legal_actions(seat))


@pytest.mark.parametrize("name", ["random", "greedy"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_bots_play_whole_games(name: str, players: int) -> None:
    for seed in range(2):
        state = parlour.load("icecream", players).new(seed)
        play_match(state, [make_bot("icecream", name, s, seed + s) for s in range(players)])
        assert state.over and state.winners


def test_greedy_discards_a_duplicate_and_keeps_a_new_flavour() -> None:
    state = new_game(3, Shoe().ice(S, CC, P).ice(S, S, CH))
    assert greedy_choice(state, 0) == "discard"  # Joe's strawberry on his strawberry
    play(state, "discard", "keep")
    assert greedy_choice(state, 2) == "keep"  # chocolate on pistachio


def test_greedy_puts_davids_chocolate_on_the_pistachio_cone() -> None:
    shoe = Shoe().ice(S, V, P).ice(BR, V, CH).scoops(P, CC, CH)
    state = play(keep_all(new_game(3, shoe)), "new cone", "new cone")
    assert greedy_choice(state, 2) == "cone 1"


def test_greedy_serves_the_largest_exact_cone() -> None:
    assert greedy_choice(rulebook_serving(), DAN) == "serve 1"  # 3 scoops, not 1


def test_greedy_draws_rather_than_serve_for_nothing_then_serves_three() -> None:
    state = play(rulebook_serving(), "serve 1")
    assert greedy_choice(state, JOE) == "draw"  # the near chocolate cone would score 0
    play(state, "draw", "draw", "draw", "draw", "serve 2")
    assert greedy_choice(state, JOE) == "serve 3"


def test_greedy_beats_random_players_by_far() -> None:
    """Against three random players, rotating seats, greedy wins far more than a quarter of
    the games and scores more than each of them on average."""
    spec = SimSpec("icecream", 4, ("greedy", "random", "random", "random"), 60, 1, rotate=True)
    summary = simulate(spec)
    assert summary.win_rates[0] > 0.4, summary.win_rates
    assert summary.mean_scores[0] > max(summary.mean_scores[1:]) + 1


def test_simulation_is_reproducible() -> None:
    spec = SimSpec("icecream", 3, ("greedy", "random", "random"), 6, seed=11, rotate=True)
    first, second = simulate(spec), simulate(spec)
    assert first.mean_scores == second.mean_scores and first.win_rates == second.win_rates
