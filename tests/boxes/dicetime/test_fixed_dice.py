"""Dicetime's `dice=fixed`: every face fixed by seed, seat, turn, roll and position (the daily
challenge's dice), beside `drawn`, which still deals the dice records made before the option
name; chance scripts, strict adapters, determinizing, the solver's advice on fixed dice and
the daily challenge that plays on them."""

from __future__ import annotations

import hashlib
import random
from datetime import date, timedelta

import pytest

import parlour
from parlour.boxes.dicetime import Dicetime, DicetimeState
from parlour.boxes.dicetime.components import decode
from parlour.boxes.dicetime.fixed import faces, key
from parlour.boxes.dicetime.solver.build import Variant
from parlour.boxes.dicetime.solver.store import Table, table_for
from parlour.kernel import ChanceNeeded, Rng, day_number
from tests.boxes.dicetime.helpers import dice, new_state

Rolled = list[list[int]]
"""The dice after each roll of a game, in order."""


@pytest.fixture(scope="module")
def table() -> Table:
    """The standard game's table only (hints and the optimal player read it)."""
    return table_for(Variant(five_of_a_kind_is_full_house=True, puzzle=False))


def roll(state: DicetimeState, seat: int, action: str, rolled: Rolled) -> None:
    """Apply a roll or keep and note the dice it shows."""
    state.apply(seat, action)
    rolled.append(dice(state, seat))


def first_turn_then_firsts(state: DicetimeState, turn_one: list[str]) -> tuple[Rolled, Rolled]:
    """Play turn 1 of a solo game by `turn_one` (rolls and keeps, then the first open row),
    then every later turn by its first roll alone: the turn's rolls and the later first rolls."""
    first: Rolled = []
    for action in turn_one:
        roll(state, 0, action, first)
    state.apply(0, state.legal_actions(0)[-1])
    later: Rolled = []
    while not state.over:
        roll(state, 0, "roll", later)
        state.apply(0, state.legal_actions(0)[-1])  # an entry (the last row still open)
    return first, later


def random_game(state: DicetimeState, choices: random.Random) -> Rolled:
    """`state` played to its end by random legal actions from `choices`; the dice of each roll."""
    rolled: Rolled = []
    while not state.over:
        seat = state.to_act[0]
        action = choices.choice(state.legal_actions(seat))
        state.apply(seat, action)
        if not action.startswith("enter"):
            rolled.append(dice(state, seat))
    return rolled


