"""The `pimc` bot's round solver against the kernel: its value of every choice equals a plain
expectiminimax over the engine's own states (clone, apply, the round's scoring; where a star
lies, a chance) with the same leaf, at positions of random two-player games late enough in a
round to enumerate; and the `pimc` bot plays legal actions from its view alone, reproducibly."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.bots import make_bot
from parlour.boxes.dokitto import Dokitto, DokittoState
from parlour.boxes.dokitto.components import TILES, Flavour, Trick
from parlour.boxes.dokitto.determinize import determinize
from parlour.boxes.dokitto.notation import CARD_OF_PLAY, FLAVOUR_OF_TAKE
from parlour.boxes.dokitto.rules import star_taken
from parlour.boxes.dokitto.solver import Position, Solver, leaf_table, local_card, win_chance
from parlour.kernel import OptionError, Rng
from tests.helpers import play_legally

GAME = parlour.load("dokitto", players=2)


def value_of(state: DokittoState, seat: int, action: str, leaf: list[list[float]]) -> float:
    """The value for `seat` of playing `action` in `state` by the engine alone: the rest of
    the round played out every way, its end valued by `leaf` (seat 0's value by both seats'
    points), and a tile taken (chosen, or the only one) from a stack still holding its star
    starred with odds 1 in its tiles left: the world's star moved to it, or below it."""
    flavour = taken_by(state, seat, action)
    if flavour is not None and not star_taken(state._left[flavour], state._star[flavour]):
        left = state._left[flavour]
        if left > 1:
            top, odds = TILES - left, 1 / left
            starred, plain = (starred_at(state, flavour, at) for at in (top, top + 1))
            return odds * played(starred, seat, action, leaf) + (1 - odds) * played(
                plain, seat, action, leaf
            )
    return played(state, seat, action, leaf)


def taken_by(state: DokittoState, seat: int, action: str) -> Flavour | None:
    """The stack a tile is taken from when `action` is played in `state`, if one is."""
    child = state.clone()
    assert isinstance(child, DokittoState)
    child.apply(seat, action)
    new = list(child._events)[len(state._events) :]
    return next((event.tile for event in new if isinstance(event, Trick)), None)


def played(state: DokittoState, seat: int, action: str, leaf: list[list[float]]) -> float:
    """`value_of` `action` once any chance of it is settled in `state`."""
    child = state.clone()
    assert isinstance(child, DokittoState)
    child.apply(seat, action)
    if child.over or child._round != state._round:
        assert child._last_round is not None
        points = child._last_round.points
        return leaf[points[0]][points[1]] * (1 if seat == 0 else -1)
    mover = child.to_act[0]
    best = max(value_of(child, mover, later, leaf) for later in child.legal_actions(mover))
    return best if mover == seat else -best


def starred_at(state: DokittoState, flavour: Flavour, tile: int) -> DokittoState:
    """A copy of `state` whose `flavour` stack has its star on tile `tile` (0: the first)."""
    twin = state.clone()
    assert isinstance(twin, DokittoState)
    twin._star = tuple(tile if f == flavour else at for f, at in enumerate(state._star))
    return twin


def positions(seed: int, most_cards: int) -> list[DokittoState]:
    """States of a random two-player game where the seat to act holds at most `most_cards`."""
    rnd = random.Random(seed)
    state = GAME.new(seed)
    assert isinstance(state, DokittoState)
    found = []
    while not state.over:
        seat = state.to_act[0]
        if state._hands[seat].bit_count() <= most_cards:
            twin = state.clone()
            assert isinstance(twin, DokittoState)
            found.append(twin)
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    return found


