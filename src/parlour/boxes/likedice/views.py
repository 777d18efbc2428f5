"""What Like Dice shows: the view of a seat as a typed dict, the log's events and their entries
told from a viewer's side in the language of the moment, and refusals' words. Every seat sees
the same public table; the order of the decks and, while a challenge runs, anyone's right
answer are in no view and no event told."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, NamedTuple, cast

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

from parlour.boxes.likedice.components import (
    CARDS,
    CHALLENGES,
    MAX_ANSWER,
    Challenge,
    Check,
    End,
    Kind,
    Phase,
    Settled,
    listed,
)
from parlour.boxes.likedice.notation import TAKES
from parlour.i18n import N_, _
from parlour.kernel import Seat, seat_name

if TYPE_CHECKING:
    from parlour.boxes.likedice.state import LikeDiceState

EXACT = ConfigDict(extra="forbid")
"""Views hold exactly the keys their types declare (the schema says so to clients)."""

# -- the view -------------------------------------------------------------------------------


@with_config(EXACT)
class DieView(TypedDict):
    """A die printed on a dice card: its colour (`blue`) and its pips (1 to 6)."""

    colour: str
    pips: int


@with_config(EXACT)
class CardView(TypedDict):
    """A dice card: its key (`B4 G6`) and its two dice."""

    key: str
    dice: list[DieView]


@with_config(EXACT)
class ColoursCard(TypedDict):
    """A colour card: add up the dice of these colours."""

    key: str
    kind: Literal["colours"]
    level: str
    text: str
    colours: list[str]


@with_config(EXACT)
class BigSmallCard(TypedDict):
    """Big + small: the highest die of `big` plus the lowest of `small`."""

    key: str
    kind: Literal["big+small"]
    level: str
    text: str
    big: str
    small: str


@with_config(EXACT)
class WhiteCard(TypedDict):
    """White dice: add up every die showing one of `faces`."""

    key: str
    kind: Literal["white"]
    level: str
    text: str
    faces: list[int]


@with_config(EXACT)
class SequenceCard(TypedDict):
    """A colour sequence: the die at `position` when the dice are ordered by `order`."""

    key: str
    kind: Literal["sequence"]
    level: str
    text: str
    order: list[str]
    position: int


ChallengeView = Annotated[
    ColoursCard | BigSmallCard | WhiteCard | SequenceCard, Field(discriminator="kind")
]
"""A challenge card: its key, kind, level and words, and what it names (by kind)."""


@with_config(EXACT)
class SeatView(TypedDict):
    """A player's own display (the first card dealt included), target and dot total, and
    whether they answered the challenge running."""

    seat: int
    display: list[CardView]
    cards: int
    target: int
    pips: int
    answered: bool


@with_config(EXACT)
class AnswerView(TypedDict):
    """An answer called out (None: a pass)."""

    seat: int
    answer: int | None


@with_config(EXACT)
class ChoiceView(TypedDict):
    """A card the winner may take, and the action that takes it."""

    action: str
    card: CardView


@with_config(EXACT)
class TakeView(TypedDict):
    """The winner choosing a card, and the cards they may take."""

    seat: int
    choices: list[ChoiceView]


@with_config(EXACT)
class CheckView(TypedDict):
    """An answer checked: `correct` is that player's right result."""

    seat: int
    answer: int
    correct: int
    right: bool


@with_config(EXACT)
class ResultView(TypedDict):
    """The last challenge checked: the answers checked in calling order, the winner and the
    card that moved (None while the winner chooses, or when nobody was right)."""

    number: int
    challenge: str
    checked: list[CheckView]
    winner: int | None
    timed_out: bool
    took: CardView | None


@with_config(EXACT)
class ChallengeEntry(TypedDict):
    event: Literal["challenge"]
    number: int
    challenge: str
    text: str


@with_config(EXACT)
class ReshuffleEntry(TypedDict):
    event: Literal["reshuffle"]
    number: int
    cards: int
    text: str


@with_config(EXACT)
class TimeoutEntry(TypedDict):
    event: Literal["timeout"]
    number: int
    text: str


@with_config(EXACT)
class NobodyEntry(TypedDict):
    event: Literal["nobody"]
    number: int
    text: str


@with_config(EXACT)
class AnswerEntry(TypedDict):
    event: Literal["answer"]
    number: int
    seat: int
    answer: int | None
    text: str


