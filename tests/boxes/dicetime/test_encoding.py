"""Dicetime's encoding: one die more or less changes the numbers where it shows, the viewer's
seat comes first, an entry shows on the sheet, and the puzzle counts its pool."""

from __future__ import annotations

import numpy as np

from tests.boxes.dicetime.helpers import new_state


def test_one_die_changes_the_encoding() -> None:
    """Two rolls that differ in one die encode differently, in the dice and their counts."""
    one = new_state(1, [1, 2, 3, 4, 6])
    other = new_state(1, [1, 2, 3, 4, 5])
    for state in (one, other):
        state.apply(0, "roll")
    encoding = one.game.encoding()
    a, b = encoding.encode(one.view(0)), encoding.encode(other.view(0))
    differ = {
        f["name"]
        for f in encoding.describe()
        if not np.array_equal(encoding.part(a, f["name"]), encoding.part(b, f["name"]))
    }
    assert differ == {"dice", "counts", "would_score"}
    assert encoding.part(a, "dice").reshape(5, 6)[4].tolist() == [0, 0, 0, 0, 0, 1]
    assert (encoding.part(a, "counts") * 5).tolist() == [1, 1, 1, 1, 0, 1]


def test_the_viewer_comes_first() -> None:
    """Seat 1's view lists seat 1's turn first; seat 0's lists it second."""
    state = new_state(2, [6, 6, 6, 6, 6])
    state.apply(0, "roll")
    state.apply(0, "enter five_of_a_kind")
    state.apply(1, "roll")
    encoding = state.game.encoding()
    mine, theirs = encoding.encode(state.view(1)), encoding.encode(state.view(0))
    assert encoding.part(mine, "to_act").tolist() == [1, 0]
    assert encoding.part(theirs, "to_act").tolist() == [0, 1]
    assert encoding.part(mine, "rolls_left").tolist() == [0, 0, 1, 0, 0, 0, 0, 0]
    points = encoding.part(theirs, "points").reshape(2, 13)
    assert points[0, 11] == 1.0 and points[1].sum() == 0
    assert encoding.part(theirs, "filled").reshape(2, 13)[0, 11] == 1.0
    spectator = encoding.encode(state.view(None))
    assert np.array_equal(spectator, theirs)


def test_the_puzzle_counts_its_pool() -> None:
    """The puzzle's encoding has the pool instead of the turn's rolls."""
    state = new_state(1, [1, 2, 3, 4, 6, 5], mode="puzzle")
    encoding = state.game.encoding()
    names = [f["name"] for f in encoding.describe()]
    assert "rerolls_left" in names and "rolls_left" not in names
    state.apply(0, "roll")
    state.apply(0, "keep 1,2,3,4")
    assert encoding.part(encoding.encode(state.view(0)), "rerolls_left").tolist() == [
        np.float32(25 / 26)
    ]
