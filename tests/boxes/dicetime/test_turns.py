"""Dicetime's turn structure ("Ablauf"), the end of the game, the bonus, and the three modes.

Rulebook: up to three rolls a turn, the first with all five dice; after each roll dice may be
kept; at the latest after the third roll the result is entered; each row once per game; the
bonus of 35 once the upper rows total more than 62; the game ends when every sheet is full and
the highest total wins. Revanche (start=race): whoever rolls first begins. The puzzle: solo,
26 rerolls pooled over the whole game, timed; when the time is up the score so far counts.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from parlour import IllegalAction, replay
from parlour.boxes.dicetime import DicetimeState
from parlour.boxes.dicetime.components import CATEGORIES
from parlour.boxes.dicetime.rules import score, upper_bonus

from ...helpers import snapshot
from .helpers import Plan, dice, flatten, new_state, play_plan, play_turn, seat_view, sheet, turn

KEYS = [c.key for c in CATEGORIES]
ENTERS = tuple(f"enter {key}" for key in KEYS)

# Three of each face in the upper rows: 3 + 6 + 9 + 12 + 15 + 18 = 63, exactly the threshold.
THREE_OF_EACH: Plan = [
    ((6, 6, 6, 1, 2), "sixes"),
    ((5, 5, 5, 1, 2), "fives"),
    ((4, 4, 4, 1, 2), "fours"),
    ((3, 3, 3, 1, 2), "threes"),
    ((2, 2, 2, 1, 3), "twos"),
    ((1, 1, 1, 2, 3), "ones"),
]
LOWER: Plan = [
    ((2, 2, 2, 5, 5), "three_of_a_kind"),
    ((3, 3, 3, 3, 1), "four_of_a_kind"),
    ((4, 4, 6, 6, 6), "full_house"),
    ((1, 2, 3, 4, 1), "small_straight"),
    ((2, 3, 4, 5, 6), "large_straight"),
    ((4, 4, 4, 4, 4), "five_of_a_kind"),
    ((6, 5, 4, 3, 3), "chance"),
]
ONE_GAME: Plan = THREE_OF_EACH + LOWER


def planned_total(plan: Plan) -> int:
    """What the rules make of a plan: each entry's score plus the upper bonus."""
    points = {key: score(CATEGORIES[KEYS.index(key)], faces) for faces, key in plan}
    upper = sum(points[key] for key in KEYS[:6] if key in points)
    return sum(points.values()) + upper_bonus(upper)


def interleave(players: int, plan: Plan) -> Plan:
    """The same plan played by every seat, round by round."""
    return [turn for turn in plan for _ in range(players)]


def rolled(state: DicetimeState, seat: int, action: str = "roll") -> list[int]:
    """Apply a roll or keep and return the dice."""
    state.apply(seat, action)
    return dice(state, seat)


# -- one turn ---------------------------------------------------------------------------------


def test_first_action_of_a_turn_is_roll() -> None:
    """Before rolling only `roll` is legal; keep and enter are refused and change nothing."""
    state = new_state(1)
    assert state.legal_actions(0) == ("roll",)
    assert turn(state, 0) == {"rolled": False, "dice": [], "kept": [], "rolls_left": 3}
    before = snapshot(state)
    for action in ("keep 1,2", "keep 1", "enter chance", "enter ones"):
        with pytest.raises(IllegalAction, match="roll first"):
            state.apply(0, action)
        assert snapshot(state) == before


def test_kept_dice_stay_and_the_others_are_rerolled() -> None:
    """`keep 1,3,5` leaves positions 1, 3 and 5 as they are and rolls 2 and 4 from the
    script; `roll` rerolls all five."""
    state = new_state(1, [1, 2, 3, 4, 5, 6, 6, 2, 3, 4, 5, 6])
    assert rolled(state, 0) == [1, 2, 3, 4, 5]
    assert turn(state, 0)["kept"] == [False] * 5
    assert rolled(state, 0, "keep 1,3,5") == [1, 6, 3, 6, 5]
    assert turn(state, 0)["kept"] == [True, False, True, False, True]
    assert rolled(state, 0, "roll") == [2, 3, 4, 5, 6]
    assert turn(state, 0)["kept"] == [False] * 5


