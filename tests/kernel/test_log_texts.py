"""Every game's log reads as words a player knows: a seat is named as the kernel names it
(`You`, `Seat 2`), so every front end can put its own name for the seat in (the browser's
"Last moves" and log, the terminal), and no identifier (`three_of_a_kind`) shows through."""

from __future__ import annotations

import random
import re

import pytest

import parlour
from parlour.kernel import SPECTATOR, Seat, seat_name
from parlour.playthrough import Playthrough, _choose, playthroughs

IDENTIFIER = re.compile(r"\w+_\w+|[{}\[\]]|\b(?:None|True|False)\b")
"""What only code writes: snake_case names, brackets of a repr, Python's constants."""


def logs(play: Playthrough, seed: int) -> list[tuple[Seat, dict[str, object]]]:
    """Every entry of a seeded random game of `play`, as each seat and a spectator read it."""
    state = parlour.load(play.game, play.players, **play.options).new(seed=seed)
    rnd = random.Random(seed)
    for _ in range(3000):
        if state.over:
            break
        state.apply(*_choose(state, rnd))
    viewers: list[Seat] = [SPECTATOR, *range(play.players)]
    return [(viewer, dict(entry)) for viewer in viewers for entry in state.view(viewer)["log"]]


@pytest.mark.parametrize("play", playthroughs(), ids=lambda play: play.filename)
def test_log_texts_name_seats_as_the_kernel_does_and_show_no_identifiers(
    play: Playthrough,
) -> None:
    for seed in range(2):
        for viewer, entry in logs(play, seed):
            text = str(entry["text"])
            assert not IDENTIFIER.search(text), f"an identifier in {play.game}'s log: {text!r}"
            seat = entry.get("seat")
            if isinstance(seat, int):
                name = seat_name(seat, viewer)
                assert name.lower() in text.lower(), f"{name!r} not named in {text!r}"
