"""A state consistent with what one seat sees (`Dicecream.determinize`), for search bots.

Everything in Dicecream is public but two things, which are dealt at random among what the
public facts allow:
- the bonus stack: its cards are drawn from those never revealed (the log names every card
  turned up), in a random order;
- the sealed choices of the seats that chose at once and are no longer waiting: each is drawn
  uniformly among the actions that seat could choose (its sheet is unchanged until all have
  chosen, so they are its legal actions of the phase); the viewer's own is in its view.
The log is read back into events from its entries' fields (never their words), so the new
state tells every seat its log as the real game would; its RNG is seeded afresh from `rng`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlour.boxes.dicecream.components import (
    BONUS_CARDS,
    COLOUR_NAMES,
    DICE,
    FLAVOURS,
    SPACE_NAMES,
    Colour,
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
from parlour.boxes.dicecream.rules import Phase
from parlour.boxes.dicecream.state import DicecreamState
from parlour.boxes.dicecream.views import DicecreamView, DiceFaces, LogEntry, sheet_of
from parlour.boxes.dicecream.words import describe
from parlour.kernel import Rng, View
from parlour.kernel.log import EventLog

if TYPE_CHECKING:
    from parlour.boxes.dicecream.game import Dicecream

_CARD_OF_KEY = {card.key: index for index, card in enumerate(BONUS_CARDS)}


def _dice(dice: DiceFaces) -> tuple[tuple[Colour, ...], tuple[int, ...]]:
    """The dice and faces an entry lists, in `DICE` order."""
    listed = tuple(die for die in DICE if COLOUR_NAMES[die] in dice)
    return listed, tuple(dice[COLOUR_NAMES[die]] for die in listed)


def read_log(view: DicecreamView) -> list[Event]:
    """The events a seat's log tells, read back from its entries' fields (never their text,
    which is told in words that may change)."""
    return [event_of(entry) for entry in view["log"]]


def event_of(entry: LogEntry) -> Event:
    """The event one log entry tells."""
    match entry["event"]:
        case "round":
            return RoundBegan(entry["round"])
        case "reveal":
            return Revealed(entry["round"], tuple(_CARD_OF_KEY[key] for key in entry["cards"]))
        case "end":
            return Ended(tuple(entry["winners"]), tuple(entry["scores"]))
        case "roll":
            return Rolled(entry["seat"], _dice(entry["dice"])[1])
        case "reroll":
            return Rerolled(entry["seat"], *_dice(entry["dice"]))
        case "unlock":
            return Unlocked(entry["seat"], Colour[entry["sundae"].upper()], entry["face"])
        case "place":
            return Placed(entry["seat"], SPACE_NAMES[entry["space"]], entry["face"])
        case "take":
            return Took(entry["seat"], SPACE_NAMES[entry["space"]], entry["face"])
        case "bonus":
            return UsedBonus(entry["seat"], SPACE_NAMES[entry["space"]], entry["number"])
        case "done":
            forfeited = tuple(zip(*_dice(entry["forfeited"]), strict=True))
            return TurnDone(entry["seat"], forfeited, entry["placed"])
        case "pass":
            return Passed(entry["seat"], Phase(entry["phase"]))
        case "unable":
            return Unable(entry["seat"], Phase(entry["phase"]))


def determinize(game: Dicecream, seen: View, rng: Rng) -> DicecreamState:
    """A new state that shows the seat of `seen` exactly `seen`, its hidden parts dealt at
    random (see the module's text) and its RNG freshly seeded from `rng`."""
    view: DicecreamView = seen  # type: ignore[assignment]
    dealing = Rng(rng.seed())
    twin = game.new(rng.seed())
    assert isinstance(twin, DicecreamState)
    events = read_log(view)
    players = view["players"]

    # The stack: cards never revealed, in a random order.
    revealed = {card for event in events if isinstance(event, Revealed) for card in event.cards}
    pool = [card for card in range(len(BONUS_CARDS)) if card not in revealed]
    dealing.shuffle(pool)
    twin._stack = pool[: view["stack"]]
    twin._revealed = tuple(_CARD_OF_KEY[card["key"]] for card in view["bonus_cards"])

    # The sheets and the turn, as the view shows them.
    twin._sheets = [sheet_of(seat) for seat in view["seats"]]
    twin._beans = [seat["beans"] for seat in view["seats"]]
    twin._round = view["round"]
    twin._phase = phase = Phase(view["phase"])
    active = view["active"]
    twin._active = active if active is not None else players - 1
    turn = view["turn"]
    twin._faces = [die["face"] for die in turn["dice"]] if turn is not None else []
    twin._used = 0
    twin._limit = [0] * len(FLAVOURS)
    twin._spent = [0] * len(FLAVOURS)
    twin._placed = []
    if turn is not None:
        for die, shown in zip(DICE, turn["dice"], strict=False):
            if shown["use"] != "unused":
                twin._used |= 1 << die
        for bowl in turn["unlocked"]:
            sundae = Colour[bowl["sundae"].upper()]
            twin._limit[sundae], twin._spent[sundae] = bowl["limit"], bowl["spent"]
        if turn["rolled"]:
            start = max(i for i, event in enumerate(events) if isinstance(event, Rolled))
            twin._placed = [e.space for e in events[start:] if isinstance(e, Placed)]
    twin._to_act = tuple(view["to_act"])
    twin._legal = {}
    twin._events = EventLog(describe, events)

    # The sealed choices: the viewer's own as shown, the others' drawn among their options.
    choosing = view["choosing"]
    twin._eligible = tuple(choosing["eligible"]) if choosing is not None else ()
    twin._choices = {}
    if choosing is not None:
        for seat in twin._eligible:
            if seat in choosing["waiting"]:
                continue
            yours = choosing["yours"]
            if seat == view["seat"] and yours is not None:
                twin._choices[seat] = yours
            else:
                options = twin._listed(seat)
                twin._choices[seat] = options[dealing.below(len(options))]
    assert phase is not Phase.OVER or not twin._to_act
    return twin
