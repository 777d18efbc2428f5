"""The dice of `dice=fixed`: every face a pure function of the seed, the seat, the turn, the
roll and the position, so that two games from one seed whose seat makes the same choices see
the same dice, and a different choice does not shift the dice of later turns (the daily
challenge's chance). Derived by SHA-256, the same on every machine."""

from __future__ import annotations

import hashlib
from typing import Literal, get_args

from parlour.boxes.dicetime.components import DICE, FACES, OUTCOMES

DiceMode = Literal["drawn", "fixed"]
DICE_MODES: tuple[DiceMode, ...] = get_args(DiceMode)
"""`drawn`: each roll draws from the game's RNG (the default, as records before the option);
`fixed`: each roll shows the faces the seed fixes for its key (`faces`)."""

_ALL_ROLLED: tuple[int, ...] = OUTCOMES[0][2]
"""Every dice code of five rolled dice, indexed as `Rng.dice_index` draws (position 1 the
least significant base-6 digit)."""
_SPAN: int = FACES**DICE


def key(seed: int) -> bytes:
    """The prefix of every hashed key of a game dealt from `seed`."""
    return b"parlour dicetime dice=fixed %d" % seed


def faces(prefix: bytes, seat: int, turn: int, roll: int) -> int:
    """The dice code (`components.decode`) of the faces the seed fixes for all five positions
    of `seat`'s roll `roll` (0: the turn's first) in its turn `turn` (the row it enters next,
    0..12); a roll shows them at the positions it rerolls. Each face is uniform and
    independent of the others (the first 64 bits of the digest, scaled to the 6**5 outcomes:
    the bias is below 2**-50)."""
    digest = hashlib.sha256(b"%s %d %d %d" % (prefix, seat, turn, roll)).digest()
    return _ALL_ROLLED[int.from_bytes(digest[:8], "big") * _SPAN >> 64]
