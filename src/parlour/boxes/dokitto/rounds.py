"""The `rounds` bot for Dokitto! Ice, made for three players or more: `mcts`'s search
(information-set MCTS, greedy playouts), each playout stopped at the end of its round and the
rest of the game judged from the totals (`RoundLeaf`). A game to 10 points lasts three or four
rounds at four players, so a playout to the game's end spends most of its steps, and most of
its noise, on deals nobody has seen yet.

The rest of the game is judged by a model of the rounds to come: each seat scores 0 to 6 in a
round independently, with the odds measured at the table's size (`ROUND_POINTS`), until a
round ends with someone at 10 or more (or the `max_rounds` cap); the highest total wins, ties
shared. Each seat's chance to win is estimated once per totals by simulating `FUTURES` such
endings with a generator seeded by the totals, so the same totals are always judged alike.

Settings: `mcts`'s, and `infer=X` with `pool=N`: inference from play (`inference.py`). It is
unlisted: measured against three `mcts:hard` it is no stronger than `mcts:expert`, so `ace`
keeps `mcts` (`docs/bots.md`, Dokitto at four players).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from parlour.bots.mcts import LEVEL_NAMES, Levels, MctsBot, Settings, parse
from parlour.bots.registry import BotFactory, BotInfo, register_bot
from parlour.bots.search import MARGIN, margins
from parlour.boxes.dokitto.components import TARGET
from parlour.boxes.dokitto.inference import weighed_worlds
from parlour.boxes.dokitto.playout import playout
from parlour.boxes.dokitto.state import DokittoState
from parlour.i18n import N_
from parlour.kernel import OptionError, State

ROUND_POINTS = {
    2: (0.299, 0.048, 0.096, 0.167, 0.265, 0.118, 0.007),
    3: (0.223, 0.087, 0.150, 0.219, 0.234, 0.083, 0.004),
    4: (0.183, 0.093, 0.186, 0.241, 0.212, 0.080, 0.007),
    5: (0.205, 0.091, 0.192, 0.229, 0.198, 0.075, 0.011),
}
"""How often a seat scores 0 to 6 points in a round, by players: measured over 500 rounds or
more of the greedy playout policy at every seat (150 games, seeds 0..149, 2026-12-06). It
plays at two players too, where `ace` plays `pimc`, for comparisons."""
POOL = 64
"""Worlds a decision deals and weighs where it reads the others' plays (`infer`)."""
FUTURES = 2000
"""Simulated endings behind each totals' chances to win."""
MOST_ROUNDS = 40
"""Where a simulated ending stops if nobody has reached the target (never, in practice)."""


@cache
def win_chances(totals: tuple[int, ...], rounds_left: int | None) -> tuple[float, ...]:
    """Each seat's chance to win from `totals` before a round, by the model of the rounds to
    come (`rounds_left`: the rounds a `max_rounds` cap leaves, `None` without one)."""
    players = len(totals)
    odds = np.array(ROUND_POINTS[players]) / sum(ROUND_POINTS[players])
    rng = np.random.default_rng([*totals, 0 if rounds_left is None else rounds_left + 1])
    scores = np.tile(np.array(totals, dtype=np.int64), (FUTURES, 1))
    shares = np.zeros(players)
    going = np.ones(FUTURES, dtype=bool)
    limit = MOST_ROUNDS if rounds_left is None else rounds_left
    for done in range(1, limit + 1):
        scores[going] += rng.choice(len(odds), size=(int(going.sum()), players), p=odds)
        ended = going & ((scores.max(axis=1) >= TARGET) | (done == limit))
        best = scores[ended] == scores[ended].max(axis=1, keepdims=True)
        shares += (best / best.sum(axis=1, keepdims=True)).sum(axis=0)
        going &= ~ended
        if not going.any():
            break
    return tuple(float(share) for share in shares / FUTURES)


class RoundLeaf:
    """Playouts stop where a round ends (`stage`: the round's number), valued by the totals
    (`value`: the chance to win plus `MARGIN` times the margin, as `search.rewards`)."""

    def stage(self, state: State) -> int:
        assert isinstance(state, DokittoState)
        return state._round

    def value(self, state: State) -> list[float]:
        assert isinstance(state, DokittoState)
        totals = tuple(state._totals)
        cap = state.game.max_rounds
        chances = win_chances(totals, cap - state._round + 1 if cap else None)
        return [
            chance + MARGIN * margin
            for chance, margin in zip(chances, margins(totals), strict=True)
        ]


LEVELS: Levels = {
    "easy": Settings(iterations=10),
    "normal": Settings(iterations=100),
    "hard": Settings(iterations=500),
    "expert": Settings(iterations=2000),
}
"""The iteration budgets of the levels (see `docs/bots.md`)."""


def configure(settings: str) -> BotFactory:
    """The factory for `rounds:SETTINGS`, read as `mcts`'s settings are, and `infer=X`
    (inference from play, `X` its sharpness; 0: none) with `pool=N` worlds a decision."""
    rest, infer, pool = [], 0.0, POOL
    for part in settings.lower().split(":"):
        key, _, text = part.partition("=")
        if key not in ("infer", "pool"):
            rest.append(part)
            continue
        try:
            value = float(text) if key == "infer" else int(text)
        except ValueError:
            value = -1
        if not 0 <= value < float("inf") or (key == "pool" and value < 1):
            raise OptionError(
                f"rounds setting {part!r} is not allowed: infer=X takes 0 or more, pool=N 1 or more"
            )
        if key == "infer":
            infer = float(value)
        else:
            pool = int(value)
    chosen = parse(":".join(rest), LEVELS)
    leaf = RoundLeaf()
    dealer = weighed_worlds(pool, infer) if infer else None
    return lambda seat, rng: MctsBot(seat, rng, chosen, playout, leaf, dealer)


register_bot(
    BotInfo(
        "rounds",
        "searches the round's possible futures (information-set Monte Carlo tree search, "
        "greedy playouts to the round's end) and judges the rest of the game from the totals; "
        "levels easy, normal, hard, expert, or settings as mcts's",
        configure(""),
        game="dokitto",
        configure=configure,
        levels=tuple(f"rounds:{level}" for level in LEVEL_NAMES),
        listed=False,
        label=N_("Round planner"),
        about=N_("Tries out how the round may go, and weighs the totals it leaves."),
    )
)
