"""Dicecream as a kernel game: its metadata, its full action list and length bound, and its
determinizer. It has no options: the rulebook's rules with the project's rulings
(`docs/rules/dicecream.md`) leave nothing for players to choose."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.boxes.dicecream import contrast, determinize, views, words
from parlour.boxes.dicecream.components import BONUS_CARDS, FACES, ROUNDS
from parlour.boxes.dicecream.encoding import encoding
from parlour.boxes.dicecream.howto import HOW_TO_PLAY
from parlour.boxes.dicecream.notation import ACTIONS, DONE, PLACES, UNLOCKS
from parlour.boxes.dicecream.state import DicecreamState
from parlour.boxes.dicecream.tutorial import TUTORIAL
from parlour.i18n import N_, ngettext
from parlour.kernel import (
    Action,
    Advice,
    Balance,
    Comparison,
    Concurrency,
    Configuration,
    Encoding,
    Game,
    GameInfo,
    Rng,
    State,
    View,
    register,
)

TURN_ACTIONS = 9
"""The most actions of one seat's own turn: roll, two rerolls, five dice placed, done."""


def most_actions(players: int) -> int:
    """The longest game: each turn is at most 9 actions and one pick by each other seat, and
    each round adds one bonus choice a seat: rounds x players x (players + 9)."""
    return ROUNDS[players] * players * (TURN_ACTIONS + players)


CONFIGURATIONS = tuple(Configuration(players, {}, most_actions(players)) for players in ROUNDS)


@register
class Dicecream(Game):
    """Dicecream: five coloured dice build four ice cream sundaes; the others may use your dice."""

    info = GameInfo(
        name="dicecream",
        title="Dicecream",
        summary=N_(
            "Roll five coloured dice and build four sundaes: unlock a bowl, place dice up to "
            "its number; the others may take your dice; bonus cards after every round."
        ),
        min_players=min(ROUNDS),
        max_players=max(ROUNDS),
        options=(),
        rulebook="docs/rules/dicecream.md",
        how_to_play=HOW_TO_PLAY,
        tutorial=TUTORIAL,
        hidden_information=True,
        configurations=CONFIGURATIONS,
        balance=Balance(players=2, bot="greedy", compare=(Comparison("players"),)),
    )
    reason_texts = words.REASON_TEXTS
    view_type = views.DicecreamView

    def _new_state(self, rng: Rng, seed: int, chance: tuple[int, ...]) -> DicecreamState:
        return DicecreamState(self, rng, seed, chance)

    def determinize(self, view: View, rng: Rng) -> DicecreamState:
        return determinize.determinize(self, view, rng)

    def reason_words(self, params: Mapping[str, Any]) -> Mapping[str, Any]:
        return words.reason_words(params)

    def encoding(self) -> Encoding:
        """The turn, the choices and every sheet, the viewer's first (`encoding.py`)."""
        return encoding(self.players)

    def contrast(self, view: View, seat: int, chosen: Action, better: Action) -> str | None:
        """By the points each choice enters on the sheet now, a bowl die's limit, or the dice
        the others may take (`contrast.py`), in a world dealt from the view (only the bonus
        stack is hidden, and it is not read)."""
        return contrast.contrast(self.determinize(view, Rng(0)), seat, chosen, better)

    def advice(self) -> Advice:
        """Hints by search from the seat's view: each choice's chance of winning (or final
        score alone) over the worlds the view allows, played out by the search bots' policy."""
        from parlour.bots.advice import SearchAdvice
        from parlour.boxes.dicecream.playout import playout

        return SearchAdvice(self, playout)

    def confirm(self, view: View, action: Action) -> str | None:
        """Before ending the turn while a die of the roll could still be placed: the dice not
        placed are lost (one click did it, with dice the seat meant to place)."""
        turn = view["turn"]
        if action != DONE or turn is None or turn["seat"] != view["seat"]:
            return None
        moves = view["moves"]
        placeable = [d for d in turn["dice"] if d["use"] == "unused" and moves.get(d["colour"])]
        if not placeable:
            return None
        return ngettext(
            "End your turn? {count} die could still be placed; it is lost.",
            "End your turn? {count} dice could still be placed; they are lost.",
            len(placeable),
        ).format(count=len(placeable))

    def undoable(self, before: State, seat: int, action: Action) -> bool:
        """A sundae unlocked or a die placed in the seat's own turn: nothing is drawn or shown
        until `done` (a reroll rolls dice: never taken back)."""
        return action in UNLOCKS or action in PLACES

    def all_actions(self) -> tuple[Action, ...]:
        """`roll`, the 31 rerolls (by number of dice, dice in order blue, yellow, red, green,
        white), the 4 unlocks, the 32 placements (sheet order: sundae by sundae, cubes, left
        and right cream, toppings), `done`, the 32 takes and 32 bonus entries (sheet order),
        `pass`."""
        return ACTIONS

    def length_bound(self) -> int:
        return most_actions(self.players)

    def concurrency(self) -> Concurrency:
        """The others' picks and the bonus choices are sealed choices made at once."""
        return Concurrency.SEALED

    def chance_bound(self) -> int:
        """A bonus card drawn from the whole deck, or a die."""
        return max(len(BONUS_CARDS), FACES)
