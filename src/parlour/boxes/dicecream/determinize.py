"""A state consistent with what one seat sees (`Dicecream.determinize`), for search bots.

Everything in Dicecream is public but two things, which are dealt at random among what the
public facts allow:
- the bonus stack: its cards are drawn from those never revealed (the log names every card
  turned up), in a random order;
- the sealed choices of the seats that chose at once and are no longer waiting: each is drawn
  uniformly among the actions that seat could choose (its sheet is unchanged until all have
  chosen, so they are its legal actions of the phase); the viewer's own is in its view.
The log is read back into events, so the new state tells every seat its log as the real game
would; the new state's RNG is seeded afresh from `rng`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from parlour.boxes.dicecream.components import BONUS_CARDS, DICE, FLAVOURS, SPACE_NAMES, Colour
from parlour.boxes.dicecream.rules import Phase
from parlour.boxes.dicecream.state import DicecreamState
from parlour.boxes.dicecream.views import (
    DicecreamView,
    Ended,
    Event,
    LogEntry,
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
    describe,
    sheet_of,
)
from parlour.kernel import Rng, View
from parlour.kernel.log import EventLog

if TYPE_CHECKING:
    from parlour.boxes.dicecream.game import Dicecream

_DIE = re.compile(r"(blue|yellow|red|green|white) (\d)")
_UNLOCKED = re.compile(r"unlocked the (\w+) sundae with a (\d)\.$")
_TICKED = re.compile(r"ticked the (.+?)(?: with the \w+ (\d))?\.$")
_ENTERED = re.compile(r"entered (?:the \w+|a) (\d) in the (.+)\.$")
_FORFEITED = re.compile(r"Forfeited: ([^.]*)\.")
_CARD_OF_TEXT = {card.text: index for index, card in enumerate(BONUS_CARDS)}
_CARD_OF_KEY = {card.key: index for index, card in enumerate(BONUS_CARDS)}


def _dice(text: str) -> tuple[tuple[Colour, ...], tuple[int, ...]]:
    """The dice and faces a text lists as `red 3, white 2`."""
    pairs = [(Colour[name.upper()], int(face)) for name, face in _DIE.findall(text)]
    return tuple(die for die, _ in pairs), tuple(face for _, face in pairs)


def _filled(text: str) -> tuple[str, int]:
    """The space an entry filled and the number it entered (a tick by a bonus card: 0)."""
    entered = _ENTERED.search(text)
    if entered is not None:
        return entered.group(2), int(entered.group(1))
    ticked = _TICKED.search(text)
    assert ticked is not None, text
    return ticked.group(1), int(ticked.group(2) or 0)


def read_log(view: DicecreamView) -> list[Event]:
    """The events a seat's log tells, read back from its entries."""
    events: list[Event] = []
    placed = 0  # dice placed since the last roll
    for entry in view["log"]:
        events.append(_event(entry, view, placed))
        if isinstance(events[-1], Rolled):
            placed = 0
        elif isinstance(events[-1], Placed):
            placed += 1
    return events


def _event(entry: LogEntry, view: DicecreamView, placed: int) -> Event:
    """One entry read back into its event (`placed`: the dice placed this turn so far)."""
    kind, text = entry["event"], entry["text"]
    if kind == "round":
        return RoundBegan(entry["round"])
    if kind == "reveal":
        texts = text.split("Bonus cards: ", 1)[1].split(" / ")
        return Revealed(entry["round"], tuple(_CARD_OF_TEXT[card] for card in texts))
    if kind == "end":
        return Ended(tuple(view["winners"]), tuple(view["scores"]))
    seat = entry["seat"]
    if kind == "roll":
        return Rolled(seat, _dice(text)[1])
    if kind == "reroll":
        return Rerolled(seat, *_dice(text.split(":", 1)[1]))
    if kind == "unlock":
        unlocked = _UNLOCKED.search(text)
        assert unlocked is not None, text
        return Unlocked(seat, Colour[unlocked.group(1).upper()], int(unlocked.group(2)))
    if kind in ("place", "take", "bonus"):
        name, number = _filled(text)
        space = SPACE_NAMES[name]
        if kind == "place":
            return Placed(seat, space, number)
        return Took(seat, space, number) if kind == "take" else UsedBonus(seat, space, number)
    if kind == "done":
        lost = _FORFEITED.search(text)
        dice, faces = _dice(lost.group(1)) if lost is not None else ((), ())
        return TurnDone(seat, tuple(zip(dice, faces, strict=True)), placed)
    phase = Phase.TAKE if text.endswith(("took no die.", "none of the dice.")) else Phase.BONUS
    return Passed(seat, phase) if kind == "pass" else Unable(seat, phase)


def determinize(game: Dicecream, seen: View, rng: Rng) -> DicecreamState:
    """A new state that shows the seat of `seen` exactly `seen`, its hidden parts dealt at
    random (see the module's text) and its RNG freshly seeded from `rng`."""
    view: DicecreamView = seen  # type: ignore[assignment]
    dealing = Rng(rng.below(1 << 62))
    twin = game.new(rng.below(1 << 62))
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
