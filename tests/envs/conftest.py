"""A stand-in encoding for the games whose own has not landed yet (the branch `encode`):
who may act and the scores. Only for these tests; removed once every game has its encoding."""

from __future__ import annotations

from parlour.kernel import Game, View
from parlour.kernel.encoding import Encoding, Feature

_GAME_ENCODING = Game.encoding


def _stand_in(game: Game) -> Encoding:
    try:
        return _GAME_ENCODING(game)
    except NotImplementedError:
        n = game.players

        def fill(view: View) -> list[float]:
            return [float(seat in view["to_act"]) for seat in range(n)] + [
                float(score) for score in view["scores"]
            ]

        return Encoding(
            "stand-in",
            (
                Feature("to_act", n, 0, 1, "1 for each seat to act"),
                Feature("scores", n, -1000, 1000, "each seat's score"),
            ),
            fill,
        )


Game.encoding = _stand_in  # type: ignore[method-assign,assignment]  # collection needs it already
