"""Inference from play for Dokitto! Ice's searches at three players or more: worlds dealt from
the seat's view are weighed by how well they explain the others' plays this round, each taken
as greedy's judgement of its hand at the time, softened (`likelihood`); a decision's search
then draws its worlds from a pool so weighed (`weighed_worlds`). The table proves only voids;
what a seat chose to play when it could have played otherwise says more."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from parlour.boxes.dokitto.bots import wants_tile
from parlour.boxes.dokitto.components import CARD_OF_NAME, FLAVOUR_OF, Card
from parlour.boxes.dokitto.game import Dokitto
from parlour.boxes.dokitto.notation import PLAYS
from parlour.boxes.dokitto.playout import play_value
from parlour.boxes.dokitto.rules import cards_in, playable
from parlour.boxes.dokitto.state import DokittoState
from parlour.kernel import Game, Rng, State, View

SeenTrick = tuple[list[tuple[int, Card]], int | None]
"""A trick of the round as a view shows it: its plays (seat, card) in order, and the seat that
took a tile from it (`None`: nobody, or not yet)."""


def plays_this_round(view: View) -> list[SeenTrick]:
    """The round's tricks as the view shows them, in order, the one in progress last."""
    tricks = [
        (
            [(play["seat"], CARD_OF_NAME[play["card"]]) for play in done["plays"]],
            done["winner"] if done["tile"] is not None else None,
        )
        for done in view["tricks"]
    ]
    current = [(play["seat"], CARD_OF_NAME[play["card"]]) for play in view["trick"]["plays"]]
    return [*tricks, (current, None)]


def likelihood(
    world: DokittoState,
    tricks: Sequence[SeenTrick],
    seat: int,
    sharpness: float,
) -> float:
    """How well `world`'s hands explain the other seats' plays in `tricks` (this round's):
    the product, over each play with a choice, of its weight under greedy's values of the
    cards the hand then allowed, `exp(sharpness * value)` normalised."""
    hands = list(world._hands)
    for plays, _ in tricks:  # back to the hands dealt: every card played this round returns
        for player, card in plays:
            hands[player] |= 1 << card
    tiles = [len(cone) for cone in world._cones]
    for _, taker in tricks:  # back to the tiles the round began with
        if taker is not None:
            tiles[taker] -= 1
    weight = 1.0
    for plays, taker in tricks:
        trick: list[Card] = []
        for player, card in plays:
            hand = hands[player]
            if player != seat:
                allowed = cards_in(playable(hand, FLAVOUR_OF[trick[0]] if trick else None))
                if len(allowed) > 1:
                    wants = wants_tile(tiles[player], hand.bit_count())
                    values = [play_value(trick, PLAYS[other], wants) for other in allowed]
                    top = max(values)
                    mine = values[allowed.index(card)] if card in allowed else None
                    if mine is None:
                        return 0.0
                    weight *= math.exp(sharpness * (mine - top)) / sum(
                        math.exp(sharpness * (value - top)) for value in values
                    )
            hands[player] = hand & ~(1 << card)
            trick.append(card)
        if taker is not None:
            tiles[taker] += 1
    return weight


def weighed_worlds(
    pool: int, sharpness: float
) -> Callable[[Game, View, int, Rng], Callable[[Rng], State]]:
    """A dealer for a search: for each decision, `pool` worlds dealt from the view and weighed
    by `likelihood`; each iteration then draws one of them by weight (a fresh copy with its
    own chance). With no choice of another seat to read, it deals as the game does."""

    def dealer(game: Game, view: View, seat: int, rng: Rng) -> Callable[[Rng], State]:
        assert isinstance(game, Dokitto)
        tricks = plays_this_round(view)
        worlds = [game.determinize(view, rng) for _ in range(pool)]
        weights = [likelihood(world, tricks, seat, sharpness) for world in worlds]
        total = sum(weights)
        if total <= 0:
            return lambda rng: game.determinize(view, rng)
        cumulative = []
        running = 0.0
        for weight in weights:
            running += weight / total
            cumulative.append(running)

        def deal(rng: Rng) -> State:
            point = rng.below(1 << 30) / (1 << 30)
            index = next((i for i, edge in enumerate(cumulative) if point < edge), pool - 1)
            return worlds[index].reseeded(rng.seed())

        return deal

    return dealer
