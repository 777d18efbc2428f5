"""Dicecream's `planner` and the sheet's learned worth it plays by: its search finds the turn
greedy's does when worth is the points now, it weighs what its dice give the others, every
level plays legally and repeatably from the view alone, and the learned table's points of the
game are where the planner asks for them."""

from __future__ import annotations

import random

import numpy as np
import pytest

import parlour
from parlour.bots import make_bot
from parlour.bots.mcts import LEVEL_NAMES
from parlour.bots.registry import describe_bots
from parlour.boxes.dicecream import DicecreamState, bots, planner, rules, train, value
from parlour.boxes.dicecream.components import BEANS, SPACES, Kind
from parlour.kernel import OptionError, Rng
from tests.helpers import play_legally

from .helpers import new_state, play


@pytest.mark.parametrize("seed", range(6))
def test_judged_by_points_now_its_best_plan_is_greedys(seed: int) -> None:
    state = parlour.load("dicecream", players=2).new(seed)
    state.apply(0, "roll")
    view = state.view(0)
    table = planner.Table.of(view)
    turn = view["turn"]
    assert turn is not None
    search = planner.Planner(value.points_now(2), table, 0, turn, others=False)
    faces = [die["face"] for die in turn["dice"]]
    worth, first = search.best(faces, BEANS)
    (gain, *_), step = bots.best_turn(table.sheets[0], view["turn"])
    assert worth == rules.score(table.sheets[0], BEANS) + gain
    assert (first == "done") == (step == "done")


def test_a_die_that_would_give_the_other_six_points_is_kept_back() -> None:
    # blue 6 unlocks blue; yellow 6 would add 6 there, but seat 1 would take it for 6 too;
    # the red 1 adds 1 and gives 1 (seat 1's red cubes are all empty as well).
    state = new_state(dice=[6, 6, 1, 1, 1])
    state.apply(0, "roll")
    view = state.view(0)
    table = planner.Table.of(view)
    turn = view["turn"]
    assert turn is not None
    faces = [6, 6, 1, 1, 1]
    mine = planner.Planner(value.points_now(2), table, 0, turn, others=False)
    fair = planner.Planner(value.points_now(2), table, 0, turn, others=True)
    assert fair.gifts(faces)[1] == 6 and fair.gifts(faces)[2] == 1
    assert mine.best(faces, BEANS)[0] > fair.best(faces, BEANS)[0]


def test_worth_at_the_end_is_the_score() -> None:
    rnd = random.Random(3)
    judge = value.judge(2)
    for _ in range(200):
        sheet = [0] * len(SPACES)
        for space in SPACES:
            if rnd.random() < 0.5:
                sheet[space.index] = rules.entry(space, rnd.choice(space.faces))
        beans = rnd.randrange(BEANS + 1)
        assert judge.worth(sheet, beans, judge.turns, False) == rules.score(sheet, beans)
    assert judge.worth([0] * len(SPACES), BEANS, 0, False) > 40  # an empty sheet's promise


def test_worth_is_the_points_now_and_the_weighed_features_of_the_sheet() -> None:
    """`value.part`, written out for speed, agrees with the features the training fits."""
    rnd = random.Random(1)
    for _ in range(300):
        sheet = [0] * len(SPACES)
        for space in SPACES:
            if rnd.random() < 0.5:
                sheet[space.index] = rules.entry(space, rnd.choice(space.faces))
        weights = np.array([[rnd.uniform(-3, 3) for _ in range(value.FEATURES)]] * 22)
        beans = rnd.randrange(BEANS + 1)
        direct = rules.score(sheet, beans) + weights[0] @ value.features(sheet, beans)
        assert value.Judge(2, weights).worth(sheet, beans, 0, False) == pytest.approx(direct)


