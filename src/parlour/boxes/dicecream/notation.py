"""Dicecream's actions: the canonical texts (every action a player can ever have, and what
each one names), and what players may type besides them.

Colours may be given by their initial: b(lue), y(ellow), r(ed), g(reen), w(hite).

r, roll / d, done / p, pass           -> roll / done / pass
rr rw, reroll r w, reroll red white   -> reroll red,white
ub, u b, unlock b                     -> unlock blue
rcb, r c b, red cube blue             -> red cube of blue (die colour, cube or topping, sundae)
rtb, r top b                          -> red topping of blue
left b, right cream of b              -> left cream of blue, right cream of blue
wb, white b, cream b                  -> cream of blue: the one cream space of blue that is legal
take rcb, t rcb / bonus rcb           -> take red cube of blue / bonus red cube of blue; the
                                         state turns a space into the legal action that fills it
                                         (`bonus 4 in red cube of blue`), with or without the verb
"""

from __future__ import annotations

import re
from itertools import combinations

from parlour.boxes.dicecream.components import (
    BONUS_CARDS,
    DICE,
    FLAVOURS,
    SPACE_NAMES,
    SPACES,
    Colour,
    Kind,
    Side,
    Space,
)
from parlour.kernel import Action

ROLL = "roll"
DONE = "done"
PASS = "pass"


def reroll_action(dice: tuple[Colour, ...]) -> Action:
    """The action that spends a bean to reroll `dice` (in `DICE` order)."""
    return "reroll " + ",".join(die.key for die in dice)


def bonus_action(space: Space, number: int) -> Action:
    """The action that uses a bonus effect on `space`: enter `number`, or (0) tick it."""
    return f"bonus {number} in {space.name}" if number else f"bonus {space.name}"


REROLLS: dict[Action, tuple[Colour, ...]] = {
    reroll_action(dice): dice
    for size in range(1, len(DICE) + 1)
    for dice in combinations(DICE, size)
}
"""Each reroll and the dice it rerolls: any dice, at least one (ruling)."""
REROLL_ACTIONS = tuple(REROLLS)
UNLOCKS: dict[Action, Colour] = {f"unlock {sundae.key}": sundae for sundae in FLAVOURS}
UNLOCK_OF = tuple(UNLOCKS)
"""The unlock action of each sundae, in `FLAVOURS` order."""
PLACES: dict[Action, Space] = dict(SPACE_NAMES)
"""Each placement by the active player: the space names the die (its colour, or white)."""
TAKES: dict[Action, Space] = {f"take {space.name}": space for space in SPACES}
TAKE_OF = tuple(TAKES)
"""The take action of each space, in `SPACES` order."""
BONUSES: dict[Action, tuple[Space, int]] = {
    bonus_action(space, card.value): (space, card.value)
    for card in BONUS_CARDS
    for space in SPACES
    if card.allows(space)
}
"""Each bonus action and what it enters where (0: a tick)."""
BONUS_OF = {(space.index, number): action for action, (space, number) in BONUSES.items()}
"""The bonus action entering a number (0: a tick) on a space, by the space's index."""
SPACE_OF: dict[Action, Space] = {
    **PLACES,
    **TAKES,
    **{action: space for action, (space, _) in BONUSES.items()},
}
"""The space each placement, take or bonus action fills."""
ACTIONS: tuple[Action, ...] = (
    ROLL,
    *REROLLS,
    *UNLOCKS,
    *PLACES,
    DONE,
    *TAKES,
    *BONUSES,
    PASS,
)
"""Every action a player can ever have, in a fixed order (`Dicecream.all_actions`)."""

_COLOURS = {**{die.key: die for die in DICE}, **{die.key[0]: die for die in DICE}}
_SUNDAES = {word: colour for word, colour in _COLOURS.items() if colour in FLAVOURS}
_KINDS = {"c": Kind.CUBE, "cube": Kind.CUBE, "t": Kind.TOPPING, "top": Kind.TOPPING}
_KINDS["topping"] = Kind.TOPPING
_SIDES = {side.value: side for side in Side}
_WORDS = {"r": "roll", "roll": "roll", "d": "done", "done": "done", "p": "pass", "pass": "pass"}
_VERBS = {"take": "take", "t": "take", "bonus": "bonus", "bo": "bonus", "place": "", "put": ""}
_FILLERS = {"on", "of", "in", "to", "the", "a", "sundae", "die", "space"}


def normalise(text: str) -> str:
    """The canonical action `text` stands for, a space (`red cube of blue`, `cream of blue`)
    with an optional `take` or `bonus` before it, or the cleaned text itself when unknown."""
    cleaned = " ".join(text.lower().split())
    words = re.findall(r"[a-z]+|\d+", cleaned)
    if not words:
        return cleaned
    head, rest = words[0], words[1:]
    if not rest and head in _WORDS:
        return _WORDS[head]
    if head in ("rr", "reroll"):
        dice = _dice(rest)
        return "reroll " + ",".join(die.key for die in dice) if dice else cleaned
    if head in ("u", "unlock") and len(rest) == 1 and rest[0] in _SUNDAES:
        return f"unlock {_SUNDAES[rest[0]].key}"
    if not rest and len(head) == 2 and head[0] == "u" and head[1] in _SUNDAES:
        return f"unlock {_SUNDAES[head[1]].key}"
    verb = _VERBS.get(head)
    if verb is not None:
        words = rest
    space = _space([w for w in words if w not in _FILLERS and not w.isdigit()])
    if space is None:
        return cleaned
    return f"{verb} {space}" if verb else space


def _dice(words: list[str]) -> tuple[Colour, ...]:
    """The dice named by colour words or runs of initials (`rw`), in `DICE` order; none when
    any word is not a colour."""
    dice: set[Colour] = set()
    for word in words:
        if word in _COLOURS:
            dice.add(_COLOURS[word])
        elif all(letter in _COLOURS for letter in word):
            dice.update(_COLOURS[letter] for letter in word)
        else:
            return ()
    return tuple(sorted(dice))


def _space(words: list[str]) -> str | None:
    """The space named by `words` (`cream of blue` for either cream space), or None."""
    if len(words) == 1 and len(words[0]) in (2, 3):
        words = list(words[0])
    if len(words) == 3 and words[0] in _COLOURS and words[1] in _KINDS and words[2] in _SUNDAES:
        colour, kind = _COLOURS[words[0]], _KINDS[words[1]]
        return f"{colour.key} {kind.value} of {_SUNDAES[words[2]].key}"
    if words and words[-1] in _SUNDAES:
        where = _SUNDAES[words[-1]].key
        what = [w for w in words[:-1] if w != "cream"]
        if len(what) == 1 and what[0] in _SIDES:
            return f"{what[0]} cream of {where}"
        if what in ([], ["w"], ["white"]) and len(words) > 1:
            return f"cream of {where}"
    return None