@with_config(EXACT)
class CheckEntry(TypedDict):
    event: Literal["check"]
    number: int
    seat: int
    answer: int
    correct: int
    text: str


@with_config(EXACT)
class TakeEntry(TypedDict):
    """A card taken from `place` (1 to 3) of the common display; `chosen`: among several."""

    event: Literal["take"]
    number: int
    seat: int
    card: str
    place: int
    chosen: bool
    text: str


@with_config(EXACT)
class RefillEntry(TypedDict):
    """The dice deck's top card laid at `place` (1 to 3) of the common display."""

    event: Literal["refill"]
    number: int
    place: int
    card: str
    text: str


@with_config(EXACT)
class EndEntry(TypedDict):
    event: Literal["end"]
    end: str
    winners: list[int]
    text: str


Entry = Annotated[
    ChallengeEntry
    | ReshuffleEntry
    | TimeoutEntry
    | NobodyEntry
    | AnswerEntry
    | CheckEntry
    | TakeEntry
    | RefillEntry
    | EndEntry,
    Field(discriminator="event"),
]
"""A log entry: its kind (`event`), the challenge's number and a text, with in fields all
that the text says."""


@with_config(EXACT)
class LikeDiceView(TypedDict):
    """What a seat sees: the same public table for every seat and a spectator. Places in the
    common display count from 1 (`take 2` takes `common[1]`)."""

    game: str
    seat: int | None
    """The viewer's seat (None: a spectator)."""
    players: int
    to_act: list[int]
    over: bool
    winners: list[int]
    scores: list[int]
    """The cards in each own display."""
    level: str
    targets: list[int]
    time_limit: int
    """Seconds a challenge allows (0: untimed)."""
    max_challenges: int
    """The challenges after which the game ends (0: no limit)."""
    max_answer: int
    """The highest answer a player may give (answers run from 0)."""
    phase: Literal["answer", "take", "over"]
    number: int
    """The challenges revealed so far (the one running or last played included)."""
    challenge: ChallengeView
    common: list[CardView]
    dice_deck: int
    """Cards left in the dice deck (their order is hidden)."""
    challenge_pile: int
    """Challenges not revealed since the last shuffle (their order is hidden)."""
    seats: list[SeatView]
    answers: list[AnswerView]
    """The answers to the challenge running, in calling order."""
    take: TakeView | None
    result: ResultView | None
    log: list[Entry]


def view_of(state: LikeDiceState, seat: Seat) -> LikeDiceView:
    """What `seat` sees of `state` (every seat sees the same but for the log's wording): a
    fresh dict the caller may keep."""
    phase = state._phase
    pips = state._pips()
    answered = {answer.seat for answer in state._answers}
    settled = state._settled
    targets = state._targets
    take: TakeView | None = None
    if phase is Phase.TAKE:
        assert state._winner is not None
        take = {
            "seat": state._winner,
            "choices": [
                {"action": action, "card": card_view(state._common[TAKES[action]])}
                for action in state._take_actions
            ],
        }
    return {
        "game": "likedice",
        "seat": seat,
        "players": state.game.players,
        "to_act": list(state._to_act),
        "over": phase is Phase.OVER,
        "winners": list(state._winners),
        "scores": list(state.scores),
        "level": state._level.key,
        "targets": list(targets),
        "time_limit": state._time_limit,
        "max_challenges": state._max_challenges,
        "max_answer": MAX_ANSWER,
        "phase": phase.value,
        "number": state._number,
        "challenge": challenge_view(CHALLENGES[state._challenge]),
        "common": [card_view(card) for card in state._common],
        "dice_deck": len(state._deck),
        "challenge_pile": len(state._pile),
        "seats": [
            {
                "seat": s,
                "display": [card_view(card) for card in display],
                "cards": len(display),
                "target": targets[s],
                "pips": pips[s],
                "answered": s in answered,
            }
            for s, display in enumerate(state._displays)
        ],
        "answers": [{"seat": answer.seat, "answer": answer.answer} for answer in state._answers],
        "take": take,
        "result": settled_view(settled) if settled is not None else None,
        "log": cast(
            "list[Entry]",
            [
                {**entry, "winners": list(entry["winners"])} if "winners" in entry else dict(entry)
                for entry in state._events.told_to(seat)
            ],
        ),
    }


