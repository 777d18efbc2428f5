"""Dicecream's bots: both play only legal actions from their seat's view; `greedy` makes the
move that adds the most points now (checked against every legal way to play the turn, found
by search on clones of the real state), prefers a tick when points tie, never spends a bean,
and beats random players by far."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.bots import Bot, make_bot
from parlour.bots.match import play_match
from parlour.boxes.dicecream import DicecreamState
from parlour.sim import SimSpec, simulate

from .helpers import idle, new_state, play


def play_out(state: DicecreamState, bots: list[Bot], rnd: random.Random) -> None:
    """Let the bots play to the end, any of the seats to act moving next; every choice must
    be legal."""
    while not state.over:
        seat = rnd.choice(state.to_act)
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.view(seat), legal)
        assert action in legal, (seat, action, legal)
        state.apply(seat, action)


@pytest.mark.parametrize("name", ["random", "greedy"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_play_only_legal_actions(name: str, players: int) -> None:
    rnd = random.Random(players)
    for seed in range(3):
        state = parlour.load("dicecream", players).new(seed)
        assert isinstance(state, DicecreamState)
        play_out(state, [make_bot("dicecream", name, s, seed + s) for s in range(players)], rnd)
        assert state.winners


def turn_outcomes(state: DicecreamState) -> set[tuple[int, int]]:
    """Every (points added, toppings ticked) the active player's placing can reach, over every
    legal sequence of unlocks and placements (rerolls aside), searched on clones."""
    seat = state.to_act[0]
    base = state.scores[seat], state.view(seat)["seats"][seat]["toppings"]
    outcomes: set[tuple[int, int]] = set()
    seen: set[frozenset[str]] = set()

    def search(node: DicecreamState, done: frozenset[str]) -> None:
        ticks = node.view(seat)["seats"][seat]["toppings"]
        outcomes.add((node.scores[seat] - base[0], ticks - base[1]))
        if seat not in node.to_act or node.view(None)["phase"] != "place":
            return
        for action in node.legal_actions(seat):
            step = done | {action}
            if action.startswith("reroll") or action == "done" or step in seen:
                continue
            seen.add(step)
            twin = node.clone()
            assert isinstance(twin, DicecreamState)
            twin.apply(seat, action)
            search(twin, step)

    search(state, frozenset())
    return outcomes


def greedy_turn(state: DicecreamState, bot: Bot) -> list[str]:
    """Let `bot` play the active seat's turn until its placing ends; the actions it chose."""
    seat = state.to_act[0]
    chosen = []
    while seat in state.to_act and state.view(None)["phase"] in ("roll", "place"):
        action = bot.choose(state.view(seat), state.legal_actions(seat))
        chosen.append(action)
        state.apply(seat, action)
    return chosen


def test_greedy_plays_the_turn_that_adds_the_most() -> None:
    """In positions from random games, greedy's whole turn adds as many points as the best
    legal turn and, among the turns adding that many, ticks the most toppings (some of the
    positions have such a tie); it never rerolls."""
    rnd = random.Random(7)
    checked = ties = 0
    for seed in range(24):
        state = parlour.load("dicecream", 2).new(seed)
        assert isinstance(state, DicecreamState)
        for _ in range(rnd.randrange(0, 40)):  # a random point of the game
            if state.over:
                break
            seat = rnd.choice(state.to_act)
            state.apply(seat, rnd.choice(state.legal_actions(seat)))
        while not state.over and state.view(None)["phase"] != "roll":
            seat = state.to_act[0]
            state.apply(seat, state.legal_actions(seat)[-1])  # done or pass
        if state.over:
            continue
        seat = state.to_act[0]
        state.apply(seat, "roll")
        outcomes = turn_outcomes(state)
        best = max(outcomes)
        ties += any(gain == best[0] and ticks < best[1] for gain, ticks in outcomes)
        before = state.scores[seat], state.view(seat)["seats"][seat]["toppings"]
        chosen = greedy_turn(state, make_bot("dicecream", "greedy", seat, seed))
        after = state.scores[seat], state.view(seat)["seats"][seat]["toppings"]
        assert (after[0] - before[0], after[1] - before[1]) == best, chosen
        assert not any(action.startswith("reroll") for action in chosen)
        checked += 1
    assert checked >= 16 and ties >= 1


def test_greedy_prefers_ticks_when_points_tie() -> None:
    """Seat 0's red cube of blue is filled in round 1. In round 2 (blue 2, yellow 1, red 1,
    green 6, white 6) its best turns add 7 points, with or without ticking the red topping of
    blue: greedy ticks it."""
    state = new_state(2, dice=[3, 1, 2, 1, 1, *[1] * 5, 2, 1, 1, 6, 6])
    play(state, (0, "roll"), (0, "unlock blue"), (0, "red cube of blue"), (0, "done"))
    idle(state, until_round=2)
    state.apply(0, "roll")
    outcomes = turn_outcomes(state)
    assert max(outcomes) == (7, 1) and (7, 0) in outcomes
    before = state.scores[0], state.view(0)["seats"][0]["toppings"]
    greedy_turn(state, make_bot("dicecream", "greedy", 0, 0))
    after = state.scores[0], state.view(0)["seats"][0]["toppings"]
    assert (after[0] - before[0], after[1] - before[1]) == (7, 1)


def test_greedy_takes_the_die_that_adds_the_most() -> None:
    """Offered the red 2 and the white 3, an empty sheet gains most from the white 3."""
    state = new_state(2, dice=[6, 1, 2, 6, 3])
    play(state, (0, "roll"), (0, "unlock blue"), (0, "red cube of blue"))
    play(state, (0, "left cream of blue"), (0, "done"))
    bot = make_bot("dicecream", "greedy", 1, 0)
    action = bot.choose(state.view(1), state.legal_actions(1))
    assert action.startswith("take left cream of")


def test_greedy_uses_the_bonus_that_adds_the_most() -> None:
    """A 4 completing its cream swirl (4 + 2) beats a topping tick (0 now)."""
    state = new_state(
        2, dice=[6, 1, 1, 1, 2, 1, 1, 1, 1, 1], stack=["red-topping", "right-cream-4"]
    )
    play(state, (0, "roll"), (0, "unlock blue"), (0, "left cream of blue"), (0, "done"))
    play(state, (1, "pass"), (1, "roll"), (1, "done"))
    bot = make_bot("dicecream", "greedy", 0, 0)
    assert bot.choose(state.view(0), state.legal_actions(0)) == "bonus 4 in right cream of blue"


def test_greedy_beats_random_players_by_far() -> None:
    """With rotating seats against two random players, greedy wins far more than a third of
    the games."""
    spec = SimSpec("dicecream", 3, ("greedy", "random", "random"), 45, seed=3, rotate=True)
    summary = simulate(spec)
    assert summary.win_rates[0] > 0.6, summary.win_rates
    assert summary.mean_scores[0] > summary.mean_scores[1] + 10


def test_simulation_is_reproducible() -> None:
    spec = SimSpec("dicecream", 2, ("greedy", "random"), 6, seed=11, rotate=True)
    first, second = simulate(spec), simulate(spec)
    assert first.mean_scores == second.mean_scores and first.win_rates == second.win_rates


def test_play_match_finishes_games_with_simultaneous_choices() -> None:
    """The kernel's match runner (arrival order for seats acting at once) plays greedy
    against random to the end, every decision made from the seat's view."""
    state = parlour.load("dicecream", 4).new(5)
    bots = [make_bot("dicecream", name, s, s) for s, name in enumerate(["greedy", "random"] * 2)]
    play_match(state, bots)
    assert state.over and state.winners
