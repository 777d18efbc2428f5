"""Records, replay, seeds and clones, through Dicetime (the kernel's first game).

A record is `{game, players, options, seed, actions}` (plus `chance` when scripted);
`parlour.replay` rebuilds the same state from it or refuses it with a RecordError.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest

import parlour
from parlour import IllegalAction, RecordError, State, replay
from parlour.kernel import keeps_times, timed_record

from ..helpers import all_seats, all_views, snapshot


def bot_play(state: State, steps: int, pick: int = 7) -> State:
    """Apply `steps` legal actions (or fewer if the game ends), choosing deterministically by
    a simple rule, so that games differ only by their seeds."""
    for step in range(steps):
        if state.over:
            break
        seat = state.to_act[step % len(state.to_act)]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[(step * pick) % len(legal)])
    return state


def played(players: int = 2, seed: int = 1, steps: int = 40, **options: object) -> State:
    """A game of Dicetime with some actions applied."""
    return bot_play(parlour.load("dicetime", players=players, **options).new(seed), steps)


def rolls_of(state: State) -> list[list[int]]:
    """Every roll's dice in the log, for comparing the dice two games produced."""
    return [entry["dice"] for entry in state.view(None)["log"] if entry["event"] == "roll"]


@pytest.mark.parametrize(
    ("players", "options", "steps"),
    [
        (1, {}, 1000),
        (3, {}, 50),
        (3, {"start": "race"}, 60),
        (2, {"mode": "simultaneous"}, 70),
        (1, {"mode": "puzzle"}, 30),
        (1, {"mode": "puzzle", "time_limit": 0}, 1000),
        (2, {"five_of_a_kind_is_full_house": False}, 1000),
    ],
)
def test_replay_gives_identical_views_and_record(
    players: int, options: dict[str, object], steps: int
) -> None:
    """Replaying a record rebuilds a state whose views (every seat and a spectator), record,
    history, legal actions and scores equal the original's."""
    state = played(players, 5, steps, **options)
    again = replay(state.record)
    assert snapshot(again) == snapshot(state)
    assert again.record == state.record


def test_replay_of_a_timed_out_puzzle() -> None:
    """A record ending with the table's timeout replays to the same finished game."""
    state = played(1, 3, 12, mode="puzzle")
    state.apply(None, "timeout")
    assert snapshot(replay(state.record)) == snapshot(state)


def test_record_survives_json() -> None:
    """A record (with or without scripted chance) is JSON: dumped and loaded it replays to
    the same state, and the replayed game continues identically."""
    for state in (
        played(2, 77, 30),
        bot_play(parlour.load("dicetime", players=2).new(9, chance=[6] * 12), 30),
    ):
        record = json.loads(json.dumps(state.record))
        assert record == state.record
        again = replay(record)
        assert snapshot(again) == snapshot(state)
        bot_play(state, 25, pick=3)
        bot_play(again, 25, pick=3)
        assert snapshot(again) == snapshot(state)


def test_record_contents() -> None:
    """The record has exactly game, players, options, seed and actions as [seat, action]
    pairs; chance only when scripted; meta is accepted and ignored by replay."""
    state = played(2, 123, 5)
    record = state.record
    assert set(record) == {"game", "players", "options", "seed", "actions"}
    assert (record["game"], record["players"], record["seed"]) == ("dicetime", 2, 123)
    assert record["options"] == state.game.options
    assert record["actions"] == [list(pair) for pair in state.history]
    scripted = parlour.load("dicetime").new(0, chance=[1, 2, 3, 4, 5])
    assert scripted.record["chance"] == [1, 2, 3, 4, 5]
    with_meta = {**record, "meta": {"seats": ["ann", "bob"]}}
    assert snapshot(replay(with_meta)) == snapshot(state)


def test_record_is_a_copy() -> None:
    """Changing a record obtained from a state does not change the state."""
    state = played(2, 4, 6)
    before = snapshot(state)
    record = state.record
    record["actions"].clear()
    record["options"]["mode"] = "puzzle"
    assert snapshot(state) == before


def test_views_are_copies() -> None:
    """Changing a view's log (or a clone's) does not change later views of the state."""
    state = played(2, 4, 6)
    before = copy.deepcopy(all_views(state))
    twin = state.clone()
    for game in (state, twin):
        for view in all_views(game):
            for entry in view["log"]:
                entry["text"] = "changed"
                entry.get("dice", []).append(99)
            view["seats"][0]["sheet"].clear()
    assert all_views(state) == before
    assert all_views(twin) == before


