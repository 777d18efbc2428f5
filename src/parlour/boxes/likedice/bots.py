"""Like Dice's own bots. `counter` counts like a person: its thinking time grows with the dice
it must look at, it is sometimes wrong, and presets run from a child to an expert. It reads
only its seat's view; runners order the answers by its `think_time`."""

from __future__ import annotations

import math
from collections.abc import Sequence

from parlour.bots.registry import Bot, BotFactory, BotInfo, View, register_bot
from parlour.boxes.likedice import rules
from parlour.boxes.likedice.cards import Cards, best_for_race, most_dots
from parlour.boxes.likedice.components import (
    MAX_ANSWER,
    Challenge,
    Die,
)
from parlour.boxes.likedice.notation import ANSWER_OF
from parlour.boxes.likedice.timing import PRESETS, Skill, looked_at, situation
from parlour.i18n import N_
from parlour.kernel import Action, OptionError, Rng

RUSH = 0.9
"""Share of a challenge's time limit after which a slow counter calls out what it has."""
MISSES = (-3, -2, -1, 1, 2, 3)
"""How far off a wrong answer is."""
CARDS = Cards.RACE
"""The card-choice rule of every preset unless a setting names another (`cards=race`)."""


class CounterBot(Bot):
    """Counts the dice of the challenge over the common display and its own, taking
    `reaction + per_die x dice looked at` seconds (give or take a fifth); a count is wrong
    with the chance `error`, then off by 1 to 3. Where the challenge's time would run out it
    calls out at 90% of it, right only in proportion to the dice it counted. As the winner it
    takes a card by its rule `cards` (`cards.py`)."""

    name = "counter"

    def __init__(self, seat: int, rng: Rng, skill: Skill, cards: Cards = CARDS) -> None:
        super().__init__(seat, rng)
        self.skill = skill
        self.cards = cards
        self._planned: tuple[int, float] | None = None  # (challenge number, seconds)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if view["phase"] == "take":
            if self.cards is Cards.RACE:
                return best_for_race(view, self.seat, self.skill)
            return most_dots(view)
        challenge, dice = situation(view, self.seat)
        seconds = self._seconds(challenge, dice) * (0.8 + self.rng.below(401) / 1000)
        accuracy = 1.0 - self.skill.error
        limit = view["time_limit"]
        if limit and seconds > RUSH * limit:
            accuracy *= RUSH * limit / seconds
            seconds = RUSH * limit
        self._planned = (view["number"], seconds)
        right = rules.answer(challenge, dice)
        if self.rng.below(1_000_000) < accuracy * 1_000_000:
            return ANSWER_OF[right]
        return ANSWER_OF[self._miss(right)]

    def think_time(self, view: View, legal: Sequence[Action]) -> float:
        """The time planned by `choose` for this challenge (its estimate without the noise if
        asked first); on its own turn to take a card, the default."""
        if view["phase"] != "answer":
            return super().think_time(view, legal)
        if self._planned is not None and self._planned[0] == view["number"]:
            return self._planned[1]
        seconds = self._seconds(*situation(view, self.seat))
        limit = view["time_limit"]
        return min(seconds, RUSH * limit) if limit else seconds

    def _seconds(self, challenge: Challenge, dice: Sequence[Die]) -> float:
        return self.skill.seconds(looked_at(challenge, dice))

    def _miss(self, right: int) -> int:
        """A wrong answer near the right one, within 0 to 99."""
        wrong = min(MAX_ANSWER, max(0, right + MISSES[self.rng.below(len(MISSES))]))
        if wrong == right:
            wrong = right + 1 if right < MAX_ANSWER else right - 1
        return wrong


def _configure(preset: str) -> BotInfo:
    """A registered counter with this preset, taking settings: another preset, `speed=X` (a
    factor: 2 counts twice as fast), `error=P` (the chance a count is wrong, 0 to 1) and
    `cards=RULE` (how it chooses the card it wins: `dots` or `race`)."""

    def configure(settings: str) -> BotFactory:
        skill, speed, error, cards = PRESETS[preset], 1.0, None, CARDS
        for part in filter(None, settings.lower().split(":")):
            key, equals, text = part.partition("=")
            value = _finite(text)
            if not equals and key in PRESETS:
                skill = PRESETS[key]
            elif key == "speed" and value is not None and value > 0:
                speed = value
            elif key == "error" and value is not None and 0 <= value <= 1:
                error = value
            elif key == "cards" and text in _RULES:
                cards = Cards(text)
            else:
                raise OptionError(
                    f"counter setting {part!r} is not allowed: use a preset ("
                    f"{', '.join(PRESETS)}), speed=X (a number above 0), error=P (0 to 1) or "
                    f"cards=RULE ({' or '.join(_RULES)})"
                )
        final = Skill(
            skill.reaction / speed,
            skill.per_die / speed,
            skill.error if error is None else error,
        )
        return lambda seat, rng: CounterBot(seat, rng, final, cards)

    name = "counter" if preset == "adult" else f"counter-{preset}"
    return BotInfo(
        name,
        DESCRIPTIONS[preset],
        configure(""),
        game="likedice",
        configure=configure,
        default=preset == "adult",
        levels=tuple(f"counter:{level}" for level in PRESETS) if preset == "adult" else (),
        listed=preset == "adult",  # the others are its levels' aliases (`counter-child`)
        label=N_("Counter"),
        about=N_("Counts the dice like a person: a child slowly and often wrong, an expert fast."),
        level_words=PRESET_WORDS,
    )


PRESET_WORDS = {
    "child": N_("Child"),
    "teen": N_("Teenager"),
    "adult": N_("Adult"),
    "skilled": N_("Skilled"),
    "expert": N_("Expert"),
}
"""Players' word for each preset, the counter's levels."""


DESCRIPTIONS = {
    "child": N_(
        "counts like a child (3 s + 1.2 s a die, wrong 25%); settings: "
        "counter-child:speed=2:error=0.05:cards=race or a preset (child, teen, adult, skilled, "
        "expert)"
    ),
    "teen": N_(
        "counts like a teen (2 s + 0.8 s a die, wrong 15%); settings: "
        "counter-teen:speed=2:error=0.05:cards=race or a preset (child, teen, adult, skilled, "
        "expert)"
    ),
    "adult": N_(
        "counts like an adult (1.5 s + 0.6 s a die, wrong 10%); settings: "
        "counter:speed=2:error=0.05:cards=race or a preset (child, teen, adult, skilled, expert)"
    ),
    "skilled": N_(
        "counts like a skilled (1 s + 0.4 s a die, wrong 5%); settings: "
        "counter-skilled:speed=2:error=0.05:cards=race or a preset (child, teen, adult, "
        "skilled, expert)"
    ),
    "expert": N_(
        "counts like an expert (0.6 s + 0.25 s a die, wrong 2%); settings: "
        "counter-expert:speed=2:error=0.05:cards=race or a preset (child, teen, adult, "
        "skilled, expert)"
    ),
}
"""What each preset's bot does, as listings tell it (marked for the catalogue; a test checks
the numbers against `PRESETS`)."""
_RULES = tuple(rule.value for rule in Cards)


def _finite(text: str) -> float | None:
    """`text` as a finite number, or None."""
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


register_bot(_configure("adult"))
for preset in PRESETS:
    if preset != "adult":
        register_bot(_configure(preset))
