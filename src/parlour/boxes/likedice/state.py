"""Like Dice's state machine: a real-time race, one challenge at a time.

A challenge is revealed to everyone. Every player may give one answer (0 to 99) or pass, all at
once; answers apply in calling order (the order they arrive) and everyone sees each as it is
given. When everyone has answered, or the table applies `timeout`, the answers are checked in
calling order (every one, so each player learns whether they were right): the first right one
wins a card from the common display (a decision only where several may be taken), the common
display is refilled, and the next challenge is revealed.

Actions (canonical text, see `notation`):
    answer 17     (each player, once a challenge) call out a result from 0 to 99
    pass          (each player, once a challenge) give no answer; a pass never wins
    take 2        (the winner, when several cards may be taken) the second common card
    timeout       (the table, timed games only) the time is up: check the answers given

This module changes the state and nothing else: the rules and the reasons an action is refused
are `rules`' plain functions, what a seat sees is `views`'.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlour.boxes.likedice import breakdown, rules, views
from parlour.boxes.likedice.components import (
    CARD_BY_KEY,
    CARDS,
    CHALLENGES,
    COMMON_CARDS,
    DECKS,
    OWN_CARDS,
    Check,
    Die,
    End,
    Level,
    Settled,
)
from parlour.boxes.likedice.events import (
    Answered,
    Ended,
    Event,
    NobodyRight,
    Refilled,
    Reshuffled,
    Revealed,
    TimedOut,
    Took,
)
from parlour.boxes.likedice.notation import (
    ANSWER_ACTIONS,
    ANSWERS,
    NUMBER,
    TAKE_OF,
    TAKES,
    TIMEOUT,
    card_named,
    is_number,
    normalise,
)
from parlour.boxes.likedice.rules import Phase
from parlour.boxes.likedice.words import describe
from parlour.kernel import Action, Breakdown, Reason, Rng, Seat, State
from parlour.kernel.log import EventLog, new_record

if TYPE_CHECKING:
    from parlour.boxes.likedice.game import LikeDice

ANSWERING = tuple(
    action
    for action in ANSWER_ACTIONS
    if rules.verify_answer(ANSWERS[action], Phase.ANSWER, ()) is None
)
"""A player's legal actions while a challenge runs (`verify_answer`'s, listed once)."""
_ANSWERING = frozenset(ANSWERING)
_TIMEOUT_ONLY: tuple[Action, ...] = (TIMEOUT,)
_REST: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}
"""The seats still to answer once one of them answers, by those waiting and that seat: filled
as met (at most 6 x 2**6 entries), so an answer costs one look-up."""


Draws = tuple[End | None, int, int]
"""What follows a take, drawn before anything changes: the end of the game (or None), where
in the deck the refill is drawn and where in the pile the next challenge (-1: none, the
challenge limit is reached)."""


class LikeDiceState(State):
    """A Like Dice game in progress: the displays, the decks, the challenge and its answers."""

    game: LikeDice

    def __init__(self, game: LikeDice, rng: Rng, seed: int, chance: tuple[int, ...]) -> None:
        super().__init__(game, rng, seed, chance)
        options = game.options
        self._targets = tuple(int(target) for target in options["targets"])  # type: ignore[union-attr]
        self._time_limit = int(options["time_limit"])  # type: ignore[arg-type]
        self._max_challenges = int(options["max_challenges"])  # type: ignore[arg-type]
        self._level = Level[str(options["level"]).upper()]
        # Cards are drawn one at a time at random from those left (a shuffled deck, dealt).
        self._deck = list(range(len(CARDS)))  # dice cards not drawn yet, in CARDS order
        self._displays = [
            [self._draw_card() for _ in range(OWN_CARDS)] for _ in range(game.players)
        ]
        self._common = [self._draw_card() for _ in range(COMMON_CARDS)]
        self._pile = list(DECKS[self._level])  # not revealed yet, in CHALLENGES order
        self._used: list[int] = []  # revealed since the last shuffle, in order
        self._number = 0  # challenges revealed so far
        self._challenge = -1  # the current challenge's index in CHALLENGES
        self._answers: list[Answered] = []  # this challenge's, in calling order
        self._phase = Phase.ANSWER
        self._to_act: tuple[int, ...] = ()
        self._winner: int | None = None  # the seat taking a card (TAKE)
        self._places: tuple[int, ...] = ()  # the places it may take (TAKE)
        self._take_actions: tuple[Action, ...] = ()  # the actions taking them (TAKE)
        self._settled: Settled | None = None  # the last challenge checked
        self._winners: tuple[int, ...] = ()
        self._clock_since = 0
        self._events: EventLog[Event] = EventLog(describe)
        self._reveal(self._rng.below(len(self._pile)))

    def _copy_into(self, twin: State) -> None:
        assert isinstance(twin, LikeDiceState)
        twin._deck = list(self._deck)
        twin._displays = [list(display) for display in self._displays]
        twin._common = list(self._common)
        twin._pile = list(self._pile)
        twin._used = list(self._used)
        twin._answers = list(self._answers)
        twin._events = self._events.copy()

    # -- who acts and what they may do --------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return self._to_act

    def legal_actions(self, seat: Seat) -> tuple[Action, ...]:
        if seat is None:  # the table
            timed = self._phase is Phase.ANSWER and self._time_limit > 0
            return _TIMEOUT_ONLY if timed else ()
        if seat not in self._to_act:
            return ()
        return ANSWERING if self._phase is Phase.ANSWER else self._take_actions

    def is_legal(self, seat: Seat, action: Action) -> bool:
        """The kernel's test (no reason to refuse), its turn check first; while a challenge
        runs, a player's answer is legal when `verify_answer` listed it (the fast path)."""
        if seat is not None:  # a player
            if seat not in self._to_act:
                return False
            if self._phase is Phase.ANSWER:
                return type(action) is str and action in _ANSWERING
        return type(action) is str and self._verify(seat, action) is None

    def refusal(self, seat: Seat, action: object) -> Reason | None:
        """The kernel's reasons, but a player who may not act while the game runs hears the
        rules' reason (it already answered; another seat is choosing a card)."""
        reason = super().refusal(seat, action)
        if (
            reason is not None
            and reason.code == "not_your_turn"
            and type(action) is str
            and seat in range(self.game.players)
        ):
            return self._verify(seat, action) or reason
        return reason

    def _verify(self, seat: Seat, action: Action) -> Reason | None:
        """Why the rules refuse `action` from `seat` (None: legal), by its kind."""
        if action == TIMEOUT:
            return rules.verify_timeout(seat, self._phase, self._time_limit)
        if seat is None:  # the table
            return self._not_legal(seat, action)
        refused = rules.verify_turn(seat, self._to_act, self._winner, self._answers)
        if refused is not None:
            return refused
        if action in ANSWERS:
            return rules.verify_answer(ANSWERS[action], self._phase, self._places)
        if action in TAKES:
            return rules.verify_take(TAKES[action], self._phase, self._places, self._common)
        number = NUMBER.fullmatch(action)
        if number is not None:
            return rules.verify_answer(int(number.group(1)), self._phase, self._places)
        return self._not_legal(seat, action)

    @property
    def clock(self) -> float | None:
        """Seconds a challenge allows, counted from its reveal (see `clock_since`); `None`
        while the winner chooses a card, and in untimed games."""
        timed = self._phase is Phase.ANSWER and self._time_limit > 0
        return float(self._time_limit) if timed else None

    @property
    def clock_since(self) -> int:
        """How many actions the record held when the current challenge was revealed: its
        clock counts from there (runners restart their deadline then)."""
        return self._clock_since

    def parse_action(self, seat: Seat, text: str) -> Action:
        """The canonical text or a short form (see `notation`): a bare number answers, or while
        choosing a card takes that place; a card's dice (`b4 g6`) take that card."""
        wanted = normalise(text)
        if self._phase is Phase.TAKE and seat == self._winner:
            key = card_named(text)
            card = CARD_BY_KEY[key].index if key is not None else -1
            if card in self._common:
                wanted = TAKE_OF[self._common.index(card)]
            elif is_number(wanted):
                wanted = f"take {wanted}"
        elif is_number(wanted):
            wanted = f"answer {wanted}"
        return super().parse_action(seat, wanted)

    # -- applying actions ---------------------------------------------------------------------

    def _apply(self, seat: Seat, action: Action) -> None:
        number = self._number
        if seat is None:  # the table's timeout
            self._settle(None)
        elif self._phase is Phase.TAKE:
            self._take(seat, TAKES[action], chosen=True, chance=self._chance_of_take(seat))
        elif len(self._answers) + 1 == self.game.players:
            self._settle(new_record(Answered, (number, seat, ANSWERS[action])))
        else:
            self._call(new_record(Answered, (number, seat, ANSWERS[action])))
        if self._number != number:  # a new challenge: its clock starts after this action
            self._clock_since = len(self._actions) + 1

    def _call(self, answer: Answered) -> None:
        """A player calls out an answer (or passes)."""
        self._answers.append(answer)
        self._events.append(answer)
        waiting = (self._to_act, answer[1])
        rest = _REST.get(waiting)
        if rest is None:
            rest = _REST[waiting] = tuple(s for s in waiting[0] if s != waiting[1])
        self._to_act = rest

    def _draw_card(self) -> int:
        """A dice card drawn at random from the deck."""
        return self._deck.pop(self._rng.below(len(self._deck)))

    def _reveal(self, drawn: int) -> None:
        """Reveal the challenge at index `drawn` of the pile (reshuffling the used challenges
        into the pile first if it is empty); everyone may answer."""
        if not self._pile:
            self._pile, self._used = sorted(self._used), []
            self._events.append(Reshuffled(self._number, len(self._pile)))
        challenge = self._pile.pop(drawn)
        self._used.append(challenge)
        self._challenge = challenge
        self._number += 1
        self._answers = []
        self._phase = Phase.ANSWER
        self._to_act = tuple(range(self.game.players))
        self._events.append(new_record(Revealed, (self._number, challenge)))

    def _next_challenge(self) -> int:
        """Where in the pile the next challenge is drawn (the used ones if it is empty), or -1
        when the challenge just played is the last the option `max_challenges` allows."""
        if self._number == self._max_challenges:
            return -1
        return self._rng.below(len(self._pile) or len(self._used))

    def _go_on(self, drawn: int) -> None:
        """Reveal the next challenge (drawn at that index of the pile), or end the game at the
        challenge limit (-1)."""
        if drawn < 0:
            self._finish(End.LIMIT, None)
        else:
            self._reveal(drawn)

    def seen(self, seat: int) -> list[Die]:
        """The dice `seat` counts: the common display and its own display."""
        return rules.dice_of(CARDS[card] for card in (*self._common, *self._displays[seat]))

    def _settle(self, last: Answered | None) -> None:
        """The last answer (`None`: the table's timeout) ends the race: every answer is checked,
        in calling order, and the first right one wins. The chance this needs is drawn before
        anything changes, so a bad chance script changes nothing."""
        challenge = CHALLENGES[self._challenge]
        answers = self._answers if last is None else [*self._answers, last]
        checked: list[Check] = []
        winner = None
        for _, seat, value in answers:
            if value is None:
                continue  # a pass is never checked
            right = rules.answer_on(challenge, (*self._common, *self._displays[seat]))
            checked.append(new_record(Check, (self._number, seat, value, right)))
            if value == right and winner is None:
                winner = seat  # the later answers are checked too: each player learns theirs
        places: tuple[int, ...] = ()
        chance: Draws = (None, 0, 0)
        if winner is None:
            chance = (None, 0, self._next_challenge())
        else:
            used = rules.counted(challenge, self.seen(winner))
            places = rules.takeable([CARDS[card] for card in self._common], used)
            if len(places) == 1:
                chance = self._chance_of_take(winner)
        number = self._number
        if last is None:
            self._events.append(new_record(TimedOut, (number,)))
        else:
            self._call(last)
        for check in checked:
            self._events.append(check)
        self._settled = new_record(
            Settled, (number, self._challenge, tuple(checked), winner, last is None, None)
        )
        self._to_act = ()
        if winner is None:
            self._events.append(new_record(NobodyRight, (number,)))
            self._go_on(chance[2])
        elif len(places) == 1:
            self._take(winner, places[0], chosen=False, chance=chance)
        else:
            self._phase = Phase.TAKE
            self._winner = winner
            self._to_act = (winner,)
            self._places = places
            self._take_actions = tuple(TAKE_OF[place] for place in places)  # no reason

    def _chance_of_take(self, seat: int) -> Draws:
        """What follows `seat`'s take: the end if its display reaches its target or the deck
        cannot refill the common display; else where in the deck the refill and in the pile
        the next challenge are drawn."""
        if rules.reached(len(self._displays[seat]) + 1, self._targets[seat]):
            return End.TARGET, 0, 0
        if not self._deck:
            return End.DECK, 0, 0
        refill = self._rng.below(len(self._deck))
        return None, refill, self._next_challenge()

    def _take(self, seat: int, place: int, chosen: bool, chance: Draws) -> None:
        """The winner takes the common card at `place`; then the game ends, or (`chance`) the
        common display is refilled and the next challenge revealed."""
        end, refill, challenge = chance
        card = self._common[place]
        self._displays[seat].append(card)
        settled = self._settled
        assert settled is not None
        self._settled = new_record(Settled, (*settled[:-1], card))
        self._events.append(new_record(Took, (self._number, seat, card, place, chosen)))
        self._winner = None
        self._places = ()
        self._take_actions = ()
        if end is not None:
            del self._common[place]
            self._finish(end, seat)
            return
        self._common[place] = self._deck.pop(refill)
        self._events.append(new_record(Refilled, (self._number, place, self._common[place])))
        self._go_on(challenge)

    def _finish(self, end: End, last: int | None) -> None:
        """The game ends: `last` wins by reaching its target, or the ranking decides."""
        if end is End.TARGET:
            assert last is not None
            self._winners = (last,)
        else:
            self._winners = rules.final_winners(self.scores, self._targets, self._pips())
        self._phase = Phase.OVER
        self._to_act = ()
        self._events.append(Ended(end, self._winners))

    # -- results ------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self._phase is Phase.OVER

    @property
    def scores(self) -> tuple[int, ...]:
        """The cards in each player's own display (the first one dealt included)."""
        return tuple(len(display) for display in self._displays)

    @property
    def winners(self) -> tuple[int, ...]:
        return self._winners

    def _pips(self) -> tuple[int, ...]:
        """Each own display's dot total (the tie-break)."""
        return tuple(sum(CARDS[card].pips for card in display) for display in self._displays)

    def solution(self, seat: int) -> int:
        """The right answer to the current challenge for `seat`: never in a view before the
        answers are checked (for tests and tools)."""
        return rules.answer_on(CHALLENGES[self._challenge], (*self._common, *self._displays[seat]))

    @property
    def dice_deck(self) -> tuple[str, ...]:
        """The dice cards not drawn yet, as keys in card order (the table's secret)."""
        return tuple(CARDS[card].key for card in self._deck)

    @property
    def challenge_pile(self) -> tuple[str, ...]:
        """The challenges not revealed since the last shuffle, as keys (the table's secret)."""
        return tuple(CHALLENGES[challenge].key for challenge in self._pile)

    def breakdowns(self, seat: Seat) -> tuple[Breakdown, ...]:
        return breakdown.breakdowns(self)

    def view(self, seat: Seat) -> views.LikeDiceView:
        return views.view_of(self, seat)
