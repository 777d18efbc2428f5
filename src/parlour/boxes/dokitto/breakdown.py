"""Dokitto! Ice's score breakdowns: each round's Ice tiles and Topping tokens, and what the
player who had to take a fourth tile lost, from the log's tricks and scoring (public), and the
game's, the rounds added up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlour.boxes.dokitto import rules
from parlour.boxes.dokitto.components import Trick
from parlour.boxes.dokitto.events import Scored
from parlour.i18n import N_, _
from parlour.kernel import Breakdown, Row
from parlour.kernel.breakdown import added, final

if TYPE_CHECKING:
    from parlour.boxes.dokitto.state import DokittoState

TILES = N_("Ice tiles")
TOPPINGS = N_("Topping tokens")
FOURTH = N_("Lost to a fourth tile")


def breakdowns(state: DokittoState) -> tuple[Breakdown, ...]:
    """The last round scored (none before the first ends), and once the game is over the
    game's."""
    players = state.game.players
    tricks: list[Trick] = []
    rounds: list[Breakdown] = []
    for event in state._events:
        if isinstance(event, Trick) and event.tile is not None:
            tricks.append(event)
        elif isinstance(event, Scored):
            rounds.append(scored_round(event, tricks, players))
            tricks = []
    if not rounds:
        return ()
    return (rounds[-1], final(added(rounds))) if state.over else (rounds[-1],)


def scored_round(scored: Scored, tricks: list[Trick], players: int) -> Breakdown:
    """A round's points (`rules.round_points`) from the tiles its tricks brought each seat."""
    tiles = [0] * players
    toppings = [0] * players
    for trick in tricks:
        tiles[trick.winner] += 1
        toppings[trick.winner] += trick.starred
    kept = [
        rules.round_points(*counts, busted=False) for counts in zip(tiles, toppings, strict=True)
    ]
    lost = tuple(-kept[seat] if seat == scored.busted else 0 for seat in range(players))
    rows = (
        Row(_(TILES), tuple(rules.round_points(count, 0, busted=False) for count in tiles)),
        Row(_(TOPPINGS), tuple(rules.round_points(0, count, busted=False) for count in toppings)),
        Row(_(FOURTH), lost),
    )
    return Breakdown("round", _("Round {number}").format(number=scored.round), rows)
