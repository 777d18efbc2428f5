"""Dicecream's state machine: rounds of turns in seat order, then two bonus cards a round.

A turn: the active player rolls, may spend chocolate beans on rerolls, places dice one at a
time, and ends with `done` (or by itself once no die can go anywhere); then every other player
who can use one of the placed dice takes one or passes, all at once. After the round's last
turn everyone who can use one of the two revealed bonus cards chooses, all at once; after the
last two cards the game ends. Choices made at once are sealed: they are entered, and shown to
the others, when the last of those seats has chosen.

Actions (canonical text):
    roll                          (active) roll all five dice
    reroll red,white              (active, before placing any die) spend a bean, reroll these
    unlock blue                   (active) put the blue die in the blue sundae's bowl
    red cube of blue              (active) put the red die on the red cube of unlocked blue;
    red topping of blue           likewise tick its red topping; `left cream of blue` and
                                  `right cream of blue` take the white die
    done                          (active) stop placing; the dice not placed are forfeited
    take red cube of green        (the others) enter a placed die on one's own sheet
    bonus 4 in red cube of green  (everyone) use a revealed card: enter its number, or
    bonus red topping of green    tick a topping
    pass                          take no die, or use no bonus card
"""

from __future__ import annotations

from enum import Enum
from itertools import combinations
from typing import TYPE_CHECKING, Any

from parlour.boxes.dicecream import rules
from parlour.boxes.dicecream.components import (
    BEANS,
    BONUS_CARDS,
    CARDS_PER_ROUND,
    CREAM,
    DICE,
    FACES,
    FLAVOURS,
    ROUNDS,
    SPACE_NAMES,
    SPACES,
    STACK,
    Colour,
    Kind,
    Space,
)
from parlour.boxes.dicecream.notation import normalise
from parlour.kernel import Action, Rng, Seat, State
from parlour.kernel.log import EventLog

if TYPE_CHECKING:
    from parlour.boxes.dicecream.game import Dicecream

ROLL = "roll"
DONE = "done"
PASS = "pass"


class Phase(Enum):
    """What the game waits for."""

    ROLL = "roll"  # the active player's roll
    PLACE = "place"  # the active player's rerolls and placements
    TAKE = "take"  # the others' picks of placed dice, at once
    BONUS = "bonus"  # everyone's choice of a bonus effect, at once
    OVER = "over"


def reroll_action(dice: tuple[Colour, ...]) -> Action:
    """The action that spends a bean to reroll `dice` (in `DICE` order)."""
    return "reroll " + ",".join(die.key for die in dice)


def bonus_action(space: Space, number: int) -> Action:
    """The action that uses a bonus effect on `space`: enter `number`, or (0) tick it."""
    return f"bonus {number} in {space.name}" if number else f"bonus {space.name}"


REROLLS: dict[Action, tuple[Colour, ...]] = {
    reroll_action(dice): dice
    for size in range(1, len(DICE) + 1)
    for dice in combinations(DICE, size)
}
"""Each reroll and the dice it rerolls: any dice, at least one (ruling)."""
UNLOCKS: dict[Action, Colour] = {f"unlock {sundae.key}": sundae for sundae in FLAVOURS}
UNLOCK_OF = tuple(UNLOCKS)
"""The unlock action of each sundae, in `FLAVOURS` order."""
PLACES: dict[Action, Space] = dict(SPACE_NAMES)
"""Each placement by the active player: the space names the die (its colour, or white)."""
TAKES: dict[Action, Space] = {f"take {space.name}": space for space in SPACES}
TAKE_OF = tuple(TAKES)
"""The take action of each space, in `SPACES` order."""
BONUSES: dict[Action, tuple[Space, int]] = {
    bonus_action(space, card.value): (space, card.value)
    for card in BONUS_CARDS
    for space in SPACES
    if card.allows(space)
}
"""Each bonus action and what it enters where (0: a tick)."""
_BONUS_OF = {(space.index, number): action for action, (space, number) in BONUSES.items()}
SPACE_OF: dict[Action, Space] = {
    **PLACES,
    **TAKES,
    **{action: space for action, (space, _) in BONUSES.items()},
}
"""The space each placement, take or bonus action fills."""
_REROLL_ACTIONS = tuple(REROLLS)
_DONE_ONLY: tuple[Action, ...] = (DONE,)
KNOWN = frozenset({ROLL, DONE, PASS, *REROLLS, *UNLOCKS, *SPACE_OF})
"""Every action of the game, legal or not now."""


