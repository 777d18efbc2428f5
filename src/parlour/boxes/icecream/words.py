"""Ice Cream's words: each event of the log told from one seat's side, and the rules' refusals.

Others read "Seat 2 discarded" and nothing more of a card they may not see. An entry holds in
fields all that its text says, so programs (the determinizer, translations) never read the
words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.boxes.icecream.components import Flavour, FlavourName, told
from parlour.boxes.icecream.events import (
    KINDS,
    DayBegan,
    Dealt,
    Discarded,
    Drew,
    Ended,
    Event,
    Kept,
    Placed,
    Revealed,
    Scored,
    Secret,
    Served,
    Stuck,
    WentBack,
)
from parlour.i18n import N_, _, ngettext
from parlour.kernel import Seat, seat_name


def names(seats: Sequence[int], viewer: Seat) -> str:
    """`Seat 1, You and Seat 3`."""
    named = [seat_name(seat, viewer) for seat in seats]
    if len(named) < 2:
        return "".join(named)
    return _("{names} and {last}").format(names=", ".join(named[:-1]), last=named[-1])


def scoops_text(scoops: Sequence[Flavour]) -> str:
    """`strawberry, strawberry, chocolate chip`."""
    return ", ".join(told(scoop.key) for scoop in scoops)


def describe(event: Event, viewer: Seat) -> dict[str, Any]:
    """One log entry (a `LogEntry`), told from `viewer`'s side in the language of the moment."""
    entry: dict[str, Any] = {"event": KINDS[type(event)]}
    match event:
        case DayBegan(day, dealer):
            entry.update(day=day, seat=dealer)
            if dealer == viewer:
                text = _("Day {day} begins; You deal.").format(day=day)
            else:
                who = seat_name(dealer, viewer)
                text = _("Day {day} begins; {who} deals.").format(day=day, who=who)
        case Dealt(order, secrets):
            entry.update(seat=order[0], seats=[secret.owner for secret in secrets])
            yours = _owned(secrets, viewer)
            if yours is not None:
                entry["card"] = yours.key
            text = _deal_text(event, viewer)
        case WentBack(cards):
            entry["cards"] = cards
            text = ngettext(
                "The {count} card discarded went back into the Ice Cream deck, shuffled.",
                "The {count} cards discarded went back into the Ice Cream deck, shuffled.",
                cards,
            ).format(count=cards)
        case Revealed(shown):
            entry["shown"] = [{"seat": seat, "card": card.key} for seat, card in shown]
            named = ", ".join(f"{seat_name(seat, viewer)} {told(card.key)}" for seat, card in shown)
            text = (
                _("The face-down cards are revealed: {cards}.").format(cards=named)
                if named
                else _("No card is face down.")
            )
        case Scored(day, scoops, duplicates, totals):
            entry.update(day=day, served=list(scoops), duplicates=list(duplicates))
            entry["totals"] = list(totals)
            text = _score_text(event, viewer)
        case Ended(winners, totals, unopened):
            entry.update(winners=list(winners), totals=list(totals), unopened=list(unopened))
            text = _end_text(event, viewer)
        case _:
            entry.update(_turn_fields(event, viewer))
            text = _turn_text(event, viewer)
    entry["text"] = text
    return entry


def _owned(secrets: Sequence[Secret], viewer: Seat) -> Flavour | None:
    """The flavour of the secret card `viewer` owns among `secrets`, if any."""
    return next((secret.flavour for secret in secrets if secret.owner == viewer), None)