def test_keep_four_rerolls_the_fifth() -> None:
    """Keeping four positions rolls exactly the remaining one."""
    state = new_state(1, [6, 6, 6, 6, 1, 6])
    state.apply(0, "roll")
    assert rolled(state, 0, "keep 1,2,3,4") == [6, 6, 6, 6, 6]
    state.apply(0, "enter five_of_a_kind")
    assert sheet(state, 0)["five_of_a_kind"] == 50


def test_at_most_three_rolls_then_only_entries() -> None:
    """A turn has three rolls: rolls_left counts down, and after the third only the open
    rows may be entered; further rolls and keeps are refused and change nothing."""
    state = new_state(1, seed=5)
    lefts = []
    for action in ("roll", "keep 1", "keep 2,3"):
        state.apply(0, action)
        lefts.append(turn(state, 0)["rolls_left"])
    assert lefts == [2, 1, 0]
    assert state.legal_actions(0) == ENTERS
    before = snapshot(state)
    for action in ("roll", "keep 1", "keep 1,2,3,4"):
        with pytest.raises(IllegalAction):
            state.apply(0, action)
        assert snapshot(state) == before
    state.apply(0, "enter chance")
    assert state.legal_actions(0) == ("roll",)


def test_keep_all_five_is_refused() -> None:
    """At least one die is rolled: `keep 1,2,3,4,5` is never legal, nor bad positions."""
    state = new_state(1, seed=3)
    state.apply(0, "roll")
    assert "keep 1,2,3,4,5" not in state.legal_actions(0)
    assert len([a for a in state.legal_actions(0) if a.startswith("keep ")]) == 2**5 - 2
    before = snapshot(state)
    for action in ("keep 1,2,3,4,5", "keep 6", "keep 0,1", "keep 1,1", "keep 3,1", "keep"):
        with pytest.raises(IllegalAction):
            state.apply(0, action)
        assert snapshot(state) == before


def test_used_category_is_refused_and_nothing_changes() -> None:
    """A row already entered is refused with IllegalAction naming it; views, record and
    everything else stay as they were."""
    state = new_state(2, [1, 2, 3, 4, 6, 3, 3, 3, 2, 2, 1, 2, 3, 4, 5])
    play_turn(state, 0, (1, 2, 3, 4, 6), "small_straight")
    play_turn(state, 1, (3, 3, 3, 2, 2), "full_house")
    state.apply(0, "roll")
    assert "enter small_straight" not in state.legal_actions(0)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="small_straight is already used"):
        state.apply(0, "enter small_straight")
    assert snapshot(state) == before
    state.apply(0, "enter large_straight")
    assert sheet(state, 0)["large_straight"] == 40


def test_entering_ends_the_turn_and_passes_on_in_seat_order() -> None:
    """After an entry the next seat (wrapping round) is the only one to act; the others have
    no legal actions and no turn in their view."""
    state = new_state(3, seed=11)
    order = []
    for _ in range(7):
        (seat,) = state.to_act
        order.append(seat)
        assert state.view(None)["current"] == seat
        for other in range(3):
            if other != seat:
                assert state.legal_actions(other) == ()
                assert seat_view(state, other)["turn"] is None
                with pytest.raises(IllegalAction, match="may not act now"):
                    state.apply(other, "roll")
        state.apply(seat, "roll")
        state.apply(seat, state.legal_actions(seat)[-1])
    assert order == [0, 1, 2, 0, 1, 2, 0]


# -- the end of the game ----------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 4])
def test_game_ends_after_thirteen_rounds_with_every_sheet_full(players: int) -> None:
    """The game is over exactly after each seat's thirteenth entry; then every row of every
    sheet is filled, nobody is to act and the totals are the rules' sums."""
    plan = interleave(players, ONE_GAME)
    state = new_state(players, flatten(faces for faces, _ in plan))
    for faces, key in plan[:-1]:
        play_turn(state, state.to_act[0], faces, key)
    assert not state.over
    assert state.winners == ()
    assert state.to_act == (players - 1,)
    play_turn(state, players - 1, *plan[-1])
    assert state.over
    assert state.to_act == ()
    assert state.view(None)["round"] == 13
    for seat in range(players):
        assert None not in sheet(state, seat).values()
        assert state.legal_actions(seat) == ()
    assert state.legal_actions(None) == ()
    assert state.scores == (planned_total(ONE_GAME),) * players


