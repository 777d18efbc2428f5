"""The keys every game's view begins with, typed once: each box's view extends `BaseView`.

The base is open (PEP 728: a closed TypedDict cannot be extended); every box declares its own
view, and each view nested in it, closed (`closed=True`), so a view that grows a key its type
does not declare fails the contract test (`parlour.kernel.schemas.check_view`).
"""

from __future__ import annotations

from typing_extensions import TypedDict


class BaseView(TypedDict):
    """The header of every view: which game, whose view (`None`: a spectator), who may act
    now, whether the game is over, its winners and each seat's score so far."""

    game: str
    seat: int | None
    to_act: list[int]
    over: bool
    winners: list[int]
    scores: list[int]
