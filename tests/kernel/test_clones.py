"""Clones share no mutable object with their original, for every configuration each registered
game declares (test_properties' CONFIGS), whatever fields a game adds later: the object graphs
are walked generically (every attribute, slot, item and key), so a field a game's hand-kept
`_copy_into` forgets is found.

What may be shared:
- values that cannot change: numbers, text, bytes, None, enum members, classes, functions and
  modules; tuples and frozensets of such values; frozen dataclasses whose fields are such
  values (component data such as Ice Cream's cones);
- the `Game`, which `State.clone` shares by contract (the rule set, its players and options);
- component data every game of the kind holds, such as Dicetime's cached score table (a dict
  for speed): what a separately dealt game reaches too is no one game's state;
- the entries an `EventLog` has described: written once, never changed, handed out only as
  copies (`EventLog.told_to`), so `EventLog.copy` shares them rather than copy every entry
  of the log at every clone.
Shared data of the last two kinds must not change in play, which the property test checks.
Anything else reachable from both a state and its clone is a bug.
"""

from __future__ import annotations

import ast
import copy
import dataclasses
import inspect
import random
import textwrap
import types
from collections.abc import Iterator
from enum import Enum
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour import Game, State
from parlour.kernel.log import EventLog

from ..helpers import snapshot
from .test_properties import CONFIGS, IDS, POLICIES, PROPERTY, SEEDS, Config, deal, walk

_ATOMS = (
    *(type(None), bool, int, float, complex, str, bytes, range, Enum, type, Game),
    *(types.FunctionType, types.ModuleType, types.MethodDescriptorType),
)


def shareable(value: object, known: dict[int, bool]) -> bool:
    """Whether `value` cannot change, so a clone may share it with its original."""
    key = id(value)
    if key not in known:
        known[key] = False  # a cycle is no proof of immutability
        known[key] = _immutable(value, known)
    return known[key]


def _immutable(value: object, known: dict[int, bool]) -> bool:
    if isinstance(value, _ATOMS):
        return True
    if isinstance(value, types.BuiltinMethodType):  # a module's function, or a bound method
        return value.__self__ is None or isinstance(value.__self__, types.ModuleType)
    if isinstance(value, (tuple, frozenset)):
        return all(shareable(item, known) for item in value)
    params = getattr(type(value), "__dataclass_params__", None)
    if params is not None and params.frozen:
        return all(shareable(getattr(value, f.name), known) for f in dataclasses.fields(value))  # type: ignore[arg-type]
    return False


def children(value: object) -> Iterator[tuple[str, object]]:
    """Everything `value` refers to, with a name for each: items, keys and values,
    attributes (of `__dict__` and of every `__slots__`), and a bound method's object."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield f"[{key!r}] (key)", key
            yield f"[{key!r}]", item
        return
    if isinstance(value, (list, tuple, set, frozenset)):
        yield from ((f"[{index}]", item) for index, item in enumerate(value))
        return
    if isinstance(value, (types.MethodType, types.BuiltinMethodType)):
        yield ".__self__", value.__self__
        return
    yield from ((f".{name}", item) for name, item in getattr(value, "__dict__", {}).items())
    for cls in type(value).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in ("__dict__", "__weakref__") and hasattr(value, name):
                yield f".{name}", getattr(value, name)


def mutables(root: object, known: dict[int, bool]) -> dict[int, tuple[str, object]]:
    """Every object reachable from `root` that may change, by id, with a path to it."""
    found: dict[int, tuple[str, object]] = {}
    stack: list[tuple[str, object]] = [("state", root)]
    while stack:
        path, value = stack.pop()
        if id(value) in found or shareable(value, known):
            continue
        found[id(value)] = (path, value)
        stack.extend((path + name, child) for name, child in children(value))
    return found


def shared_mutables(state: State, twin: State) -> tuple[list[str], list[object]]:
    """The paths (in the clone) of the mutable objects reachable from both states that are
    not shared on purpose (component data, described log entries); and those that are."""
    known: dict[int, bool] = {}
    ours = mutables(state, known)
    common = mutables(state.game.new(seed=0), known)
    for _, value in ours.values():
        if isinstance(value, EventLog):
            for entries in value._told.values():
                for entry in entries:
                    common.update(mutables(entry, known))
    both = [found for key, found in mutables(twin, known).items() if key in ours]
    return (
        sorted(path for path, value in both if id(value) not in common),
        [value for _, value in both if id(value) in common],
    )


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
@settings(PROPERTY, max_examples=20)
@given(seed=SEEDS, policy=POLICIES, stop=st.integers(0, 300))
def test_a_clone_shares_no_mutable_object(
    config: Config, seed: int, policy: int, stop: int
) -> None:
    """At a random state (its views shown, so their caches are filled) a clone reaches no
    mutable object its original reaches; playing the clone to the end changes nothing the
    original shows (record, every view, legal actions), and then playing the original to the
    end changes nothing the finished clone shows."""
    state = deal(config, seed)
    rnd = random.Random(policy)
    walk(state, rnd, stop)
    before = snapshot(state)
    twin = state.clone()
    shared, data = shared_mutables(state, twin)
    assert shared == []
    data_before = copy.deepcopy(data)
    walk(twin, rnd, config.max_actions)
    assert twin.over
    assert shared_mutables(state, twin)[0] == []
    assert snapshot(state) == before
    assert data == data_before
    finished = snapshot(twin)
    walk(state, rnd, config.max_actions)
    assert snapshot(twin) == finished


def fields_declared_in_init(cls: type) -> set[str]:
    """The attributes `self.NAME = ...` that the `__init__` of `cls` and of its bases assign,
    and those the classes declare with a default."""
    names: set[str] = set()
    for klass in cls.__mro__:
        names.update(klass.__dict__)
        init = klass.__dict__.get("__init__")
        if not isinstance(init, types.FunctionType) or klass.__module__ == "builtins":
            continue
        tree = ast.parse(textwrap.dedent(inspect.getsource(init)))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.ctx, ast.Store)
                and isinstance(node.value, ast.Name)
                and node.value.id == "self"
            ):
                names.add(node.attr)
    return names


@pytest.mark.parametrize(
    "config", [c for c in CONFIGS if c.options == {}], ids=lambda c: f"{c.game}-{c.players}"
)
def test_every_field_is_declared_in_init(config: Config) -> None:
    """A state played to the end, and its clone, have no attribute their `__init__` does not
    assign itself (a field created later, in a phase, is easy to miss in `_copy_into`)."""
    state = deal(config, 1)
    walk(state, random.Random(1), config.max_actions)
    declared = fields_declared_in_init(type(state))
    assert set(vars(state)) <= declared
    assert set(vars(state.clone())) <= declared


def test_the_walk_finds_a_forgotten_field() -> None:
    """The check itself: a list that a clone shares with its original is found, however
    deep, and frozen component data is not."""
    state = deal(CONFIGS[0], 1)
    twin = state.clone()
    assert shared_mutables(state, twin)[0] == []
    hidden: dict[str, Any] = {"deep": ((1, [2]),)}
    state.later = twin.later = hidden  # type: ignore[attr-defined]
    assert shared_mutables(state, twin)[0] == [
        "state.later",
        "state.later['deep']",
        "state.later['deep'][0]",
        "state.later['deep'][0][1]",
    ]
    frozen = dataclasses.make_dataclass("Frozen", ["items"], frozen=True)(((1, "a"),))
    state.later = twin.later = frozen  # type: ignore[attr-defined]
    assert shared_mutables(state, twin)[0] == []
