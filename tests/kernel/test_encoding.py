"""The observation encodings of every registered game and configuration (`Game.encoding`):
every seat's view (a spectator's too) at every step of random games encodes to `size` finite
float32 values within the bounds; encoding a determinized state's view gives the same numbers
as the view it came from (the encoding reads nothing else); `describe` adds up. And the
kernel's `Encoding` refuses malformed declarations and fills, naming what was wrong."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parlour
from parlour import Game, Rng, State
from parlour.kernel.encoding import Encoding, Feature, bits, one_hot, seat_order
from parlour.research_doc import PAGE, page, size_text

from ..helpers import all_seats
from .test_contract import CASES, new_game, visited

PROPERTY = settings(
    max_examples=2,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
SEEDS = st.integers(min_value=0, max_value=2**64)
LIMIT = 300
"""The most actions of one random game the checks play."""


def check_all(game: Game, state: State) -> None:
    """Every seat's view (and a spectator's) encodes within the declared bounds, and the
    state path (`observe`, `observe_into` over a used array) gives exactly its numbers."""
    encoding = game.encoding()
    used = np.full(encoding.size, 7.0, dtype=np.float32)
    for seat in all_seats(state):
        view = state.view(seat)
        values = encoding.check(view)
        encoded = encoding.encode(view)
        assert encoded.dtype == np.float32 and encoded.shape == (encoding.size,)
        assert np.array_equal(encoded, values)
        assert np.all(np.isfinite(encoded))
        assert np.all(encoding.low <= encoded) and np.all(encoded <= encoding.high)
        observed = encoding.observe(state, seat)
        assert observed.dtype == np.float32, "observe gives float32"
        differ = [
            f["name"]
            for f in encoding.describe()
            if not np.array_equal(
                encoding.part(observed, f["name"]), encoding.part(encoded, f["name"])
            )
        ]
        assert not differ, f"seat {seat}: the state path differs from the view's in {differ}"
        assert encoding.observe_into(state, seat, used) is used
        assert np.array_equal(used, encoded)


@pytest.mark.parametrize(("name", "configuration"), CASES)
@PROPERTY
@given(seed=SEEDS)
def test_every_view_encodes_within_its_bounds(
    name: str, configuration: parlour.Configuration, seed: int
) -> None:
    """At every step of a random game, every seat's view encodes to exactly `size` finite
    float32 values, each within its feature's bounds, a fresh array each time; and the state
    path gives the same numbers (so it, too, shows only what the view shows)."""
    game = new_game(name, configuration)
    state = game.new(seed)
    rnd = random.Random(seed)
    check_all(game, state)
    for _ in range(min(configuration.max_actions, LIMIT)):
        if state.over:
            break
        actor = rnd.choice(state.to_act) if state.to_act else None
        state.apply(actor, rnd.choice(tuple(state.legal_actions(actor))))
        check_all(game, state)
    view = state.view(0)
    first = game.encoding().encode(view)
    first[:] = -1
    assert not np.array_equal(first, game.encoding().encode(view))


@pytest.mark.parametrize(("name", "configuration"), CASES)
@PROPERTY
@given(seed=SEEDS)
def test_the_encoding_reads_the_view_only(
    name: str, configuration: parlour.Configuration, seed: int
) -> None:
    """A state determinized from a seat's view, whatever it dealt of what the seat cannot
    see, encodes that seat's view exactly as the real state does."""
    game = new_game(name, configuration)
    encoding = game.encoding()
    for state in visited(game, seed, min(configuration.max_actions, LIMIT)):
        for seat in all_seats(state):
            view = state.view(seat)
            expected = encoding.encode(view)
            for k in range(3):
                twin = game.determinize(view, Rng(seed + k))
                assert np.array_equal(encoding.encode(twin.view(seat)), expected)