def tampered(record: dict[str, Any], change: str) -> dict[str, Any]:
    """A copy of `record` with one kind of damage."""
    bad = copy.deepcopy(record)
    actions = bad["actions"]
    if change == "illegal action":
        actions[1][1] = "enter no_such_row"
    elif change == "refused action":
        actions[0][1] = "enter chance"  # before any roll
    elif change == "wrong seat":
        actions[0][0] = 1
    elif change == "table seat":
        actions[0][0] = None
    elif change == "bool seat":
        actions[0][0] = False
    elif change == "seat out of range":
        actions[0][0] = 7
    elif change == "action not text":
        actions[0][1] = ["roll"]
    elif change == "action not a pair":
        actions[0] = [0, "roll", "extra"]
    elif change == "action a string":
        actions[0] = "roll"
    elif change == "non-list actions":
        bad["actions"] = {"0": [0, "roll"]}
    elif change.startswith("missing "):
        del bad[change.removeprefix("missing ")]
    elif change == "unknown key":
        bad["comment"] = "hi"
    elif change == "bad option value":
        bad["options"]["mode"] = "foo"
    elif change == "unknown option":
        bad["options"]["speed"] = 3
    elif change == "option not text keyed":
        bad["options"][1] = 2
    elif change == "option that does not apply":
        bad["options"]["time_limit"] = 60
    elif change == "unknown game":
        bad["game"] = "yahtzee"
    elif change == "too many players":
        bad["players"] = 9
    elif change == "players as text":
        bad["players"] = "2"
    elif change == "bool as seed":
        bad["seed"] = True
    elif change == "seed as text":
        bad["seed"] = "5"
    elif change == "float seed":
        bad["seed"] = 5.0
    elif change == "non-integer chance":
        bad["chance"] = [1, 2, "3", 4, 5]
    elif change == "bool chance":
        bad["chance"] = [True, 2, 3, 4, 5]
    elif change == "chance not a list":
        bad["chance"] = 5
    elif change == "chance out of range":
        bad["chance"] = [1, 2, 3, 4, 7]
    elif change == "meta not an object":
        bad["meta"] = ["ann"]
    else:
        raise AssertionError(change)
    return bad


CHANGES = [
    "illegal action",
    "refused action",
    "wrong seat",
    "table seat",
    "bool seat",
    "seat out of range",
    "action not text",
    "action not a pair",
    "action a string",
    "non-list actions",
    "missing game",
    "missing players",
    "missing options",
    "missing seed",
    "missing actions",
    "unknown key",
    "bad option value",
    "unknown option",
    "option not text keyed",
    "option that does not apply",
    "unknown game",
    "too many players",
    "players as text",
    "bool as seed",
    "seed as text",
    "float seed",
    "non-integer chance",
    "bool chance",
    "chance not a list",
    "chance out of range",
    "meta not an object",
]


@pytest.mark.parametrize("change", CHANGES)
def test_tampered_records_are_refused(change: str) -> None:
    """Every kind of damage to a record is a RecordError (never another exception), and the
    untampered record replays."""
    state = bot_play(parlour.load("dicetime", players=2).new(3, chance=[2, 2, 2, 5, 5]), 6)
    record = state.record
    assert snapshot(replay(record)) == snapshot(state)
    with pytest.raises(RecordError):
        replay(tampered(record, change))


@pytest.mark.parametrize("record", [None, [], "dicetime", 5])
def test_a_record_is_an_object(record: Any) -> None:
    """Anything but a mapping is refused."""
    with pytest.raises(RecordError, match="a record is a JSON object"):
        replay(record)


def test_record_errors_say_what_is_wrong() -> None:
    """The messages name the action number, the missing key or the refused setting."""
    record = played(2, 3, 6).record
    with pytest.raises(RecordError, match=r"action 2 \[0, 'enter no_such_row'\] is illegal"):
        replay(tampered(record, "illegal action"))
    with pytest.raises(RecordError, match="the record has no 'seed'"):
        replay(tampered(record, "missing seed"))
    with pytest.raises(RecordError, match="unknown key 'comment'"):
        replay(tampered(record, "unknown key"))
    with pytest.raises(RecordError, match=r"game settings are refused: .*mode=foo"):
        replay(tampered(record, "bad option value"))
    with pytest.raises(RecordError, match=r"'seed' must be an? integer"):
        replay(tampered(record, "bool as seed"))


@pytest.mark.parametrize("seed", [0, 1, -1, -(2**70), 2**64, 2**200, 2**200 + 1])
def test_any_integer_seed_is_deterministic(seed: int) -> None:
    """Seeds of any size and sign deal the same game every time: same seed and actions, same
    views; the record keeps the seed exactly and replays."""
    first = played(2, seed, 60)
    second = played(2, seed, 60)
    assert snapshot(first) == snapshot(second)
    assert first.record["seed"] == seed
    assert snapshot(replay(json.loads(json.dumps(first.record)))) == snapshot(first)


@pytest.mark.parametrize(
    ("a", "b"),
    [(1, 2), (5, -5), (0, -1), (2**200, 2**200 + 1), (2**200, -(2**200)), (7, 7 + 2**64)],
)
def test_different_seeds_deal_different_dice(a: int, b: int) -> None:
    """Different seeds (including n and -n, and seeds differing only in high bits) give
    different dice over a game's worth of rolls."""
    first, second = played(1, a, 40), played(1, b, 40)
    assert len(rolls_of(first)) >= 13
    assert rolls_of(first) != rolls_of(second)


