"""Dokitto! Ice's playout policy for search bots (`mcts`): greedy's rules on a determinized
state, with a cheap chance to win the trick (whether the card wins the trick as it stands)
in place of greedy's estimate from the unseen cards, since a playout step must cost little."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.bots.mcts import Levels, Settings, offer_mcts
from parlour.boxes.dokitto import rules
from parlour.boxes.dokitto.bots import card_value, star_chance, wants_tile
from parlour.boxes.dokitto.notation import CARD_OF_PLAY, FLAVOUR_OF_TAKE
from parlour.boxes.dokitto.state import DokittoState
from parlour.kernel import Action, Rng, State


def playout(state: State, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
    """Greedy's choice in `state`: the stack most likely starred; else, wanting a tile, the
    card that takes the trick so far (extreme cards kept), not wanting one, the card that
    loses it (extreme cards shed)."""
    assert isinstance(state, DokittoState)
    take = FLAVOUR_OF_TAKE.get(legal[0])
    if take is not None:
        left, star = state._left, state._star

        def chance(action: Action) -> float:
            flavour = FLAVOUR_OF_TAKE[action]
            return star_chance(not rules.star_taken(left[flavour], star[flavour]), left[flavour])

        return max(legal, key=chance)
    wants = wants_tile(len(state._cones[seat]), state._hands[seat].bit_count())
    trick = state._trick
    return max(legal, key=lambda action: play_value(trick, action, wants))


def play_value(trick: Sequence[int], action: Action, wants: bool) -> float:
    """Greedy's cheap value of playing `action` into `trick` (the cards so far): whether the
    card wins the trick as it stands, judged by whether the seat `wants` a tile."""
    index, _ = rules.trick_winner([*trick, CARD_OF_PLAY[action]])
    return card_value(float(index == len(trick)), action, wants)


LEVELS: Levels = {
    "easy": Settings(iterations=2),
    "normal": Settings(iterations=25),
    "hard": Settings(iterations=200),
    "expert": Settings(iterations=1000),
}
"""mcts's budgets at each level, chosen by strength against greedy (see `docs/mcts.md`)."""

offer_mcts("dokitto", playout, LEVELS, listed=False)  # menus offer `ace`'s levels (`ace.py`)
