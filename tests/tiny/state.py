"""Tiny Duel's state: the hands, the sealed choices, the deck and the rounds revealed; it
changes only by `_apply`, and `_verify` is the one place that says why an action is refused."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from parlour.kernel import TABLE, Action, Breakdown, Reason, Rng, Seat, State
from tests.tiny import breakdown, rules
from tests.tiny.components import SEATS, Card
from tests.tiny.events import Round
from tests.tiny.notation import action_of, card_of, normalise
from tests.tiny.views import TinyView, round_view
from tests.tiny.words import told

if TYPE_CHECKING:
    from tests.tiny.game import TinyDuel


class TinyState(State):
    """One moment of a Tiny Duel."""

    game: TinyDuel

    def __init__(
        self,
        game: TinyDuel,
        rng: Rng,
        seed: int,
        chance: tuple[int, ...],
        hands: Sequence[Iterable[Card]],
        deck: Iterable[Card],
        choices: Sequence[Card | None] = (None,) * SEATS,
        rounds: Iterable[Round] = (),
    ) -> None:
        super().__init__(game, rng, seed, chance)
        self._hands = [sorted(hand) for hand in hands]
        self._deck = sorted(deck)
        self._choices = list(choices)
        self._rounds = list(rounds)

    @property
    def to_act(self) -> tuple[int, ...]:
        return tuple(
            seat for seat in range(SEATS) if self._choices[seat] is None and self._hands[seat]
        )

    @property
    def over(self) -> bool:
        return not self.to_act

    def legal_actions(self, seat: Seat) -> Sequence[Action]:
        if seat is TABLE or seat not in self.to_act:
            return ()
        return tuple(action_of(card) for card in self._hands[seat])

    def _verify(self, seat: Seat, action: Action) -> Reason | None:
        if seat is None:  # the table, which has no actions in this game
            return self._not_legal(seat, action)
        card = card_of(action)
        if card is None:
            return Reason("not_a_play", {"action": action})
        if card not in self._hands[seat]:
            return Reason("not_in_hand", {"card": card, "hand": list(self._hands[seat])})
        return None

    def _apply(self, seat: Seat, action: Action) -> None:
        assert seat is not None
        card = card_of(action)
        assert card is not None
        self._hands[seat].remove(card)
        self._choices[seat] = card
        if any(choice is None for choice in self._choices):
            return
        cards = tuple(choice for choice in self._choices if choice is not None)
        self._rounds.append(Round(cards, rules.round_winner(cards)))
        self._choices = [None] * SEATS
        for hand in self._hands:
            if self._deck:
                hand.append(rules.draw(self._rng, self._deck))
                hand.sort()

    def parse_action(self, seat: Seat, text: str) -> Action:
        """The canonical text or a short form (`3`, `p 3`: see `notation`)."""
        return super().parse_action(seat, normalise(text))

    @property
    def scores(self) -> tuple[int, ...]:
        won = [done.winner for done in self._rounds]
        return tuple(won.count(seat) for seat in range(SEATS))

    @property
    def winners(self) -> tuple[int, ...]:
        return rules.winners(self.scores) if self.over else ()

    def breakdowns(self, seat: Seat) -> tuple[Breakdown, ...]:
        return breakdown.breakdowns(self)

    def view(self, seat: Seat) -> TinyView:
        own = seat if seat is not None and 0 <= seat < SEATS else None
        return {
            "game": self.game.name,
            "seat": seat,
            "to_act": list(self.to_act),
            "over": self.over,
            "scores": list(self.scores),
            "winners": list(self.winners),
            "highest": self.game.highest,
            "hand": [] if own is None else list(self._hands[own]),
            "choice": None if own is None else self._choices[own],
            "held": [len(hand) for hand in self._hands],
            "chosen": [choice is not None for choice in self._choices],
            "deck": len(self._deck),
            "rounds": [round_view(done) for done in self._rounds],
            "log": [told(n, done, seat) for n, done in enumerate(self._rounds, 1)],
        }