def decode(index: int, count: int) -> list[int]:
    """The faces of `count` dice rolled as one `Rng.dice_index` draw (first die least
    significant)."""
    faces = []
    for _ in range(count):
        index, digit = divmod(index, FACES)
        faces.append(digit + 1)
    return faces


def seat_name(seat: int, viewer: Seat) -> str:
    """How the log names a seat to `viewer`: `You`, or `Seat 2` (seats count from 1)."""
    return "You" if seat == viewer else f"Seat {seat + 1}"


class DicecreamState(State):
    """A Dicecream game in progress: the sheets, the beans, the bonus stack and the turn."""

    game: Dicecream

    def __init__(self, game: Dicecream, rng: Rng, seed: int, chance: tuple[int, ...]) -> None:
        super().__init__(game, rng, seed, chance)
        players = game.players
        deck = list(range(len(BONUS_CARDS)))
        # The face-down stack, top first: cards drawn one by one at random (a shuffled deal).
        self._stack = [deck.pop(rng.below(len(deck))) for _ in range(STACK[players])]
        self._revealed: tuple[int, ...] = ()
        self._sheets = [rules.new_sheet() for _ in range(players)]
        self._beans = [BEANS] * players  # beans not yet spent
        self._round = 1
        self._phase = Phase.ROLL
        self._active = 0
        self._faces: list[int] = []  # the active player's dice, in `DICE` order
        self._used = 0  # dice placed this turn (bowls included), as a bit mask over `DICE`
        self._limit = [0] * len(FLAVOURS)  # each sundae's unlocking die this turn (0: locked)
        self._spent = [0] * len(FLAVOURS)  # the dice placed on each sundae this turn, summed
        self._placed: list[Space] = []  # the spaces filled this turn, in order
        self._choices: dict[int, Action] = {}  # sealed choices of the seats acting at once
        self._eligible: tuple[int, ...] = ()  # the seats that may choose in this phase
        self._to_act: tuple[int, ...] = (0,)
        self._legal: dict[Seat, tuple[Action, ...]] = {}  # legal actions now, as computed
        self._events: EventLog[tuple[Any, ...]] = EventLog(describe, [("round", 1)])

    def _copy_into(self, twin: State) -> None:
        assert isinstance(twin, DicecreamState)
        twin._stack = list(self._stack)
        twin._sheets = [list(sheet) for sheet in self._sheets]
        twin._beans = list(self._beans)
        twin._faces = list(self._faces)
        twin._limit = list(self._limit)
        twin._spent = list(self._spent)
        twin._placed = list(self._placed)
        twin._choices = dict(self._choices)
        twin._legal = dict(self._legal)
        twin._events = self._events.copy()

    # -- who acts and what they may do --------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return self._to_act

    def legal_actions(self, seat: Seat) -> tuple[Action, ...]:
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = self._compute_legal(seat) if seat in self._to_act else ()
        return legal

    def _compute_legal(self, seat: int) -> tuple[Action, ...]:
        phase = self._phase
        if phase is Phase.ROLL:
            return (ROLL,)
        if phase is Phase.PLACE:
            return self._placements()
        if phase is Phase.TAKE:
            return self._takes(seat)
        return self._bonuses(seat)

    def _placements(self) -> tuple[Action, ...]:
        """The active player's rerolls, unlocks and placements, then `done`."""
        seat, used, faces = self._active, self._used, self._faces
        sheet = self._sheets[seat]
        actions: list[Action] = []
        if self._beans[seat] and not used:
            actions += _REROLL_ACTIONS
        unused = [die for die in DICE if not used >> die & 1]
        actions += [UNLOCK_OF[die] for die in unused if die is not CREAM]
        for sundae in FLAVOURS:
            limit = self._limit[sundae]
            if not limit:
                continue
            spent = self._spent[sundae]
            for die in unused:
                face = faces[die]
                if rules.within_limit(spent, face, limit):
                    actions += [space.name for space in rules.spaces_on(sheet, sundae, die, face)]
        if not actions:
            return _DONE_ONLY
        actions.append(DONE)
        return tuple(actions)

    def _takes(self, seat: int) -> tuple[Action, ...]:
        """A passive player's picks among the placed dice, then `pass`."""
        sheet, faces = self._sheets[seat], self._faces
        actions = [
            TAKE_OF[space.index]
            for placed in self._placed
            for space in rules.spaces_anywhere(sheet, placed.colour, faces[placed.colour])
        ]
        actions.append(PASS)
        return tuple(actions)

    def _bonuses(self, seat: int) -> tuple[Action, ...]:
        """A player's uses of the revealed cards (each effect that has a target), then `pass`."""
        sheet = self._sheets[seat]
        actions: dict[Action, None] = {}
        for card in self._revealed:
            value = BONUS_CARDS[card].value
            for space in rules.effect_spaces(sheet, BONUS_CARDS[card]):
                actions[_BONUS_OF[space.index, value]] = None
        actions[PASS] = None
        return tuple(actions)

    def parse_action(self, seat: Seat, text: str) -> Action:
        """The canonical text, a short form (see `notation`), or a space alone (`rcg`,
        `red cube of green`, `cream of blue`) standing for the one legal action that fills it."""
        wanted = normalise(text)
        legal = self.legal_actions(seat)
        if wanted not in legal:
            verb, _, space = wanted.partition(" ")
            if verb not in ("take", "bonus"):
                verb, space = "", wanted
            matches = [a for a in legal if a.startswith(verb) and _fills(a, space)]
            if len(matches) == 1:
                return matches[0]
        return super().parse_action(seat, wanted)

    def explain(self, seat: Seat, action: object) -> str:
        if seat in self._to_act and isinstance(action, str):
            reason = self._refusal(seat, action)
            if reason:
                return reason
        return super().explain(seat, action)

    def _refusal(self, seat: int, action: str) -> str | None:
        """Why the rules refuse one of the game's actions to a seat to act now (None: the
        text is no action of the game)."""
        phase = self._phase
        if action not in KNOWN:
            return None
        if phase is Phase.ROLL:
            return "roll first: the turn begins by rolling all five dice"
        if phase is Phase.PLACE:
            if action in REROLLS:
                if not self._beans[seat]:
                    return "both chocolate beans are spent"
                return "dice are rerolled only before any die is placed"
            if action in UNLOCKS:
                return f"the {UNLOCKS[action].key} die is already placed"
            if action in PLACES:
                return self._placement_refusal(PLACES[action])
        if phase is Phase.TAKE and action in TAKES:
            space = TAKES[action]
            if all(placed.colour is not space.colour for placed in self._placed):
                return f"the {space.colour.key} die was not placed on a cube, cream or topping"
            return _space_refusal(self._sheets[seat], space, self._faces[space.colour])
        if phase is Phase.BONUS and action in BONUSES:
            space, _ = BONUSES[action]
            if self._sheets[seat][space.index]:
                return f"the {space.name} is already {_filled(space)}"
            return "neither revealed bonus card allows that"
        return f"not now: {_WAITING[phase]}"

    def _placement_refusal(self, space: Space) -> str:
        die, sundae = space.colour, space.sundae
        if not self._limit[sundae]:
            return f"the {sundae.key} sundae is not unlocked: unlock {sundae.key} first"
        if self._used >> die & 1:
            return f"the {die.key} die is already placed"
        face = self._faces[die]
        reason = _space_refusal(self._sheets[self._active], space, face)
        if reason:
            return reason
        spent, limit = self._spent[sundae], self._limit[sundae]
        return (
            f"the dice on the {sundae.key} sundae would add up to {spent + face}, more than "
            f"its unlocking die ({limit})"
        )

    # -- applying actions ---------------------------------------------------------------------

    def _apply(self, seat: Seat, action: Action) -> None:
        assert seat is not None
        phase = self._phase
        if phase is Phase.TAKE or phase is Phase.BONUS:
            self._choices[seat] = action  # sealed: the others' legal actions do not change
            self._legal.pop(seat, None)
            self._to_act = tuple(s for s in self._to_act if s != seat)
            if not self._to_act:
                self._legal = {}
                self._resolve()
            return
        self._legal = {}
        if phase is Phase.ROLL:
            self._roll()
        elif action == DONE:
            self._end_placing()
        elif action in REROLLS:
            self._reroll(REROLLS[action])
        else:
            sundae = UNLOCKS.get(action)
            if sundae is not None:
                self._unlock(sundae)
            else:
                self._place(PLACES[action])
            legal = self._placements()
            if legal == _DONE_ONLY:  # no die can go anywhere: the placing ends by itself
                self._end_placing()
            else:
                self._legal[self._active] = legal

    def _roll(self) -> None:
        faces = decode(self._rng.dice_index(len(DICE)), len(DICE))  # first: a bad script
        self._faces = faces  # changes nothing
        self._phase = Phase.PLACE
        self._events.append(("roll", self._active, tuple(faces)))

    def _reroll(self, dice: tuple[Colour, ...]) -> None:
        faces = decode(self._rng.dice_index(len(dice)), len(dice))
        self._beans[self._active] -= 1
        for die, face in zip(dice, faces, strict=True):
            self._faces[die] = face
        self._events.append(("reroll", self._active, dice, tuple(faces)))

    def _unlock(self, sundae: Colour) -> None:
        self._used |= 1 << sundae
        self._limit[sundae] = self._faces[sundae]
        self._events.append(("unlock", self._active, sundae, self._faces[sundae]))

    def _place(self, space: Space) -> None:
        die = space.colour
        face = self._faces[die]
        self._used |= 1 << die
        self._spent[space.sundae] += face
        self._sheets[self._active][space.index] = rules.entry(space, face)
        self._placed.append(space)
        self._events.append(("place", self._active, space, face))

    def _end_placing(self) -> None:
        """The turn's placing is over: the others may pick among the placed dice."""
        forfeited = tuple(
            (die, self._faces[die])
            for die in DICE
            if not self._used >> die & 1 or (die in FLAVOURS and self._limit[die])
        )
        self._events.append(("done", self._active, forfeited, len(self._placed)))
        others = [seat for seat in range(self.game.players) if seat != self._active]
        self._begin_choices(Phase.TAKE, {seat: self._takes(seat) for seat in others})

    def _begin_choices(self, phase: Phase, options: dict[int, tuple[Action, ...]]) -> None:
        """Let the seats with more than `pass` among their `options` choose at once; with
        none, the phase resolves at once."""
        self._phase = phase
        eligible = tuple(seat for seat, legal in options.items() if len(legal) > 1)
        self._legal = {seat: options[seat] for seat in eligible}
        self._eligible = self._to_act = eligible
        self._choices = {}
        if not self._to_act:
            self._resolve()

    def _resolve(self) -> None:
        """Enter the sealed choices, tell them, and go on."""
        phase = self._phase
        offered = phase is Phase.BONUS or bool(self._placed)
        for seat in range(self.game.players):
            action = self._choices.get(seat)
            if action is None:
                if offered and (phase is Phase.BONUS or seat != self._active):
                    self._events.append(("unable", seat, phase))
                continue
            if action == PASS:
                self._events.append(("pass", seat, phase))
                continue
            sheet = self._sheets[seat]
            if phase is Phase.TAKE:
                space = TAKES[action]
                number = self._faces[space.colour]
                self._events.append(("take", seat, space, number))
            else:
                space, number = BONUSES[action]
                self._events.append(("bonus", seat, space, number))
            sheet[space.index] = rules.entry(space, number)
        self._choices = {}
        if phase is Phase.TAKE:
            self._next_turn()
        elif self._stack:
            self._round += 1
            self._events.append(("round", self._round))
            self._begin_turn(0)
        else:
            self._finish()

    def _next_turn(self) -> None:
        if self._active + 1 < self.game.players:
            self._begin_turn(self._active + 1)
            return
        self._faces = []
        self._revealed = tuple(self._stack[:CARDS_PER_ROUND])
        del self._stack[:CARDS_PER_ROUND]
        self._events.append(("reveal", self._round, self._revealed))
        seats = range(self.game.players)
        self._begin_choices(Phase.BONUS, {seat: self._bonuses(seat) for seat in seats})

    def _begin_turn(self, seat: int) -> None:
        self._active = seat
        self._phase = Phase.ROLL
        self._to_act = (seat,)
        self._revealed = ()
        self._faces = []
        self._used = 0
        self._limit = [0] * len(FLAVOURS)
        self._spent = [0] * len(FLAVOURS)
        self._placed = []

    def _finish(self) -> None:
        self._phase = Phase.OVER
        self._to_act = ()
        self._revealed = ()
        self._events.append(("end", self.winners, self.scores))

    # -- results --------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self._phase is Phase.OVER

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(
            rules.score(sheet, beans)
            for sheet, beans in zip(self._sheets, self._beans, strict=True)
        )

    @property
    def winners(self) -> tuple[int, ...]:
        return self._winners(self.scores)

    def _winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        if not self.over:
            return ()
        toppings = [rules.toppings_ticked(sheet) for sheet in self._sheets]
        return rules.winners(scores, self._beans, toppings)

    @property
    def stack(self) -> tuple[str, ...]:
        """The face-down stack, top first, as card keys: the table's secret, never in a view
        (for tests and tools)."""
        return tuple(BONUS_CARDS[card].key for card in self._stack)

    # -- what a seat sees: everything but the stack's cards and the others' sealed choices -----

    def view(self, seat: Seat) -> dict[str, Any]:
        players = self.game.players
        phase = self._phase
        scores = self.scores
        view: dict[str, Any] = {
            "game": "dicecream",
            "seat": seat,
            "players": players,
            "to_act": list(self._to_act),
            "over": phase is Phase.OVER,
            "winners": list(self._winners(scores)),
            "scores": list(scores),
            "round": self._round,
            "rounds": ROUNDS[players],
            "phase": phase.value,
            "active": self._active if phase in _TURN_PHASES else None,
            "stack": len(self._stack),
            "bonus_cards": [
                {"key": BONUS_CARDS[card].key, "text": BONUS_CARDS[card].text}
                for card in self._revealed
            ],
            "turn": self._turn_view() if phase in _TURN_PHASES else None,
            "choosing": None,
            "moves": self._moves(seat),
            "seats": [self._seat_view(s, scores[s]) for s in range(players)],
            "log": self._log(seat),
        }
        if phase in (Phase.TAKE, Phase.BONUS):
            view["choosing"] = {
                "eligible": list(self._eligible),
                "waiting": list(self._to_act),
                "yours": self._choices.get(seat) if seat is not None else None,
            }
        return view

    def _turn_view(self) -> dict[str, Any]:
        used, faces = self._used, self._faces
        where: list[str | None] = [None] * len(DICE)
        for placed in self._placed:
            where[placed.colour] = placed.name
        dice = []
        for die, face in zip(DICE, faces, strict=False):  # no faces before the roll
            space = where[die]
            if space is not None:
                use = "placed"
            elif used >> die & 1:
                use = "bowl"
            else:
                use = "unused"
            dice.append({"colour": die.key, "face": face, "use": use, "space": space})
        return {
            "seat": self._active,
            "rolled": bool(faces),
            "may_reroll": self._phase is Phase.PLACE and self._beans[self._active] > 0 and not used,
            "dice": dice,
            "unlocked": [
                {"sundae": sundae.key, "limit": self._limit[sundae], "spent": self._spent[sundae]}
                for sundae in FLAVOURS
                if self._limit[sundae]
            ],
            "takeable": [space.colour.key for space in self._placed]
            if self._phase is Phase.TAKE
            else [],
        }

    def _moves(self, seat: Seat) -> dict[str, list[Action]]:
        """The seat's legal actions that fill a space, by the die they use (placing, taking)
        or by the card that allows them (bonus)."""
        moves: dict[str, list[Action]] = {}
        if seat not in self._to_act:
            return moves
        for action in self.legal_actions(seat):
            unlocked = UNLOCKS.get(action)
            if unlocked is not None:
                moves.setdefault(unlocked.key, []).append(action)
            elif action in BONUSES:
                space, _ = BONUSES[action]
                for card in self._revealed:
                    if BONUS_CARDS[card].allows(space):
                        moves.setdefault(BONUS_CARDS[card].key, []).append(action)
            elif action in SPACE_OF:
                moves.setdefault(SPACE_OF[action].colour.key, []).append(action)
        return moves

    def _seat_view(self, seat: int, total: int) -> dict[str, Any]:
        sheet = self._sheets[seat]
        return {
            "seat": seat,
            "sundaes": [
                {
                    "colour": sundae.key,
                    "cubes": {colour: sheet[i] or None for colour, i in cubes},
                    "cream": {side: sheet[i] or None for side, i in cream},
                    "toppings": {colour: bool(sheet[i]) for colour, i in toppings},
                    "score": rules.sundae_score(sheet, sundae),
                }
                for sundae, cubes, cream, toppings in _LAYOUT
            ],
            "beans": self._beans[seat],
            "toppings": rules.toppings_ticked(sheet),
            "total": total,
        }

    def _log(self, viewer: Seat) -> list[dict[str, Any]]:
        """The log told from `viewer`'s side; entries are described once and remembered."""
        log = self._events.told_to(viewer)
        return [dict(entry) for entry in log]  # copies: a caller may change its view


