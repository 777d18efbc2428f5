"""Dokitto! Ice's own bots. `greedy` wants tiles up to two (a third only near the round's end)
and otherwise dodges tricks, above all its fourth tile; it estimates each card's chance of
winning the trick from what its seat sees (the cards not yet seen, the flavours others have
shown they lack)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb, prod

from parlour.bots.registry import Bot, BotInfo, View, register_bot
from parlour.boxes.dokitto import rules
from parlour.boxes.dokitto.components import (
    BUST_TILE,
    CARD_OF_NAME,
    FLAVOUR_NAMES,
    FLAVOUR_OF,
    NUMBER_OF,
    NUMBERS,
    Card,
    Flavour,
    cards_of,
)
from parlour.boxes.dokitto.notation import CARD_OF_PLAY, FLAVOUR_OF_TAKE
from parlour.i18n import N_
from parlour.kernel import Action

SAFE_TILES = BUST_TILE - 2
"""Tiles greedy always wants more of: with three, any trick it wins ends its round at zero."""
LATE = 2
"""Cards left in hand from which greedy wants a third tile too: earlier, the tricks it would
then have to dodge cost more than the tile brings (measured in simulations)."""
MIDDLE = (NUMBERS + 1) / 2
"""The middle number: cards far from it are the ones that win tricks (high in a trick of one
flavour, low in a mixed one)."""
EXTREME = 1 / 12
"""What a card's distance from the middle is worth, per number, against its chance of winning
the trick: greedy keeps extreme cards while it wants tiles and sheds them while it dodges
(the weight did best in simulations against random players)."""


@dataclass(frozen=True)
class Table:
    """What a seat knows when it plays: the trick so far, the cards it has not seen (in the
    others' hands or set aside), the seats still to play and their hand sizes, and the
    flavours each seat has shown it lacks this round."""

    trick: tuple[Card, ...]
    unseen: frozenset[Card]
    later: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    void: frozenset[tuple[int, Flavour]]

    @classmethod
    def of(cls, view: View) -> Table:
        """What the view of a seat to play tells."""
        players, seat = view["players"], view["seat"]
        seen = {CARD_OF_NAME[name] for name in view["hand"]}
        void: set[tuple[int, Flavour]] = set()
        for trick in [*view["tricks"], view["trick"]]:
            plays = trick["plays"]
            if not plays:
                continue
            led = FLAVOUR_OF[CARD_OF_NAME[plays[0]["card"]]]
            for play in plays:
                card = CARD_OF_NAME[play["card"]]
                seen.add(card)
                if FLAVOUR_OF[card] is not led:
                    void.add((play["seat"], led))
        flavours = tuple(FLAVOUR_NAMES[key] for key in view["flavours"])
        trick = tuple(CARD_OF_NAME[play["card"]] for play in view["trick"]["plays"])
        behind = players - len(trick) - 1
        return cls(
            trick=trick,
            unseen=frozenset(cards_of(flavours)) - seen,
            later=tuple((seat + i) % players for i in range(1, behind + 1)),
            hand_sizes=tuple(view["hand_sizes"]),
            void=frozenset(void),
        )

    def chance_to_win(self, card: Card) -> float:
        """An estimate of the chance that `card` wins the trick: exact when it is the last
        card; else each seat still to play is taken to hold a random hand of the unseen
        cards and to play one of its legal cards at random."""
        cards = (*self.trick, card)
        if not self.later:
            index, _ = rules.trick_winner(cards)
            return float(index == len(cards) - 1)
        led = FLAVOUR_OF[cards[0]]
        number = NUMBER_OF[card]
        lowest = number <= min(NUMBER_OF[c] for c in cards)
        if_mixed = self._none_lower(number) if lowest else 0.0
        if any(FLAVOUR_OF[c] is not led for c in cards):
            return if_mixed
        if number < max(NUMBER_OF[c] for c in cards):
            return (1 - self._nobody_breaks(led)) * if_mixed
        follows = self._none_higher(led, number)
        stays = self._nobody_breaks(led)
        return stays * follows + (1 - stays) * if_mixed

    def _none_lower(self, number: int) -> float:
        """The chance that no later seat plays a number as low as `number` (ties: the later
        card wins)."""
        low = sum(NUMBER_OF[c] <= number for c in self.unseen)
        return (1 - low / max(1, len(self.unseen))) ** len(self.later)

    def _none_higher(self, led: Flavour, number: int) -> float:
        """The chance that no later seat follows with a higher card of the led flavour."""
        suit = [c for c in self.unseen if FLAVOUR_OF[c] is led]
        higher = sum(NUMBER_OF[c] > number for c in suit)
        return (1 - higher / max(1, len(suit))) ** len(self.later)

    def _nobody_breaks(self, led: Flavour) -> float:
        """The chance that every later seat can follow the led flavour."""
        unseen = len(self.unseen)
        suit = sum(FLAVOUR_OF[c] is led for c in self.unseen)
        chances = []
        for seat in self.later:
            held = self.hand_sizes[seat]
            if (seat, led) in self.void or held > unseen:
                chances.append(0.0)
            else:
                chances.append(1 - comb(unseen - suit, held) / comb(unseen, held))
        return prod(chances)


class GreedyBot(Bot):
    """While it wants a tile (fewer than two, or two in the round's last two tricks) it plays
    the card most likely to win the trick, less a little for extreme cards (kept for later);
    otherwise the card least likely to win, plus a little for extreme cards (shed while it is
    safe). Choosing a tile it takes the stack whose top tile most likely carries the star."""

    name = "greedy"

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "take":
            return max(legal, key=lambda action: view_star_chance(view, FLAVOUR_OF_TAKE[action]))
        table = Table.of(view)
        wants = wants_tile(len(view["cones"][self.seat]["tiles"]), len(view["hand"]))
        return max(legal, key=lambda a: card_value(table.chance_to_win(CARD_OF_PLAY[a]), a, wants))


def wants_tile(tiles: int, cards: int) -> bool:
    """Whether a seat with `tiles` tiles and `cards` cards in hand wants to win the trick:
    below two tiles, or at two in the round's last tricks (`SAFE_TILES`, `LATE`)."""
    return tiles < SAFE_TILES or (tiles == SAFE_TILES and cards <= LATE)


def card_value(chance: float, action: Action, wants: bool) -> float:
    """What playing a card is worth given its `chance` to win the trick: that chance, less a
    little for extreme cards (kept for later) while the seat wants a tile; otherwise the
    chance to lose, plus a little for extreme cards (shed while it is safe)."""
    extreme = EXTREME * abs(NUMBER_OF[CARD_OF_PLAY[action]] - MIDDLE)
    return chance - extreme if wants else extreme - chance


def star_chance(toppings: bool, left: int) -> float:
    """The chance that the top tile of a stack with `left` tiles carries the star: none once
    its topping is taken (`toppings` False), else one in the tiles left."""
    return 1 / left if toppings else 0.0


def view_star_chance(view: View, flavour: Flavour) -> float:
    """`star_chance` of `flavour`'s stack as a view shows it."""
    return star_chance(flavour.key in view["toppings"], view["stacks"][flavour.key])


register_bot(
    BotInfo(
        "greedy",
        N_(
            "wants tiles up to two (a third only in the last two tricks), else dodges tricks; "
            "plays the card most (or least) likely to win; takes the stack most likely starred"
        ),
        GreedyBot,
        game="dokitto",
        default=True,
        label=N_("Greedy"),
        about=N_("Goes for tiles until it has two, then dodges tricks."),
    )
)
