"""The two-player bulk games: each seat makes its bot's decisions (`winner` or `optimal`) on
the dice it rolled through the kernel, and so ends with the kernel's scores."""

from __future__ import annotations

import numpy as np
import pytest

import parlour
from parlour.bots import make_bot
from parlour.boxes.dicetime.solver.build import Variant
from parlour.boxes.dicetime.solver.duel import FACES_PER_SEAT, SEATS, Duel


def kernel_game(bots: tuple[str, str], seed: int) -> tuple[list[int], np.ndarray]:
    """A game through the kernel: its scores, and each seat's faces in rolling order (padded
    with ones, never read)."""
    state = parlour.load("dicetime", SEATS).new(seed)
    players = [make_bot("dicetime", name, seat, seed) for seat, name in enumerate(bots)]
    while not state.over:
        (seat,) = state.to_act
        legal = state.legal_actions(seat)
        state.apply(seat, players[seat].choose(state.view(seat), legal))
    faces = np.ones((SEATS, FACES_PER_SEAT), dtype=np.int64)
    rolled = [0] * SEATS
    for entry in state.view(0)["log"]:
        if entry["event"] == "roll":
            seat = entry["seat"]
            for face, kept in zip(entry["dice"], entry["kept"], strict=True):
                if not kept:
                    faces[seat, rolled[seat]] = face
                    rolled[seat] += 1
    return list(state.scores), faces


@pytest.mark.parametrize("bots", [("winner", "optimal"), ("optimal", "winner")])
def test_bulk_duels_are_the_kernels_games(bots: tuple[str, str]) -> None:
    games = [kernel_game(bots, seed) for seed in range(12)]
    faces = np.stack([seat_faces for _, seat_faces in games])
    duel = Duel(Variant(True, False))
    played = duel.play(faces, (bots[0] == "winner", bots[1] == "winner"))
    assert played.tolist() == [scores for scores, _ in games]
    # Playing to win changed some of these games: the check covers the winner's decisions.
    assert played.tolist() != duel.play(faces, (False, False)).tolist()
