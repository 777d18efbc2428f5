"""The contract every game keeps beyond play itself, checked for every registered game and
each configuration it declares: the determinizer, one source of legality and its reasons, the
full action list, the length bound and typed views.

Random legal play visits states; at a few of them each seat's view is determinized with
several RNGs and refusals are checked for every action of the game's full list.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

import parlour
from parlour import Game, Rng, State
from parlour.kernel.registry import game_class
from parlour.kernel.schemas import check_view, view_schema

from ..helpers import all_seats


def cases() -> list[Any]:
    """A test case (name, configuration) for every configuration of every registered game."""
    return [
        pytest.param(info.name, configuration, id=f"{info.name}-{index}")
        for info in parlour.games()
        for index, configuration in enumerate(info.configurations)
    ]


CASES = cases()
GAMES = [info.name for info in parlour.games()]
PROPERTY = settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
DETERMINIZED = settings(PROPERTY, max_examples=4)
"""Fewer games for the determinizer's check, which costs each view several times over."""
SEEDS = st.integers(min_value=0, max_value=2**64)
STOPS = 5
"""How many states of a game the checks visit."""
DRAWS = 3
"""How many determinizations of each view (each costs every seat's view, the log in words)."""
MORE_DRAWS = 64
"""How many before judging a view whose draws were all one deal, not the real one: with two
consistent deals, three draws agree one time in 4 (then more are drawn, one at a time); 64
agree about one time in 10**19."""


def new_game(name: str, configuration: parlour.Configuration) -> Game:
    return parlour.load(name, players=configuration.players, **configuration.options)


def visited(game: Game, seed: int, limit: int) -> list[State]:
    """Copies of `STOPS` states of one random legal game (its first and last among them),
    played from `seed`; the table acts only when nobody else may."""
    rnd = random.Random(seed)
    state = game.new(seed)
    stops = sorted(rnd.sample(range(1, limit), min(STOPS, limit - 1)))
    states = [state.clone()]
    steps = 0
    while not state.over and steps < limit:
        if state.to_act:
            seat = rnd.choice(state.to_act)
            state.apply(seat, rnd.choice(tuple(state.legal_actions(seat))))
        else:
            state.apply(None, rnd.choice(tuple(state.legal_actions(None))))
        steps += 1
        if steps in stops or state.over:
            states.append(state.clone())
    return states


def everything(state: State) -> list[Any]:
    """All that any seat of `state` sees: the views of every player seat and a spectator."""
    return [state.view(seat) for seat in all_seats(state)]


@pytest.mark.parametrize(("name", "configuration"), CASES)
@DETERMINIZED
@given(seed=SEEDS)
def test_a_determinized_state_shows_the_seat_its_view(
    name: str, configuration: parlour.Configuration, seed: int
) -> None:
    """Each seat's view (and a spectator's) determinized gives a fresh state that shows that
    seat the same view and the same legal actions; where the deal it draws can differ from the
    real one, different RNGs draw different deals; and play goes on from it."""
    game = new_game(name, configuration)
    for state in visited(game, seed, min(configuration.max_actions, 300)):
        real = json.dumps(everything(state), sort_keys=True)
        for seat in all_seats(state):
            view = state.view(seat)
            draws = [game.determinize(view, Rng(seed + k)) for k in range(DRAWS)]
            for twin in draws:
                assert twin is not state and twin.history == ()
                assert twin.view(seat) == view
                assert twin.legal_actions(seat) == state.legal_actions(seat)
                assert (twin.over, twin.to_act) == (state.over, state.to_act)
            deals = {json.dumps(everything(twin), sort_keys=True) for twin in draws}
            for k in range(DRAWS, MORE_DRAWS):  # one deal drawn each time: was it chance?
                if len(deals) > 1 or real in deals:
                    break
                more = game.determinize(view, Rng(seed + k))
                deals.add(json.dumps(everything(more), sort_keys=True))
            assert len(deals) > 1 or real in deals, "one deal drawn every time, not the real one"
            twin = draws[0]
            rnd = random.Random(seed)
            for _ in range(10):
                if twin.over:
                    break
                actor = rnd.choice(twin.to_act) if twin.to_act else None
                twin.apply(actor, rnd.choice(tuple(twin.legal_actions(actor))))


@pytest.mark.parametrize(("name", "configuration"), CASES)
@PROPERTY
@given(seed=SEEDS)
def test_an_action_is_legal_exactly_when_it_has_no_reason(
    name: str, configuration: parlour.Configuration, seed: int
) -> None:
    """For every action of the game's full list and every seat (the table too), the refusal
    is `None` exactly when the action is legal; each reason is JSON and has words."""
    game = new_game(name, configuration)
    actions = game.all_actions()
    for state in visited(game, seed, min(configuration.max_actions, 300)):
        table = tuple(state.legal_actions(None))
        for seat in all_seats(state):
            legal = set(state.legal_actions(seat))
            if seat is not None:
                assert legal <= set(actions), legal - set(actions)
            for action in (*actions, *table):
                reason = state.refusal(seat, action)
                assert (reason is None) == (action in legal), (seat, action, reason)
                if reason is not None:
                    json.dumps(reason.describe())
                    assert game.tell(reason)


