"""What each seat sees: JSON-ready views with the kernel's keys, its own hand and the public
table, the log told from its side; never another seat's hand, the cards set aside, or the
order of a stack (where its star is)."""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass

import pytest

import parlour
from parlour import Seat
from parlour.boxes.dokitto import DokittoState
from parlour.boxes.dokitto.components import FLAVOURS, FLAVOURS_IN_PLAY, HAND_SIZE, NUMBERS

from ...helpers import snapshot
from .helpers import Deal, new_state, play

KERNEL_KEYS = {"game", "seat", "to_act", "over", "winners", "scores", "log"}
GMV = ("grape", "matcha", "vanilla")


def secrets_of(state: DokittoState, viewer: Seat) -> set[str]:
    """The cards `viewer` may not see now: the other hands and the cards set aside."""
    hidden = set(state.aside)
    for seat, hand in enumerate(state.hands):
        if seat != viewer:
            hidden |= set(hand)
    return hidden


def named(text: str, cards: set[str]) -> set[str]:
    """The cards of `cards` that `text` names (`grape 1` is not in `grape 12`)."""
    if not cards:
        return set()
    pattern = r"\b(" + "|".join(re.escape(card) for card in cards) + r")\b"
    return set(re.findall(pattern, text))


@dataclass(frozen=True)
class Before:
    """The secrets just before an action, and the card it played (if any)."""

    round: int
    secrets: dict[Seat, set[str]]
    played: str


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_no_view_shows_another_hand_or_the_cards_set_aside(players: int) -> None:
    """In random games, after every action, no view (any seat, a spectator) names a card in
    another hand or set aside, in its table or its log. A new log entry is checked against
    the secrets of its round just before the action that wrote it (less the card it played):
    an entry that closes a round may not tell what was still hidden then either."""
    rnd = random.Random(players)
    viewers: list[Seat] = [*range(players), None]
    for _ in range(6):
        state = parlour.load("dokitto", players).new(rnd.getrandbits(64))
        assert isinstance(state, DokittoState)
        logged = dict.fromkeys(viewers, 0)
        before: Before | None = None
        while True:
            now = {viewer: secrets_of(state, viewer) for viewer in viewers}
            for viewer in viewers:
                view = dict(state.view(viewer))
                log = state.view(viewer)["log"]
                del view["log"]
                assert not named(json.dumps(view), now[viewer]), viewer
                for entry in log[logged[viewer] :]:
                    hidden = now[viewer]
                    if before is not None and entry["round"] == before.round:
                        hidden = before.secrets[viewer] - {before.played}
                    assert not named(json.dumps(entry), hidden), (viewer, entry)
                logged[viewer] = len(log)
            if state.over:
                break
            seat = state.to_act[0]
            action = rnd.choice(state.legal_actions(seat))
            played = action.removeprefix("play ")
            before = Before(state.view(None)["round"], now, played)
            state.apply(seat, action)


def random_script(flavours: tuple[str, ...], players: int, rnd: random.Random) -> list[int]:
    """A random first deal for these flavours (each draw in its range), stars on top."""
    deck = len(flavours) * NUMBERS
    dealt = players * HAND_SIZE[players]
    return [rnd.randrange(deck - i) for i in range(dealt)] + [0] * len(flavours)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_no_view_shows_where_a_star_is(players: int) -> None:
    """Two games alike but for the stars' places (second or third from the top, swapped),
    played alike: every view, log included, is the same in both until a tile taken differs
    (a star revealed in one game and not in the other), so no view tells a stack's order."""
    rnd = random.Random(10 + players)
    keys = [flavour.key for flavour in FLAVOURS]
    compared = 0
    for _ in range(10):
        flavours = sorted(rnd.sample(keys, FLAVOURS_IN_PLAY[players]), key=keys.index)
        deal = random_deal(len(flavours), players, rnd)
        stars = [rnd.choice((1, 2)) for _ in flavours]
        game = parlour.load("dokitto", players, flavours=flavours)
        one = game.new(7, chance=deal + stars)
        two = game.new(7, chance=deal + [3 - star for star in stars])
        assert isinstance(one, DokittoState) and isinstance(two, DokittoState)
        assert one.hands == two.hands and one.stacks != two.stacks
        while not one.over and one.view(None)["cones"] == two.view(None)["cones"]:
            for viewer in [*range(players), None]:
                assert one.view(viewer) == two.view(viewer)
            compared += 1
            seat = one.to_act[0]
            action = rnd.choice(one.legal_actions(seat))
            one.apply(seat, action)
            two.apply(seat, action)
    assert compared >= 10 * 2 * players  # two tricks a game on average, at least


