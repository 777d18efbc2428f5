"""Dicecream's words, marked for the catalogues: the dice, the sundaes, every space of the sheet
and every bonus card, each event of the log told from a viewer's side, and the refusals. The
canonical names (`Colour.key`, `Space.name`, `BonusCard.key`) stay the actions' words in every
language; these are told with `_`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from parlour.boxes.dicecream.components import (
    BONUS_CARDS,
    COLOUR_NAMES,
    DICE,
    SPACE_NAMES,
    Colour,
    Kind,
    Space,
)
from parlour.boxes.dicecream.events import (
    Ended,
    Event,
    Passed,
    Placed,
    Rerolled,
    Revealed,
    Rolled,
    RoundBegan,
    Took,
    TurnDone,
    Unable,
    Unlocked,
    UsedBonus,
)
from parlour.boxes.dicecream.notation import UNLOCK_OF
from parlour.boxes.dicecream.rules import PHASE_NAMES, Phase
from parlour.i18n import N_, _
from parlour.kernel import Seat, seat_name

if TYPE_CHECKING:
    from parlour.boxes.dicecream.views import DiceFaces

_B, _Y, _R, _G, _W = Colour

DIE_FACE: Mapping[Colour, str] = {
    _B: N_("blue {face}"),
    _Y: N_("yellow {face}"),
    _R: N_("red {face}"),
    _G: N_("green {face}"),
    _W: N_("white {face}"),
}
"""A die and its face, as a roll lists them (`blue 3`)."""
DIE: Mapping[Colour, str] = {
    _B: N_("blue die"),
    _Y: N_("yellow die"),
    _R: N_("red die"),
    _G: N_("green die"),
    _W: N_("white die"),
}
SUNDAE: Mapping[Colour, str] = {
    _B: N_("the blue sundae"),
    _Y: N_("the yellow sundae"),
    _R: N_("the red sundae"),
    _G: N_("the green sundae"),
}
_SPACES = (
    N_("yellow cube of blue"),
    N_("red cube of blue"),
    N_("green cube of blue"),
    N_("left cream of blue"),
    N_("right cream of blue"),
    N_("green topping of blue"),
    N_("red topping of blue"),
    N_("yellow topping of blue"),
    N_("red cube of yellow"),
    N_("green cube of yellow"),
    N_("blue cube of yellow"),
    N_("left cream of yellow"),
    N_("right cream of yellow"),
    N_("blue topping of yellow"),
    N_("green topping of yellow"),
    N_("red topping of yellow"),
    N_("green cube of red"),
    N_("blue cube of red"),
    N_("yellow cube of red"),
    N_("left cream of red"),
    N_("right cream of red"),
    N_("yellow topping of red"),
    N_("blue topping of red"),
    N_("green topping of red"),
    N_("blue cube of green"),
    N_("yellow cube of green"),
    N_("red cube of green"),
    N_("left cream of green"),
    N_("right cream of green"),
    N_("red topping of green"),
    N_("yellow topping of green"),
    N_("blue topping of green"),
)
_CARDS = (
    N_("Tick a blue topping on any sundae."),
    N_("Tick a yellow topping on any sundae."),
    N_("Tick a red topping on any sundae."),
    N_("Tick a green topping on any sundae."),
    N_("Tick any topping on the blue sundae."),
    N_("Tick any topping on the yellow sundae."),
    N_("Tick any topping on the red sundae."),
    N_("Tick any topping on the green sundae."),
    N_("Enter a 4 in a blue ice cream cube on any sundae."),
    N_("Enter a 4 in a yellow ice cream cube on any sundae."),
    N_("Enter a 4 in a red ice cream cube on any sundae."),
    N_("Enter a 4 in a green ice cream cube on any sundae."),
    N_("Enter a 4 in any ice cream cube on the blue sundae."),
    N_("Enter a 4 in any ice cream cube on the yellow sundae."),
    N_("Enter a 4 in any ice cream cube on the red sundae."),
    N_("Enter a 4 in any ice cream cube on the green sundae."),
    N_("Enter a 2 in a left cream space on any sundae."),
    N_("Enter a 4 in a right cream space on any sundae."),
)


def space_words(index: int) -> str:
    """The space of the sheet with this index, in the language of the moment."""
    return _(_SPACES[index])


def card_words(card: int) -> str:
    """The bonus card with this index in `BONUS_CARDS`, in the language of the moment."""
    return _(_CARDS[card])


def _dice_text(dice: tuple[Colour, ...], faces: tuple[int, ...]) -> str:
    return ", ".join(
        _(DIE_FACE[die]).format(face=face) for die, face in zip(dice, faces, strict=True)
    )


def _dice(dice: tuple[Colour, ...], faces: tuple[int, ...]) -> DiceFaces:
    return {COLOUR_NAMES[die]: face for die, face in zip(dice, faces, strict=True)}


def _said(mine: bool, yours: str, theirs: str, **fields: str | int) -> str:
    """The viewer's own doing (`yours`, German says "Du hast") or another seat's (`theirs`),
    both told in the language of the moment."""
    return _(yours if mine else theirs).format(**fields)


def describe(event: Event, viewer: Seat) -> dict[str, Any]:
    """One log entry (a `LogEntry`), told from `viewer`'s side."""
    match event:
        case RoundBegan(number):
            text = _("Round {number} begins.").format(number=number)
            return {"event": "round", "round": number, "text": text}
        case Revealed(number, cards):
            texts = " / ".join(card_words(card) for card in cards)
            return {
                "event": "reveal",
                "round": number,
                "cards": [BONUS_CARDS[card].key for card in cards],
                "text": _("Round {number} is over. Bonus cards: {cards}").format(
                    number=number, cards=texts
                ),
            }
        case Ended(winners, scores):
            return {
                "event": "end",
                "winners": list(winners),
                "scores": list(scores),
                "text": _ended(winners, scores[winners[0]], viewer),
            }
    return _describe_seat(event, viewer)


