"""Like Dice's counting-time model, shared by the `counter` bot's answers and its card choice:
a counter's speed and accuracy (`Skill`, the presets), the dice it must look at for a
challenge, and from these the chance that a seat's answer is the first right one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from parlour.boxes.likedice import rules
from parlour.boxes.likedice.components import CARD_BY_KEY, CHALLENGE_BY_KEY, Challenge, Die, Kind
from parlour.kernel import View

SPREAD = (0.8, 1.2)
"""A count takes its planned time times a factor drawn uniformly from this range."""
STEPS = 24
"""Points of the midpoint rule over a counter's own time factor in `first_right`."""


@dataclass(frozen=True)
class Skill:
    """A counter's speed and accuracy: seconds to take in the challenge, seconds for each die
    it must look at, and the chance that a finished count is wrong."""

    reaction: float
    per_die: float
    error: float

    def seconds(self, dice: int) -> float:
        """The planned time to count a challenge with `dice` dice to look at."""
        return self.reaction + self.per_die * dice


PRESETS = {
    "child": Skill(3.0, 1.2, 0.25),
    "teen": Skill(2.0, 0.8, 0.15),
    "adult": Skill(1.5, 0.6, 0.10),
    "skilled": Skill(1.0, 0.4, 0.05),
    "expert": Skill(0.6, 0.25, 0.02),
}
"""The presets, slowest and least accurate first; `counter` alone is `adult`."""


def situation(view: View, seat: int) -> tuple[Challenge, list[Die]]:
    """The challenge and the dice the seat counts (the common display and its own), from its
    view."""
    cards = [*view["common"], *view["seats"][seat]["display"]]
    dice = rules.dice_of(CARD_BY_KEY[card["key"]] for card in cards)
    return CHALLENGE_BY_KEY[view["challenge"]["key"]], dice


def looked_at(challenge: Challenge, dice: Sequence[Die]) -> int:
    """How many of the dice a counter must look at: those of the card's colours; every die for
    white dice; for a sequence, the colours in order up to the one holding the position."""
    if challenge.kind is Kind.WHITE:
        return len(dice)
    if challenge.kind is not Kind.SEQUENCE:
        colours = challenge.colours
        return sum(1 for die in dice if die.colour in colours)
    seen = 0
    for colour in challenge.colours:
        seen += sum(1 for die in dice if die.colour is colour)
        if seen >= challenge.position:
            break
    return seen


def first_right(skill: Skill, mine: int, others: Sequence[int]) -> float:
    """The chance that a counter looking at `mine` dice gives the first right answer, against
    counters of the same skill looking at `others` dice each (no time limit): answers are
    checked in the order given, so it must be right, and every rival who answers earlier
    wrong. Integrates over its own time factor; the rivals' factors are uniform too."""
    low, high = SPREAD
    width = high - low
    planned = skill.seconds(mine)
    rivals = [skill.seconds(dice) for dice in others]
    right = 1.0 - skill.error
    total = 0.0
    for step in range(STEPS):
        at = planned * (low + width * (step + 0.5) / STEPS)
        chance = 1.0
        for seconds in rivals:
            earlier = min(1.0, max(0.0, (at / seconds - low) / width))
            chance *= 1.0 - right * earlier
        total += chance
    return right * total / STEPS
