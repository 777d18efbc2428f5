"""Dokitto! Ice's bots: both play only legal actions from their seat's view; `greedy` wins a
trick while it wants a tile, dodges it once a trick would cost more than it brings (above all
with three tiles), takes the stack most likely to have the star on top, and beats random
players well above one time in four."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.bots import make_bot
from parlour.bots.match import play_match
from parlour.boxes.dokitto import DokittoState
from parlour.sim import SimSpec, simulate

from .helpers import Deal, new_state, play

GMV = ("grape", "matcha", "vanilla")


@pytest.mark.parametrize("name", ["random", "greedy"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bots_play_only_legal_actions(name: str, players: int) -> None:
    rnd = random.Random(players)
    for seed in range(3):
        state = parlour.load("dokitto", players).new(seed)
        bots = [make_bot("dokitto", name, seat, seed + seat) for seat in range(players)]
        while not state.over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            action = bots[seat].choose(state.view(seat), legal)
            assert action in legal, (seat, action, legal)
            state.apply(seat, action if rnd.random() < 0.9 else rnd.choice(legal))
        assert state.winners


def greedy_choice(state: DokittoState) -> str:
    seat = state.to_act[0]
    return make_bot("dokitto", "greedy", seat, 0).choose(
        state.view(seat), state.legal_actions(seat)
    )


# Seat 1 holds grape 6 and grape 2 when seat 0 leads grape 5 (seat 1 plays last).
WANTS = Deal([["grape 5"], ["grape 6", "grape 2"]])
DODGES = Deal(
    [
        ["matcha 1", "matcha 2", "matcha 3", "vanilla 13", "grape 5"],
        ["matcha 13", "matcha 12", "matcha 11", "vanilla 1", "grape 6", "grape 2"],
    ]
)


def test_greedy_wins_a_trick_while_it_wants_a_tile() -> None:
    state = play(new_state(GMV, WANTS), "grape 5")
    assert greedy_choice(state) == "play grape 6"


def test_greedy_dodges_its_fourth_tile() -> None:
    """Seat 1 wins three matcha tricks, then loses a vanilla one; with three tiles, last to
    play on grape 5, it plays grape 2 and not the winning grape 6."""
    state = new_state(GMV, DODGES)
    play(state, "matcha 1", "matcha 13", "matcha 12", "matcha 2", "matcha 11", "matcha 3")
    play(state, "vanilla 1", "vanilla 13", "grape 5")
    assert len(state.view(1)["cones"][1]["tiles"]) == 3
    assert greedy_choice(state) == "play grape 2"


@pytest.mark.parametrize(("star", "choice"), [(0, "take matcha"), (1, "take grape")])
def test_greedy_takes_the_stack_most_likely_starred(star: int, choice: str) -> None:
    """After a grape trick took the top grape tile, seat 1 chooses between grape and matcha:
    if that tile had the star, grape has none left (matcha: 1 in 3); if not, the star is one
    of the two grape tiles left (1 in 2)."""
    hands = [["grape 13", "grape 8"], ["grape 1", "matcha 3"], ["grape 2", "grape 10"]]
    state = new_state(GMV, Deal(hands, stars={"grape": star}, lacks={1: ("grape",)}))
    play(state, "grape 13", "grape 1", "grape 2", "grape 8", "matcha 3", "grape 10")
    assert state.legal_actions(1) == ("take matcha", "take grape")
    assert greedy_choice(state) == choice


def test_greedy_beats_random_players_well_above_one_in_four() -> None:
    spec = SimSpec("dokitto", 4, ("greedy", "random", "random", "random"), 120, seed=1, rotate=True)
    summary = simulate(spec)
    assert summary.win_rates[0] > 0.4, summary.win_rates
    assert summary.mean_scores[0] > max(summary.mean_scores[1:]) + 1


def test_simulation_is_reproducible() -> None:
    spec = SimSpec("dokitto", 3, ("greedy", "random", "random"), 8, seed=11, rotate=True)
    first, second = simulate(spec), simulate(spec)
    assert first.scores == second.scores and first.win_rates == second.win_rates
    other = simulate(SimSpec("dokitto", 3, ("greedy", "random", "random"), 8, seed=12, rotate=True))
    assert other.scores != first.scores


def test_play_match_finishes_games() -> None:
    state = parlour.load("dokitto", 5, next_round_leader="last_winner").new(5)
    bots = [
        make_bot("dokitto", name, s, s)
        for s, name in enumerate(["greedy", "random"] * 2 + ["greedy"])
    ]
    play_match(state, bots)
    assert state.over and state.winners