def _ended(winners: tuple[int, ...], points: int, viewer: Seat) -> str:
    """Who won, with how many points: German tells "Du gewinnst", "Platz 2 gewinnt" and
    "... gewinnen" apart."""
    if winners == (viewer,):
        return _("Game over: You win with {points} points.").format(points=points)
    named = [seat_name(seat, viewer) for seat in winners]
    if len(named) == 1:
        return _("Game over: {names} wins with {points} points.").format(
            names=named[0], points=points
        )
    names = _("{names} and {last}").format(names=", ".join(named[:-1]), last=named[-1])
    return _("Game over: {names} win with {points} points.").format(names=names, points=points)


def _filled(mine: bool, who: str, space: Space, number: int, taken: bool) -> str:
    """How a die (`taken`: picked from the active player) filled `space` with `number`."""
    die = _(DIE_FACE[space.colour]).format(face=number)
    fields = {"who": who, "die": die, "space": space_words(space.index)}
    if space.kind is Kind.TOPPING and taken:
        return _said(
            mine,
            N_("You took a die and ticked the {space} with the {die}."),
            N_("{who} took a die and ticked the {space} with the {die}."),
            **fields,
        )
    if space.kind is Kind.TOPPING:
        return _said(
            mine,
            N_("You ticked the {space} with the {die}."),
            N_("{who} ticked the {space} with the {die}."),
            **fields,
        )
    if taken:
        return _said(
            mine,
            N_("You took a die and entered the {die} in the {space}."),
            N_("{who} took a die and entered the {die} in the {space}."),
            **fields,
        )
    return _said(
        mine,
        N_("You entered the {die} in the {space}."),
        N_("{who} entered the {die} in the {space}."),
        **fields,
    )


