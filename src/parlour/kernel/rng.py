"""The only source of chance in a game: a seeded RNG that is identical on every machine.

Only `random.Random.random()` is used, because Python guarantees its sequence for a given seed
across versions and platforms; integers are derived from it by plain arithmetic. Each draw is a
multiple of 2**-53, so `int(random() * 2**k)` is exactly uniform for `k <= 53`: `seed` and
`exact_below` are built from such 32-bit draws.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, MutableSequence
from typing import TypeVar

T = TypeVar("T")

_WORD = 1 << 32
"""The range of one exact draw: a power of two below a float's 53 bits of precision."""


def _seed_key(seed: int) -> int:
    """Map any integer to a distinct non-negative one (`random` treats -n like n)."""
    return 2 * seed if seed >= 0 else -2 * seed - 1


class Rng:
    """Deterministic chance for one game: dice, uniform choices and shuffles."""

    __slots__ = ("_generator", "_random")

    def __init__(self, seed: int) -> None:
        self._generator = random.Random(_seed_key(seed))
        self._random = self._generator.random

    def copy(self) -> Rng:
        """An independent RNG that continues exactly as this one would."""
        clone = copy.copy(self)
        clone._generator = random.Random()
        clone._generator.setstate(self._generator.getstate())
        clone._random = clone._generator.random
        return clone

    def mark(self) -> object:
        """Where the RNG stands, to compare with another's: equal marks draw alike from here
        on (how the kernel sees that a move drew no chance, see `State.apply` of `undo`)."""
        return self._generator.getstate()

    def below(self, n: int) -> int:
        """An integer in `0 .. n-1`, uniform to within `n / 2**53` (exactly for a power of two
        up to `2**53`): one float draw scaled, which records depend on. Past `2**53` it reaches
        only `2**53` of the values; draw large ranges with `exact_below`."""
        return int(self._random() * n)

    def exact_below(self, n: int) -> int:
        """An exactly uniform integer in `0 .. n-1` for any `n`, however large: 32 bits a draw
        for as many bits as `n` has, a value `>= n` drawn again."""
        if n < 1:
            raise ValueError(f"no integer is below {n}")
        bits = n.bit_length()
        while True:
            value = 0
            for _ in range(0, bits, 32):
                value = value << 32 | int(self._random() * _WORD)
            value >>= -bits % 32
            if value < n:
                return value

    def seed(self) -> int:
        """A fresh 64-bit seed for another RNG (a determinized state's, a helper bot's): the
        one way to derive a seed, every value in `0 .. 2**64 - 1` equally likely."""
        return int(self._random() * _WORD) << 32 | int(self._random() * _WORD)

    def die(self, sides: int = 6) -> int:
        """A die roll in `1 .. sides`."""
        return int(self._random() * sides) + 1

    def dice_index(self, count: int, sides: int = 6) -> int:
        """`count` dice rolled at once, as one uniform index in `0 .. sides**count - 1` whose
        base-`sides` digits, least significant first, are the faces minus one (a fast path
        for games that roll several dice: one draw instead of `count`)."""
        return int(self._random() * sides**count)

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates driven by `below`)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


class ScriptedRng(Rng):
    """An RNG that first returns scripted outcomes, then continues from the seed.

    For tests and tools that need exact positions (a rulebook example names its dice). Each
    scripted value is consumed by the next call: `die()` takes a face (1..sides), `below(n)` and
    `exact_below(n)` an index (0..n-1). A value out of range raises `ValueError` naming it. A
    fresh `seed()` is no chance outcome of the game: it comes from the seed, never the script.
    """

    __slots__ = ("_script", "used")

    def copy(self) -> ScriptedRng:
        clone = super().copy()
        assert isinstance(clone, ScriptedRng)
        clone._script = list(self._script)
        return clone

    def mark(self) -> object:
        """The generator's place and how much of the script is left."""
        return super().mark(), len(self._script)

    def __init__(self, seed: int, script: Iterable[int]) -> None:
        super().__init__(seed)
        self._script = list(reversed(list(script)))
        self.used = 0

    def _next(self, low: int, high: int) -> int | None:
        if not self._script:
            return None
        value = self._script.pop()
        if not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"scripted chance outcome {value!r} is not in {low}..{high}")
        self.used += 1
        return value

    def below(self, n: int) -> int:
        value = self._next(0, n - 1)
        return super().below(n) if value is None else value

    def exact_below(self, n: int) -> int:
        value = self._next(0, n - 1)
        return super().exact_below(n) if value is None else value

    def die(self, sides: int = 6) -> int:
        value = self._next(1, sides)
        return super().die(sides) if value is None else value

    def dice_index(self, count: int, sides: int = 6) -> int:
        if not self._script:
            return super().dice_index(count, sides)
        return sum((self.die(sides) - 1) * sides**i for i in range(count))


class ChanceNeeded(Exception):
    """A strict script ran out: the draw it could not answer, for adapters that expose chance
    one draw at a time (OpenSpiel's chance nodes). The draw has `outcomes` uniform outcomes,
    scripted as `first .. first + outcomes - 1` (`die`: faces from 1, `below`: from 0)."""

    def __init__(self, outcomes: int, first: int) -> None:
        kind = "a die" if first else "below"
        super().__init__(f"the script has no outcome for {kind} of {outcomes} outcomes")
        self.outcomes = outcomes
        self.first = first


class StrictRng(ScriptedRng):
    """A script and nothing else: a draw past its end raises `ChanceNeeded` instead of
    continuing from a seed. `drawn` keeps every outcome handed out, so a record of a game
    on it names all its chance. Several dice (`dice_index`) are drawn die by die; it has no
    fresh `seed()` to give."""

    __slots__ = ("drawn",)

    _UNUSED = random.Random(0)
    """The generator every strict RNG holds and never draws from (so none is made or copied)."""

    def __init__(self, script: Iterable[int], drawn: Iterable[int] = ()) -> None:
        self._generator = self._UNUSED
        self._random = self._UNUSED.random
        self._script = list(reversed(list(script)))
        self.used = 0
        self.drawn = list(drawn)

    def copy(self) -> StrictRng:
        clone = copy.copy(self)
        clone._script = list(self._script)
        clone.drawn = list(self.drawn)
        return clone

    def _strict(self, low: int, high: int) -> int:
        value = self._next(low, high)
        if value is None:
            raise ChanceNeeded(high - low + 1, low)
        self.drawn.append(value)
        return value

    def below(self, n: int) -> int:
        return self._strict(0, n - 1)

    def exact_below(self, n: int) -> int:
        return self._strict(0, n - 1)

    def seed(self) -> int:
        """Refused: a strict RNG holds no generator to draw a seed from, only its script."""
        raise TypeError("a strict RNG has no seed to draw from, only its script")

    def die(self, sides: int = 6) -> int:
        return self._strict(1, sides)

    def dice_index(self, count: int, sides: int = 6) -> int:
        return sum((self.die(sides) - 1) * sides**i for i in range(count))