def random_deal(flavours: int, players: int, rnd: random.Random) -> list[int]:
    """The chance outcomes of a random first deal (each draw in its range)."""
    deck = flavours * NUMBERS
    return [rnd.randrange(deck - i) for i in range(players * HAND_SIZE[players])]


def test_views_are_json_ready_with_the_kernel_keys() -> None:
    state = new_state(GMV, Deal([["grape 7"], ["grape 2", "grape 9"]]))
    play(state, "grape 7")
    for seat in (0, 1, None):
        view = state.view(seat)
        assert set(view) >= KERNEL_KEYS
        assert json.loads(json.dumps(view)) == view
        assert view["game"] == "dokitto" and view["seat"] == seat
    view = state.view(1)
    assert view["hand"] == list(state.hands[1]) and len(view["hand"]) == 6
    assert view["playable"] == ["grape 2", "grape 9"]
    assert view["hand_sizes"] == [5, 6] and view["aside"] == 39 - 12
    assert view["trick"] == {
        "number": 1,
        "leader": 0,
        "led": "grape",
        "plays": [{"seat": 0, "card": "grape 7"}],
        "winner": None,
    }
    assert state.view(0)["playable"] == []  # not to act
    assert state.view(None)["hand"] is None and state.view(None)["playable"] == []
    assert view["stacks"] == {"matcha": 3, "grape": 3, "vanilla": 3}
    assert view["toppings"] == ["matcha", "grape", "vanilla"]


def test_the_trick_being_decided_is_counted_and_a_round_has_a_trick_per_card() -> None:
    """While the winner chooses a tile every card of the trick is down, yet it is still the
    trick in progress: its number is the finished tricks plus one, of a hand's tricks."""
    state = new_state(GMV, Deal([["grape 8"], ["matcha 3"]], lacks={1: ("grape",)}))
    assert state.view(None)["round_tricks"] == HAND_SIZE[2] == 6
    play(state, "grape 8", "matcha 3")
    view = state.view(1)
    assert view["phase"] == "take" and view["hand_sizes"] == [5, 5] and view["tricks"] == []
    assert view["trick"]["number"] == 1 and view["round_tricks"] == 6
    state.apply(1, "take grape")
    assert state.view(1)["trick"]["number"] == 2


def test_the_log_is_told_from_each_seats_side() -> None:
    state = new_state(GMV, Deal([["grape 7"], ["grape 9"]]))
    play(state, "grape 7", "grape 9")
    assert [entry["text"] for entry in state.view(1)["log"]] == [
        "Round 1: 6 cards each from matcha, grape, vanilla; Seat 1 leads.",
        "Seat 1 played grape 7.",
        "You played grape 9.",
        "You won the trick with grape 9 (one flavour: the highest wins).",
        "You took the starred grape tile and the grape Topping token.",
    ]
    assert state.view(0)["log"][0]["text"].endswith("You lead.")
    assert state.view(None)["log"][2]["text"] == "Seat 2 played grape 9."


def test_a_clone_plays_on_without_touching_the_original() -> None:
    rnd = random.Random(3)
    state = parlour.load("dokitto", 4).new(3)
    for _ in range(57):  # into the middle of a trick of a later round
        seat = state.to_act[0]
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    before = snapshot(state)
    twin = state.clone()
    while not twin.over:
        seat = twin.to_act[0]
        twin.apply(seat, rnd.choice(twin.legal_actions(seat)))
    assert snapshot(state) == before
    assert len(twin.history) > len(state.history)
