"""Property tests of the game protocol, written for any game: every configuration that each
registered game declares (`GameInfo.configurations`, with its bound on a game's length).

Hypothesis draws a game seed and a policy (the seed of the random choices of who acts and what
they do, sometimes the table's own actions) and plays random legal games. The properties: play
ends within the configuration's bound; every listed action applies; illegal attempts raise
IllegalAction and change nothing; a record replays to identical views, survives JSON, and is
refused with RecordError when tampered; views are JSON without a seed; views and records are
copies; `to_act` seats have legal actions and nobody else does; over <=> nobody to act;
winners exactly when over.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping
from typing import Any, NamedTuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parlour
from parlour import Action, IllegalAction, RecordError, Seat, State, replay

from ..helpers import all_seats, json_keys, snapshot


class Config(NamedTuple):
    """A game to test: its name, players, options, and a bound on the actions of any game."""

    game: str
    players: int
    options: Mapping[str, object]
    max_actions: int


def configs() -> list[Config]:
    """Every configuration that every registered game declares (`GameInfo.configurations`):
    a newly registered game is tested without editing this file."""
    return [Config(info.name, *c) for info in parlour.games() for c in info.configurations]


def config_id(config: Config) -> str:
    """A test id such as `dicetime-3-start=race`."""
    options = ",".join(f"{key}={value}" for key, value in config.options.items())
    return f"{config.game}-{config.players}-{options}"


CONFIGS = configs()
IDS = [config_id(config) for config in CONFIGS]

PROPERTY = settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
SEEDS = st.integers(min_value=-(2**130), max_value=2**130)
POLICIES = st.integers(min_value=0, max_value=2**64)
TABLE_RATE = 0.01
"""How often the policy lets the table act when it may (a timeout ends a puzzle at once)."""
SAMPLES = 6
"""About how many states of a game the costlier checks visit."""
JUNK: list[object] = [["roll"], None, 5, 1.5, b"roll", ("enter", "chance"), {"action": "roll"}]
"""Actions that are not text at all."""

Legal = dict[Seat, tuple[Action, ...]]


def deal(config: Config, seed: int) -> State:
    """A new game of this configuration."""
    return parlour.load(config.game, players=config.players, **config.options).new(seed)


def legal_now(state: State) -> Legal:
    """The legal actions of every seat and of the table, now."""
    return {seat: tuple(state.legal_actions(seat)) for seat in all_seats(state)}


def pick(state: State, rnd: random.Random) -> tuple[Seat, Action]:
    """A random legal (seat, action): a seat to act and one of its actions, or now and then
    (or when no player may act) one of the table's."""
    table = tuple(state.legal_actions(None))
    if table and (not state.to_act or rnd.random() < TABLE_RATE):
        return None, rnd.choice(table)
    assert state.to_act, "nobody may act, but the game is not over"
    seat = rnd.choice(state.to_act)
    return seat, rnd.choice(tuple(state.legal_actions(seat)))


def walk(state: State, rnd: random.Random, steps: int) -> list[Legal]:
    """Play up to `steps` random legal actions (fewer if the game ends); return the legal
    actions of every seat before each action played."""
    before: list[Legal] = []
    while len(before) < steps and not state.over:
        before.append(legal_now(state))
        state.apply(*pick(state, rnd))
    return before


def check_invariants(state: State) -> None:
    """What must hold in every state of every game."""
    players = state.game.players
    assert state.over == (not state.to_act)
    assert bool(state.winners) == state.over
    assert set(state.winners) <= set(range(players))
    assert len(state.scores) == players
    assert len(set(state.to_act)) == len(state.to_act)
    for seat in range(players):
        assert bool(state.legal_actions(seat)) == (seat in state.to_act), seat
    if state.over:
        assert state.legal_actions(None) == ()


