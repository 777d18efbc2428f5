"""Like Dice's state machine: a real-time race, one challenge at a time.

A challenge is revealed to everyone. Every player may give one answer (0 to 99) or pass, all at
once; answers apply in calling order (the order they arrive) and everyone sees each as it is
given. When everyone has answered, or the table applies `timeout`, the answers are checked in
calling order: the first right one wins a card from the common display (a decision only where
several may be taken), the common display is refilled, and the next challenge is revealed.

Actions (canonical text):
    answer 17     (each player, once a challenge) call out a result from 0 to 99
    pass          (each player, once a challenge) give no answer; a pass never wins
    take 2        (the winner, when several cards may be taken) the second common card
    timeout       (the table, timed games only) the time is up: check the answers given
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import Enum
from typing import TYPE_CHECKING, Any

from parlour.boxes.likedice import rules
from parlour.boxes.likedice.components import (
    CARD_BY_KEY,
    CARDS,
    CHALLENGES,
    COMMON_CARDS,
    DECKS,
    MAX_ANSWER,
    OWN_CARDS,
    Challenge,
    Die,
    Kind,
    Level,
)
from parlour.boxes.likedice.notation import card_named, normalise
from parlour.kernel import Action, Rng, Seat, State
from parlour.kernel.log import EventLog

if TYPE_CHECKING:
    from parlour.boxes.likedice.game import LikeDice

PASS = "pass"
TIMEOUT = "timeout"
ANSWER_OF = tuple(f"answer {value}" for value in range(MAX_ANSWER + 1))
"""The action that calls out each result, by value."""
ANSWERS: dict[Action, int | None] = {
    **{action: value for value, action in enumerate(ANSWER_OF)},
    PASS: None,
}
"""Each answering action and the result it calls out (`None`: a pass)."""
TAKE_OF = tuple(f"take {place + 1}" for place in range(COMMON_CARDS))
"""The action that takes each card of the common display, by place (0-based)."""
TAKES = {action: place for place, action in enumerate(TAKE_OF)}
_ANSWER_ACTIONS = tuple(ANSWERS)
_TIMEOUT_ONLY: tuple[Action, ...] = (TIMEOUT,)
_NUMBER = re.compile(r"answer (\d+)")


class Phase(Enum):
    """What the game waits for."""

    ANSWER = "answer"  # everyone's answer to the challenge, at once
    TAKE = "take"  # the winner's choice of a common card
    OVER = "over"


class End(Enum):
    """Why the game ended."""

    TARGET = "target"  # a player's display reached their target
    DECK = "deck"  # the common display had to be refilled from an empty dice deck


@dataclass(frozen=True)
class Settled:
    """A challenge whose answers were checked: the answers checked, in calling order, each
    with the right result for its player; the winner and the card they took."""

    number: int
    challenge: int
    checked: tuple[tuple[int, int, int], ...]  # (seat, answer, right result)
    winner: int | None
    timed_out: bool
    took: int | None = None  # the card's index in CARDS


Draws = tuple[End | None, int, int]
"""What follows a take, drawn before anything changes: the end of the game (or None), where
in the deck the refill is drawn and where in the pile the next challenge."""


def seat_name(seat: int, viewer: Seat) -> str:
    """How the log names a seat to `viewer`: `You`, or `Seat 2` (seats count from 1)."""
    return "You" if seat == viewer else f"Seat {seat + 1}"


class LikeDiceState(State):
    """A Like Dice game in progress: the displays, the decks, the challenge and its answers."""

    game: LikeDice

    def __init__(self, game: LikeDice, rng: Rng, seed: int, chance: tuple[int, ...]) -> None:
        super().__init__(game, rng, seed, chance)
        options = game.options
        self._targets = tuple(int(target) for target in options["targets"])  # type: ignore[union-attr]
        self._time_limit = int(options["time_limit"])  # type: ignore[arg-type]
        # Cards are drawn one at a time at random from those left (a shuffled deck, dealt).
        self._deck = list(range(len(CARDS)))  # dice cards not drawn yet, in CARDS order
        self._displays = [
            [self._draw_card() for _ in range(OWN_CARDS)] for _ in range(game.players)
        ]
        self._common = [self._draw_card() for _ in range(COMMON_CARDS)]
        self._pile = list(DECKS[Level[str(options["level"]).upper()]])  # not revealed yet
        self._used: list[int] = []  # revealed since the last shuffle, in order
        self._number = 0  # challenges revealed so far
        self._challenge = -1  # the current challenge's index in CHALLENGES
        self._answers: list[tuple[int, int | None]] = []  # this challenge's, in calling order
        self._phase = Phase.ANSWER
        self._to_act: tuple[int, ...] = ()
        self._winner: int | None = None  # the seat taking a card (TAKE)
        self._take_actions: tuple[Action, ...] = ()  # the winner's choices (TAKE)
        self._settled: Settled | None = None  # the last challenge checked
        self._winners: tuple[int, ...] = ()
        self._clock_since = 0
        self._events: EventLog[tuple[Any, ...]] = EventLog(describe)
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
        if seat is None:
            timed = self._phase is Phase.ANSWER and self._time_limit > 0
            return _TIMEOUT_ONLY if timed else ()
        if seat not in self._to_act:
            return ()
        return _ANSWER_ACTIONS if self._phase is Phase.ANSWER else self._take_actions

    def is_legal(self, seat: Seat, action: Action) -> bool:
        if seat is None:
            return action == TIMEOUT and self._phase is Phase.ANSWER and self._time_limit > 0
        if seat not in self._to_act:
            return False
        if self._phase is Phase.ANSWER:
            return action in ANSWERS
        return action in self._take_actions

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
            elif wanted.isdigit():
                wanted = f"take {wanted}"
        elif wanted.isdigit():
            wanted = f"answer {wanted}"
        return super().parse_action(seat, wanted)

    def explain(self, seat: Seat, action: object) -> str:
        if isinstance(action, str) and self._phase is not Phase.OVER:
            reason = self._refusal(seat, action)
            if reason:
                return reason
        return super().explain(seat, action)

    def _refusal(self, seat: Seat, action: str) -> str | None:
        """Why the rules refuse one of the game's actions (None: say it the kernel's way)."""
        if action == TIMEOUT:
            if seat is not None:
                return "only the table applies timeout, when a challenge's time is up"
            if self._phase is Phase.TAKE:
                return "no challenge is running: the winner is choosing a card"
            return "this game is untimed (time_limit=0): the table never times out"
        if seat not in range(self.game.players):
            return None
        if self._phase is Phase.ANSWER:
            given = dict(self._answers)
            if seat in given:
                said = "passed" if given[seat] is None else f"answered {given[seat]}"
                return f"you already {said}: a player gives exactly one answer per challenge"
            number = _NUMBER.fullmatch(action)
            if number and int(number.group(1)) > MAX_ANSWER:
                return f"an answer is a whole number from 0 to {MAX_ANSWER} (two digits)"
            if action in TAKES:
                return "nobody has won this challenge yet: answer it (0 to 99) or pass"
            return None
        winner = self._winner
        assert winner is not None
        if seat != winner:
            return f"{seat_name(winner, seat)} won the challenge and is choosing a card"
        if action in TAKES and TAKES[action] < len(self._common):
            place = TAKES[action]
            return (
                f"card {place + 1} ({CARDS[self._common[place]].key}) holds no die your answer "
                f"counted; you may {' or '.join(self._take_actions)}"
            )
        if action in ANSWERS:
            return f"you won this challenge: choose a card ({', '.join(self._take_actions)})"
        return None

    # -- applying actions ---------------------------------------------------------------------

    def _apply(self, seat: Seat, action: Action) -> None:
        number = self._number
        if seat is None:
            self._settle(None)
        elif self._phase is Phase.TAKE:
            self._take(seat, TAKES[action], chosen=True, chance=self._chance_of_take(seat))
        elif len(self._answers) + 1 == self.game.players:
            self._settle((seat, ANSWERS[action]))
        else:
            self._call(seat, ANSWERS[action])
        if self._number != number:  # a new challenge: its clock starts after this action
            self._clock_since = len(self._actions) + 1

    def _call(self, seat: int, value: int | None) -> None:
        """`seat` calls out `value` (`None`: passes)."""
        self._answers.append((seat, value))
        self._events.append(("answer", self._number, seat, value))
        self._to_act = tuple(s for s in self._to_act if s != seat)

    def _draw_card(self) -> int:
        """A dice card drawn at random from the deck."""
        return self._deck.pop(self._rng.below(len(self._deck)))

    def _reveal(self, drawn: int) -> None:
        """Reveal the challenge at index `drawn` of the pile (reshuffling the used challenges
        into the pile first if it is empty); everyone may answer."""
        if not self._pile:
            self._pile, self._used = sorted(self._used), []
            self._events.append(("reshuffle", self._number, len(self._pile)))
        challenge = self._pile.pop(drawn)
        self._used.append(challenge)
        self._challenge = challenge
        self._number += 1
        self._answers = []
        self._phase = Phase.ANSWER
        self._to_act = tuple(range(self.game.players))
        self._events.append(("challenge", self._number, challenge))

    def _next_challenge(self) -> int:
        """Where in the pile the next challenge is drawn (the used ones if it is empty)."""
        return self._rng.below(len(self._pile) or len(self._used))

    def seen(self, seat: int) -> list[Die]:
        """The dice `seat` counts: the common display and its own display."""
        return rules.dice_of(CARDS[card] for card in (*self._common, *self._displays[seat]))

    def _settle(self, last: tuple[int, int | None] | None) -> None:
        """The last answer (`None`: the table's timeout) ends the race: the answers are checked
        in calling order and the first right one wins. The chance this needs is drawn before
        anything changes, so a bad chance script changes nothing."""
        challenge = CHALLENGES[self._challenge]
        answers = self._answers if last is None else [*self._answers, last]
        checked: list[tuple[int, int, int]] = []
        winner = None
        for seat, value in answers:
            if value is None:
                continue  # a pass is never checked
            right = rules.answer_on(challenge, (*self._common, *self._displays[seat]))
            checked.append((seat, value, right))
            if value == right:
                winner = seat
                break
        places: tuple[int, ...] = ()
        chance: Draws = (None, 0, 0)
        if winner is None:
            chance = (None, 0, self._next_challenge())
        else:
            used = rules.counted(challenge, self.seen(winner))
            places = rules.takeable([CARDS[card] for card in self._common], used)
            if len(places) == 1:
                chance = self._chance_of_take(winner)
        if last is None:
            self._events.append(("timeout", self._number))
        else:
            self._call(*last)
        for seat, value, right in checked:
            self._events.append(("check", self._number, seat, value, right))
        self._settled = Settled(
            self._number, self._challenge, tuple(checked), winner, timed_out=last is None
        )
        self._to_act = ()
        if winner is None:
            self._events.append(("nobody", self._number))
            self._reveal(chance[2])
        elif len(places) == 1:
            self._take(winner, places[0], chosen=False, chance=chance)
        else:
            self._phase = Phase.TAKE
            self._winner = winner
            self._to_act = (winner,)
            self._take_actions = tuple(TAKE_OF[place] for place in places)

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
        assert self._settled is not None
        self._settled = replace(self._settled, took=card)
        self._events.append(("take", self._number, seat, card, place, chosen))
        self._winner = None
        self._take_actions = ()
        if end is not None:
            del self._common[place]
            self._finish(end, seat)
            return
        self._common[place] = self._deck.pop(refill)
        self._events.append(("refill", self._number, place, self._common[place]))
        self._reveal(challenge)

    def _finish(self, end: End, last: int) -> None:
        if end is End.TARGET:
            self._winners = (last,)
        else:
            self._winners = rules.final_winners(self.scores, self._targets, self._pips())
        self._phase = Phase.OVER
        self._to_act = ()
        self._events.append(("end", end, self._winners))

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

    # -- what a seat sees: everything but the decks' order and the right answers in play --------

    def view(self, seat: Seat) -> dict[str, Any]:
        phase = self._phase
        pips = self._pips()
        answered = {s for s, _ in self._answers}
        settled = self._settled
        view: dict[str, Any] = {
            "game": "likedice",
            "seat": seat,
            "players": self.game.players,
            "to_act": list(self._to_act),
            "over": phase is Phase.OVER,
            "winners": list(self._winners),
            "scores": list(self.scores),
            "level": self.game.options["level"],
            "targets": list(self._targets),
            "time_limit": self._time_limit,
            "phase": phase.value,
            "number": self._number,
            "challenge": challenge_view(CHALLENGES[self._challenge]),
            "common": [card_view(card) for card in self._common],
            "dice_deck": len(self._deck),
            "challenge_pile": len(self._pile),
            "seats": [
                {
                    "seat": s,
                    "display": [card_view(card) for card in display],
                    "cards": len(display),
                    "target": self._targets[s],
                    "pips": pips[s],
                    "answered": s in answered,
                }
                for s, display in enumerate(self._displays)
            ],
            "answers": [{"seat": s, "answer": value} for s, value in self._answers],
            "take": None,
            "result": settled_view(settled) if settled is not None else None,
            "log": self._log(seat),
        }
        if phase is Phase.TAKE:
            view["take"] = {
                "seat": self._winner,
                "choices": [
                    {"action": action, "card": card_view(self._common[TAKES[action]])}
                    for action in self._take_actions
                ],
            }
        return view

    def _log(self, viewer: Seat) -> list[dict[str, Any]]:
        """The log told from `viewer`'s side; entries are described once and remembered."""
        log = self._events.told_to(viewer)
        # Fresh copies: a caller changing its view must not change the remembered log.
        return [
            {**entry, "winners": list(entry["winners"])} if "winners" in entry else dict(entry)
            for entry in log
        ]


def card_view(card: int) -> dict[str, Any]:
    """A dice card as views show it: its key and its two dice."""
    return {
        "key": CARDS[card].key,
        "dice": [{"colour": die.colour.key, "pips": die.pips} for die in CARDS[card].dice],
    }


def challenge_view(challenge: Challenge) -> dict[str, Any]:
    """A challenge card as views show it: its key, kind, level, words and what it names."""
    view: dict[str, Any] = {
        "key": challenge.key,
        "kind": challenge.kind.value,
        "level": challenge.level.key,
        "text": challenge.text,
    }
    names = [colour.key for colour in challenge.colours]
    if challenge.kind is Kind.COLOURS:
        view["colours"] = names
    elif challenge.kind is Kind.BIG_SMALL:
        view["big"], view["small"] = names
    elif challenge.kind is Kind.WHITE:
        view["faces"] = list(challenge.faces)
    else:
        view["order"] = names
        view["position"] = challenge.position
    return view


def settled_view(settled: Settled) -> dict[str, Any]:
    """The last challenge checked: the answers checked with their right results, the winner
    and the card that moved."""
    return {
        "number": settled.number,
        "challenge": CHALLENGES[settled.challenge].key,
        "checked": [
            {"seat": seat, "answer": value, "correct": right, "right": value == right}
            for seat, value, right in settled.checked
        ],
        "winner": settled.winner,
        "timed_out": settled.timed_out,
        "took": card_view(settled.took) if settled.took is not None else None,
    }


def _names(seats: tuple[int, ...], viewer: Seat) -> str:
    named = [seat_name(seat, viewer) for seat in seats]
    return " and ".join([", ".join(named[:-1]), named[-1]] if len(named) > 1 else named)


def describe(event: tuple[Any, ...], viewer: Seat) -> dict[str, Any]:
    """One log entry, told from `viewer`'s side."""
    kind = event[0]
    entry: dict[str, Any] = {"event": kind}
    if kind == "end":
        _, end, winners = event
        names = _names(winners, viewer)
        verb = "win" if len(winners) > 1 or names == "You" else "wins"
        if end is End.TARGET:
            whose = "your" if names == "You" else "their"
            text = f"Game over: {names} reached {whose} target and {verb}."
        else:
            text = (
                "Game over: no dice card is left to refill the common display. "
                f"{names} {verb} (the most cards for the target, then the most dots)."
            )
        entry.update(end=end.value, winners=list(winners), text=text)
        return entry
    number = event[1]
    entry["number"] = number
    if kind == "challenge":
        challenge = CHALLENGES[event[2]]
        entry.update(challenge=challenge.key, text=f"Challenge {number}: {challenge.text}.")
    elif kind == "reshuffle":
        entry["text"] = f"The challenge deck is used up: its {event[2]} cards are reshuffled."
    elif kind == "timeout":
        entry["text"] = "Time is up: the answers given are checked."
    elif kind == "nobody":
        entry["text"] = "Nobody is right: no card moves."
    elif kind == "refill":
        _, _, place, card = event
        entry["text"] = f"{CARDS[card].key} refills place {place + 1} of the common display."
    else:
        seat = event[2]
        who = seat_name(seat, viewer)
        entry["seat"] = seat
        if kind == "answer":
            value = event[3]
            entry["answer"] = value
            if value is None:
                entry["text"] = f"{who} {'pass' if who == 'You' else 'passes'}."
            else:
                entry["text"] = f"{who} {'call' if who == 'You' else 'calls'} {value}."
        elif kind == "check":
            _, _, _, value, right = event
            whose = "Your" if who == "You" else f"{who}'s"
            verdict = "right!" if value == right else f"wrong (it is {right})."
            entry.update(answer=value, correct=right, text=f"{whose} {value} is {verdict}")
        else:  # take
            _, _, _, card, place, chosen = event
            verb = ("choose" if chosen else "take") + ("" if who == "You" else "s")
            key = CARDS[card].key
            where = f"place {place + 1} of the common display"
            entry.update(card=key, text=f"{who} {verb} {key} from {where}.")
    return entry