@pytest.mark.parametrize(("name", "configuration"), CASES)
def test_the_description_adds_up(name: str, configuration: parlour.Configuration) -> None:
    """`describe` is JSON, its sizes add up to `size` at consecutive offsets, each feature says
    what it means; the bounds are arrays of that size; one encoding per game, cached."""
    game = new_game(name, configuration)
    encoding = game.encoding()
    described = json.loads(json.dumps(encoding.describe()))
    assert sum(feature["size"] for feature in described) == encoding.size
    offsets = [feature["offset"] for feature in described]
    assert offsets == [sum(f["size"] for f in described[:k]) for k in range(len(described))]
    assert all(feature["doc"] and feature["low"] <= feature["high"] for feature in described)
    for bound in (encoding.low, encoding.high):
        assert bound.dtype == np.float32 and bound.shape == (encoding.size,)
    assert game.encoding() is encoding


def test_the_research_page_is_up_to_date() -> None:
    """`docs/research.md` is what `python -m parlour.research_doc --write` makes of the
    registry now: every game's features and action space (regenerate it after a change)."""
    assert PAGE.read_text(encoding="utf-8") == page(), "run python -m parlour.research_doc --write"
    assert size_text({2: 26, 3: 39}) == "13·n"
    assert size_text({1: 3, 2: 5}) == "2·n + 1"
    assert size_text({2: 4, 3: 9, 4: 10}) == "4 (2), 9 (3), 10 (4)"


# -- the kernel's Encoding ----------------------------------------------------------------------


def toy_observe(state: object, seat: object, out: np.ndarray) -> None:
    """The toy encodings' state path: none (they are encoded from views alone)."""


def flags(size: int) -> Encoding:
    """A toy encoding: one feature of `size` bits, filled from the view's `flags`."""
    return Encoding(
        "toy",
        (Feature("flags", size, 0, 1, "the view's flags"),),
        lambda v: v["flags"],
        toy_observe,
    )


def test_check_names_what_a_fill_got_wrong() -> None:
    """A fill of the wrong length, out of bounds or not finite is refused by `check`, naming
    the encoding and the feature; `encode` itself does not check (speed)."""
    assert flags(3).check({"flags": [0, 1, 1]}).tolist() == [0.0, 1.0, 1.0]
    with pytest.raises(ValueError, match="'toy' filled 2 values, not 3"):
        flags(3).check({"flags": [0, 1]})
    with pytest.raises(ValueError, match=r"feature 'flags' leaves 0\.\.1"):
        flags(2).check({"flags": [0, 2]})
    with pytest.raises(ValueError, match="feature 'flags' is not finite"):
        flags(1).check({"flags": [float("nan")]})
    assert flags(2).encode({"flags": [0, 2]}).tolist() == [0.0, 2.0]


def test_declarations_are_checked() -> None:
    """A feature needs a name, a positive size and finite ordered bounds; an encoding names
    each feature once."""
    for bad, words in [
        (("", 1, 0, 1), "a name"),
        (("f", 0, 0, 1), "positive"),
        (("f", 1, 1, 0), "low <= high"),
        (("f", 1, 0, float("inf")), "finite"),
    ]:
        with pytest.raises(ValueError, match=words):
            Feature(*bad, doc="x")
    twice = Feature("f", 1, 0, 1, "x")
    with pytest.raises(ValueError, match="names features twice: f"):
        Encoding("toy", (twice, twice), lambda v: [0, 0], toy_observe)


def test_parts_and_helpers() -> None:
    """`part` finds a feature's numbers (a clear KeyError otherwise); the helpers follow the
    conventions: one-hots (none: zeros), bits, and seats from the viewer's on."""
    encoding = Encoding(
        "toy",
        (Feature("a", 2, 0, 1, "x"), Feature("b", 3, 0, 1, "y")),
        lambda v: [*one_hot(1, 2), *bits([True, False, True])],
        toy_observe,
    )
    values = encoding.encode({})
    assert encoding.part(values, "b").tolist() == [1.0, 0.0, 1.0]
    with pytest.raises(KeyError, match="no feature 'c'"):
        encoding.part(values, "c")
    assert one_hot(None, 3) == [0.0, 0.0, 0.0]
    assert seat_order(2, 4) == [2, 3, 0, 1]
    assert seat_order(None, 3) == [0, 1, 2]