@pytest.mark.parametrize("seed", range(6))
def test_the_solver_values_every_choice_as_the_engine_plays_it(seed: int) -> None:
    solver = Solver()
    checked = 0
    for state in positions(seed, most_cards=3):
        seat = state.to_act[0]
        position = Position.of(state)
        leaf = position.leaf.tolist()
        local = {flavour: index for index, flavour in enumerate(position.flavours)}
        legal = state.legal_actions(seat)
        if position.choosing:
            choices = [local[FLAVOUR_OF_TAKE[action]] for action in legal]
        else:
            choices = [local_card(CARD_OF_PLAY[action], local) for action in legal]
        solved = solver.values_of(position, choices)
        for action, value in zip(legal, solved, strict=True):
            expected = value_of(state, seat, action, leaf)
            assert value == pytest.approx(expected, abs=1e-12), (state.hands, action)
            checked += 1
    assert checked > 10


def test_the_leaf_values_a_won_game_as_one_and_an_even_start_as_nothing() -> None:
    assert win_chance((10, 3), None) == 1.0
    assert win_chance((4, 11), None) == -1.0
    assert win_chance((5, 5), None) == pytest.approx(0.0, abs=1e-12)
    assert win_chance((7, 2), None) > win_chance((5, 2), None) > 0
    assert win_chance((3, 4), rounds_left=0) == -1.0
    table = leaf_table((9, 0), rounds_left=None)
    assert table[1, 0] == 1.0 and table[0, 0] < 1.0  # a point ends the game at 10


@pytest.mark.parametrize("settings", ["worlds=2", "worlds=2:infer=5"])
def test_pimc_plays_legal_actions_from_its_view_and_repeats_itself(settings: str) -> None:
    def game_of(seed: int) -> tuple[list[str], tuple[int, ...]]:
        state = GAME.new(seed)
        bots = [make_bot(GAME, f"pimc:{settings}", 0, seed), make_bot(GAME, "random", 1, seed)]
        return play_legally(state, bots)

    assert game_of(3) == game_of(3)


@pytest.mark.parametrize("settings", ["worlds=3", "worlds=3:infer=5"])
def test_pimc_judges_each_choice_by_its_mean_value_and_plays_the_best_judged(
    settings: str,
) -> None:
    """`judge` gives each choice's (weighted) mean value over the worlds: within the solver's
    -1..1, and the best judged is what the same bot, seeded alike, chooses."""
    rnd = random.Random(5)
    state = GAME.new(5)
    judged = 0
    while not state.over and judged < 12:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            view = state.view(seat)
            values = make_bot(GAME, f"pimc:{settings}", seat, judged).judge(view, legal)
            chosen = make_bot(GAME, f"pimc:{settings}", seat, judged).choose(view, legal)
            assert values is not None and len(values) == len(legal)
            assert all(-1.0 <= value <= 1.0 for value in values)
            assert chosen == legal[values.index(max(values))]
            judged += 1
        state.apply(seat, rnd.choice(legal))
    assert judged == 12


def test_a_determinized_world_tells_its_watcher_the_rounds_actions_in_order() -> None:
    rnd = random.Random(4)
    state = GAME.new(4)
    round_actions: list[tuple[int, str]] = []
    for _ in range(9):
        seat = state.to_act[0]
        action = rnd.choice(state.legal_actions(seat))
        state.apply(seat, action)
        round_actions.append((seat, action))
    assert state.view(0)["round"] == 1  # nine actions stay in the first round
    told: list[tuple[int, str]] = []
    assert isinstance(GAME, Dokitto)
    world = determinize(GAME, state.view(0), Rng(1), lambda _, seat, a: told.append((seat, a)))
    assert told == round_actions
    assert world.view(0) == state.view(0)


def test_pimc_refuses_a_table_of_more_than_two() -> None:
    with pytest.raises(OptionError, match="two-player"):
        make_bot(parlour.load("dokitto", players=3), "pimc:hard", 0, 1)
    for bad in ("worlds=0", "infer=-1", "infer=x", "deep"):
        with pytest.raises(OptionError, match="worlds=N"):
            make_bot(GAME, f"pimc:{bad}", 0, 1)
