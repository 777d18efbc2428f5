"""What a finished game is worth to each seat, the one convention of every learning adapter
(PettingZoo, Gymnasium, OpenSpiel) and dataset: it follows the game's declared objective. A
game played to win is zero-sum: a win shared among tied winners, less an equal share each,
scaled so that a sole winner gets +1 (two players: +1 / -1, a tie 0 / 0); a points game (solo
Dicetime) is worth its final score."""

from __future__ import annotations

from parlour.kernel.protocol import Objective, State


def returns(state: State) -> list[float]:
    """Each seat's return for the finished `state`, by the game's objective."""
    game = state.game
    if game.objective() is Objective.POINTS:
        return [float(score) for score in state.scores]
    players = game.players
    winners = state.winners
    if not winners:
        return [0.0] * players
    share = 1.0 / len(winners)
    scale = players / (players - 1)
    return [scale * ((share if seat in winners else 0.0) - 1 / players) for seat in range(players)]


def worth(state: State, seat: int) -> float:
    """What the finished `state` is worth to `seat` by the game's objective, as advice and
    end-game search value it: its final score where points count, else its share of the win
    (1 shared among the tied winners, 0 for a seat that did not win)."""
    if state.game.objective() is Objective.POINTS:
        return float(state.scores[seat])
    winners = state.winners
    return 1.0 / len(winners) if seat in winners else 0.0


def result(state: State) -> list[float]:
    """The finished `state`'s result by seat, the old `result` reward: 1 for a winner, -1 for
    any other seat; 0 for all when every seat wins or none does (a tie of everyone, alone)."""
    players = state.game.players
    winners = set(state.winners)
    if len(winners) in (0, players):
        return [0.0] * players
    return [1.0 if seat in winners else -1.0 for seat in range(players)]
