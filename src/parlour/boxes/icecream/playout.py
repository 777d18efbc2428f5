"""Ice Cream's playout policy for search bots (`mcts`): greedy's rules (`bots.place`,
`bots.serve`, its delivery rule) read from a determinized state rather than a view."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.bots.mcts import Levels, Settings, offer_mcts
from parlour.boxes.icecream.bots import place, serve
from parlour.boxes.icecream.notation import DISCARD, KEEP
from parlour.boxes.icecream.rules import Phase
from parlour.boxes.icecream.state import IcecreamState
from parlour.kernel import Action, Rng, State


def playout(state: State, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
    """What greedy would do in `state` for `seat`: it knows its own face-down card and the
    others' face-up cards, as in its view."""
    assert isinstance(state, IcecreamState)
    hands = state._hands
    delivery = state._face_down[seat]
    if state._phase is Phase.DELIVERIES:
        assert delivery is not None
        return DISCARD if hands[seat] >> delivery & 1 else KEEP
    if state._phase is Phase.CONES:
        assert state._scoop is not None
        mine = hands[seat] if delivery is None else hands[seat] | 1 << delivery
        others = [hand for at, hand in enumerate(hands) if at != seat]
        return place(legal, state._cones, state._scoop, mine, others)
    return serve(legal, state._cones, hands[seat])


LEVELS: Levels = {
    "easy": Settings(iterations=4),
    "normal": Settings(iterations=35, bias=1.0),
    "hard": Settings(iterations=300, bias=1.0),
    "expert": Settings(iterations=1500, bias=1.0),
}
"""mcts's budgets at each level, chosen by strength against greedy (see `docs/mcts.md`)."""

offer_mcts("icecream", playout, LEVELS, listed=False)  # menus offer `vendor` (`vendor.py`)
