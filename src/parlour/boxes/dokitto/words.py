"""Dokitto! Ice's words: each event of the log told from a viewer's side, flavours and cards
by their names, and the refusals, in the language of the moment (`parlour.i18n`); the view's
values (cards, flavours) stay canonical."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.boxes.dokitto.components import CARD_NAMES, FLAVOUR_NAMES, Trick
from parlour.boxes.dokitto.events import Event, Played, RoundDealt, Scored, Won
from parlour.boxes.dokitto.notation import TAKES
from parlour.boxes.dokitto.views import Entry
from parlour.i18n import N_, _
from parlour.kernel import Seat, seat_name


def describe(event: Event, viewer: Seat) -> dict[str, Any]:
    """One log entry (an `Entry`), told from `viewer`'s side. Values are scalars, so a copy
    of the entry is a copy of all of it."""
    return dict(entry(event, viewer))


FLAVOUR_WORDS = {
    "strawberry": N_("strawberry"),
    "chocolate": N_("chocolate"),
    "matcha": N_("matcha"),
    "grape": N_("grape"),
    "vanilla": N_("vanilla"),
}
"""Each flavour's name as people read it (the key stays in actions and views)."""


def flavour_word(key: str) -> str:
    """A flavour's name in the language of the moment: `grape` is `Traube` in German."""
    return _(FLAVOUR_WORDS[key])


def card_word(name: str) -> str:
    """A card's name (`grape 7`) in the language of the moment (`Traube 7`)."""
    key, number = name.split()
    return f"{flavour_word(key)} {number}"


def entry(event: Event, viewer: Seat) -> Entry:
    """One log entry, told from `viewer`'s side: its kind, its round, and a text (with the
    seat, card or tile where there is one)."""
    number = event.round
    if isinstance(event, RoundDealt):
        flavours = ", ".join(flavour_word(flavour.key) for flavour in event.flavours)
        told = (
            _("Round {round}: {size} cards each from {flavours}; You lead.")
            if event.first == viewer
            else _("Round {round}: {size} cards each from {flavours}; {who} leads.")
        )
        text = told.format(
            round=number, size=event.size, flavours=flavours, who=seat_name(event.first, viewer)
        )
        return {"event": "round", "round": number, "seat": event.first, "text": text}
    if isinstance(event, Played):
        name = CARD_NAMES[event.card]
        told = _("You played {card}.") if event.seat == viewer else _("{who} played {card}.")
        text = told.format(who=seat_name(event.seat, viewer), card=card_word(name))
        return {"event": "play", "round": number, "seat": event.seat, "card": name, "text": text}
    if isinstance(event, Won):
        how = (
            _("one flavour: the highest wins")
            if event.single
            else _("mixed flavours: the lowest wins")
        )
        told = (
            _("You won the trick with {card} ({how}).")
            if event.seat == viewer
            else _("{who} won the trick with {card} ({how}).")
        )
        text = told.format(
            who=seat_name(event.seat, viewer), card=card_word(CARD_NAMES[event.card]), how=how
        )
        return {"event": "won", "round": number, "seat": event.seat, "text": text}
    if isinstance(event, Trick):
        who = seat_name(event.winner, viewer)
        mine = event.winner == viewer
        if event.tile is None:
            told = (
                _("You had to take a fourth tile: the round ends, and you score nothing in it.")
                if mine
                else _(
                    "{who} had to take a fourth tile: the round ends, and {who} scores nothing "
                    "in it."
                )
            )
            text = told.format(who=who)
            return {"event": "bust", "round": number, "seat": event.winner, "text": text}
        key = event.tile.key
        if event.starred:
            told = (
                _("You took the starred {flavour} tile and the {flavour} Topping token.")
                if mine
                else _("{who} took the starred {flavour} tile and the {flavour} Topping token.")
            )
        else:
            told = _("You took a {flavour} tile.") if mine else _("{who} took a {flavour} tile.")
        return {
            "event": "take",
            "round": number,
            "seat": event.winner,
            "flavour": key,
            "star": event.starred,
            "text": told.format(who=who, flavour=flavour_word(key)),
        }
    if isinstance(event, Scored):
        parts = [
            (
                _("{who} +{gained} (fourth tile) = {total}")
                if seat == event.busted
                else "{who} +{gained} = {total}"
            ).format(who=seat_name(seat, viewer), gained=gained, total=event.totals[seat])
            for seat, gained in enumerate(event.points)
        ]
        text = _("Round {round} scores: {parts}.").format(round=number, parts=", ".join(parts))
        return {"event": "score", "round": number, "text": text}
    named = [seat_name(seat, viewer) for seat in event.winners]
    points = event.totals[event.winners[0]]
    if len(named) > 1:
        both = _("{some} and {last}").format(some=", ".join(named[:-1]), last=named[-1])
        text = _("Game over: {who} win with {points} points.").format(who=both, points=points)
    elif event.winners[0] == viewer:
        text = _("Game over: You win with {points} points.").format(points=points)
    else:
        text = _("Game over: {who} wins with {points} points.").format(who=named[0], points=points)
    return {"event": "end", "round": number, "text": text}


REASON_TEXTS: Mapping[str, str] = {
    "take_first": N_("you won the trick: take a tile first (choose {choices:or})"),
    "flavour_not_in_play": N_("{flavour} is not in play in this game"),
    "not_in_hand": N_("{card} is not in your hand"),
    "must_follow": N_("you hold {flavour}, the flavour led, so you must play one: {cards}"),
    "no_tile_to_choose": N_("there is no tile to choose now: play a card"),
    "stack_not_in_play": N_("{flavour} is not in play in this game; choose {choices:or}"),
    "no_tile_left": N_("no {flavour} tile is left; choose {choices:or}"),
    "not_played": N_("no {flavour} card was played in this trick; choose {choices:or}"),
}
"""The game's refusals in English (`rules.verify_play` and `rules.verify_take` give them)."""


def reason_words(params: Mapping[str, Any]) -> Mapping[str, Any]:
    """A reason's parameters in the language of the moment (`Game.reason_words`): flavours and
    cards by their names in it, the stacks to choose from as the actions that take them (`take
    matcha or take grape`, what a player types in any language)."""
    words = dict(params)
    if "choices" in words:
        words["choices"] = [TAKES[FLAVOUR_NAMES[key]] for key in words["choices"]]
    if words.get("flavour") in FLAVOUR_WORDS:
        words["flavour"] = flavour_word(words["flavour"])
    if "card" in words:
        words["card"] = card_word(words["card"])
    if "cards" in words:
        words["cards"] = [card_word(name) for name in words["cards"]]
    return words
