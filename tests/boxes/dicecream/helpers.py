"""Helpers for the Dicecream tests: games with a chosen bonus stack and chosen dice, sheets
read from views, and players who do nothing.

A scripted game takes its chance from `chance`, in the order the game consumes it: first the
stack, one card at a time (an index into the cards not yet drawn, in `BONUS_CARDS` order), then
the dice: a roll takes five faces (blue, yellow, red, green, white), a reroll one face for each
rerolled die, in that order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import parlour
from parlour.boxes.dicecream import DicecreamState
from parlour.boxes.dicecream.components import BONUS_CARDS, STACK
from parlour.boxes.dicecream.views import ChoosingView, LogEntry, TurnView


def stack_script(players: int, top: Sequence[str] = ()) -> list[int]:
    """The chance outcomes that deal a stack whose first cards are `top` (card keys), the
    rest in `BONUS_CARDS` order."""
    deck = [card.key for card in BONUS_CARDS]
    wanted = [*top, *(key for key in deck if key not in top)][: STACK[players]]
    script = []
    for key in wanted:
        script.append(deck.index(key))
        deck.remove(key)
    return script


def new_state(
    players: int = 2, dice: Iterable[int] = (), stack: Sequence[str] = (), seed: int = 0
) -> DicecreamState:
    """A new game whose stack starts with `stack` and whose first dice are `dice` (then the
    seed's dice)."""
    chance = stack_script(players, stack) + list(dice)
    state = parlour.load("dicecream", players=players).new(seed, chance=chance)
    assert isinstance(state, DicecreamState)
    return state


def filled(state: DicecreamState, seat: int, viewer: int | None = None) -> dict[str, int]:
    """The filled spaces of `seat`'s sheet as `viewer` (default: the seat) sees them, by
    name: a number, or 1 for a ticked topping."""
    seen = state.view(seat if viewer is None else viewer)["seats"][seat]
    spaces: dict[str, int] = {}
    for sundae in seen["sundaes"]:
        where = sundae["colour"]
        for colour, value in sundae["cubes"].items():
            if value:
                spaces[f"{colour} cube of {where}"] = value
        for side, value in sundae["cream"].items():
            if value:
                spaces[f"{side} cream of {where}"] = value
        for colour, ticked in sundae["toppings"].items():
            if ticked:
                spaces[f"{colour} topping of {where}"] = 1
    return spaces


def dice(state: DicecreamState) -> dict[str, int]:
    """The current roll's faces by die colour."""
    return {die["colour"]: die["face"] for die in turn(state)["dice"]}


def play(state: DicecreamState, *moves: tuple[int, str]) -> DicecreamState:
    """Apply (seat, action) pairs in order."""
    for seat, action in moves:
        state.apply(seat, action)
    return state


def idle_step(state: DicecreamState) -> None:
    """The first seat to act does nothing: roll then done; pass a pick or a bonus."""
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    state.apply(seat, "roll" if "roll" in legal else "done" if "done" in legal else "pass")


def idle(state: DicecreamState, until_round: int | None = None) -> DicecreamState:
    """Everyone does nothing, to the end of the game or until round `until_round` begins."""
    while not state.over and (until_round is None or state.view(None)["round"] < until_round):
        idle_step(state)
    return state


def events(state: DicecreamState, kind: str, viewer: int | None = None) -> list[LogEntry]:
    """The log entries of one kind, as `viewer` sees them."""
    return [entry for entry in state.view(viewer)["log"] if entry["event"] == kind]


def turn(state: DicecreamState, viewer: int | None = None) -> TurnView:
    """The turn as `viewer` sees it, in a state where a turn is under way."""
    shown = state.view(viewer)["turn"]
    assert shown is not None, "no turn is under way"
    return shown


def choosing(state: DicecreamState, viewer: int | None = None) -> ChoosingView:
    """The others' choices as `viewer` sees them, while they choose."""
    shown = state.view(viewer)["choosing"]
    assert shown is not None, "nobody is choosing"
    return shown
