"""Like Dice's determinizer: a state consistent with what one seat sees, for search bots.

Every seat sees the same public table, and it pins the whole state down but for chance to
come: the cards of every display are shown, so the dice deck holds exactly the other cards;
the log shows every challenge revealed and every reshuffle, so the challenge pile holds
exactly the level's challenges not revealed since the last reshuffle; answers are public as
they are given. What no view shows is the order in which the decks will be drawn, which the
engine leaves to its RNG (it draws each card and challenge uniformly from those left): the
determinized state gets a fresh RNG, so its draws to come are dealt uniformly anew.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from parlour.boxes.likedice import events as logged
from parlour.boxes.likedice.components import (
    CARD_BY_KEY,
    CARDS,
    CHALLENGE_BY_KEY,
    DECKS,
    Check,
    End,
    Level,
    Settled,
)
from parlour.boxes.likedice.notation import TAKES
from parlour.boxes.likedice.rules import Phase
from parlour.boxes.likedice.state import LikeDiceState
from parlour.boxes.likedice.words import describe
from parlour.kernel import Rng, View
from parlour.kernel.log import EventLog

if TYPE_CHECKING:
    from parlour.boxes.likedice.game import LikeDice


def determinize(game: LikeDice, view: View, rng: Rng) -> LikeDiceState:
    """A state of `game` that shows `view`'s seat exactly `view`, with the same cards left in
    the decks, its RNG freshly seeded from `rng`; its history is empty."""
    seed = rng.seed()
    state = LikeDiceState(game, Rng(seed), seed, ())
    events = [event(entry) for entry in view["log"]]
    state._displays = [
        [card_of(shown["key"]) for shown in seat["display"]] for seat in view["seats"]
    ]
    state._common = [card_of(shown["key"]) for shown in view["common"]]
    shown = {index for cards in (*state._displays, state._common) for index in cards}
    state._deck = [index for index in range(len(CARDS)) if index not in shown]
    state._used = used(view)
    state._pile = pile(view)
    state._number = view["number"]
    state._challenge = CHALLENGE_BY_KEY[view["challenge"]["key"]].index
    state._answers = [
        logged.Answered(state._number, answer["seat"], answer["answer"])
        for answer in view["answers"]
    ]
    state._phase = Phase(view["phase"])
    state._to_act = tuple(view["to_act"])
    take = view["take"]
    if take is not None:
        state._winner = take["seat"]
        state._take_actions = tuple(choice["action"] for choice in take["choices"])
        state._places = tuple(TAKES[action] for action in state._take_actions)
    else:
        state._winner, state._take_actions, state._places = None, (), ()
    state._settled = settled(view["result"])
    state._winners = tuple(view["winners"])
    state._clock_since = 0
    state._events = EventLog(describe, events)
    return state


def used(view: View) -> list[int]:
    """The challenges (indices) revealed since the last reshuffle, in the order revealed, from
    the view's log."""
    log = view["log"]
    reshuffled = max((at for at, e in enumerate(log) if e["event"] == "reshuffle"), default=-1)
    return [
        CHALLENGE_BY_KEY[e["challenge"]].index
        for e in log[reshuffled + 1 :]
        if e["event"] == "challenge"
    ]


def pile(view: View) -> list[int]:
    """The challenges (indices) of the view's level not revealed since the last reshuffle:
    those the pile holds, in `CHALLENGES` order."""
    shown = set(used(view))
    return [index for index in DECKS[Level[view["level"].upper()]] if index not in shown]


def card_of(key: str) -> int:
    """A dice card's index, from its key."""
    return CARD_BY_KEY[key].index


def settled(result: Mapping[str, Any] | None) -> Settled | None:
    """The last challenge checked, from the view's `result`."""
    if result is None:
        return None
    return Settled(
        result["number"],
        CHALLENGE_BY_KEY[result["challenge"]].index,
        tuple(
            Check(result["number"], c["seat"], c["answer"], c["correct"]) for c in result["checked"]
        ),
        result["winner"],
        result["timed_out"],
        None if result["took"] is None else card_of(result["took"]["key"]),
    )


def event(entry: Mapping[str, Any]) -> logged.Event:
    """The event a log entry tells: every entry holds in fields all its text says."""
    kind = entry["event"]
    if kind == "end":
        return logged.Ended(End(entry["end"]), tuple(entry["winners"]))
    number = entry["number"]
    if kind == "challenge":
        return logged.Revealed(number, CHALLENGE_BY_KEY[entry["challenge"]].index)
    if kind == "reshuffle":
        return logged.Reshuffled(number, entry["cards"])
    if kind == "timeout":
        return logged.TimedOut(number)
    if kind == "nobody":
        return logged.NobodyRight(number)
    if kind == "refill":
        return logged.Refilled(number, entry["place"] - 1, card_of(entry["card"]))
    if kind == "answer":
        return logged.Answered(number, entry["seat"], entry["answer"])
    if kind == "check":
        return Check(number, entry["seat"], entry["answer"], entry["correct"])
    return logged.Took(
        number, entry["seat"], card_of(entry["card"]), entry["place"] - 1, entry["chosen"]
    )
