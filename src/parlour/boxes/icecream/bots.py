"""Ice Cream's own bots. `greedy` keeps deliveries that add a flavour, puts scoops where they
add the most to what it can serve (and the least to what the others can), and serves the
largest cone it can; it reads only its seat's view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

from parlour.bots.registry import Bot, BotInfo, View, register_bot
from parlour.boxes.icecream import rules
from parlour.boxes.icecream.components import BY_KEY, Flavour
from parlour.boxes.icecream.notation import CONE_OF, DISCARD, DRAW, KEEP, NEW_CONE, SERVE_OF
from parlour.boxes.icecream.rules import EMPTY, Cone, Fit, Hand
from parlour.boxes.icecream.views import IcecreamView, SeatView
from parlour.i18n import N_
from parlour.kernel import Action

OTHERS_WEIGHT = 0.5
"""How much a point the scoop adds to another player's best cone counts against a placement
(one of several others, who may not get to serve it)."""


def _points(cone: Cone, match: Fit) -> int:
    return cone.size if match is Fit.EXACT else cone.size - 1 if match is Fit.NEAR else 0


_WORTH = tuple(tuple(_points(cone, match) for match in cone.fits) for cone in rules.KINDS)
"""`worth` of every cone for every hand, looked up (search bots' playouts ask it often)."""


def worth(cone: Cone, hand: Hand) -> int:
    """The points `hand` would get serving `cone`: every scoop if exact, all but one if near."""
    return _WORTH[cone.index][hand]


def cones_of(view: IcecreamView) -> dict[int, Cone]:
    """The cones not yet served, by number."""
    return {
        cone["cone"]: rules.cone_of([BY_KEY[scoop] for scoop in cone["scoops"]])
        for cone in view["cones"]
    }


def hand_of_seat(seat: SeatView, face_down: bool) -> Hand:
    """The flavours a seat's view shows it holding face up (and its own face-down card)."""
    flavours = {BY_KEY[card["flavour"]] for card in seat["cards"]}
    if face_down and seat["delivery"] is not None:
        flavours.add(BY_KEY[seat["delivery"]])
    return rules.hand_of(flavours)


class GreedyBot(Bot):
    """Deliveries: keeps a card of a flavour it lacks, discards a duplicate. Cones: puts the
    scoop where it adds the most to the points it could serve, less half what it adds to the
    best of the others' (by their face-up cards). Serving: the largest exact cone; otherwise
    the best near serve if it scores 2 or more, else a draw while it may."""

    name = "greedy"

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self._choose(cast(IcecreamView, view), legal)

    def _choose(self, view: IcecreamView, legal: Sequence[Action]) -> Action:
        me = view["seats"][self.seat]
        if view["phase"] == "deliveries":
            held = {card["flavour"] for card in me["cards"]}
            return DISCARD if me["delivery"] in held else KEEP
        cones = cones_of(view)
        if view["phase"] == "cones":
            assert view["scoop"] is not None
            mine = hand_of_seat(me, face_down=True)
            others = [
                hand_of_seat(seat, face_down=False)
                for seat in view["seats"]
                if seat["seat"] != self.seat
            ]
            return place(legal, cones, BY_KEY[view["scoop"]], mine, others)
        return serve(legal, cones, hand_of_seat(me, face_down=False))


def place(
    legal: Sequence[Action],
    cones: Mapping[int, Cone],
    scoop: Flavour,
    mine: Hand,
    others: list[Hand],
) -> Action:
    """Greedy's placement of `scoop`: where it adds the most to what `mine` could serve, less
    `OTHERS_WEIGHT` times what it adds to the best of the `others`."""

    def value(action: Action) -> float:
        before = EMPTY if action == NEW_CONE else cones[CONE_OF[action]]
        after = rules.add(before, scoop)
        assert after is not None
        now, then = _WORTH[before.index], _WORTH[after.index]
        lost = max(then[hand] - now[hand] for hand in others)
        return then[mine] - now[mine] - OTHERS_WEIGHT * lost

    return max(legal, key=value)


def serve(legal: Sequence[Action], cones: Mapping[int, Cone], mine: Hand) -> Action:
    """Greedy's serving turn: the largest exact cone; else the best near serve if it scores 2
    or more, else a draw while it may."""
    serves = [action for action in legal if action in SERVE_OF]
    best = max(serves, key=lambda a: worth(cones[SERVE_OF[a]], mine), default=DRAW)
    if best == DRAW:
        return DRAW
    cone = cones[SERVE_OF[best]]
    if rules.fit(cone, mine) is Fit.EXACT or worth(cone, mine) >= 2 or DRAW not in legal:
        return best
    return DRAW


register_bot(
    BotInfo(
        "greedy",
        N_(
            "keeps deliveries of new flavours; places scoops where they add the most to what it "
            "can serve (less half of what they add for the others); serves the largest cone it "
            "can, drawing rather than serving a near cone worth less than 2"
        ),
        GreedyBot,
        game="icecream",
        default=True,
        label=N_("Greedy"),
        about=N_("Builds and serves the cones worth the most to it now."),
    )
)