def test_seed_none_draws_a_large_random_seed() -> None:
    """seed=None draws a fresh seed of about 128 bits and records it; the record replays."""
    game = parlour.load("dicetime", players=2)
    seeds = set()
    for _ in range(5):
        state = bot_play(game.new(), 10)
        seed = state.record["seed"]
        assert type(seed) is int
        assert 0 <= seed < 2**128
        seeds.add(seed)
        assert snapshot(replay(state.record)) == snapshot(state)
    assert len(seeds) == 5
    assert max(seeds) >= 2**64  # 5 draws all below 2**64 has probability 2**-320


@pytest.mark.parametrize("seed", [True, 1.5, "7"])
def test_new_refuses_a_non_integer_seed(seed: Any) -> None:
    """Game.new refuses booleans, floats and text as seeds."""
    with pytest.raises(parlour.OptionError, match="seed must be an integer"):
        parlour.load("dicetime").new(seed)


def test_clone_is_independent() -> None:
    """Changing a clone leaves the original exactly as it was, and the other way round."""
    state = played(3, 21, 20)
    before = snapshot(state)
    twin = state.clone()
    assert snapshot(twin) == before
    bot_play(twin, 30)
    assert snapshot(state) == before
    twin_now = snapshot(twin)
    bot_play(state, 10, pick=5)
    assert snapshot(twin) == twin_now


@pytest.mark.parametrize("chance", [[], [3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5]])
def test_clone_continues_with_the_same_dice(chance: list[int]) -> None:
    """A clone rolls exactly the dice the original would (seeded and scripted alike)."""
    state = bot_play(parlour.load("dicetime", players=2).new(99, chance=chance), 3)
    twin = state.clone()
    for game in (state, twin):
        bot_play(game, 80, pick=11)
    assert snapshot(twin) == snapshot(state)
    assert twin.history == state.history


def test_illegal_apply_changes_nothing() -> None:
    """apply refuses wrong seats, unknown text and non-text actions with IllegalAction and
    leaves the state as it was."""
    state = played(2, 8, 3)
    before = snapshot(state)
    (seat,) = state.to_act
    other = 1 - seat
    for who, action in [
        (other, "roll"),
        (seat, "dance"),
        (seat, ["roll"]),
        (seat, None),
        (None, "roll"),
        (5, "roll"),
        (-1, "roll"),
    ]:
        with pytest.raises(IllegalAction):
            state.apply(who, action)  # type: ignore[arg-type]
        assert snapshot(state) == before


@pytest.mark.parametrize("seat", [True, False, 0.0, 1.0, "0", "1"])
def test_a_seat_must_be_an_integer(seat: Any) -> None:
    """A bool, float or text seat is refused with IllegalAction, even where it equals a seat
    to act (True == 1), so every record a state writes is one replay accepts."""
    state = parlour.load("dicetime", players=2, start="race").new(1)
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        state.apply(seat, "roll")
    assert snapshot(state) == before


def test_views_hold_no_seed() -> None:
    """No view shows the seed (it would reveal every future roll)."""
    state = played(2, 2**100 + 12345, 30)
    for view in all_views(state):
        text = json.dumps(view)
        assert '"seed"' not in text
        assert str(2**100 + 12345) not in text
    assert len(all_seats(state)) == 3


def test_a_chance_script_the_game_cannot_deal_is_a_record_error() -> None:
    record = {"game": "dokitto", "players": 2, "options": {}, "seed": 1, "actions": []}
    with pytest.raises(RecordError, match="chance script"):
        replay({**record, "chance": [999]})


def raced(seed: int = 3) -> State:
    """A two-player Like Dice game (seats race to answer) with a few actions applied."""
    return bot_play(parlour.load("likedice", players=2, max_challenges=3).new(seed), 6)


def test_a_racing_games_record_keeps_each_actions_time_and_replays() -> None:
    state = raced()
    assert keeps_times(state.game) and not keeps_times(played().game)
    count = len(state.history)
    record = timed_record(state, [1.23456, 0.5, *[2.0 + n for n in range(count - 2)]])
    assert record["times"][:3] == [1.235, 1.235, 2.0]  # to the millisecond, never going back
    assert len(record["times"]) == count
    assert snapshot(replay(json.loads(json.dumps(record)))) == snapshot(state)
    assert "times" not in timed_record(played(), [1.0] * 40)  # a turn game keeps none


@pytest.mark.parametrize(
    ("actions", "times", "said"),
    [
        (2, [1.0], "one time per action: 1 times for 2 actions"),
        (1, "many", "'times' must be a list"),
        (1, ["1"], "time 1 of the record ('1') must be a number"),
        (1, [True], "time 1 of the record (True) must be a number"),
        (1, [-1], "no earlier than the time before it (0)"),
        (1, [float("nan")], "time 1 of the record (nan) must be a number"),
        (2, [2, 1], "time 2 of the record (1) must be a number of seconds, no earlier than"),
    ],
)
def test_times_that_are_not_one_number_per_action_in_order_are_refused(
    actions: int, times: Any, said: str
) -> None:
    record = raced().record
    record["actions"] = record["actions"][:actions]
    record["times"] = times
    with pytest.raises(RecordError, match=re.escape(said)):
        replay(record)
