"""How the `counter` bot chooses the card it takes as a challenge's winner. Every card counts
the same toward the target; what differs is the dice it brings: the card leaves the common
display (everyone stops counting it) for the winner's own (the winner goes on counting it), so
it slows the winner against every rival on the challenges that look at its dice. `dots` is
the first rule (the card with the most dots, the tie-break at the end); `race` takes the card
that leaves the counter the best chance of winning the challenges still to come."""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any

from parlour.boxes.likedice import rules
from parlour.boxes.likedice.components import CARD_BY_KEY, CHALLENGES, DECKS, Level
from parlour.boxes.likedice.determinize import pile
from parlour.boxes.likedice.timing import Skill, first_right, looked_at
from parlour.kernel import Action, View


class Cards(Enum):
    """The card-choice rules, by their setting's value (`counter:cards=race`)."""

    DOTS = "dots"
    RACE = "race"


def most_dots(view: View) -> Action:
    """The card with the most dots (the first such place)."""
    return str(max(view["take"]["choices"], key=_dots)["action"])


def best_for_race(view: View, seat: int, skill: Skill) -> Action:
    """The card after whose taking the seat expects to win the most challenges still to come
    (the first of `race_ranking`)."""
    return race_ranking(view, seat, skill)[0][0]


def race_ranking(view: View, seat: int, skill: Skill) -> list[tuple[Action, float]]:
    """The cards the seat may take, each with the challenges it expects to win after taking
    it (`race_values`), the most first; ties go to the most dots."""
    values = race_values(view, seat, skill)
    dots = {str(choice["action"]): _dots(choice) for choice in view["take"]["choices"]}
    return sorted(values.items(), key=lambda item: (-item[1], -dots[item[0]]))


def race_values(view: View, seat: int, skill: Skill) -> dict[Action, float]:
    """For each card the seat may take, the challenges it expects to win after taking it:
    over the challenges the game may yet reveal (`horizon`: those left in the pile first,
    then the reshuffled level), the chance of the first right answer (`first_right`), with
    every rival counting at this seat's skill and the unknown refill left out (it adds the
    same dice for everyone)."""
    weights = horizon(view, seat)
    others = [other for other in range(len(view["seats"])) if other != seat]
    common = [CARD_BY_KEY[card["key"]] for card in view["common"]]
    owns = [[CARD_BY_KEY[card["key"]] for card in own["display"]] for own in view["seats"]]

    def value(choice: Mapping[str, Any]) -> float:
        taken = CARD_BY_KEY[choice["card"]["key"]]
        left = [card for card in common if card is not taken]
        seen = [rules.dice_of([*left, *own]) for own in owns]
        seen[seat] += taken.dice
        chance = 0.0
        for index, weight in weights.items():
            challenge = CHALLENGES[index]
            rivals = [looked_at(challenge, seen[other]) for other in others]
            chance += weight * first_right(skill, looked_at(challenge, seen[seat]), rivals)
        return chance

    return {str(choice["action"]): value(choice) for choice in view["take"]["choices"]}


def horizon(view: View, seat: int) -> dict[int, float]:
    """How many times each challenge (index) is expected to be revealed before the game ends,
    after `seat` takes its card: `left` challenges to come, estimated as the players times the
    fewest cards anyone still needs (players of equal skill take turns winning), at most the
    most the game can last; those in the pile first (each as likely), then the whole level
    reshuffled."""
    needed = [own["target"] - own["cards"] - (own["seat"] == seat) for own in view["seats"]]
    if min(needed) <= 0:
        return {}
    left = min(len(needed) * min(needed), sum(needed) - len(needed) + 1)
    waiting = pile(view)
    weights = dict.fromkeys(waiting, min(1.0, left / len(waiting)) if waiting else 0.0)
    after = max(0, left - len(waiting))
    if after:
        level = DECKS[Level[view["level"].upper()]]
        for index in level:
            weights[index] = weights.get(index, 0.0) + after / len(level)
    return weights


def _dots(choice: Mapping[str, Any]) -> int:
    return CARD_BY_KEY[choice["card"]["key"]].pips
