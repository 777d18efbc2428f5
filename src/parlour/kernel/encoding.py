"""Fixed-size numeric encodings of views, for learning adapters (PettingZoo, Gymnasium,
OpenSpiel tensors, datasets): a game declares its features and two ways to fill them. `fill`
reads a seat's view, so it can show no more than the view; `observe` writes the very same
numbers straight from the state into an array, without building the view, and is what the
environments use. The contract suite proves the two equal at every step of random games of
every game and mode, which is also the proof that `observe` shows nothing the view hides."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from parlour.kernel.protocol import Seat, State, View

Fill = Callable[[View], Sequence[float]]
"""A game's encode function: a view's numbers, feature after feature, in declaration order."""
Observe = Callable[[Any, Seat, np.ndarray], None]
"""A game's state path: writes what `fill` gives for `seat`'s view of the state (the game's
own state class) into a float32 array of the encoding's size that arrives all zeros; it need
write only the numbers that are not 0."""


@dataclass(frozen=True)
class Feature:
    """A named run of `size` numbers of an encoding, each within `low`..`high`; `doc` says in
    one line what they mean (e.g. "one-hot of the five dice's faces, 5x6")."""

    name: str
    size: int
    low: float
    high: float
    doc: str

    def __post_init__(self) -> None:
        if not self.name:
            raise ValueError("a feature needs a name")
        if type(self.size) is not int or self.size < 1:
            raise ValueError(f"feature {self.name!r}: size must be a positive integer")
        if not (math.isfinite(self.low) and math.isfinite(self.high) and self.low <= self.high):
            raise ValueError(f"feature {self.name!r}: bounds must be finite with low <= high")


def unit(name: str, size: int, doc: str) -> Feature:
    """A feature whose numbers lie in 0..1, the convention of every game's encoding."""
    return Feature(name, size, 0.0, 1.0, doc)


class Encoding:
    """A game's observation encoding: its features, their bounds as arrays, and `encode`."""

    def __init__(
        self, name: str, features: Iterable[Feature], fill: Fill, observe: Observe
    ) -> None:
        self.name = name
        self.features = tuple(features)
        names = [feature.name for feature in self.features]
        doubled = sorted({n for n in names if names.count(n) > 1})
        if doubled:
            raise ValueError(f"encoding {name!r} names features twice: {', '.join(doubled)}")
        self.size = sum(feature.size for feature in self.features)
        self.low = np.array(
            [f.low for f in self.features for _ in range(f.size)], dtype=np.float32
        ).reshape(self.size)
        self.high = np.array(
            [f.high for f in self.features for _ in range(f.size)], dtype=np.float32
        ).reshape(self.size)
        self._fill = fill
        self._observe = observe
        self._slices: dict[str, slice] = {}
        start = 0
        for feature in self.features:
            self._slices[feature.name] = slice(start, start + feature.size)
            start += feature.size

    def encode(self, view: View) -> np.ndarray:
        """`view` as a fresh float32 array of shape `(size,)` (unchecked: see `check`)."""
        return np.array(self._fill(view), dtype=np.float32)

    def observe(self, state: State, seat: Seat) -> np.ndarray:
        """`encode(state.view(seat))` straight from the state, as a fresh array."""
        out = np.zeros(self.size, dtype=np.float32)
        self._observe(state, seat, out)
        return out

    def observe_into(self, state: State, seat: Seat, out: np.ndarray) -> np.ndarray:
        """`observe` written into `out` (a float32 array of shape `(size,)`, say a row of a
        batch), which it returns."""
        out.fill(0.0)
        self._observe(state, seat, out)
        return out

    def check(self, view: View) -> np.ndarray:
        """`encode(view)`, verified (tests, not every step): exactly `size` finite values, each
        within its feature's bounds; a `ValueError` names the feature otherwise."""
        values = np.asarray(self._fill(view), dtype=np.float64)
        if values.shape != (self.size,):
            raise ValueError(f"encoding {self.name!r} filled {values.size} values, not {self.size}")
        encoded = values.astype(np.float32)
        bounded = np.all((self.low <= encoded) & (encoded <= self.high))
        if not (bounded and np.all(np.isfinite(encoded))):
            raise ValueError(self._fault(encoded))
        return encoded

    def _fault(self, encoded: np.ndarray) -> str:
        """What is wrong with the first feature of `encoded` not finite or out of bounds."""
        for feature in self.features:
            part = encoded[self._slices[feature.name]]
            if not np.all(np.isfinite(part)):
                return f"encoding {self.name!r}: feature {feature.name!r} is not finite"
            if np.any(part < np.float32(feature.low)) or np.any(part > np.float32(feature.high)):
                break
        return (
            f"encoding {self.name!r}: feature {feature.name!r} leaves "
            f"{feature.low}..{feature.high}: {part.tolist()}"
        )

    def part(self, values: np.ndarray, name: str) -> np.ndarray:
        """The numbers of feature `name` in an encoded array (a view into it)."""
        if name not in self._slices:
            raise KeyError(f"encoding {self.name!r} has no feature {name!r}")
        return values[self._slices[name]]

    def describe(self) -> list[dict[str, Any]]:
        """Each feature as a JSON-ready dict (name, size, low, high, doc, offset)."""
        return [
            {**asdict(feature), "offset": self._slices[feature.name].start}
            for feature in self.features
        ]

    def __repr__(self) -> str:
        return f"<Encoding {self.name} size={self.size}>"


# -- the conventions every game's encoding follows ----------------------------------------------


def starts(features: Iterable[Feature]) -> dict[str, int]:
    """Where each feature's numbers start in an encoded array, by name (for `observe`)."""
    start, found = 0, {}
    for feature in features:
        found[feature.name] = start
        start += feature.size
    return found


def one_hot(index: int | None, size: int) -> list[float]:
    """`size` numbers, 1 at `index` and 0 elsewhere (all 0 for `None`)."""
    values = [0.0] * size
    if index is not None:
        values[index] = 1.0
    return values


def bits(flags: Iterable[object]) -> list[float]:
    """1 for each true flag, 0 for each false one."""
    return [1.0 if flag else 0.0 for flag in flags]


def seat_order(viewer: Seat, players: int) -> list[int]:
    """The seats as an encoding lists them: the viewer first, then the seats after it in seat
    order (play order); for a spectator (`None`), seat 0 first."""
    first = 0 if viewer is None else viewer
    return [(first + k) % players for k in range(players)]
