"""What players may type for Ice Cream actions besides the canonical text.

k / x                      -> keep / discard
3, #3                      -> cone 3 while placing a scoop, serve 3 while serving (the state
                              picks the one that is an action now)
c3, c 3, on 3              -> cone 3
s3, s 3                    -> serve 3
n, nc, new                 -> new cone
d, dr                      -> draw or discard: any unambiguous prefix of a legal action works
"""

from __future__ import annotations

import re

from parlour.boxes.icecream.components import CONES

KEEP = "keep"
DISCARD = "discard"
NEW_CONE = "new cone"
DRAW = "draw"
CONE_ACTIONS = tuple(f"cone {number}" for number in range(1, CONES + 1))
"""`cone N` puts the scoop on cone N; cones are numbered from 1 each day as they are started."""
SERVE_ACTIONS = tuple(f"serve {number}" for number in range(1, CONES + 1))
CONE_OF = {action: number for number, action in enumerate(CONE_ACTIONS, start=1)}
SERVE_OF = {action: number for number, action in enumerate(SERVE_ACTIONS, start=1)}
ACTIONS = (KEEP, DISCARD, *CONE_ACTIONS, NEW_CONE, *SERVE_ACTIONS, DRAW)
"""Every action of the game, legal or not now, in a fixed order."""

_WORDS = {"k": "keep", "x": "discard", "nc": "new cone", "new": "new cone", "dr": "draw"}
_CONE = {"c", "cone", "on", "put"}
_SERVE = {"s", "serve"}


def normalise(text: str) -> str:
    """The canonical action `text` stands for, a cone's number alone (`3`) for the state to
    resolve, or the cleaned text itself when unknown."""
    cleaned = " ".join(text.lower().split())
    if cleaned in _WORDS:
        return _WORDS[cleaned]
    words = re.findall(r"[a-z]+|\d+", cleaned)
    if len(words) == 1 and words[0].isdigit():
        return str(int(words[0]))
    if len(words) == 2 and words[1].isdigit():
        number = int(words[1])
        if words[0] in _CONE:
            return f"cone {number}"
        if words[0] in _SERVE:
            return f"serve {number}"
    return cleaned