def card_view(card: int) -> CardView:
    """A dice card as views show it: its key and its two dice."""
    return {
        "key": CARDS[card].key,
        "dice": [{"colour": die.colour.key, "pips": die.pips} for die in CARDS[card].dice],
    }


def challenge_view(challenge: Challenge) -> ChallengeView:
    """A challenge card as views show it: its key, kind, level, words and what it names."""
    key, level, text = challenge.key, challenge.level.key, challenge.text
    names = [colour.key for colour in challenge.colours]
    if challenge.kind is Kind.COLOURS:
        return {"key": key, "kind": "colours", "level": level, "text": text, "colours": names}
    if challenge.kind is Kind.BIG_SMALL:
        big, small = names
        return {
            "key": key,
            "kind": "big+small",
            "level": level,
            "text": text,
            "big": big,
            "small": small,
        }
    if challenge.kind is Kind.WHITE:
        faces = list(challenge.faces)
        return {"key": key, "kind": "white", "level": level, "text": text, "faces": faces}
    return {
        "key": key,
        "kind": "sequence",
        "level": level,
        "text": text,
        "order": names,
        "position": challenge.position,
    }


def settled_view(settled: Settled) -> ResultView:
    """The last challenge checked: the answers checked with their right results, the winner
    and the card that moved."""
    return {
        "number": settled.number,
        "challenge": CHALLENGES[settled.challenge].key,
        "checked": [
            {"seat": c.seat, "answer": c.answer, "correct": c.right, "right": c.answer == c.right}
            for c in settled.checked
        ],
        "winner": settled.winner,
        "timed_out": settled.timed_out,
        "took": card_view(settled.took) if settled.took is not None else None,
    }


# -- the log --------------------------------------------------------------------------------


class Revealed(NamedTuple):
    """Challenge `number` is revealed: `challenge` (its index in CHALLENGES)."""

    number: int
    challenge: int


class Reshuffled(NamedTuple):
    """The challenge deck is used up: its `cards` are reshuffled (before challenge
    `number` + 1 is revealed)."""

    number: int
    cards: int


class Answered(NamedTuple):
    """`seat` calls out `answer` (None: passes); also the race's record of its answer."""

    number: int
    seat: int
    answer: int | None


class TimedOut(NamedTuple):
    number: int


class NobodyRight(NamedTuple):
    number: int


class Took(NamedTuple):
    """`seat` takes `card` from `place` (0-based) of the common display; `chosen`: among
    several cards it might take."""

    number: int
    seat: int
    card: int
    place: int
    chosen: bool


class Refilled(NamedTuple):
    """`card` from the dice deck refills `place` (0-based) of the common display."""

    number: int
    place: int
    card: int


class Ended(NamedTuple):
    end: End
    winners: tuple[int, ...]


Event = Revealed | Reshuffled | Answered | TimedOut | Check | NobodyRight | Took | Refilled | Ended
"""What the log records, as it happens."""


def _names(seats: tuple[int, ...], viewer: Seat) -> str:
    return listed([seat_name(seat, viewer) for seat in seats], _("{first} and {last}"))


ENDINGS = {
    End.DECK: N_("Game over: no dice card is left to refill the common display."),
    End.LIMIT: N_("Game over: the last challenge the game allows (max_challenges) is played."),
}
"""Why the game ended, where the ranking decides the winners."""


def describe(event: Event, viewer: Seat) -> dict[str, Any]:
    """One log entry (an `Entry`), told from `viewer`'s side."""
    return dict(entry(event, viewer))


def _ended(event: Ended, viewer: Seat) -> str:
    """The end entry's text: who won, and why."""
    names = _names(event.winners, viewer)
    alone = event.winners == (viewer,)
    if event.end is End.TARGET:
        if alone:
            return _("Game over: You reached your target and win.")
        return _("Game over: {who} reached their target and wins.").format(who=names)
    if alone:
        ranked = _("You win (the most cards for the target, then the most dots).")
    elif len(event.winners) == 1:
        ranked = _("{who} wins (the most cards for the target, then the most dots).")
    else:
        ranked = _("{names} win (the most cards for the target, then the most dots).")
    return f"{_(ENDINGS[event.end])} {ranked.format(who=names, names=names)}"


