"""Whole random games checked against the rules, read independently from the public log and
views: every trick's winner, the stacks its winner may take from (and whether it is asked),
the fourth-tile bust, each round's points, the totals, the end at 10, the winners, and who
leads each round under both `next_round_leader` options."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import parlour
from parlour.boxes.dokitto import DokittoState

NUMBERS = 13


def expected_winner(plays: Sequence[Mapping[str, Any]]) -> tuple[int, bool]:
    """The seat that wins a trick and whether it was all one flavour, by the rulebook."""
    cards = [(play["card"].split()[0], int(play["card"].split()[1])) for play in plays]
    if len({flavour for flavour, _ in cards}) == 1:
        best = max(range(len(cards)), key=lambda i: cards[i][1])
        return plays[best]["seat"], True
    lowest = min(number for _, number in cards)
    last = max(i for i, (_, number) in enumerate(cards) if number == lowest)
    return plays[last]["seat"], False


def expected_stacks(
    plays: Sequence[Mapping[str, Any]], single: bool, stacks: dict[str, int]
) -> list[str]:
    """The stacks the winner may take from, by the rulebook and the issue's fallback."""
    played = [play["card"].split()[0] for play in plays]
    allowed = [played[0]] if single else [key for key in stacks if key in played]
    with_tiles = [key for key in allowed if stacks[key]]
    return with_tiles or [key for key in stacks if stacks[key]]


def round_points(state: DokittoState, number: int, busted: int | None) -> list[int]:
    """Each seat's points for a round, from the tiles the log says it took: one a tile and
    one more for a star (its Topping token); nothing for the seat that busted."""
    points = [0] * state.game.players
    for entry in state.view(None)["log"]:
        if entry["event"] == "take" and entry["round"] == number and entry["seat"] != busted:
            points[entry["seat"]] += 1 + entry["star"]
    return points


def play_checked(state: DokittoState, rnd: random.Random) -> dict[str, int]:
    """Play a random game to its end, checking each trick and round; counts of what was
    seen (choices offered, busts, rounds)."""
    players = state.game.players
    seen = {"choices": 0, "automatic": 0, "busts": 0, "rounds": 1}
    totals = [0] * players
    first = 0
    while not state.over:
        before = state.view(None)
        seat = state.to_act[0]
        action = rnd.choice(state.legal_actions(seat))
        state.apply(seat, action)
        if before["phase"] == "take" or len(before["trick"]["plays"]) < players - 1:
            continue
        # the action just applied was a trick's last card
        plays = [*before["trick"]["plays"], {"seat": seat, "card": action[5:]}]
        winner, single = expected_winner(plays)
        cones = before["cones"]
        tiles = len(cones[winner]["tiles"])
        after = state.view(None)
        if tiles == 3:
            seen["busts"] += 1
            assert after["last_round"]["busted"] == winner
        else:
            options = expected_stacks(plays, single, before["stacks"])
            if len(options) > 1:
                seen["choices"] += 1
                assert state.to_act == (winner,) and after["phase"] == "take"
                assert state.legal_actions(winner) == tuple(f"take {key}" for key in options)
                state.apply(winner, rnd.choice(state.legal_actions(winner)))
                after = state.view(None)
            else:
                seen["automatic"] += 1
                taken = after["tricks"][-1]["tile"] if after["round"] == before["round"] else None
                if taken is not None:
                    assert taken["flavour"] == options[0]
            if after["round"] == before["round"] and not after["over"]:
                assert state.to_act == (winner,)  # the winner leads the next trick
                continue
        # the round is over: check its scoring, the end, and who leads next
        result = after["last_round"]
        assert result["round"] == before["round"]
        assert result["points"] == round_points(state, before["round"], result["busted"])
        totals = [t + p for t, p in zip(totals, result["points"], strict=True)]
        assert after["scores"] == totals
        if max(totals) >= 10:
            assert after["over"] and state.over
            best = max(totals)
            assert list(state.winners) == [s for s in range(players) if totals[s] == best]
            break
        assert not after["over"] and after["round"] == before["round"] + 1
        seen["rounds"] += 1
        rule = state.game.options["next_round_leader"]
        first = (first + 1) % players if rule == "rotate" else winner
        assert after["first"] == first and state.to_act == (first,)
    return seen


@pytest.mark.parametrize("leader", ["rotate", "last_winner"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_follow_the_rules(players: int, leader: str) -> None:
    rnd = random.Random(players)
    seen = {"choices": 0, "automatic": 0, "busts": 0, "rounds": 0}
    for seed in range(12):
        state = parlour.load("dokitto", players, next_round_leader=leader).new(seed)
        assert isinstance(state, DokittoState)
        for key, count in play_checked(state, rnd).items():
            seen[key] += count
    assert all(seen.values()), seen  # every case was met
