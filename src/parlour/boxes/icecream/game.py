"""Ice Cream as a kernel game: its metadata and its one option, who deals on the first day."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from parlour.boxes.icecream import contrast, determinize, views, words
from parlour.boxes.icecream.components import (
    CONES,
    DAYS,
    FLAVOURS,
    ICE_CREAM_CARDS,
    REMOVED,
    SCOOP_CARDS,
)
from parlour.boxes.icecream.encoding import encoding
from parlour.boxes.icecream.howto import HOW_TO_PLAY
from parlour.boxes.icecream.notation import ACTIONS
from parlour.boxes.icecream.state import IcecreamState
from parlour.boxes.icecream.tutorial import TUTORIAL
from parlour.i18n import N_, _
from parlour.kernel import (
    Action,
    Advice,
    Balance,
    Comparison,
    Configuration,
    Encoding,
    Game,
    GameInfo,
    Option,
    OptionError,
    OptionType,
    Rng,
    View,
    register,
)
from parlour.kernel.options import Value

OPTIONS = (
    Option(
        "first_dealer",
        OptionType.INTEGER,
        1,
        N_("The seat that deals on the first day (the rulebook says: the youngest player)."),
        label=N_("First dealer"),
        minimum=1,
        maximum=max(REMOVED),
    ),
)


def most_actions(players: int) -> int:
    """A day is at most one keep or discard a seat, one placement a scoop (24, or 25 with five
    players), and in serving one serve a cone (at most 12) or one draw a card of the deck (at
    most 30): 4 days x (players + scoops + 12 + 30)."""
    scoops = len(FLAVOURS) * SCOOP_CARDS - REMOVED[players]
    return DAYS * (players + scoops + CONES + len(FLAVOURS) * ICE_CREAM_CARDS)


CONFIGURATIONS = (
    Configuration(3, {}, most_actions(3)),
    Configuration(4, {"first_dealer": 3}, most_actions(4)),
    Configuration(5, {}, most_actions(5)),
)


@register
class Icecream(Game):
    """Ice Cream (Joe M. Huber): deliver gallons, build cones together, serve them exactly."""

    info = GameInfo(
        name="icecream",
        title="Ice Cream",
        summary=N_(
            "Four days of Ice Cream card deliveries, cones built in turn from public "
            "scoops, and customers served with the flavours you hold: one point a scoop."
        ),
        how_to_play=HOW_TO_PLAY,
        tutorial=TUTORIAL,
        min_players=min(REMOVED),
        max_players=max(REMOVED),
        options=OPTIONS,
        rulebook="docs/rules/icecream.md",
        hidden_information=True,
        configurations=CONFIGURATIONS,
        balance=Balance(players=3, bot="mcts:normal", compare=(Comparison("first_dealer"),)),
    )
    reason_texts = words.REASON_TEXTS
    view_type = views.IcecreamView

    def reason_words(self, params: Mapping[str, Any]) -> Mapping[str, Any]:
        return words.reason_words(params)

    @classmethod
    def check(cls, players: int, options: dict[str, Value]) -> None:
        dealer = options["first_dealer"]
        if not isinstance(dealer, int) or dealer > players:
            raise OptionError(
                _(
                    "option first_dealer={dealer} is not allowed for {players} players: use an "
                    "integer from 1 to {players}"
                ).format(dealer=dealer, players=players)
            )

    def _new_state(self, rng: Rng, seed: int, chance: tuple[int, ...]) -> IcecreamState:
        return IcecreamState(self, rng, seed, chance)

    def determinize(self, view: View, rng: Rng) -> IcecreamState:
        return determinize.determinize(self, view, rng)

    def encoding(self) -> Encoding:
        """Each seat's cards and the cones, the viewer's first (`encoding.py`)."""
        return encoding(self.players)

    def contrast(self, view: View, seat: int, chosen: Action, better: Action) -> str | None:
        """By the flavours held, the cones a scoop makes that a seat serves exactly, or the
        scoops a serve scores and the cone it leaves (`contrast.py`)."""
        return contrast.contrast(cast(views.IcecreamView, view), seat, chosen, better)

    def advice(self) -> Advice:
        """Hints from the seat's view by `vendor`'s judgement: each choice's chance of winning,
        played out thousands of times on the compiled model in worlds the view allows."""
        from parlour.boxes.icecream.vendor import VendorAdvice

        return VendorAdvice(self)

    def all_actions(self) -> tuple[str, ...]:
        """`keep`, `discard`, `cone 1` .. `cone 12`, `new cone`, `serve 1` .. `serve 12`,
        `draw`: the phases' actions in the day's order, cones by number."""
        return ACTIONS

    def length_bound(self) -> int:
        return most_actions(self.players)

    def chance_bound(self) -> int:
        """A card drawn from a full Ice Cream or Scoop deck."""
        return len(FLAVOURS) * max(ICE_CREAM_CARDS, SCOOP_CARDS)
