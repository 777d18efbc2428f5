"""Dicecream's `planner` bot: it plans whole turns and judges where each plan leaves the sheets
by what they are worth (`value.Judge`, learned from self-play), not by the points it adds now.

On its turn it tries every way to use its dice (as `greedy` does) and plays the first step of
the plan whose sheet is worth most, less what the plan's placed dice are worth to the others,
who may each take one. Before placing it may spend a bean: each choice of dice to reroll is
judged by the best plan over sampled rerolls (the same samples for every choice), the budget
spent by successive halving. Picking a placed die or a bonus effect, it takes the one that
makes its sheet worth most. It reads only its seat's view.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from parlour.bots.mcts import LEVEL_NAMES
from parlour.bots.registry import Bot, BotFactory, BotInfo, View, register_bot
from parlour.boxes.dicecream import rules
from parlour.boxes.dicecream.components import DICE, FLAVOURS, Colour
from parlour.boxes.dicecream.notation import BONUSES, DONE, PASS, REROLLS, TAKES, UNLOCK_OF
from parlour.boxes.dicecream.value import Judge, judge, part, points_now
from parlour.boxes.dicecream.views import TurnView, sheet_of
from parlour.i18n import N_
from parlour.kernel import Action, OptionError, Rng

COLOURS = {colour.key: colour for colour in Colour}
"""Each die by the name views give it."""


@dataclass(frozen=True)
class Settings:
    """A level: `rerolls`, the sampled rerolls a choice of dice gets in each halving round (0:
    it never spends a bean); `others`, whether a plan counts what its dice give the others;
    `future`, whether a sheet is judged by its learned worth or by its points now alone."""

    rerolls: int
    others: bool = True
    future: bool = True


LEVELS = {
    "easy": Settings(rerolls=0, others=False, future=False),
    "normal": Settings(rerolls=0),
    "hard": Settings(rerolls=2),
    "expert": Settings(rerolls=6),
}


@dataclass
class Table:
    """What the bot reads from a view: each seat's sheet and beans, and the point of the game
    after the turn now played (`turn`, `pending` as `value.Judge.worth` takes them)."""

    sheets: list[rules.Sheet]
    beans: list[int]
    turn: int
    pending: bool

    @classmethod
    def of(cls, view: View) -> Table:
        """The table in `view`; `turn`/`pending` say where the game is once this turn (or,
        in the bonus phase, this round's bonus) is over."""
        players = view["players"]
        if view["phase"] == "bonus":
            turn, pending = view["round"] * players, False
        else:
            turn = (view["round"] - 1) * players + view["active"] + 1
            pending = turn % players == 0
        seats = view["seats"]
        return cls([sheet_of(s) for s in seats], [s["beans"] for s in seats], turn, pending)


class PlannerBot(Bot):
    """Plays the plan, pick or bonus that leaves its sheet worth most (see the module)."""

    name = "planner"

    def __init__(
        self, seat: int, rng: Rng, settings: Settings, judges: Callable[[int], Judge] = judge
    ) -> None:
        super().__init__(seat, rng)
        self.settings = settings
        self.judges = judges

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        table = Table.of(view)
        judged = (self.judges if self.settings.future else points_now)(view["players"])
        faces = [0] * len(DICE)
        for die in view["turn"]["dice"] if view["turn"] else ():
            faces[COLOURS[die["colour"]]] = die["face"]
        if view["phase"] != "place":
            return self.pick(judged, table, faces, legal)
        planner = Planner(judged, table, self.seat, view["turn"], self.settings.others)
        best, action = planner.best(faces, table.beans[self.seat])
        if view["turn"]["may_reroll"] and self.settings.rerolls:
            return self.reroll(planner, faces, best, legal) or action
        return action

    def pick(
        self, judged: Judge, table: Table, faces: list[int], legal: Sequence[Action]
    ) -> Action:
        """The take or bonus (or `pass`) that leaves the sheet worth most."""
        sheet, beans = table.sheets[self.seat], table.beans[self.seat]

        def worth(action: Action) -> float:
            if action == PASS:
                return judged.worth(sheet, beans, table.turn, table.pending)
            if action in TAKES:
                space = TAKES[action]
                number = faces[space.colour]
            else:
                space, number = BONUSES[action]
            sheet[space.index] = rules.entry(space, number or 1)
            value = judged.worth(sheet, beans, table.turn, table.pending)
            sheet[space.index] = 0
            return value

        return max(legal, key=worth)

    def reroll(
        self, planner: Planner, faces: list[int], keep: float, legal: Sequence[Action]
    ) -> Action | None:
        """The reroll whose sampled best plans beat keeping the dice (`keep`, the best plan's
        worth with the bean kept), or None: successive halving over the legal rerolls, each
        round giving every choice left the same new samples."""
        alive = [action for action in legal if action in REROLLS]
        total = dict.fromkeys(alive, 0.0)
        tried = 0
        beans = planner.table.beans[self.seat] - 1
        while alive:
            for _ in range(self.settings.rerolls):
                rolled = [self.rng.die() for _ in DICE]
                for action in alive:
                    dice = REROLLS[action]
                    sample = [rolled[d] if d in dice else faces[d] for d in DICE]
                    total[action] += planner.best(sample, beans)[0]
                tried += 1
            alive.sort(key=lambda action: total[action], reverse=True)
            if len(alive) == 1:
                break
            alive = alive[: math.ceil(len(alive) / 2)]
        return alive[0] if alive and total[alive[0]] / tried > keep else None


class Planner:
    """The best plan for the dice of a turn, given the table: every unlocking and placement of
    the unused dice, judged by the sheet it leaves less what its dice give the others."""

    def __init__(
        self, judged: Judge, table: Table, seat: int, turn: TurnView, others: bool
    ) -> None:
        self.judged, self.table, self.seat = judged, table, seat
        self.sheet = list(table.sheets[seat])
        self.unused = [COLOURS[d["colour"]] for d in turn["dice"] if d["use"] == "unused"]
        self.placed = [COLOURS[d["colour"]] for d in turn["dice"] if d["use"] == "placed"]
        self.opened = {COLOURS[s["sundae"]]: (s["limit"], s["spent"]) for s in turn["unlocked"]}
        self.rivals = [s for s in range(len(table.sheets)) if s != seat] if others else []

    def best(self, faces: list[int], beans: int) -> tuple[float, Action]:
        """The worth of the best plan for dice showing `faces` with `beans` left, and its
        first step (`done` to place nothing more)."""
        w = self.judged.row(self.table.turn, self.table.pending)
        parts = [part(w, self.sheet, sundae) for sundae in FLAVOURS]
        search = _Search(self.sheet, faces, w, parts, self.gifts(faces), Judge.rest(w, beans))
        lockable = [die for die in self.unused if die in FLAVOURS]
        for size in range(len(lockable) + 1):
            for unlocks in combinations(lockable, size):
                budgets = {**self.opened, **{sundae: (faces[sundae], 0) for sundae in unlocks}}
                rest = [die for die in self.unused if die not in unlocks]
                first = UNLOCK_OF[unlocks[0]] if unlocks else None
                search.plans(rest, budgets, list(self.placed), first)
        return search.worth, search.first

    def gifts(self, faces: list[int]) -> list[float]:
        """What each die, if placed, is worth to the others on average: each rival takes the
        placed die that adds most to its sheet's worth (or none)."""
        if not self.rivals:
            return [0.0] * len(DICE)
        table, judged = self.table, self.judged
        gifts = [0.0] * len(DICE)
        for rival in self.rivals:
            sheet, beans = table.sheets[rival], table.beans[rival]
            before = judged.worth(sheet, beans, table.turn, table.pending)
            for die in DICE:
                for space in rules.spaces_anywhere(sheet, die, faces[die]):
                    sheet[space.index] = rules.entry(space, faces[die])
                    gain = judged.worth(sheet, beans, table.turn, table.pending) - before
                    sheet[space.index] = 0
                    gifts[die] = max(gifts[die], gain / len(self.rivals))
        return gifts


@dataclass
class _Search:
    """One search over plans: the sheet changed in place and put back, each sundae's worth
    kept up to date as dice go on it, the best plan so far's worth and first step."""

    sheet: rules.Sheet
    faces: list[int]
    w: list[float]
    parts: list[float]
    gifts: list[float]
    rest: float
    worth: float = -math.inf
    first: Action = DONE

    def plans(
        self,
        dice: list[Colour],
        budgets: dict[Colour, tuple[int, int]],
        placed: list[Colour],
        first: Action | None,
    ) -> None:
        """Every placement of `dice` (each somewhere or nowhere) within the budgets."""
        if not dice:
            worth = self.rest + sum(self.parts)
            worth -= max((self.gifts[die] for die in placed), default=0.0)
            if worth > self.worth:
                self.worth, self.first = worth, first or DONE
            return
        die, rest = dice[0], dice[1:]
        face = self.faces[die]
        self.plans(rest, budgets, placed, first)
        sheet, parts = self.sheet, self.parts
        for sundae, (limit, spent) in list(budgets.items()):
            if not rules.within_limit(spent, face, limit):
                continue
            for space in rules.spaces_on(sheet, sundae, die, face):
                sheet[space.index] = rules.entry(space, face)
                budgets[sundae] = (limit, spent + face)
                before, parts[sundae] = parts[sundae], part(self.w, sheet, sundae)
                placed.append(die)
                self.plans(rest, budgets, placed, first or space.name)
                placed.pop()
                parts[sundae] = before
                budgets[sundae] = (limit, spent)
                sheet[space.index] = 0


def configure(settings: str) -> BotFactory:
    """The factory for `planner:LEVEL` (`normal` when empty)."""
    level = settings.lower() or "normal"
    if level not in LEVELS:
        raise OptionError(
            f"planner setting {settings!r} is not allowed: use {', '.join(LEVEL_NAMES)}"
        )
    return lambda seat, rng: PlannerBot(seat, rng, LEVELS[level])


register_bot(
    BotInfo(
        "planner",
        "plans its whole turn and judges each plan by what the sheet it leaves is worth "
        "(learned from self-play), less what its dice give the others; rerolls by sampling",
        configure(""),
        game="dicecream",
        configure=configure,
        levels=tuple(f"planner:{level}" for level in LEVEL_NAMES),
        label=N_("Planner"),
        about=N_("Plans its whole turn, and minds what its dice leave for you."),
    )
)
