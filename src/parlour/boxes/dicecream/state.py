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

Why an action is refused comes from `rules.verify_*` alone (`_verify`); what each seat sees
is in `views`, how the log tells events in `words`; this module only changes the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlour.boxes.dicecream import breakdown, rules, views
from parlour.boxes.dicecream.components import (
    BEANS,
    BONUS_CARDS,
    CARDS_PER_ROUND,
    CREAM,
    DICE,
    FACES,
    FLAVOURS,
    STACK,
    Colour,
    Kind,
    Space,
)
from parlour.boxes.dicecream.events import (
    Ended,
    Event,
    Passed,
    Placed,
    Rerolled,
    Revealed,
    Rolled,
    RoundBegan,
    Took,
    TurnDone,
    Unable,
    Unlocked,
    UsedBonus,
)
from parlour.boxes.dicecream.notation import (
    BONUS_OF,
    BONUSES,
    DONE,
    PASS,
    PLACES,
    REROLL_ACTIONS,
    REROLLS,
    ROLL,
    SPACE_OF,
    TAKE_OF,
    TAKES,
    UNLOCK_OF,
    UNLOCKS,
    normalise,
)
from parlour.boxes.dicecream.rules import Phase
from parlour.boxes.dicecream.words import describe
from parlour.kernel import Action, Breakdown, Reason, Rng, Seat, State
from parlour.kernel.log import EventLog

if TYPE_CHECKING:
    from parlour.boxes.dicecream.game import Dicecream
    from parlour.boxes.dicecream.views import DicecreamView

_DONE_ONLY: tuple[Action, ...] = (DONE,)
_UNUSED = tuple(tuple(die for die in DICE if not used >> die & 1) for used in range(1 << len(DICE)))
"""The dice not placed this turn, by the bit mask of those placed."""
_UNLOCKS_FREE = tuple(tuple(UNLOCK_OF[die] for die in dice if die is not CREAM) for dice in _UNUSED)
"""The unlocks of the sundaes whose die is not placed, by the bit mask of the dice placed."""


