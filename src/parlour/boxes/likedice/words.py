"""Like Dice's words: each event of the log told from a viewer's side in the language of the
moment, and the refusals."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.boxes.likedice.components import CARDS, CHALLENGES, Check, End, listed
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
from parlour.boxes.likedice.views import Entry
from parlour.i18n import N_, _
from parlour.kernel import Seat, seat_name


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


REASON_TEXTS: Mapping[str, str] = {
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