def test_highest_total_wins() -> None:
    """One seat scoring more than the other is the only winner."""
    worse = [((1, 2, 3, 4, 6), key) for _, key in ONE_GAME]  # mostly zeros
    plan = [turn for pair in zip(ONE_GAME, worse, strict=True) for turn in pair]
    state = play_plan(2, plan)
    assert state.scores[0] > state.scores[1]
    assert state.winners == (0,)
    assert state.view(1)["winners"] == [0]


@pytest.mark.parametrize("players", [2, 3])
def test_tied_highest_totals_all_win(players: int) -> None:
    """Seats making identical entries tie, and every tied highest seat wins; a lower seat
    does not."""
    state = play_plan(players, interleave(players, ONE_GAME))
    assert len(set(state.scores)) == 1
    assert state.winners == tuple(range(players))
    # Seats 0 and 2 tie on top, seat 1 dumps its last roll into a worse row.
    last = ONE_GAME[-1][0]
    plan = [*interleave(3, ONE_GAME[:-1]), (last, "chance"), ((1, 1, 1, 1, 2), "chance")]
    plan.append((last, "chance"))
    state = play_plan(3, plan)
    assert state.scores[0] == state.scores[2] > state.scores[1]
    assert state.winners == (0, 2)


def test_upper_bonus_at_exactly_63_appears_at_once() -> None:
    """Three of each face (3+6+9+12+15+18 = 63) earns the 35 bonus the moment the upper rows
    reach 63: in the view's bonus, the total, the scores and the log."""
    state = new_state(1, [face for faces, _ in ONE_GAME for face in faces])
    for faces, key in THREE_OF_EACH[:-1]:
        play_turn(state, 0, faces, key)
    mine = seat_view(state, 0)
    assert (mine["upper"], mine["bonus"], mine["bonus_needed"], mine["total"]) == (60, 0, 3, 60)
    play_turn(state, 0, *THREE_OF_EACH[-1])
    mine = seat_view(state, 0)
    assert (mine["upper"], mine["bonus"], mine["bonus_needed"], mine["total"]) == (
        63,
        35,
        0,
        63 + 35,
    )
    assert state.scores == (63 + 35,)
    assert state.view(0)["log"][-1]["bonus"] is True
    for faces, key in LOWER:
        play_turn(state, 0, faces, key)
    assert state.over
    assert seat_view(state, 0)["bonus"] == 35
    assert state.scores == (planned_total(ONE_GAME),)
    assert state.scores[0] == 63 + 35 + sum(score_of(faces, key) for faces, key in LOWER)


def score_of(faces: Sequence[int], key: str) -> int:
    """The rules' points for these dice in the row called `key`."""
    return score(CATEGORIES[KEYS.index(key)], faces)


def test_no_upper_bonus_at_62() -> None:
    """Only two ones (62 in the upper rows) earns no bonus, up to the end of the game."""
    plan = [*THREE_OF_EACH[:-1], ((1, 1, 2, 3, 4), "ones"), *LOWER]
    state = play_plan(1, plan)
    mine = seat_view(state, 0)
    assert state.over
    assert (mine["upper"], mine["bonus"], mine["bonus_needed"]) == (62, 0, 1)
    assert state.scores == (62 + sum(score_of(faces, key) for faces, key in LOWER),)
    assert not any(entry.get("bonus") for entry in state.view(0)["log"])


# -- who begins -------------------------------------------------------------------------------


def test_start_first_only_seat_zero_may_begin() -> None:
    """start=first (the default): seat 0 alone is to act; another seat's roll is refused."""
    state = new_state(3, start="first")
    assert state.to_act == (0,)
    assert state.legal_actions(1) == state.legal_actions(2) == ()
    with pytest.raises(IllegalAction):
        state.apply(2, "roll")
    assert new_state(3).to_act == (0,)