def check_views(state: State) -> None:
    """Every view (each seat and a spectator) is JSON with no key named seed."""
    for seat in all_seats(state):
        view = state.view(seat)
        assert isinstance(view, dict)
        text = json.dumps(view)
        assert json.loads(text) == view
        assert "seed" not in json_keys(text)


def cheap_snapshot(state: State) -> tuple[Any, ...]:
    """The record and whose turn it is, without views (for checks at many steps)."""
    return state.record, state.history, state.to_act, legal_now(state), state.scores


def illegal_attempt(
    state: State, rnd: random.Random, seen: set[Action], junk: str
) -> tuple[Any, Any]:
    """A (seat, action) pair the rules refuse now, of a randomly chosen kind: an action of the
    game not legal for a seat to act, junk text, something that is not text, or a legal action
    tried by a seat that may not make it (a seat not to act, out of range, the table, a bool)."""
    legal = legal_now(state)
    players = state.game.players
    kind = rnd.choice(["other action", "junk text", "not text", "wrong seat"])
    if kind == "other action" and state.to_act:
        seat = rnd.choice(state.to_act)
        others = sorted(seen - set(legal[seat]))
        if others:
            return seat, rnd.choice(others)
    if kind == "not text":
        return rnd.choice([*state.to_act, None]), rnd.choice(JUNK)
    if kind == "wrong seat":
        actions = sorted({a for seat in state.to_act for a in legal[seat]} | set(legal[None]))
        seats: list[Any] = [-1, players, players + 7, None, True, False]
        seats += [s for s in range(players) if s not in state.to_act]
        pairs = [
            (s, a)
            for s in seats
            for a in actions
            if isinstance(s, bool) or a not in legal.get(s, ())
        ]
        if pairs:
            return rnd.choice(pairs)
    seat = rnd.choice([*range(players), None])
    text = junk if junk not in legal.get(seat, ()) else junk + " nonsense"
    return seat, text


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
@PROPERTY
@given(seed=SEEDS, policy=POLICIES)
def test_random_play_ends_within_the_bound(config: Config, seed: int, policy: int) -> None:
    """Random legal play always ends within the bound, the invariants hold in every state,
    and the views are JSON without a seed (checked at a sample of states and at the end)."""
    state = deal(config, seed)
    rnd = random.Random(policy)
    check_invariants(state)
    check_views(state)
    for _ in range(config.max_actions):
        if state.over:
            break
        state.apply(*pick(state, rnd))
        check_invariants(state)
        if rnd.random() < SAMPLES / config.max_actions:
            check_views(state)
    assert state.over, f"not over after {config.max_actions} actions"
    check_views(state)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