def test_each_face_is_the_sha256_of_its_key() -> None:
    """The derivation is pinned (a record of a challenge must replay on every machine and in
    every version): the first 64 bits of SHA-256 of the key, scaled to 6**5 outcomes, whose
    base-6 digits are positions 1 to 5."""
    digest = hashlib.sha256(b"parlour dicetime dice=fixed 2026 0 3 1").digest()
    index = int.from_bytes(digest[:8], "big") * 6**5 >> 64
    expected = [index // 6**p % 6 + 1 for p in range(5)]
    assert decode(faces(key(2026), 0, 3, 1)) == tuple(expected)


def test_games_from_one_seed_played_alike_see_alike_dice() -> None:
    """Two games of a seed, played by the same random choices, roll the same dice throughout;
    another seed rolls others."""
    games = [new_state(seed=2026, dice="fixed") for _ in range(2)]
    first, second = (random_game(state, random.Random(5)) for state in games)
    assert first == second and len(first) >= 13
    assert random_game(new_state(seed=2027, dice="fixed"), random.Random(5)) != first


def test_another_choice_in_turn_one_leaves_the_later_turns_dice_alone() -> None:
    """Keeping other dice and rolling once more in turn 1 changes no later turn's first roll;
    within turn 1, a position rerolled in both games shows the same face at the same roll.
    Drawn dice, the same choices otherwise, shift every later turn's."""
    keep_two = ["roll", "keep 1,2", "keep 1,2,3"]
    keep_one = ["roll", "keep 1"]
    (a, a_later), (b, b_later) = (
        first_turn_then_firsts(new_state(seed=7, dice="fixed"), plan)
        for plan in (keep_two, keep_one)
    )
    assert a_later == b_later and len(a_later) == 12
    assert a[0] == b[0]  # the first roll
    assert a[1][:2] == a[0][:2] and b[1][0] == b[0][0]  # kept
    assert a[1][2:] == b[1][2:]  # rerolled in both at roll 1: positions 3 to 5
    (_, drawn_a), (_, drawn_b) = (
        first_turn_then_firsts(new_state(seed=7), plan) for plan in (keep_two, keep_one)
    )
    assert drawn_a != drawn_b


def test_kept_dice_stay_and_the_rerolled_take_the_fixed_faces() -> None:
    """A reroll's faces are the seed's for (turn, roll, position) at the rolled positions only."""
    state = new_state(seed=11, dice="fixed")
    state.apply(0, "roll")
    before = dice(state, 0)
    state.apply(0, "keep 2,4")
    fixed = decode(faces(key(11), 0, 0, 1))
    assert dice(state, 0) == [fixed[0], before[1], fixed[2], before[3], fixed[4]]


def test_seats_have_their_own_dice_whatever_the_others_choose() -> None:
    """Within a table each seat's dice are its own (the seats see each other's dice, so shared
    ones would show a seat its dice before it rolls them); a seat's dice do not move with
    another seat's choices, and are the same at every table of the seed, whatever its mode."""

    def seat_two(opening: str) -> Rolled:
        state = new_state(2, seed=3, dice="fixed", mode="simultaneous")
        state.apply(0, "roll")
        state.apply(0, opening)
        rolled: Rolled = []
        roll(state, 1, "roll", rolled)
        roll(state, 1, "keep 5", rolled)
        return rolled

    assert seat_two("keep 1") == seat_two("enter chance")
    duel = new_state(2, seed=3, dice="fixed")
    duel.apply(0, "roll")
    seat_one_first = dice(duel, 0)
    duel.apply(0, "enter chance")
    duel.apply(1, "roll")
    assert dice(duel, 1) == seat_two("keep 1")[0] != seat_one_first


@pytest.mark.parametrize("options", [{}, {"mode": "puzzle"}, {"mode": "simultaneous"}])
def test_a_record_on_fixed_dice_replays(options: dict[str, object]) -> None:
    players = 2 if options.get("mode") == "simultaneous" else 1
    state = parlour.load("dicetime", players=players, dice="fixed", **options).new(99)
    assert isinstance(state, DicetimeState)
    random_game(state, random.Random(1))
    assert state.record["options"]["dice"] == "fixed"
    replayed = parlour.replay(state.record)
    assert replayed.view(None) == state.view(None) and replayed.scores == state.scores


def test_drawn_dice_are_those_of_records_before_the_option() -> None:
    """A record that names no `dice` (made before the option) replays on drawn dice, which are
    what they were: seed 2026's first rolls as the game dealt them before."""
    record = {
        "game": "dicetime",
        "players": 1,
        "options": {"mode": "turns", "start": "first", "five_of_a_kind_is_full_house": True},
        "seed": 2026,
        "actions": [[0, "roll"], [0, "keep 1,2"], [0, "keep 1,2,3"], [0, "enter chance"]],
    }
    state = parlour.replay(record)
    assert isinstance(state, DicetimeState) and state.game.options["dice"] == "drawn"
    rolled: Rolled = []
    roll(state, 0, "roll", rolled)
    assert rolled == [[5, 4, 3, 4, 2]]
    again: Rolled = []
    fresh = new_state(seed=2026)
    for action in ("roll", "keep 1,2", "keep 1,2,3"):
        roll(fresh, 0, action, again)
    assert again == [[3, 6, 2, 3, 4], [3, 6, 5, 4, 4], [3, 6, 5, 1, 4]]


def test_a_chance_script_comes_first_then_the_fixed_dice() -> None:
    """Scripted dice (tests, the rulebook's examples) override the fixed faces while they last;
    after them the rolls show the seed's fixed faces again."""
    scripted = new_state(chance=[6, 6, 6, 6, 6], seed=4, dice="fixed")
    plain = new_state(seed=4, dice="fixed")
    scripted.apply(0, "roll")
    plain.apply(0, "roll")
    assert dice(scripted, 0) == [6] * 5 != dice(plain, 0)
    scripted.apply(0, "roll")
    plain.apply(0, "roll")
    assert dice(scripted, 0) == dice(plain, 0)
    assert parlour.replay(scripted.record).view(0) == scripted.view(0)


def test_a_strict_script_is_all_the_chance_of_fixed_dice() -> None:
    """Under a strict script (OpenSpiel's chance nodes) each roll asks for its dice, as drawn
    dice do: the adapters see the same game either way."""
    game = parlour.load("dicetime", dice="fixed")
    state = game.new(0, chance=[1, 2, 3, 4, 5], strict=True)
    assert isinstance(state, DicetimeState)
    state.apply(0, "roll")
    assert dice(state, 0) == [1, 2, 3, 4, 5]
    with pytest.raises(ChanceNeeded):
        state.apply(0, "keep 1")
    twin = state.scripted([6])
    assert isinstance(twin, DicetimeState)
    twin.apply(0, "keep 1,2,3,4")
    assert dice(twin, 0) == [1, 2, 3, 4, 6]
    assert parlour.replay(twin.record).view(0) == twin.view(0)


def test_a_clone_rolls_on_and_a_determinized_state_deals_a_fresh_future() -> None:
    """A clone rolls what the original rolls; a state rebuilt from a view (a bot's guess of the
    future) has the view's position and a fresh seed's dice to come."""
    state = new_state(seed=21, dice="fixed")
    state.apply(0, "roll")
    twin = state.clone()
    assert isinstance(twin, DicetimeState)
    for each in (state, twin):
        each.apply(0, "keep 1")
    assert dice(twin, 0) == dice(state, 0)
    guessed = state.game.determinize(state.view(0), Rng(1))
    assert isinstance(guessed, DicetimeState)
    assert guessed.view(0)["seats"] == state.view(0)["seats"]
    guessed.apply(0, "keep 2")
    state.apply(0, "keep 2")
    assert dice(guessed, 0)[1] == dice(state, 0)[1] and dice(guessed, 0) != dice(state, 0)


def test_the_optimal_player_plays_the_same_game_on_the_seed_s_fixed_dice(table: Table) -> None:
    """`best_game` on fixed dice is one game per seed (the daily challenge's optimal player),
    replayed by its record; the solver treats fixed dice as drawn (the same table)."""
    game = parlour.load("dicetime", dice="fixed")
    advice = game.advice()
    best = advice.best_game(31)
    again = advice.best_game(31)
    assert best.history == again.history and best.scores == again.scores
    assert parlour.replay(best.record).scores == best.scores
    assert advice.analyse(best)["seats"][0]["lost"] == pytest.approx(0)
    drawn = parlour.load("dicetime").advice().best_game(31)
    assert drawn.history != best.history
    assert advice.optimum() == pytest.approx(table.expected_score)


def test_hints_on_fixed_dice_are_those_on_drawn_dice(table: Table) -> None:
    """The same position has the same hints whichever way its dice came."""
    fixed = new_state(seed=8, dice="fixed")
    fixed.apply(0, "roll")
    scripted = new_state(chance=dice(fixed, 0))
    scripted.apply(0, "roll")
    hints = fixed.game.advice().hints(fixed)
    assert hints and hints == scripted.game.advice().hints(scripted)


def test_the_daily_challenge_alternates_the_standard_game_and_the_puzzle() -> None:
    """Every day one solo game on fixed dice: the standard game on even day numbers, the
    puzzle (its default clock) on odd ones; each loads as a game."""
    start = date(2026, 12, 1)
    days = [start + timedelta(days=n) for n in range(4)]
    modes = []
    for day in days:
        challenge = Dicetime.challenge(day)
        assert challenge.players == 1 and challenge.options["dice"] == "fixed"
        game = parlour.load("dicetime", players=challenge.players, **challenge.options)
        expected = "puzzle" if day_number(day) % 2 else "turns"
        assert game.options["mode"] == expected
        assert game.options.get("time_limit", 600) == 600
        assert challenge.label == ("Puzzle" if expected == "puzzle" else "Standard game")
        modes.append(expected)
    assert modes in (["turns", "puzzle"] * 2, ["puzzle", "turns"] * 2)
