"""Dicecream's own bots. `greedy` plays the move that adds the most to its score now; it reads
only its seat's view."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any

from parlour.bots.registry import Bot, BotInfo, View, register_bot
from parlour.boxes.dicecream import rules
from parlour.boxes.dicecream.components import DICE, FLAVOURS, Colour, Kind, Space
from parlour.boxes.dicecream.notation import BONUSES, DONE, TAKES, UNLOCK_OF
from parlour.boxes.dicecream.views import sheet_of
from parlour.i18n import N_
from parlour.kernel import Action

Value = tuple[int, ...]
"""How good a move is, compared in order: the points it adds now, the toppings it ticks, then
the fewer dice it uses (fewer for the others to take) and the fewer bowls it fills."""


class GreedyBot(Bot):
    """On its turn it finds the assignment of its dice that adds the most points now (ties: the
    most toppings ticked, then the fewest dice used) and plays its next step; it never spends
    a bean (that costs 2 points now). Picking a die or a bonus, it takes the entry that adds
    the most (ties: a tick first, then the first listed)."""

    name = "greedy"

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        sheet = sheet_of(view["seats"][self.seat])
        if view["phase"] == "place":
            return best_turn(sheet, view["turn"])[1]
        faces = [0] * len(DICE)
        for die in view["turn"]["dice"] if view["turn"] else ():
            faces[Colour[die["colour"].upper()]] = die["face"]
        return pick(sheet, faces, legal)


def gain(sheet: rules.Sheet, space: Space, number: int) -> Value:
    """What entering `number` in `space` adds now: the points, then the toppings ticked."""
    before = rules.sundae_score(sheet, space.sundae)
    previous = sheet[space.index]
    sheet[space.index] = rules.entry(space, number)
    points = rules.sundae_score(sheet, space.sundae) - before
    sheet[space.index] = previous
    return (points, int(space.kind is Kind.TOPPING))


def pick(sheet: rules.Sheet, faces: Sequence[int], legal: Sequence[Action]) -> Action:
    """Greedy's pick of a placed die or a bonus (or `pass`): the entry that adds the most
    (ties: a tick first, then the first listed). `faces`: the dice's faces, by colour."""

    def value(action: Action) -> Value:
        if action in TAKES:
            space = TAKES[action]
            return gain(sheet, space, faces[space.colour])
        if action in BONUSES:
            return gain(sheet, *BONUSES[action])
        return (0, 0)  # pass

    return max(legal, key=value)


def best_turn(sheet: rules.Sheet, turn: dict[str, Any]) -> tuple[Value, Action]:
    """The best way to use the dice still unused, and its first step (`done` when it is to
    place nothing more)."""
    faces = {Colour[die["colour"].upper()]: die["face"] for die in turn["dice"]}
    unused = [Colour[die["colour"].upper()] for die in turn["dice"] if die["use"] == "unused"]
    opened = {
        Colour[sundae["sundae"].upper()]: (sundae["limit"], sundae["spent"])
        for sundae in turn["unlocked"]
    }
    base = rules.score(sheet, 0)
    best: tuple[Value, Action] = ((0, 0, 0, 0), DONE)
    lockable = [die for die in unused if die in FLAVOURS]
    for size in range(len(lockable) + 1):
        for unlocks in combinations(lockable, size):
            budgets = {**opened, **{sundae: (faces[sundae], 0) for sundae in unlocks}}
            rest = [die for die in unused if die not in unlocks]
            for gain, ticks, placed in _assignments(sheet, faces, rest, budgets, base, []):
                value = (gain, ticks, -len(placed), -size)
                if value > best[0]:
                    steps = [UNLOCK_OF[sundae] for sundae in unlocks] + placed
                    best = (value, steps[0] if steps else DONE)
    return best


def _assignments(
    sheet: rules.Sheet,
    faces: dict[Colour, int],
    dice: list[Colour],
    budgets: dict[Colour, tuple[int, int]],
    base: int,
    placed: list[Action],
    ticks: int = 0,
) -> Iterator[tuple[int, int, list[Action]]]:
    """Every way to place `dice` (each one somewhere or nowhere) within the sundaes' budgets
    (limit, spent): the points gained, the toppings ticked and the placements, in order."""
    if not dice:
        yield rules.score(sheet, 0) - base, ticks, list(placed)
        return
    die, rest = dice[0], dice[1:]
    face = faces[die]
    yield from _assignments(sheet, faces, rest, budgets, base, placed, ticks)
    for sundae, (limit, spent) in list(budgets.items()):
        if not rules.within_limit(spent, face, limit):
            continue
        for space in rules.spaces_on(sheet, sundae, die, face):
            sheet[space.index] = rules.entry(space, face)
            budgets[sundae] = (limit, spent + face)
            placed.append(space.name)
            tick = int(space.kind is Kind.TOPPING)
            yield from _assignments(sheet, faces, rest, budgets, base, placed, ticks + tick)
            placed.pop()
            budgets[sundae] = (limit, spent)
            sheet[space.index] = 0


register_bot(
    BotInfo(
        "greedy",
        N_(
            "plays the assignment of its dice that adds the most points now (ties: more "
            "toppings, fewer dice); takes the die or bonus that adds the most; never spends a bean"
        ),
        GreedyBot,
        game="dicecream",
        default=True,
        label=N_("Greedy"),
        about=N_("Takes the most points it can see right now."),
    )
)