@PROPERTY
@given(seed=SEEDS, policy=POLICIES)
def test_every_listed_action_applies(config: Config, seed: int, policy: int) -> None:
    """At sampled states every legal action of every seat (and of the table) applies to a
    clone, is recorded there, and leaves the original untouched."""
    state = deal(config, seed)
    rnd = random.Random(policy)
    while not state.over:
        if rnd.random() < SAMPLES / config.max_actions:
            before = cheap_snapshot(state)
            for seat, actions in legal_now(state).items():
                for action in actions:
                    twin = state.clone()
                    twin.apply(seat, action)
                    assert twin.history == (*state.history, (seat, action))
                    assert twin.record["actions"][-1] == [seat, action]
                    check_invariants(twin)
            assert cheap_snapshot(state) == before
        state.apply(*pick(state, rnd))


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
@PROPERTY
@given(seed=SEEDS, policy=POLICIES, stop=st.integers(0, 300), junk=st.text(max_size=12))
def test_illegal_actions_raise_and_change_nothing(
    config: Config, seed: int, policy: int, stop: int, junk: str
) -> None:
    """Illegal attempts along a random game raise IllegalAction and change nothing: at one
    random point every view, the record and the legal actions are compared; at other points
    the record and legal actions."""
    state = deal(config, seed)
    rnd = random.Random(policy)
    seen: set[Action] = set()
    step = 0
    while True:
        for actions in legal_now(state).values():
            seen.update(actions)
        if step == stop or state.over:
            before = snapshot(state)
            for _ in range(4):
                seat, action = illegal_attempt(state, rnd, seen, junk)
                with pytest.raises(IllegalAction):
                    state.apply(seat, action)
                assert snapshot(state) == before, (seat, action)
            if state.over:
                return
        elif rnd.random() < 2 * SAMPLES / config.max_actions:
            quick = cheap_snapshot(state)
            seat, action = illegal_attempt(state, rnd, seen, junk)
            with pytest.raises(IllegalAction):
                state.apply(seat, action)
            assert cheap_snapshot(state) == quick, (seat, action)
        state.apply(*pick(state, rnd))
        step += 1


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
@PROPERTY
@given(seed=SEEDS, policy=POLICIES, stop=st.integers(0, 300))
def test_replay_gives_identical_views(config: Config, seed: int, policy: int, stop: int) -> None:
    """A record, through JSON, replays to a state with identical views for every seat and a
    spectator, identical record and legal actions; and both continue identically."""
    state = deal(config, seed)
    walk(state, random.Random(policy), stop)
    again = replay(json.loads(json.dumps(state.record)))
    assert snapshot(again) == snapshot(state)
    walk(state, random.Random(policy + 1), 40)
    walk(again, random.Random(policy + 1), 40)
    assert snapshot(again) == snapshot(state)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
@PROPERTY
@given(
    seed=SEEDS,
    policy=POLICIES,
    stop=st.integers(1, 300),
    where=st.floats(0, 1, exclude_max=True),
    change_seat=st.booleans(),
    junk=st.text(max_size=12),
)
def test_tampered_record_is_refused(
    config: Config,
    seed: int,
    policy: int,
    stop: int,
    where: float,
    change_seat: bool,
    junk: str,
) -> None:
    """Changing one action of a record to one not legal at that point, or its seat to one
    that could not make it, makes replay raise RecordError."""
    state = deal(config, seed)
    rnd = random.Random(policy)
    legal_before = walk(state, rnd, stop)
    record = state.record
    index = int(where * len(legal_before))
    seat, action = record["actions"][index]
    legal = legal_before[index]
    if change_seat:
        seats: list[Any] = [-1, config.players, None, *range(config.players)]
        record["actions"][index][0] = rnd.choice(
            [s for s in seats if action not in legal.get(s, ())]
        )
    else:
        seen = sorted({a for then in legal_before for acts in then.values() for a in acts})
        others = [a for a in seen if a not in legal[seat]]
        record["actions"][index][1] = rnd.choice(others) if others else junk + " nonsense"
    with pytest.raises(RecordError):
        replay(record)
    with pytest.raises(RecordError):
        replay(json.loads(json.dumps(record)))


def scramble(value: object) -> None:
    """Change every dict and list inside a JSON-like value, in place."""
    if isinstance(value, dict):
        for item in value.values():
            scramble(item)
        value.clear()
        value["scrambled"] = True
    elif isinstance(value, list):
        for item in value:
            scramble(item)
        value.clear()
        value.append("scrambled")


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
@PROPERTY
@given(seed=SEEDS, policy=POLICIES, stop=st.integers(0, 300))
def test_views_and_records_are_copies(config: Config, seed: int, policy: int, stop: int) -> None:
    """Changing a view or a record (of the state or of its clone) in place changes nothing in
    the state: views and records are fresh copies, and clones share none of them."""
    state = deal(config, seed)
    walk(state, random.Random(policy), stop)
    before = copy.deepcopy(snapshot(state))
    twin = state.clone()
    for game in (state, twin):
        for seat in all_seats(game):
            scramble(game.view(seat))
        scramble(game.record)
    assert snapshot(state) == before
    assert snapshot(twin) == before