def _told(event: Answered | Check | Took, viewer: Seat) -> str:
    """A seat's answer, check or take, told from `viewer`'s side ("You ..." or "Seat 2 ...":
    separate messages, since other languages conjugate them apart)."""
    you = event.seat == viewer
    who = seat_name(event.seat, viewer)
    if isinstance(event, Answered):
        if event.answer is None:
            return _("You pass.") if you else _("{who} passes.").format(who=who)
        text = _("You call {answer}.") if you else _("{who} calls {answer}.")
        return text.format(who=who, answer=event.answer)
    if isinstance(event, Check):
        if event.answer == event.right:
            text = _("Your {answer} is right!") if you else _("{who}'s {answer} is right!")
        elif you:
            text = _("Your {answer} is wrong (it is {right}).")
        else:
            text = _("{who}'s {answer} is wrong (it is {right}).")
        return text.format(who=who, answer=event.answer, right=event.right)
    if event.chosen:
        text = (
            _("You choose {card} from place {place} of the common display.")
            if you
            else _("{who} chooses {card} from place {place} of the common display.")
        )
    elif you:
        text = _("You take {card} from place {place} of the common display.")
    else:
        text = _("{who} takes {card} from place {place} of the common display.")
    return text.format(who=who, card=CARDS[event.card].key, place=event.place + 1)


def entry(event: Event, viewer: Seat) -> Entry:
    """One log entry, told from `viewer`'s side: its kind, its challenge's number and a text,
    with the seat, answer or card where there is one."""
    if isinstance(event, Ended):
        return {
            "event": "end",
            "end": event.end.value,
            "winners": list(event.winners),
            "text": _ended(event, viewer),
        }
    number = event.number
    if isinstance(event, Revealed):
        challenge = CHALLENGES[event.challenge]
        text = _("Challenge {number}: {text}.").format(number=number, text=challenge.text)
        return {"event": "challenge", "number": number, "challenge": challenge.key, "text": text}
    if isinstance(event, Reshuffled):
        text = _("The challenge deck is used up: its {cards} cards are reshuffled.").format(
            cards=event.cards
        )
        return {"event": "reshuffle", "number": number, "cards": event.cards, "text": text}
    if isinstance(event, TimedOut):
        text = _("Time is up: the answers given are checked.")
        return {"event": "timeout", "number": number, "text": text}
    if isinstance(event, NobodyRight):
        text = _("Nobody is right: no card moves.")
        return {"event": "nobody", "number": number, "text": text}
    if isinstance(event, Refilled):
        key = CARDS[event.card].key
        place = event.place + 1
        text = _("{card} refills place {place} of the common display.").format(
            card=key, place=place
        )
        return {"event": "refill", "number": number, "place": place, "card": key, "text": text}
    text = _told(event, viewer)
    seat = event.seat
    if isinstance(event, Answered):
        value = event.answer
        return {"event": "answer", "number": number, "seat": seat, "answer": value, "text": text}
    if isinstance(event, Check):
        return {
            "event": "check",
            "number": number,
            "seat": seat,
            "answer": event.answer,
            "correct": event.right,
            "text": text,
        }
    return {
        "event": "take",
        "number": number,
        "seat": seat,
        "card": CARDS[event.card].key,
        "place": event.place + 1,
        "chosen": event.chosen,
        "text": text,
    }


# -- refusals -------------------------------------------------------------------------------

REASON_TEXTS = {
    "table_only": N_("only the table applies timeout, when a challenge's time is up"),
    "no_race": N_("no challenge is running: the winner is choosing a card"),
    "untimed": N_("this game is untimed (time_limit=0): the table never times out"),
    "answered_already": N_(
        "you already answered {answer}: a player gives exactly one answer per challenge"
    ),
    "passed_already": N_("you already passed: a player gives exactly one answer per challenge"),
    "answer_range": N_("an answer is a whole number from 0 to {most} (two digits)"),
    "no_winner_yet": N_("nobody has won this challenge yet: answer it (0 to {most}) or pass"),
    "choosing": N_("Seat {number} won the challenge and is choosing a card"),
    "not_counted": N_(
        "card {place} ({card}) holds no die your answer counted; you may {choices:or}"
    ),
    "must_take": N_("you won this challenge: choose a card ({choices})"),
}
"""Like Dice's refusals in English, by code (`Game.reason_texts`), marked for the catalogue."""
