"""The games Parlour ships, one folder (box) each: components, rules, state and bots.

Importing this package registers every built-in game with the kernel. (The folder is not
called `games` so that it cannot shadow `parlour.games()`, the kernel's listing.)
"""

from parlour.boxes import dicecream, dicetime, dokitto, icecream, likedice

__all__ = ["dicecream", "dicetime", "dokitto", "icecream", "likedice"]