_TURN_PHASES = (Phase.ROLL, Phase.PLACE, Phase.TAKE)
_LAYOUT = tuple(
    (
        sundae,
        [(s.colour.key, s.index) for s in SPACES if s.sundae is sundae and s.kind is Kind.CUBE],
        [(s.side.value, s.index) for s in SPACES if s.sundae is sundae and s.side is not None],
        [(s.colour.key, s.index) for s in SPACES if s.sundae is sundae and s.kind is Kind.TOPPING],
    )
    for sundae in FLAVOURS
)
"""For each sundae: its cubes', cream spaces' and toppings' names and indices, in print order."""
_WAITING = {
    Phase.ROLL: "the active player rolls",
    Phase.PLACE: "the active player places dice",
    Phase.TAKE: "the others take dice",
    Phase.BONUS: "everyone chooses a bonus",
    Phase.OVER: "the game is over",
}


def _filled(space: Space) -> str:
    return "ticked" if space.kind is Kind.TOPPING else "filled"


def _space_refusal(sheet: rules.Sheet, space: Space, face: int) -> str | None:
    """Why the die showing `face` may not go on `space` of `sheet` (sum limit aside), or None."""
    if sheet[space.index]:
        held = "" if space.kind is Kind.TOPPING else f" (it holds {sheet[space.index]})"
        return f"the {space.name} is already {_filled(space)}{held}"
    if not rules.fits(space, space.colour, face):
        return f"the white die shows {face}: it fits only the other cream space"
    return None