def decode(index: int, count: int) -> list[int]:
    """The faces of `count` dice rolled as one `Rng.dice_index` draw (first die least
    significant)."""
    faces = []
    for _ in range(count):
        index, digit = divmod(index, FACES)
        faces.append(digit + 1)
    return faces


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
        self._choices: dict[Seat, Action] = {}  # sealed choices of the seats acting at once
        self._eligible: tuple[int, ...] = ()  # the seats that may choose in this phase
        self._to_act: tuple[int, ...] = (0,)
        self._legal: dict[Seat, tuple[Action, ...]] = {}  # legal actions now, as computed
        self._events: EventLog[Event] = EventLog(describe, [RoundBegan(1)])

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

    # -- who acts and what they may do: the rules' verdicts (`rules.verify_*`) ----------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return self._to_act

    def legal_actions(self, seat: Seat) -> tuple[Action, ...]:
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = self._listed(seat) if seat in self._to_act else ()
        return legal

    def is_legal(self, seat: Seat, action: Action) -> bool:
        """The kernel's "no reason", answered by the listing that has none (a fast path)."""
        return type(action) is str and action in self.legal_actions(seat)

    def _verify(self, seat: Seat, action: Action) -> Reason | None:
        """No reason for a listed action (the list asks the same rules); else the rule's."""
        if action in self.legal_actions(seat):
            return None
        return self._check(seat, action)

    def _check(self, seat: Seat, action: Action) -> Reason | None:
        """The verdict of the rule for the kind of `action`, from a seat that may act now."""
        if seat is None:  # the table has no action in Dicecream
            return self._not_legal(seat, action)
        phase = self._phase
        space = PLACES.get(action)
        if space is not None:
            sheet = self._sheets[seat]
            used, limit, spent = self._used, self._limit, self._spent
            return rules.verify_place(phase, space, sheet, self._faces, used, limit, spent)
        space = TAKES.get(action)
        if space is not None:
            return rules.verify_take(phase, space, self._sheets[seat], self._faces, self._placed)
        if action in BONUSES:
            space, number = BONUSES[action]
            cards = [BONUS_CARDS[card] for card in self._revealed]
            return rules.verify_bonus(phase, space, number, self._sheets[seat], cards)
        if action in UNLOCKS:
            return rules.verify_unlock(phase, UNLOCKS[action], self._used)
        if action in REROLLS:
            return rules.verify_reroll(phase, self._beans[seat], self._used)
        if action == ROLL:
            return rules.verify_roll(phase)
        if action == DONE:
            return rules.verify_done(phase)
        if action == PASS:
            return rules.verify_pass(phase)
        return self._not_legal(seat, action)

    def _listed(self, seat: int) -> tuple[Action, ...]:
        """The legal actions of a seat to act now. For speed they are found in bulk with the
        predicates the `rules.verify_*` functions apply one action at a time (`spaces_on`,
        `spaces_anywhere`, `effect_spaces`, `within_limit`); the tests check for every action
        of the game that it is listed exactly when its verify function finds no reason."""
        phase = self._phase
        if phase is Phase.ROLL:
            return (ROLL,)
        if phase is Phase.PLACE:
            return self._placements()
        if phase is Phase.TAKE:
            return self._takes(seat)
        return self._bonuses(seat)

    def _placements(self) -> tuple[Action, ...]:
        """The active player's rerolls (a bean left, no die placed), unlocks (the die free),
        placements (an empty fitting space of an unlocked sundae, within its limit), then
        `done`."""
        seat, used, faces = self._active, self._used, self._faces
        sheet, limits, spent = self._sheets[seat], self._limit, self._spent
        actions: list[Action] = []
        if self._beans[seat] and not used:
            actions += REROLL_ACTIONS
        unused = _UNUSED[used]
        actions += _UNLOCKS_FREE[used]
        for sundae in FLAVOURS:
            limit = limits[sundae]
            if not limit:
                continue
            for die in unused:
                face = faces[die]
                if rules.within_limit(spent[sundae], face, limit):
                    actions += [space.name for space in rules.spaces_on(sheet, sundae, die, face)]
        if not actions:
            return _DONE_ONLY
        actions.append(DONE)
        return tuple(actions)

    def _takes(self, seat: int) -> tuple[Action, ...]:
        """A passive player's picks (an empty fitting space anywhere for a placed die), then
        `pass`."""
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
        for index in self._revealed:
            card = BONUS_CARDS[index]
            value = card.value
            for space in rules.effect_spaces(sheet, card):
                actions[BONUS_OF[space.index, value]] = None
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

    # -- applying actions ---------------------------------------------------------------------

    def _apply(self, seat: Seat, action: Action) -> None:
        assert seat is not None
        phase = self._phase
        if phase is Phase.TAKE or phase is Phase.BONUS:
            self._choices[seat] = action  # sealed: the others' legal actions do not change
            self._legal.pop(seat, None)
            to_act = self._to_act
            at = to_act.index(seat)
            self._to_act = to_act[:at] + to_act[at + 1 :]
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
        self._events.append(Rolled(self._active, tuple(faces)))

    def _reroll(self, dice: tuple[Colour, ...]) -> None:
        faces = decode(self._rng.dice_index(len(dice)), len(dice))
        self._beans[self._active] -= 1
        for die, face in zip(dice, faces, strict=True):
            self._faces[die] = face
        self._events.append(Rerolled(self._active, dice, tuple(faces)))

    def _unlock(self, sundae: Colour) -> None:
        self._used |= 1 << sundae
        self._limit[sundae] = self._faces[sundae]
        self._events.append(Unlocked(self._active, sundae, self._faces[sundae]))

    def _place(self, space: Space) -> None:
        die = space.colour
        face = self._faces[die]
        self._used |= 1 << die
        self._spent[space.sundae] += face
        self._sheets[self._active][space.index] = rules.entry(space, face)
        self._placed.append(space)
        self._events.append(Placed(self._active, space, face))

    def _end_placing(self) -> None:
        """The turn's placing is over: the others may pick among the placed dice."""
        forfeited = tuple(
            (die, self._faces[die])
            for die in DICE
            if not self._used >> die & 1 or (die is not CREAM and self._limit[die])
        )
        self._events.append(TurnDone(self._active, forfeited, len(self._placed)))
        others = [seat for seat in range(self.game.players) if seat != self._active]
        self._begin_choices(Phase.TAKE, others)

    def _begin_choices(self, phase: Phase, seats: list[int]) -> None:
        """Let those of `seats` with more than `pass` to choose from choose at once; with
        none, the phase resolves at once."""
        self._phase = phase
        options = {seat: self._listed(seat) for seat in seats}
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
                    self._events.append(Unable(seat, phase))
                continue
            if action == PASS:
                self._events.append(Passed(seat, phase))
                continue
            sheet = self._sheets[seat]
            if phase is Phase.TAKE:
                space = TAKES[action]
                number = self._faces[space.colour]
                self._events.append(Took(seat, space, number))
            else:
                space, number = BONUSES[action]
                self._events.append(UsedBonus(seat, space, number))
            sheet[space.index] = rules.entry(space, number)
        self._choices = {}
        if phase is Phase.TAKE:
            self._next_turn()
        elif self._stack:
            self._round += 1
            self._events.append(RoundBegan(self._round))
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
        self._events.append(Revealed(self._round, self._revealed))
        self._begin_choices(Phase.BONUS, list(range(self.game.players)))

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
        self._events.append(Ended(self.winners, self.scores))

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

    def view(self, seat: Seat) -> DicecreamView:
        return views.view_of(self, seat)

    def breakdowns(self, seat: Seat) -> tuple[Breakdown, ...]:
        return breakdown.breakdowns(self)


def _fills(action: Action, wanted: str) -> bool:
    """Whether `action` fills the space `wanted` names (`cream of blue`: either cream space)."""
    space = SPACE_OF.get(action)
    if space is None:
        return False
    return space.name == wanted or (
        space.kind is Kind.CREAM and wanted == f"cream of {space.sundae.key}"
    )
