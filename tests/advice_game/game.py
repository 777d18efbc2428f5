"""Tally as a kernel game: its metadata, configurations and the contract's methods."""

from __future__ import annotations

from typing import ClassVar

from parlour.kernel import Action, Configuration, Encoding, Game, GameInfo, Rng, View
from tests.advice_game import determinize
from tests.advice_game.advice import TallyAdvice
from tests.advice_game.components import ROUNDS
from tests.advice_game.encoding import tally_encoding
from tests.advice_game.notation import POINTS
from tests.advice_game.state import TallyState
from tests.advice_game.views import TallyView


class Tally(Game):
    info = GameInfo(
        name="tally",
        title="Tally",
        summary="Add one or two to your tally, three times.",
        min_players=1,
        max_players=2,
        options=(),
        rulebook="tests/advice_game/game.py",
        hidden_information=False,
        configurations=(Configuration(1, {}, ROUNDS), Configuration(2, {}, 2 * ROUNDS)),
    )
    view_type: ClassVar[type] = TallyView

    def _new_state(self, rng: Rng, seed: int, chance: tuple[int, ...]) -> TallyState:
        return TallyState(self, rng, seed, chance)

    def determinize(self, view: View, rng: Rng) -> TallyState:
        return determinize.determinize(self, view, rng)

    def encoding(self) -> Encoding:
        """Each seat's tally (the viewer's first) and who is to act."""
        return tally_encoding(self.players)

    def all_actions(self) -> tuple[Action, ...]:
        return tuple(POINTS)

    def length_bound(self) -> int:
        """Every action is one of `ROUNDS` turns of a seat."""
        return ROUNDS * self.players

    def advice(self) -> TallyAdvice:
        return TallyAdvice(self)

    def contrast(self, view: View, seat: int, chosen: Action, better: Action) -> str | None:
        """The points each adds: what a review says beside a costly decision."""
        return f"{better} adds {POINTS[better]} to your tally, {chosen} {POINTS[chosen]}."
