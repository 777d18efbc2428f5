"""Dicecream's reasons in words: why one choice would have served a seat better than another
(`Game.contrast`, the review's costliest decisions), from the points each adds to the seat's
sheet now, the bowl dice that set a sundae's limit, and the dice placed that the others may
take. Everything it reads is public but the bonus stack, which it does not read."""

from __future__ import annotations

from parlour.boxes.dicecream import rules
from parlour.boxes.dicecream.components import SPACES, Kind, Space
from parlour.boxes.dicecream.notation import BONUSES, DONE, PASS, SPACE_OF, UNLOCKS
from parlour.boxes.dicecream.state import DicecreamState
from parlour.boxes.dicecream.words import SUNDAE
from parlour.i18n import _, ngettext
from parlour.kernel import Action


def contrast(world: DicecreamState, seat: int, chosen: Action, better: Action) -> str | None:
    """Why `better` beat `chosen` for `seat` in `world` (dealt from its view): the points each
    enters on its sheet now, the limit each unlocking die sets, or, against stopping, that a
    die placed is one the others may take."""
    gained, gained_better = _gain(world, seat, chosen), _gain(world, seat, better)
    words = {"chosen": chosen, "better": better}
    if gained_better is not None and gained_better > (gained or 0):
        told = (
            _(
                "Stopping forfeited dice that still fit: {better} would have added {points} points "
                "to your sheet now."
            )
            if chosen == DONE
            else _(
                "{better} would have added {points} points to your sheet now; passing added none."
            )
            if chosen == PASS
            else ngettext(
                "{better} would have added {points} point to your sheet now, {chosen} {count}.",
                "{better} would have added {points} points to your sheet now, {chosen} {count}.",
                gained_better,
            )
        )
        doubled = _doubles(world, seat, better)
        return told.format(points=gained_better, count=gained or 0, **words) + (
            ""
            if doubled is None
            else " "
            + _("It ticks the last topping of {sundae}, which doubles it.").format(sundae=doubled)
        )
    if chosen in UNLOCKS and better in UNLOCKS:
        face, face_better = (world._faces[UNLOCKS[action]] for action in (chosen, better))
        if face_better > face:
            return _(
                "{better} would have unlocked a sundae for dice adding up to {limit}; {chosen} to "
                "{count}."
            ).format(limit=face_better, count=face, **words)
    if better == DONE and gained is not None:
        return _(
            "{chosen} added {points} points, but a die placed is one the others may take for "
            "their sheets; stopping kept it from them."
        ).format(points=gained, **words)
    return None


def _filled(world: DicecreamState, action: Action) -> tuple[Space, int] | None:
    """The space `action` fills and the number it enters (`None`: it fills none)."""
    if action in BONUSES:
        return BONUSES[action]
    space = SPACE_OF.get(action)
    return None if space is None else (space, world._faces[space.colour])


def _gain(world: DicecreamState, seat: int, action: Action) -> int | None:
    """The points `action` adds to `seat`'s sheet (`None`: it fills no space)."""
    filled = _filled(world, action)
    if filled is None:
        return None
    space, number = filled
    sheet = list(world._sheets[seat])
    before = rules.sundae_score(sheet, space.sundae)
    sheet[space.index] = rules.entry(space, number)
    return rules.sundae_score(sheet, space.sundae) - before


def _doubles(world: DicecreamState, seat: int, action: Action) -> str | None:
    """The sundae, in words, whose last topping `action` ticks (`None`: none)."""
    filled = _filled(world, action)
    if filled is None or filled[0].kind is not Kind.TOPPING:
        return None
    space = filled[0]
    sheet = world._sheets[seat]
    others = [s for s in SPACES if s.sundae is space.sundae and s.kind is Kind.TOPPING]
    return (
        _(SUNDAE[space.sundae]) if all(sheet[s.index] for s in others if s is not space) else None
    )
