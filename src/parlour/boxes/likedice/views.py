"""What Like Dice shows: the view of a seat as a typed dict, built from a state (the log's events
are in `events.py`, their words and the refusals' in `words.py`). Every seat sees the same
public table; the order of the decks and, while a challenge runs, anyone's right answer are in
no view."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal, cast

from pydantic import Field
from typing_extensions import TypedDict

from parlour.boxes.likedice.components import (
    CARDS,
    CHALLENGES,
    MAX_ANSWER,
    Challenge,
    Kind,
    Settled,
)
from parlour.boxes.likedice.notation import TAKES
from parlour.boxes.likedice.rules import Phase
from parlour.kernel import Seat

if TYPE_CHECKING:
    from parlour.boxes.likedice.state import LikeDiceState

# -- the view -------------------------------------------------------------------------------


class DieView(TypedDict, closed=True):
    """A die printed on a dice card: its colour (`blue`) and its pips (1 to 6)."""

    colour: str
    pips: int


class CardView(TypedDict, closed=True):
    """A dice card: its key (`B4 G6`) and its two dice."""

    key: str
    dice: list[DieView]


class ColoursCard(TypedDict, closed=True):
    """A colour card: add up the dice of these colours."""

    key: str
    kind: Literal["colours"]
    level: str
    text: str
    colours: list[str]


class BigSmallCard(TypedDict, closed=True):
    """Big + small: the highest die of `big` plus the lowest of `small`."""

    key: str
    kind: Literal["big+small"]
    level: str
    text: str
    big: str
    small: str


class WhiteCard(TypedDict, closed=True):
    """White dice: add up every die showing one of `faces`."""

    key: str
    kind: Literal["white"]
    level: str
    text: str
    faces: list[int]


class SequenceCard(TypedDict, closed=True):
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


class SeatView(TypedDict, closed=True):
    """A player's own display (the first card dealt included), target and dot total, and
    whether they answered the challenge running."""

    seat: int
    display: list[CardView]
    cards: int
    target: int
    pips: int
    answered: bool


class AnswerView(TypedDict, closed=True):
    """An answer called out (None: a pass)."""

    seat: int
    answer: int | None


class ChoiceView(TypedDict, closed=True):
    """A card the winner may take, and the action that takes it."""

    action: str
    card: CardView


class TakeView(TypedDict, closed=True):
    """The winner choosing a card, and the cards they may take."""

    seat: int
    choices: list[ChoiceView]


class CheckView(TypedDict, closed=True):
    """An answer checked: `correct` is that player's right result."""

    seat: int
    answer: int
    correct: int
    right: bool


class ResultView(TypedDict, closed=True):
    """The last challenge checked: the answers checked in calling order, the winner and the
    card that moved (None while the winner chooses, or when nobody was right)."""

    number: int
    challenge: str
    checked: list[CheckView]
    winner: int | None
    timed_out: bool
    took: CardView | None


class ChallengeEntry(TypedDict, closed=True):
    event: Literal["challenge"]
    number: int
    challenge: str
    text: str


class ReshuffleEntry(TypedDict, closed=True):
    event: Literal["reshuffle"]
    number: int
    cards: int
    text: str


class TimeoutEntry(TypedDict, closed=True):
    event: Literal["timeout"]
    number: int
    text: str


class NobodyEntry(TypedDict, closed=True):
    event: Literal["nobody"]
    number: int
    text: str


class AnswerEntry(TypedDict, closed=True):
    event: Literal["answer"]
    number: int
    seat: int
    answer: int | None
    text: str


class CheckEntry(TypedDict, closed=True):
    event: Literal["check"]
    number: int
    seat: int
    answer: int
    correct: int
    text: str


class TakeEntry(TypedDict, closed=True):
    """A card taken from `place` (1 to 3) of the common display; `chosen`: among several."""

    event: Literal["take"]
    number: int
    seat: int
    card: str
    place: int
    chosen: bool
    text: str


class RefillEntry(TypedDict, closed=True):
    """The dice deck's top card laid at `place` (1 to 3) of the common display."""

    event: Literal["refill"]
    number: int
    place: int
    card: str
    text: str


class EndEntry(TypedDict, closed=True):
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


class LikeDiceView(TypedDict, closed=True):
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