@pytest.mark.parametrize(("name", "configuration"), CASES)
def test_the_full_action_list_is_fixed(name: str, configuration: parlour.Configuration) -> None:
    """The full action list is text, without repeats, the same on every call, and holds no
    table action."""
    game = new_game(name, configuration)
    actions = game.all_actions()
    assert actions and all(type(action) is str for action in actions)
    assert len(set(actions)) == len(actions)
    assert actions == new_game(name, configuration).all_actions()
    assert "timeout" not in actions


@pytest.mark.parametrize(("name", "configuration"), CASES)
@PROPERTY
@given(seed=SEEDS)
def test_games_end_within_their_length_bound(
    name: str, configuration: parlour.Configuration, seed: int
) -> None:
    """Where a game declares a bound on its length, random play never passes it; the bound
    of the configuration the suites use is no looser than needed to hold it."""
    game = new_game(name, configuration)
    bound = game.length_bound()
    if bound is None:
        return
    assert configuration.max_actions <= bound
    state = game.new(seed)
    rnd = random.Random(seed)
    while not state.over:
        actor = rnd.choice(state.to_act) if state.to_act else None
        state.apply(actor, rnd.choice(tuple(state.legal_actions(actor))))
        assert len(state.history) <= bound


@pytest.mark.parametrize(("name", "configuration"), CASES)
@PROPERTY
@given(seed=SEEDS)
def test_views_match_their_declared_type(
    name: str, configuration: parlour.Configuration, seed: int
) -> None:
    """Every view of every seat matches the TypedDict its game declares, strictly."""
    game = new_game(name, configuration)
    for state in visited(game, seed, min(configuration.max_actions, 300)):
        for seat in all_seats(state):
            check_view(type(game), state.view(seat))


def listed_dicts(value: Any) -> list[dict[str, Any]]:
    """Every dict that is an item of a list inside `value` (a seat, a log entry), at any depth."""
    inner = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    found: list[dict[str, Any]] = []
    for item in inner:
        if isinstance(item, dict) and isinstance(value, list):
            found.append(item)
        found += listed_dicts(item)
    return found


def open_objects(schema: Any) -> list[str]:
    """The titles of the object types in a JSON Schema that declare keys (a TypedDict, not a
    map) but let others through."""
    found: list[str] = []
    if isinstance(schema, dict):
        if "properties" in schema and schema.get("additionalProperties") is not False:
            found.append(schema.get("title", "?"))
        for value in schema.values():
            found += open_objects(value)
    elif isinstance(schema, list):
        for value in schema:
            found += open_objects(value)
    return found


@pytest.mark.parametrize("name", GAMES)
def test_every_view_type_is_closed(name: str) -> None:
    """Each game's view and every view nested in it are declared closed (PEP 728)."""
    assert open_objects(view_schema(game_class(name))) == []


@pytest.mark.parametrize(("name", "configuration"), CASES)
def test_a_view_that_grows_an_undeclared_key_is_refused(
    name: str, configuration: parlour.Configuration
) -> None:
    """A key its type does not declare, at the top of a view or in a dict of its lists (a
    seat, a log entry), fails the check, even with a value of a type the dict holds. Checked
    after the first action, or later if the view lists no dict yet (a game of sealed choices
    logs nothing before every seat has chosen)."""
    game = new_game(name, configuration)
    state = game.new(7)
    while state.to_act:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
        if listed_dicts(state.view(0)):
            break
    view = state.view(0)
    check_view(type(game), view)
    with pytest.raises(ValidationError):
        check_view(type(game), {**view, "surplus": view["over"]})
    inner = listed_dicts(view)
    assert inner, f"{name}'s view lists no dict to check"
    for nested in inner:
        nested["surplus"] = next(iter(nested.values()))
        with pytest.raises(ValidationError):
            check_view(type(game), view)
        del nested["surplus"]


@pytest.mark.parametrize("name", GAMES)
def test_every_game_exports_the_schema_of_its_views(name: str) -> None:
    """The schema is JSON, describes an object and names the keys every view has."""
    cls = game_class(name)
    assert cls.view_type is not dict, f"{name} declares no view type"
    schema = view_schema(cls)
    json.dumps(schema)
    assert schema["type"] == "object"
    assert {"game", "seat", "to_act", "over"} <= set(schema["properties"])


def test_a_game_without_the_contract_is_refused() -> None:
    """The determinizer, the full action list, the length bound and the encoding are
    abstract: a game that forgets one cannot be built at all (not only fail when an adapter
    first asks)."""

    class Forgetful(Game):
        def _new_state(self, rng: Rng, seed: int, chance: tuple[int, ...]) -> State:
            raise AssertionError("never built")

    with pytest.raises(TypeError, match="abstract") as refused:
        Forgetful(2, {})  # type: ignore[abstract]
    for method in ("determinize", "all_actions", "length_bound", "encoding"):
        assert method in str(refused.value)
