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