def _describe_seat(event: Event, viewer: Seat) -> dict[str, Any]:
    """An entry about one seat's doing."""
    seat = event[0]
    assert isinstance(seat, int)
    who = seat_name(seat, viewer)
    mine = seat == viewer
    match event:
        case Rolled(_, faces):
            rolled = _dice_text(DICE, faces)
            text = _said(
                mine, N_("You rolled {dice}."), N_("{who} rolled {dice}."), who=who, dice=rolled
            )
            return {"event": "roll", "seat": seat, "dice": _dice(DICE, faces), "text": text}
        case Rerolled(_, dice, faces):
            text = _said(
                mine,
                N_("You spent a chocolate bean and rerolled: {dice}."),
                N_("{who} spent a chocolate bean and rerolled: {dice}."),
                who=who,
                dice=_dice_text(dice, faces),
            )
            return {"event": "reroll", "seat": seat, "dice": _dice(dice, faces), "text": text}
        case Unlocked(_, sundae, face):
            return {
                "event": "unlock",
                "seat": seat,
                "sundae": COLOUR_NAMES[sundae],
                "face": face,
                "text": _said(
                    mine,
                    N_("You unlocked {sundae} with a {face}."),
                    N_("{who} unlocked {sundae} with a {face}."),
                    who=who,
                    sundae=_(SUNDAE[sundae]),
                    face=face,
                ),
            }
        case Placed(_, space, face):
            text = _filled(mine, who, space, face, taken=False)
            return {"event": "place", "seat": seat, "space": space.name, "face": face, "text": text}
        case Took(_, space, face):
            text = _filled(mine, who, space, face, taken=True)
            return {"event": "take", "seat": seat, "space": space.name, "face": face, "text": text}
        case UsedBonus(_, space, number):
            return {
                "event": "bonus",
                "seat": seat,
                "space": space.name,
                "number": number,
                "text": _bonus_text(mine, who, space, number),
            }
        case TurnDone(_, forfeited, placed):
            dice, faces = tuple(zip(*forfeited, strict=True)) or ((), ())
            told = [_said(mine, N_("You ended the turn."), N_("{who} ended the turn."), who=who)]
            if forfeited:
                told.append(_("Forfeited: {dice}.").format(dice=_dice_text(dice, faces)))
            if not placed:
                told.append(_("No die is left for the others."))
            return {
                "event": "done",
                "seat": seat,
                "forfeited": _dice(dice, faces),
                "placed": placed,
                "text": " ".join(told),
            }
        case Passed(_, phase):
            if phase is Phase.TAKE:
                text = _said(mine, N_("You took no die."), N_("{who} took no die."), who=who)
            else:
                text = _said(mine, N_("You used no bonus."), N_("{who} used no bonus."), who=who)
            return {"event": "pass", "seat": seat, "phase": PHASE_NAMES[phase], "text": text}
        case Unable(_, phase):
            if phase is Phase.TAKE:
                text = _said(
                    mine,
                    N_("You could use none of the dice."),
                    N_("{who} could use none of the dice."),
                    who=who,
                )
            else:
                text = _said(
                    mine,
                    N_("You could use neither bonus card."),
                    N_("{who} could use neither bonus card."),
                    who=who,
                )
            return {"event": "unable", "seat": seat, "phase": PHASE_NAMES[phase], "text": text}
    raise AssertionError(f"not an event: {event!r}")


def _bonus_text(mine: bool, who: str, space: Space, number: int) -> str:
    where = space_words(space.index)
    if space.kind is Kind.TOPPING:
        return _said(
            mine,
            N_("You used a bonus card and ticked the {space}."),
            N_("{who} used a bonus card and ticked the {space}."),
            who=who,
            space=where,
        )
    return _said(
        mine,
        N_("You used a bonus card and entered a {number} in the {space}."),
        N_("{who} used a bonus card and entered a {number} in the {space}."),
        who=who,
        space=where,
        number=number,
    )


REASON_TEXTS: Mapping[str, str] = {
    "roll_first": N_("roll first: the turn begins by rolling all five dice"),
    "wait_place": N_("not now: the active player places dice"),
    "wait_take": N_(
        "not now: everyone but the active player may take one of the placed dice, or pass"
    ),
    "wait_bonus": N_("not now: everyone chooses a bonus"),
    "no_beans": N_("both chocolate beans are spent"),
    "placed_before_reroll": N_("dice are rerolled only before any die is placed"),
    "die_placed": N_("the {die} is already placed"),
    "locked": N_("{sundae} is not unlocked: {unlock} first"),
    "filled": N_("the {space} is already filled (it holds {number})"),
    "ticked": N_("the {space} is already ticked"),
    "cream_side": N_("the white die shows {face}: it fits only the other cream space"),
    "over_limit": N_(
        "the dice on {sundae} would add up to {total}, more than its unlocking die ({limit})"
    ),
    "not_placed": N_("the {die} was not placed on a cube, cream or topping"),
    "no_card": N_("neither revealed bonus card allows that"),
}
"""English words for Dicecream's refusal codes (`parlour.kernel.reasons`), told with their
colours and spaces in the words of the moment (`reason_words`)."""


def reason_words(params: Mapping[str, Any]) -> Mapping[str, Any]:
    """A reason's parameters in the language of the moment (`Game.reason_words`): a die, a
    sundae or a space named by its canonical key is told in words (`red die`, `the blue
    sundae`); the unlock to make is the canonical action."""
    words = dict(params)
    if "die" in words:
        words["die"] = _(DIE[Colour[words["die"].upper()]])
    if "sundae" in words:
        sundae = Colour[words["sundae"].upper()]
        words["sundae"] = _(SUNDAE[sundae])
        words["unlock"] = UNLOCK_OF[sundae]
    if "space" in words:
        words["space"] = space_words(SPACE_NAMES[words["space"]].index)
    return words