def _turn_fields(
    event: Kept | Discarded | Placed | Served | Drew | Stuck, viewer: Seat
) -> dict[str, Any]:
    """The fields of a player's own action (or lack of one): its secret cards to their owner
    only."""
    fields: dict[str, Any] = {"seat": event.seat}
    match event:
        case Kept(_, card) if card.owner == viewer:
            fields["card"] = card.flavour.key
        case Discarded(_, old, new) if old.owner == viewer:
            fields.update(card=old.flavour.key, took=new.flavour.key)
        case Placed(_, scoop, number, new, cone):
            fields.update(scoop=scoop.key, cone=number, new=new, scoops=_keys(cone.scoops))
        case Served(_, number, cone, returned, points):
            fields.update(cone=number, scoops=_keys(cone.scoops), points=points)
            fields["missing"] = returned.key if returned is not None else None
        case Drew(_, card):
            fields["card"] = card.key
    return fields


def _keys(flavours: Sequence[Flavour]) -> list[FlavourName]:
    return [flavour.key for flavour in flavours]


def _turn_text(event: Kept | Discarded | Placed | Served | Drew | Stuck, viewer: Seat) -> str:
    """The text of a player's own action (or lack of one); "You" and "Seat 2" are separate
    messages, as German words them differently."""
    mine = event.seat == viewer
    who = seat_name(event.seat, viewer)
    match event:
        case Kept(_, card):
            kept = card.seen_by(viewer)
            if kept is not None:
                text = (
                    _("You kept the delivery ({card}).")
                    if mine
                    else _("{who} kept the delivery ({card}).")
                )
                return text.format(who=who, card=told(kept.key))
            return (_("You kept the delivery.") if mine else _("{who} kept the delivery.")).format(
                who=who
            )
        case Discarded(_, old_card, new_card):
            old, new = old_card.seen_by(viewer), new_card.seen_by(viewer)
            if old is None or new is None:
                return _("{who} discarded and took another card face down.").format(who=who)
            return _("You discarded {old} and took {new} face down, which you must keep.").format(
                old=told(old.key), new=told(new.key)
            )
        case Placed(_, scoop, number, new, cone):
            fields = {"who": who, "scoop": told(scoop.key), "cone": number}
            if new:
                text = (
                    _("You turned over {scoop} and started cone {cone}.")
                    if mine
                    else _("{who} turned over {scoop} and started cone {cone}.")
                )
                return text.format(**fields)
            text = (
                _("You turned over {scoop} and put it on cone {cone} ({scoops}).")
                if mine
                else _("{who} turned over {scoop} and put it on cone {cone} ({scoops}).")
            )
            return text.format(scoops=scoops_text(cone.scoops), **fields)
        case Served():
            return _served_text(event, who, mine)
        case Drew(_, card):
            return (_("You drew {card}.") if mine else _("{who} drew {card}.")).format(
                who=who, card=told(card.key)
            )
    text = (
        _(
            "You have no action: the Ice Cream deck is empty and every cone has two or more "
            "scoops of flavours missing. Serving is over."
        )
        if mine
        else _(
            "{who} has no action: the Ice Cream deck is empty and every cone has two or more "
            "scoops of flavours missing. Serving is over."
        )
    )
    return text.format(who=who)


def _served_text(event: Served, who: str, mine: bool) -> str:
    _seat, number, cone, returned, points = event
    fields = {"who": who, "cone": number, "scoops": scoops_text(cone.scoops), "count": points}
    if returned is None:
        if mine:
            text = ngettext(
                "You served cone {cone} exactly ({scoops}): {count} point.",
                "You served cone {cone} exactly ({scoops}): {count} points.",
                points,
            )
        else:
            text = ngettext(
                "{who} served cone {cone} exactly ({scoops}): {count} point.",
                "{who} served cone {cone} exactly ({scoops}): {count} points.",
                points,
            )
        return text.format(**fields)
    if mine:
        text = ngettext(
            "You served cone {cone} with the {missing} scoop missing ({scoops}): {count} point; "
            "the {missing} scoop went back.",
            "You served cone {cone} with the {missing} scoop missing ({scoops}): {count} points; "
            "the {missing} scoop went back.",
            points,
        )
    else:
        text = ngettext(
            "{who} served cone {cone} with the {missing} scoop missing ({scoops}): {count} "
            "point; the {missing} scoop went back.",
            "{who} served cone {cone} with the {missing} scoop missing ({scoops}): {count} "
            "points; the {missing} scoop went back.",
            points,
        )
    return text.format(missing=told(returned.key), **fields)


