"""Ice Cream's reasons in words: why one choice would have served a seat better than another
(`Game.contrast`, the review's costliest decisions), from what its view shows: the cones, how
its cards fit them, and the cards the others show."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.boxes.icecream import rules
from parlour.boxes.icecream.components import BY_KEY, Flavour, told
from parlour.boxes.icecream.views import ConeView, IcecreamView
from parlour.boxes.icecream.words import names
from parlour.i18n import _, ngettext
from parlour.kernel import Action

NEW_CONE = "new cone"
DRAW = "draw"


def contrast(view: IcecreamView, seat: int, chosen: Action, better: Action) -> str | None:
    """Why `better` beat `chosen` for `seat`: a delivery by the flavours it holds, a scoop by
    the cones it makes that a seat's cards serve exactly, a serve by the scoops it scores and
    the cone it leaves to the others."""
    if view["phase"] == "deliveries":
        return _delivery(view, seat, chosen)
    if view["phase"] == "cones":
        return _scoop(view, seat, chosen, better)
    return _serve(view, seat, chosen, better)


def _delivery(view: IcecreamView, seat: int, chosen: Action) -> str | None:
    """Keeping a second card of a flavour adds nothing to serve with; discarding a flavour
    the seat lacks throws away cones it could have served."""
    mine = view["seats"][seat]
    delivery = mine["delivery"]
    if delivery is None:
        return None
    held = {card["flavour"] for card in mine["cards"]}
    if chosen == "keep" and delivery in held:
        return _(
            "You already held a {flavour} card: a second serves no cone the first does not, "
            "and unopened it brings a single point at the day's end."
        ).format(flavour=told(delivery))
    if chosen == "discard" and delivery not in held:
        return _("You lacked {flavour}: with it you could serve more cones.").format(
            flavour=told(delivery)
        )
    return None


def _scoop(view: IcecreamView, seat: int, chosen: Action, better: Action) -> str | None:
    """Scoops compared by the cones they make: one the seat serves exactly, or one another
    seat's cards in sight serve exactly."""
    scoop = view["scoop"]
    if scoop is None:
        return None
    made, made_better = _made(view, chosen, scoop), _made(view, better, scoop)
    words = {
        "flavour": told(scoop),
        "chosen": _target(chosen),
        "better": _target(better),
    }
    hand = _hand(view, seat)
    mine, mine_better = _exact_size(made, hand), _exact_size(made_better, hand)
    if mine_better > mine:
        sentence = ngettext(
            "{better} the {flavour} scoop made a cone of {count} scoop your cards serve exactly",
            "{better} the {flavour} scoop made a cone of {count} scoops your cards serve exactly",
            mine_better,
        )
        tail = _("; {chosen}, one of {count}.") if mine else _("; {chosen}, none.")
        return sentence.format(count=mine_better, **words) + tail.format(count=mine, **words)
    others = [
        other["seat"]
        for other in view["seats"]
        if other["seat"] != seat
        and _exact_size(made_better, _hand(view, other["seat"]))
        == 0
        < _exact_size(made, _hand(view, other["seat"]))
    ]
    if others:
        return ngettext(
            "{chosen} the {flavour} scoop made a cone of {count} scoop that the cards {who} "
            "shows serve exactly; {better} it would not have.",
            "{chosen} the {flavour} scoop made a cone of {count} scoops that the cards {who} "
            "shows serve exactly; {better} it would not have.",
            len(made),
        ).format(count=len(made), who=names(others, seat), **words)
    return None


def _serve(view: IcecreamView, seat: int, chosen: Action, better: Action) -> str | None:
    """Serves compared by the scoops they score, a draw by the cone it leaves or the scoop a
    near serve sends back, equal serves by the cone left that another seat serves exactly."""
    cones = {cone["cone"]: cone for cone in view["cones"]}
    if chosen == DRAW:
        cone = cones[_number(better)]
        return ngettext(
            "Serving cone {cone} would have scored {count} scoop now; drawing left it on the "
            "table for the others.",
            "Serving cone {cone} would have scored {count} scoops now; drawing left it on the "
            "table for the others.",
            _scored(cone),
        ).format(cone=cone["cone"], count=_scored(cone))
    served = cones[_number(chosen)]
    if better == DRAW:
        missing = served["missing"] or []
        if not missing:
            return None
        return _(
            "Serving cone {cone} sent its {flavour} scoop back unscored; a card drawn might "
            "have let you serve it whole."
        ).format(cone=served["cone"], flavour=told(missing[0]))
    other = cones[_number(better)]
    if _scored(other) > _scored(served):
        return _(
            "Cone {better} would have scored {count_better}, cone {chosen} scored {count}."
        ).format(
            better=other["cone"],
            count_better=_scored(other),
            chosen=served["cone"],
            count=_scored(served),
        )
    rivals = [
        rival["seat"]
        for rival in view["seats"]
        if rival["seat"] != seat and _exact_size(_scoops(other), _hand(view, rival["seat"]))
    ]
    if not rivals:
        return None
    return _(
        "Serving cone {chosen} left cone {better}, which {who} can serve exactly, to the others."
    ).format(chosen=served["cone"], better=other["cone"], who=names(rivals, seat))


def _target(action: Action) -> str:
    """Where a scoop goes, in words, with its preposition (a case in German): `on cone 3`,
    `on a new cone`. A sentence may begin with it: the review capitalises it."""
    if action == NEW_CONE:
        return _("on a new cone")
    return _("on cone {number}").format(number=_number(action))


def _number(action: Action) -> int:
    """The cone an action names (`cone 3`, `serve 3`)."""
    return int(action.split()[-1])


def _made(view: IcecreamView, action: Action, scoop: str) -> list[Flavour]:
    """The cone a scoop makes where `action` puts it."""
    if action == NEW_CONE:
        return [BY_KEY[scoop]]
    cone = next(cone for cone in view["cones"] if cone["cone"] == _number(action))
    return [*_scoops(cone), BY_KEY[scoop]]


def _scoops(cone: ConeView) -> list[Flavour]:
    """A cone's scoops."""
    return [BY_KEY[scoop] for scoop in cone["scoops"]]


def _hand(view: IcecreamView, seat: int) -> rules.Hand:
    """The flavours a seat's cards show to the viewer (its own face-down card too, for the
    viewer's seat)."""
    shown = view["seats"][seat]
    keys = [card["flavour"] for card in shown["cards"]]
    if shown["delivery"] is not None:
        keys.append(shown["delivery"])
    return rules.hand_of(BY_KEY[key] for key in keys)


def _exact_size(scoops: Sequence[Flavour], hand: rules.Hand) -> int:
    """The scoops of a cone that `hand` serves exactly (0: it does not)."""
    return len(scoops) if rules.fit(rules.cone_of(scoops), hand) is rules.Fit.EXACT else 0


def _scored(cone: ConeView) -> int:
    """What serving a cone scores for the viewer: a scoop of a flavour it lacks goes back."""
    return len(cone["scoops"]) - len(cone["missing"] or [])
