"""Dicetime's words: its refusals and each event of the log told from one seat's side (`You`
for its own seat)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.boxes.dicetime.components import CATEGORIES, CATEGORY, DICE, UPPER_BONUS, decode
from parlour.boxes.dicetime.events import Begins, Logged, Rolled, TimedOut, typed
from parlour.boxes.dicetime.notation import ENTRIES, KEEPS, ROLL
from parlour.i18n import N_, _, ngettext
from parlour.kernel import Action, Seat, View, seat_name

REASON_TEXTS: Mapping[str, str] = {
    "roll_first": N_("roll first: a turn begins by rolling all five dice"),
    "nothing_to_enter": N_("roll first: there is nothing to enter yet"),
    "no_rolls_left": N_("no rolls are left this turn: enter the roll in an open category"),
    "pool_empty": N_("the pool of rerolls is empty: enter the roll in an open category"),
    "category_filled": N_("{category} is already used ({points} points)"),
    "bad_keep": N_("at least one die must be rolled; positions are 1 to 5 (for example keep 1,3)"),
    "table_only": N_("only the table calls time"),
    "untimed": N_("the game is untimed: there is no time to run out"),
}
"""Dicetime's refusals in English, told in the language of the moment by the kernel (see
`rules`: the `verify_*` functions give the codes)."""


def describe(logged: Logged, viewer: Seat) -> dict[str, Any]:
    """One log entry (a `LogEntry`) told from `viewer`'s side in the language of the moment
    (`You` for its own seat, else `Seat N`, as the kernel names seats: front ends put their own
    names in). Its own seat and another's are separate messages: German conjugates apart."""
    event = typed(logged)
    if isinstance(event, TimedOut):
        return {"event": "timeout", "text": _("Time is up: the score so far counts.")}
    who = seat_name(event.seat, viewer)
    own = event.seat == viewer
    if isinstance(event, Begins):
        begins = _("You rolled first and begin.") if own else _("{who} rolled first and begins.")
        return {"event": "begins", "seat": event.seat, "text": begins.format(who=who)}
    if isinstance(event, Rolled):
        return _rolled(event, who, own)
    category = CATEGORIES[event.category]
    if event.bonus:
        entered = (
            _("You entered {points} in {row} and reached the upper bonus ({bonus}).")
            if own
            else _("{who} entered {points} in {row} and reached the upper bonus ({bonus}).")
        )
    else:
        entered = (
            _("You entered {points} in {row}.") if own else _("{who} entered {points} in {row}.")
        )
    text = entered.format(who=who, points=event.points, row=category.in_sentence, bonus=UPPER_BONUS)
    return {
        "event": "enter",
        "seat": event.seat,
        "category": category.key,
        "points": event.points,
        "bonus": event.bonus,
        "text": text,
    }


def _rolled(event: Rolled, who: str, own: bool) -> dict[str, Any]:
    """A roll's log entry: the dice, and the ones it kept."""
    dice = decode(event.dice)
    held = " ".join(str(d) for p, d in enumerate(dice) if event.kept >> p & 1)
    if held:
        rolled = (
            _("You rolled {dice} (kept {kept}).")
            if own
            else _("{who} rolled {dice} (kept {kept}).")
        )
    else:
        rolled = _("You rolled {dice}.") if own else _("{who} rolled {dice}.")
    text = rolled.format(who=who, dice=" ".join(map(str, dice)), kept=held)
    kept = [bool(event.kept >> p & 1) for p in range(DICE)]
    return {"event": "roll", "seat": event.seat, "dice": list(dice), "kept": kept, "text": text}


def action_words(view: View, seat: int, action: Action) -> str:
    """A choice in words (`Game.action_words`): a keep by the faces it keeps, not their
    positions; an entry with the points it scores and the row's name."""
    turn = view["seats"][seat]["turn"]
    dice = turn.get("dice") or []
    if action == ROLL:
        return _("Reroll all five dice") if dice else _("Roll the five dice")
    if action in KEEPS and dice:
        faces = [dice[p] for p in range(DICE) if KEEPS[action] >> p & 1]
        rolled = DICE - len(faces)
        return ngettext(
            "Keep {faces} and reroll the other die",
            "Keep {faces} and reroll the other {count} dice",
            rolled,
        ).format(faces=" ".join(map(str, sorted(faces, reverse=True))), count=rolled)
    if action in ENTRIES:
        row = action.removeprefix("enter ")
        points = turn.get("would_score", {}).get(row)
        if points is not None:
            return _("Enter {points} in {row}").format(points=points, row=CATEGORY[row].title)
    return action