def _deal_text(event: Dealt, viewer: Seat) -> str:
    order, secrets = event
    dealt = [secret.owner for secret in secrets]
    if not dealt:
        return _("The Ice Cream deck is empty: nobody gets a delivery.")
    more = ""
    yours = _owned(secrets, viewer)
    if yours is not None:
        more += _("; yours is {card}").format(card=told(yours.key))
    missed = [seat for seat in order if seat not in dealt]
    if missed:
        more += _(". The deck ran out: no delivery for {names}").format(names=names(missed, viewer))
    if order[0] == viewer:
        text = _("You dealt one card face down to {names}{more}.")
    else:
        text = _("{who} dealt one card face down to {names}{more}.")
    return text.format(who=seat_name(order[0], viewer), names=names(dealt, viewer), more=more)


def _score_text(event: Scored, viewer: Seat) -> str:
    day, scoops, duplicates, totals = event
    parts = [
        _("{who} {served} + {extra} = {sum} (total {total})").format(
            who=seat_name(seat, viewer),
            served=served,
            extra=extra,
            sum=served + extra,
            total=totals[seat],
        )
        for seat, (served, extra) in enumerate(zip(scoops, duplicates, strict=True))
    ]
    return _("Day {day} scores (scoops + duplicates): {scores}.").format(
        day=day, scores="; ".join(parts)
    )


def _end_text(event: Ended, viewer: Seat) -> str:
    winners, totals, unopened = event
    best = winners[0]
    count = unopened[best]
    if winners == (viewer,):
        text = ngettext(
            "Game over: You win with {points} points ({count} card unopened).",
            "Game over: You win with {points} points ({count} cards unopened).",
            count,
        )
    elif len(winners) > 1:
        text = ngettext(
            "Game over: {names} win with {points} points ({count} card unopened).",
            "Game over: {names} win with {points} points ({count} cards unopened).",
            count,
        )
    else:
        text = ngettext(
            "Game over: {names} wins with {points} points ({count} card unopened).",
            "Game over: {names} wins with {points} points ({count} cards unopened).",
            count,
        )
    return text.format(names=names(winners, viewer), points=totals[best], count=count)


REASON_TEXTS: Mapping[str, str] = {
    "wait_deliveries": N_("not now: the players keep or discard their deliveries"),
    "wait_cones": N_("not now: the players are making cones"),
    "wait_serving": N_("not now: the players are serving customers"),
    "must_keep": N_("the Ice Cream deck is empty: you must keep the card you were dealt"),
    "all_cones_started": N_(
        "all {cones} cones are started: the scoop goes on a cone with fewer than {most} scoops"
    ),
    "cone_full": N_("cone {cone} already has {most} scoops, the most a cone may have"),
    "no_cone_yet": N_("there is no cone yet: the day's first scoop starts one (new cone)"),
    "no_such_cone": N_("there is no cone {cone}: the cones are {cones}"),
    "no_cone_to_serve": N_("there is no cone {cone} to serve: the cones are {cones}"),
    "must_serve_exact": N_("you can serve cone {exact:or} exactly, so you must serve one of those"),
    "nothing_to_draw": N_("the Ice Cream deck is empty: there is no card to draw"),
    "too_many_missing": N_(
        "you lack {count} of cone {cone}'s scoops ({missing}): a cone may be served with at "
        "most one scoop missing"
    ),
}
"""English words (told through the catalogue) for Ice Cream's refusal codes (`rules.verify_*`)."""


def reason_words(params: Mapping[str, Any]) -> Mapping[str, Any]:
    """A reason's parameters in words: its flavours (`missing`) named in the language of the
    moment (`Game.reason_words`)."""
    if "missing" in params:
        return {**params, "missing": [told(key) for key in params["missing"]]}
    return params