def test_the_planner_asks_for_the_point_of_the_game_the_training_notes() -> None:
    """Where a turn's plan is judged (after the turn) is the slot noted when the next turn or
    the round's bonus choice begins, and the same holds for a bonus choice."""
    game = parlour.load("dicecream", players=3)
    state = game.new(4)
    assert isinstance(state, DicecreamState)
    chooser = make_bot(game, "greedy", 0, 1)
    asked, point, checked = None, None, 0
    while not state.over:
        seat = state.to_act[0]
        view = state.view(seat)
        if view["phase"] in ("place", "bonus"):
            table = planner.Table.of(view)
            asked = value.slot(table.turn, table.pending)
        chooser.seat = seat
        state.apply(seat, chooser.choose(view, state.legal_actions(seat)))
        now = state.view(None)
        if (now["phase"], now["round"], now["active"]) != point and now["phase"] in (
            "roll",
            "bonus",
        ):
            point = (now["phase"], now["round"], now["active"])
            if asked is not None and not state.over:
                assert {at for _, at, _, _ in train.noted(state)} == {asked}
                checked += 1
            asked = None
    assert checked == 3 * 4 + 3  # every turn and every bonus but the last


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_level_plays_legally_and_repeats_itself(players: int) -> None:
    game = parlour.load("dicecream", players=players)
    names = [f"planner:{level}" for level in LEVEL_NAMES]

    def game_of(seed: int) -> tuple[list[str], tuple[int, ...]]:
        seated = [names[(seed + seat) % len(names)] for seat in range(players - 1)] + ["greedy"]
        return play_legally(
            game.new(seed), [make_bot(game, n, s, seed) for s, n in enumerate(seated)]
        )

    for seed in range(2):
        assert game_of(seed) == game_of(seed)


def test_what_it_cannot_see_changes_nothing() -> None:
    """Two games whose bonus stacks differ below the cards shown: the same decisions."""
    first = new_state(stack=["blue-topping", "red-topping"], dice=[3, 4, 5, 6, 2])
    second = new_state(stack=["blue-topping", "red-topping", "green-topping"], dice=[3, 4, 5, 6, 2])
    players = [make_bot("dicecream", "planner:hard", seat, 7) for seat in range(2)]
    twins = [make_bot("dicecream", "planner:hard", seat, 7) for seat in range(2)]
    while first.view(None)["round"] == 1:
        for seat in first.to_act:
            mine = players[seat].choose(first.view(seat), first.legal_actions(seat))
            theirs = twins[seat].choose(second.view(seat), second.legal_actions(seat))
            assert mine == theirs
            play(first, (seat, mine))
            play(second, (seat, theirs))


def test_hard_rerolls_a_hopeless_roll_and_normal_never_spends_a_bean() -> None:
    """Judged by points now, five 1s are worth nothing and a bean 2 points: rerolling wins."""
    hopeless = new_state(dice=[1, 1, 1, 1, 1])
    hopeless.apply(0, "roll")
    view, legal = hopeless.view(0), hopeless.legal_actions(0)
    hard = planner.PlannerBot(0, Rng(1), planner.LEVELS["hard"], value.points_now)
    normal = planner.PlannerBot(0, Rng(1), planner.LEVELS["normal"], value.points_now)
    assert hard.choose(view, legal).startswith("reroll")
    assert not normal.choose(view, legal).startswith("reroll")


def test_it_takes_the_die_that_leaves_its_sheet_worth_most() -> None:
    state = new_state(dice=[6, 6, 1, 1, 1])
    play(state, (0, "roll"), (0, "unlock blue"), (0, "yellow cube of blue"), (0, "done"))
    legal = state.legal_actions(1)
    chosen = make_bot("dicecream", "planner:normal", 1, 1).choose(state.view(1), legal)
    sheet = [0] * len(SPACES)
    judge = value.judge(2)
    table = planner.Table.of(state.view(1))

    def worth(action: str) -> float:
        if action == "pass":
            return judge.worth(sheet, BEANS, table.turn, table.pending)
        space = next(s for s in SPACES if f"take {s.name}" == action)
        sheet[space.index] = 6 if space.kind is not Kind.TOPPING else 1
        judged = judge.worth(sheet, BEANS, table.turn, table.pending)
        sheet[space.index] = 0
        return judged

    assert worth(chosen) == max(map(worth, legal))


def test_the_fit_recovers_a_known_table() -> None:
    rnd = np.random.default_rng(2)
    truth = rnd.normal(size=value.FEATURES)
    samples = []
    for _ in range(400):
        row = rnd.integers(0, 5, size=value.FEATURES).astype(float)
        samples.append((3, row, float(row @ truth)))
    weights, error = train.fit(2, samples)
    assert np.allclose(weights[3], truth, atol=0.05) and error < 0.1
    assert not weights[2].any()


def test_its_levels_are_offered_and_a_bad_one_is_refused() -> None:
    listed = {bot["name"]: bot for bot in describe_bots("dicecream")["bots"]}
    assert [level["name"] for level in listed["planner"]["levels"]] == [
        f"planner:{level}" for level in LEVEL_NAMES
    ]
    with pytest.raises(OptionError, match="easy, normal, hard, expert"):
        make_bot("dicecream", "planner:deep", 0, 1)