@pytest.mark.parametrize("first", [0, 1, 2])
def test_race_whoever_rolls_first_begins(first: int) -> None:
    """start=race: every seat may roll first; the first to roll begins and play continues in
    seat order from it, for thirteen full rounds."""
    state = new_state(3, seed=first, start="race")
    assert state.to_act == tuple(range(3))
    assert all(state.legal_actions(seat) == ("roll",) for seat in range(3))
    assert state.view(None)["first"] is None
    state.apply(first, "roll")
    assert state.to_act == (first,)
    assert state.view(None)["first"] == first
    assert [state.legal_actions(s) for s in range(3) if s != first] == [(), ()]
    assert state.view(0)["log"][0]["event"] == "begins"
    state.apply(first, "enter chance")
    order = [first]
    while not state.over:
        (seat,) = state.to_act
        order.append(seat)
        state.apply(seat, "roll")
        state.apply(seat, state.legal_actions(seat)[-1])
    assert order == [(first + i) % 3 for i in range(3)] * 13
    assert state.view(None)["first"] == first


# -- simultaneous -----------------------------------------------------------------------------


def test_simultaneous_seats_act_independently() -> None:
    """mode=simultaneous: every seat is to act; each rolls, keeps and enters on its own dice
    in any interleaving, and an entry does not pass the turn."""
    state = new_state(3, [1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 2], mode="simultaneous")
    assert state.to_act == (0, 1, 2)
    assert rolled(state, 1) == [1, 1, 1, 1, 1]
    assert rolled(state, 0) == [6, 6, 6, 6, 6]
    assert rolled(state, 1, "keep 2,3,4,5") == [2, 1, 1, 1, 1]
    assert dice(state, 0) == [6, 6, 6, 6, 6]
    assert state.legal_actions(2) == ("roll",)
    state.apply(0, "enter sixes")
    assert state.to_act == (0, 1, 2)
    assert state.legal_actions(0) == ("roll",)
    assert turn(state, 1)["rolls_left"] == 1
    state.apply(1, "enter ones")
    assert (sheet(state, 0)["sixes"], sheet(state, 1)["ones"]) == (30, 4)
    assert state.view(None)["current"] is None


def test_simultaneous_full_sheet_leaves_and_game_ends_when_all_full() -> None:
    """A seat whose sheet is full leaves to_act and may not act; the game ends when the last
    sheet is full."""
    state = new_state(2, seed=8, mode="simultaneous")
    for key in KEYS:
        state.apply(0, "roll")
        state.apply(0, f"enter {key}")
    assert state.to_act == (1,)
    assert not state.over
    assert state.legal_actions(0) == ()
    with pytest.raises(IllegalAction):
        state.apply(0, "roll")
    for key in KEYS:
        assert not state.over
        state.apply(1, "roll")
        state.apply(1, f"enter {key}")
    assert state.over
    assert state.to_act == ()
    assert len(state.winners) >= 1


# -- the puzzle -------------------------------------------------------------------------------


def pool(state: DicetimeState) -> int:
    """The puzzle's rerolls left, as the view shows them (also in the turn)."""
    left: int = state.view(0)["pool"]
    if state.to_act:
        assert turn(state, 0)["rerolls_left"] == left
    return left


def test_puzzle_pool_is_shared_and_first_rolls_are_free() -> None:
    """mode=puzzle: 26 rerolls for the whole game; a turn's first roll costs none, each
    reroll (roll or keep) one; a turn may reroll far more than twice."""
    state = new_state(1, seed=4, mode="puzzle")
    assert pool(state) == 26
    state.apply(0, "roll")
    assert pool(state) == 26
    for n in range(1, 6):
        state.apply(0, "keep 1" if n % 2 else "roll")
        assert pool(state) == 26 - n
    assert "roll" in state.legal_actions(0)
    state.apply(0, "enter chance")
    state.apply(0, "roll")
    assert pool(state) == 21
    state.apply(0, "keep 2,4")
    assert pool(state) == 20


def test_puzzle_reroll_refused_when_the_pool_is_empty() -> None:
    """Once the 26 rerolls are spent only entries are legal; rolls are refused and change
    nothing; the next turn's first roll is still free."""
    state = new_state(1, seed=9, mode="puzzle")
    state.apply(0, "roll")
    for _ in range(26):
        state.apply(0, "roll")
    assert pool(state) == 0
    assert state.legal_actions(0) == ENTERS
    before = snapshot(state)
    for action in ("roll", "keep 1"):
        with pytest.raises(IllegalAction, match="pool of rerolls is empty"):
            state.apply(0, action)
        assert snapshot(state) == before
    state.apply(0, "enter chance")
    assert state.legal_actions(0) == ("roll",)
    state.apply(0, "roll")
    assert state.legal_actions(0) == tuple(a for a in ENTERS if a != "enter chance")