def _fills(action: Action, wanted: str) -> bool:
    """Whether `action` fills the space `wanted` names (`cream of blue`: either cream space)."""
    space = SPACE_OF.get(action)
    if space is None:
        return False
    return space.name == wanted or (
        space.kind is Kind.CREAM and wanted == f"cream of {space.sundae.key}"
    )


def _dice_text(dice: tuple[Colour, ...], faces: tuple[int, ...]) -> str:
    return ", ".join(f"{die.key} {face}" for die, face in zip(dice, faces, strict=True))


def describe(event: tuple[Any, ...], viewer: Seat) -> dict[str, Any]:
    """One log entry, told from `viewer`'s side."""
    kind = event[0]
    entry: dict[str, Any] = {"event": kind}
    if kind == "round":
        entry.update(round=event[1], text=f"Round {event[1]} begins.")
        return entry
    if kind == "reveal":
        _, number, cards = event
        texts = " / ".join(BONUS_CARDS[card].text for card in cards)
        entry.update(round=number, text=f"Round {number} is over. Bonus cards: {texts}")
        return entry
    if kind == "end":
        _, winners, scores = event
        named = [seat_name(seat, viewer) for seat in winners]
        names = " and ".join([", ".join(named[:-1]), named[-1]] if len(named) > 1 else named)
        verb = "win" if len(winners) > 1 or names == "You" else "wins"
        entry["text"] = f"Game over: {names} {verb} with {scores[winners[0]]} points."
        return entry
    seat = event[1]
    who = seat_name(seat, viewer)
    entry["seat"] = seat
    if kind == "roll":
        entry["text"] = f"{who} rolled {_dice_text(DICE, event[2])}."
    elif kind == "reroll":
        _, _, dice, faces = event
        entry["text"] = f"{who} spent a chocolate bean and rerolled: {_dice_text(dice, faces)}."
    elif kind == "unlock":
        _, _, sundae, face = event
        entry["text"] = f"{who} unlocked the {sundae.key} sundae with a {face}."
    elif kind in ("place", "take", "bonus"):
        _, _, space, number = event
        filled = f"ticked the {space.name}" if space.kind is Kind.TOPPING else ""
        if kind == "bonus":
            what = filled or f"entered a {number} in the {space.name}"
            entry["text"] = f"{who} used a bonus card and {what}."
        else:
            die = f"the {space.colour.key} {number}"
            what = f"{filled} with {die}" if filled else f"entered {die} in the {space.name}"
            entry["text"] = f"{who} {'took a die and ' if kind == 'take' else ''}{what}."
    elif kind == "done":
        _, _, forfeited, placed = event
        lost = f" Forfeited: {_dice_text(*zip(*forfeited, strict=True))}." if forfeited else ""
        offer = "" if placed else " No die is left for the others."
        entry["text"] = f"{who} ended the turn.{lost}{offer}"
    elif kind == "pass":
        entry["text"] = f"{who} took no die." if event[2] is Phase.TAKE else f"{who} used no bonus."
    else:  # unable
        what = "none of the dice" if event[2] is Phase.TAKE else "neither bonus card"
        entry["text"] = f"{who} could use {what}."
    return entry
