"""Tiny Duel's determinizer: a state consistent with a view, for search bots.

What a view hides is the cards nobody has seen: the other hands, their sealed cards and the
deck. They are dealt uniformly: the unseen cards shuffled, then as many to each hidden hand and
sealed choice as the view says it holds, the rest to the deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlour.kernel import Rng, View
from tests.tiny.components import SEATS, Card
from tests.tiny.events import Round
from tests.tiny.state import TinyState

if TYPE_CHECKING:
    from tests.tiny.game import TinyDuel


def determinize(game: TinyDuel, view: View, rng: Rng) -> TinyState:
    """A state that shows `view["seat"]` exactly `view`, its hidden cards dealt by `rng`."""
    viewer = view["seat"]
    rounds = [Round(tuple(done["cards"]), done["winner"]) for done in view["rounds"]]
    seen = {*view["hand"], *(card for done in rounds for card in done.cards)}
    if view["choice"] is not None:
        seen.add(view["choice"])
    unseen = [card for card in range(1, game.highest + 1) if card not in seen]
    rng.shuffle(unseen)
    hands: list[list[Card]] = []
    choices: list[Card | None] = []
    for seat in range(SEATS):
        if seat == viewer:
            hands.append(list(view["hand"]))
            choices.append(view["choice"])
            continue
        held = view["held"][seat]
        hands.append(unseen[:held])
        choices.append(unseen[held] if view["chosen"][seat] else None)
        del unseen[: held + view["chosen"][seat]]
    seed = rng.seed()
    return TinyState(game, Rng(seed), seed, (), hands, unseen, choices, rounds)