def test_puzzle_untimed_game_ends_when_the_sheet_is_full() -> None:
    """An untimed puzzle (time_limit=0) ends with the thirteenth entry, like a normal game."""
    state = play_plan(1, ONE_GAME, mode="puzzle", time_limit=0)
    assert state.over
    assert state.scores == (planned_total(ONE_GAME),)
    assert state.view(0)["timed_out"] is False


def test_timeout_ends_the_puzzle_and_the_score_so_far_counts_with_bonus() -> None:
    """apply(None, "timeout"): a pending roll is dropped (not entered), the game ends, and the
    entered points count, with the upper bonus once reached."""
    chance = [face for faces, _ in THREE_OF_EACH for face in faces] + [5, 5, 5, 5, 5]
    state = new_state(1, chance, mode="puzzle")
    for faces, key in THREE_OF_EACH:
        play_turn(state, 0, faces, key)
    state.apply(0, "roll")
    assert dice(state, 0) == [5, 5, 5, 5, 5]
    assert state.legal_actions(None) == ("timeout",)
    state.apply(None, "timeout")
    assert state.over
    assert state.to_act == ()
    assert state.winners == (0,)
    assert state.scores == (63 + 35,)
    assert sheet(state, 0)["five_of_a_kind"] is None
    assert seat_view(state, 0)["turn"] is None
    view = state.view(0)
    assert view["timed_out"] is True
    assert view["log"][-1]["event"] == "timeout"
    assert state.legal_actions(None) == ()
    assert state.legal_actions(0) == ()
    assert state.record["actions"][-1] == [None, "timeout"]
    assert replay(state.record).view(0) == view


def test_timeout_without_bonus_counts_the_entries() -> None:
    """A timeout after two entries leaves their sum as the score."""
    state = new_state(1, [1, 2, 3, 4, 6, 6, 6, 6, 6, 6], mode="puzzle", time_limit=60)
    play_turn(state, 0, (1, 2, 3, 4, 6), "small_straight")
    play_turn(state, 0, (6, 6, 6, 6, 6), "five_of_a_kind")
    state.apply(None, "timeout")
    assert state.over
    assert state.scores == (30 + 50,)


@pytest.mark.parametrize(
    ("options", "table"),
    [
        ({"mode": "puzzle"}, ("timeout",)),
        ({"mode": "puzzle", "time_limit": 30}, ("timeout",)),
        ({"mode": "puzzle", "time_limit": 0}, ()),
        ({}, ()),
        ({"start": "race"}, ()),
        ({"mode": "simultaneous"}, ()),
    ],
    ids=["puzzle-default", "puzzle-30s", "puzzle-untimed", "turns", "race", "simultaneous"],
)
def test_the_tables_actions(options: dict[str, object], table: tuple[str, ...]) -> None:
    """legal_actions(None) is ("timeout",) only in a timed puzzle; elsewhere the table may
    apply nothing, and the clock says the same."""
    state = new_state(1, (), 0, **options)
    assert state.legal_actions(None) == table
    assert (state.clock is not None) == bool(table)
    if not table:
        before = snapshot(state)
        with pytest.raises(IllegalAction):
            state.apply(None, "timeout")
        assert snapshot(state) == before


def test_clock_is_the_time_limit() -> None:
    """A timed puzzle's clock is its time_limit in seconds (default 600)."""
    assert new_state(1, mode="puzzle").clock == 600.0
    assert new_state(1, mode="puzzle", time_limit=45).clock == 45.0


def test_players_cannot_time_out_and_the_table_cannot_roll() -> None:
    """A player seat may not apply timeout, nor may the table roll or enter."""
    state = new_state(1, seed=2, mode="puzzle")
    assert "timeout" not in state.legal_actions(0)
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        state.apply(0, "timeout")
    for action in ("roll", "enter chance"):
        with pytest.raises(IllegalAction):
            state.apply(None, action)
    assert snapshot(state) == before
