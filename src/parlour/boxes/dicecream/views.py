"""What Dicecream shows: the views' types and what each seat sees, the events of the log and
how each is told from one seat's side, and the words for the rules' refusals.

Everything in the log is public; the stack's cards and the sealed choices of seats choosing at
once are not in any view (a seat sees its own sealed choice as `choosing.yours`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated, Any, Literal, NamedTuple, cast

from pydantic import Field
from typing_extensions import TypedDict

from parlour.boxes.dicecream import rules
from parlour.boxes.dicecream.components import (
    BEANS,
    BONUS_CARDS,
    CREAM_FACES,
    DICE,
    FLAVOURS,
    ROUNDS,
    SPACE_NAMES,
    SPACES,
    Colour,
    Kind,
    Side,
    Space,
)
from parlour.boxes.dicecream.notation import BONUSES, SPACE_OF, UNLOCK_OF, UNLOCKS
from parlour.boxes.dicecream.rules import Phase
from parlour.boxes.dicecream.words import DIE, DIE_FACE, SUNDAE, card_words, space_words
from parlour.i18n import N_, _
from parlour.kernel import Action, Reason, Seat, seat_name
from parlour.kernel.reasons import tell as tell_in

if TYPE_CHECKING:
    from parlour.boxes.dicecream.state import DicecreamState

ColourName = Literal["blue", "yellow", "red", "green", "white"]
PhaseName = Literal["roll", "place", "take", "bonus", "over"]
COLOUR_NAMES: tuple[ColourName, ...] = ("blue", "yellow", "red", "green", "white")
"""Each die's name in views, by `Colour` (the same as `Colour.key`)."""
PHASE_NAMES: Mapping[Phase, PhaseName] = {
    Phase.ROLL: "roll",
    Phase.PLACE: "place",
    Phase.TAKE: "take",
    Phase.BONUS: "bonus",
    Phase.OVER: "over",
}


class DieView(TypedDict):
    """One die of the roll and what it is used for this turn (`space`: where it was placed)."""

    colour: ColourName
    face: int
    use: Literal["placed", "bowl", "unused"]
    space: str | None


class BowlView(TypedDict):
    """A sundae unlocked this turn: its unlocking die and the dice placed on it so far."""

    sundae: ColourName
    limit: int
    spent: int


class TurnView(TypedDict):
    """The active player's turn: the roll, the bowls, and the dice the others may take."""

    seat: int
    rolled: bool
    may_reroll: bool
    dice: list[DieView]
    unlocked: list[BowlView]
    takeable: list[ColourName]


class CardView(TypedDict):
    """A revealed bonus card."""

    key: str
    text: str


class ChoosingView(TypedDict):
    """Seats choosing at once: who may, who has yet to, and the viewer's own sealed choice."""

    eligible: list[int]
    waiting: list[int]
    yours: str | None


class SundaeView(TypedDict):
    """One sundae of a sheet: numbers entered (None: empty), toppings ticked, its points."""

    colour: ColourName
    cubes: dict[str, int | None]
    cream: dict[str, int | None]
    toppings: dict[str, bool]
    score: int


class SeatView(TypedDict):
    """A player's sheet, beans left, toppings ticked and points."""

    seat: int
    sundaes: list[SundaeView]
    beans: int
    toppings: int
    total: int


class CreamFaces(TypedDict):
    """The white faces each cream space takes."""

    left: list[int]
    right: list[int]


DiceFaces = dict[ColourName, int]
"""Some dice and the faces they show, in the order of `turn.dice` (a roll, a reroll, the dice
forfeited)."""


class RoundEntry(TypedDict):
    event: Literal["round"]
    round: int
    text: str


class RevealEntry(TypedDict):
    """The round is over and its bonus cards (keys, as in `bonus_cards`) are turned up."""

    event: Literal["reveal"]
    round: int
    cards: list[str]
    text: str


class EndEntry(TypedDict):
    event: Literal["end"]
    winners: list[int]
    scores: list[int]
    text: str


class RollEntry(TypedDict):
    """The active seat rolled all five dice (in the order of `turn.dice`)."""

    event: Literal["roll"]
    seat: int
    dice: DiceFaces
    text: str


class RerollEntry(TypedDict):
    """The active seat spent a bean and rerolled these dice."""

    event: Literal["reroll"]
    seat: int
    dice: DiceFaces
    text: str


class UnlockEntry(TypedDict):
    event: Literal["unlock"]
    seat: int
    sundae: ColourName
    face: int
    text: str


class PlaceEntry(TypedDict):
    """The active seat placed a die showing `face` on `space` (a space's name)."""

    event: Literal["place"]
    seat: int
    space: str
    face: int
    text: str


class TakeEntry(TypedDict):
    """Another seat took a placed die showing `face` for `space` of its own sheet."""

    event: Literal["take"]
    seat: int
    space: str
    face: int
    text: str


class BonusEntry(TypedDict):
    """A seat used a bonus card: `number` in `space` (0: a topping ticked)."""

    event: Literal["bonus"]
    seat: int
    space: str
    number: int
    text: str


class DoneEntry(TypedDict):
    """The placing is over: the dice forfeited, and how many dice were placed (0: none is
    left for the others)."""

    event: Literal["done"]
    seat: int
    forfeited: DiceFaces
    placed: int
    text: str


class PassEntry(TypedDict):
    """A seat took no die (`take`) or used no bonus (`bonus`)."""

    event: Literal["pass"]
    seat: int
    phase: Literal["take", "bonus"]
    text: str


class UnableEntry(TypedDict):
    """A seat had nothing to take (`take`) or no bonus target (`bonus`)."""

    event: Literal["unable"]
    seat: int
    phase: Literal["take", "bonus"]
    text: str


LogEntry = Annotated[
    RoundEntry
    | RevealEntry
    | EndEntry
    | RollEntry
    | RerollEntry
    | UnlockEntry
    | PlaceEntry
    | TakeEntry
    | BonusEntry
    | DoneEntry
    | PassEntry
    | UnableEntry,
    Field(discriminator="event"),
]
"""One event told from a seat's side: its kind (`event`) and its text, with in fields all
that the text says (every event is public)."""


class DicecreamView(TypedDict):
    """All a seat (or a spectator) sees of a Dicecream game; the rule numbers a page shows
    (`rounds`, `beans_per_sheet`, `cream_faces`) come with it."""

    game: Literal["dicecream"]
    seat: int | None
    players: int
    to_act: list[int]
    over: bool
    winners: list[int]
    scores: list[int]
    round: int
    rounds: int
    beans_per_sheet: int
    cream_faces: CreamFaces
    phase: PhaseName
    active: int | None
    stack: int
    bonus_cards: list[CardView]
    turn: TurnView | None
    choosing: ChoosingView | None
    moves: dict[str, list[str]]
    seats: list[SeatView]
    log: list[LogEntry]


# -- events -----------------------------------------------------------------------------------


class RoundBegan(NamedTuple):
    round: int


class Revealed(NamedTuple):
    """The round is over; its two bonus cards (indices into `BONUS_CARDS`) are turned up."""

    round: int
    cards: tuple[int, ...]


class Ended(NamedTuple):
    winners: tuple[int, ...]
    scores: tuple[int, ...]


class Rolled(NamedTuple):
    seat: int
    faces: tuple[int, ...]


class Rerolled(NamedTuple):
    seat: int
    dice: tuple[Colour, ...]
    faces: tuple[int, ...]


class Unlocked(NamedTuple):
    seat: int
    sundae: Colour
    face: int


class Placed(NamedTuple):
    seat: int
    space: Space
    face: int


class Took(NamedTuple):
    """Another seat entered a placed die on its own sheet (resolved with the others)."""

    seat: int
    space: Space
    face: int


class UsedBonus(NamedTuple):
    seat: int
    space: Space
    number: int


class TurnDone(NamedTuple):
    """The placing is over: the dice forfeited (die, face) and how many dice were placed."""

    seat: int
    forfeited: tuple[tuple[Colour, int], ...]
    placed: int


class Passed(NamedTuple):
    """A seat took no die (`take`) or used no bonus (`bonus`)."""

    seat: int
    phase: Phase


class Unable(NamedTuple):
    """A seat had nothing to take (`take`) or no bonus target (`bonus`)."""

    seat: int
    phase: Phase


Event = (
    RoundBegan
    | Revealed
    | Ended
    | Rolled
    | Rerolled
    | Unlocked
    | Placed
    | Took
    | UsedBonus
    | TurnDone
    | Passed
    | Unable
)


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


_LISTING = frozenset({"roll", "reroll", "done", "reveal", "end"})
"""The kinds of entry that hold a dict or a list (the others are copied whole by `dict`)."""
_LISTED = {"roll": "dice", "reroll": "dice", "done": "forfeited", "reveal": "cards"}
"""The key of the dict or list an entry holds, by kind (`end` holds two lists)."""


def told(entries: list[dict[str, Any]]) -> list[LogEntry]:
    """Fresh copies of the log's entries for a view: a caller changing its view must not
    change the entries the log remembers (nor another viewer's)."""
    return cast(
        list[LogEntry],
        [_fresh(entry) if entry["event"] in _LISTING else dict(entry) for entry in entries],
    )


def _fresh(entry: dict[str, Any]) -> dict[str, Any]:
    """A copy of an entry that holds a dict or a list, with a copy of that."""
    key = _LISTED.get(entry["event"])
    if key is None:
        return {**entry, "winners": entry["winners"].copy(), "scores": entry["scores"].copy()}
    return {**entry, key: entry[key].copy()}


# -- refusals ---------------------------------------------------------------------------------

reason_texts: Mapping[str, str] = {
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
"""English words for Dicecream's refusal codes (`parlour.kernel.reasons`), told by `tell` with
their colours and spaces in the words of the moment."""


def tell(reason: Reason) -> str:
    """`reason` in the language of the moment: a die, a sundae or a space named by its
    canonical key is told in words (`red die`, `the blue sundae`); the unlock to make is the
    canonical action."""
    params = dict(reason.params)
    if "die" in params:
        params["die"] = _(DIE[Colour[params["die"].upper()]])
    if "sundae" in params:
        sundae = Colour[params["sundae"].upper()]
        params["sundae"] = _(SUNDAE[sundae])
        params["unlock"] = UNLOCK_OF[sundae]
    if "space" in params:
        params["space"] = space_words(SPACE_NAMES[params["space"]].index)
    return tell_in(Reason(reason.code, params), reason_texts)


# -- views ------------------------------------------------------------------------------------

TURN_PHASES = (Phase.ROLL, Phase.PLACE, Phase.TAKE)
"""The phases of a seat's turn (the view shows `active` and `turn`)."""
_LAYOUT = tuple(
    (
        sundae,
        [(s.colour.key, s.index) for s in SPACES if s.sundae is sundae and s.kind is Kind.CUBE],
        [(s.side.value, s.index) for s in SPACES if s.sundae is sundae and s.side is not None],
        [(s.colour.key, s.index) for s in SPACES if s.sundae is sundae and s.kind is Kind.TOPPING],
    )
    for sundae in FLAVOURS
)
"""For each sundae: its cubes', cream spaces' and toppings' names and indices, in print order."""
_CREAM_FACES: CreamFaces = {
    "left": list(CREAM_FACES[Side.LEFT]),
    "right": list(CREAM_FACES[Side.RIGHT]),
}


def view(state: DicecreamState, seat: Seat) -> DicecreamView:
    """Exactly what `seat` sees: everything but the stack's cards and the others' sealed
    choices."""
    players = state.game.players
    phase = state._phase
    scores = state.scores
    in_turn = phase in TURN_PHASES
    choosing: ChoosingView | None = None
    if phase is Phase.TAKE or phase is Phase.BONUS:
        choosing = {
            "eligible": list(state._eligible),
            "waiting": list(state._to_act),
            "yours": state._choices.get(seat),  # a spectator has none
        }
    return {
        "game": "dicecream",
        "seat": seat,
        "players": players,
        "to_act": list(state._to_act),
        "over": phase is Phase.OVER,
        "winners": list(state._winners(scores)),
        "scores": list(scores),
        "round": state._round,
        "rounds": ROUNDS[players],
        "beans_per_sheet": BEANS,
        "cream_faces": {"left": list(_CREAM_FACES["left"]), "right": list(_CREAM_FACES["right"])},
        "phase": PHASE_NAMES[phase],
        "active": state._active if in_turn else None,
        "stack": len(state._stack),
        "bonus_cards": [
            {"key": BONUS_CARDS[card].key, "text": card_words(card)} for card in state._revealed
        ],
        "turn": _turn(state) if in_turn else None,
        "choosing": choosing,
        "moves": _moves(state, seat),
        "seats": [_seat(state, s, scores[s]) for s in range(players)],
        "log": told(state._events.told_to(seat)),
    }


def _turn(state: DicecreamState) -> TurnView:
    used, faces = state._used, state._faces
    where: list[str | None] = [None] * len(DICE)
    for placed in state._placed:
        where[placed.colour] = placed.name
    dice: list[DieView] = []
    for die, face in zip(DICE, faces, strict=False):  # no faces before the roll
        space = where[die]
        use: Literal["placed", "bowl", "unused"]
        if space is not None:
            use = "placed"
        elif used >> die & 1:
            use = "bowl"
        else:
            use = "unused"
        dice.append({"colour": COLOUR_NAMES[die], "face": face, "use": use, "space": space})
    phase, active = state._phase, state._active
    return {
        "seat": active,
        "rolled": bool(faces),
        "may_reroll": phase is Phase.PLACE and state._beans[active] > 0 and not used,
        "dice": dice,
        "unlocked": [
            {
                "sundae": COLOUR_NAMES[sundae],
                "limit": state._limit[sundae],
                "spent": state._spent[sundae],
            }
            for sundae in FLAVOURS
            if state._limit[sundae]
        ],
        "takeable": [COLOUR_NAMES[s.colour] for s in state._placed] if phase is Phase.TAKE else [],
    }


def _moves(state: DicecreamState, seat: Seat) -> dict[str, list[Action]]:
    """The seat's legal actions that fill a space, by the die they use (placing, taking) or by
    the card that allows them (bonus)."""
    moves: dict[str, list[Action]] = {}
    if seat not in state._to_act:
        return moves
    for action in state.legal_actions(seat):
        unlocked = UNLOCKS.get(action)
        if unlocked is not None:
            moves.setdefault(unlocked.key, []).append(action)
        elif action in BONUSES:
            space, _ = BONUSES[action]
            for card in state._revealed:
                if BONUS_CARDS[card].allows(space):
                    moves.setdefault(BONUS_CARDS[card].key, []).append(action)
        elif action in SPACE_OF:
            moves.setdefault(SPACE_OF[action].colour.key, []).append(action)
    return moves


def _seat(state: DicecreamState, seat: int, total: int) -> SeatView:
    sheet = state._sheets[seat]
    return {
        "seat": seat,
        "sundaes": [
            {
                "colour": COLOUR_NAMES[sundae],
                "cubes": {colour: sheet[i] or None for colour, i in cubes},
                "cream": {side: sheet[i] or None for side, i in cream},
                "toppings": {colour: bool(sheet[i]) for colour, i in toppings},
                "score": rules.sundae_score(sheet, sundae),
            }
            for sundae, cubes, cream, toppings in _LAYOUT
        ],
        "beans": state._beans[seat],
        "toppings": rules.toppings_ticked(sheet),
        "total": total,
    }


def sheet_of(seat: SeatView) -> rules.Sheet:
    """A seat's sheet rebuilt from its view (bots, the determinizer)."""
    sheet = rules.new_sheet()
    for space in SPACES:
        sundae = seat["sundaes"][space.sundae]
        if space.kind is Kind.TOPPING:
            sheet[space.index] = int(sundae["toppings"][space.colour.key])
        elif space.side is not None:
            sheet[space.index] = sundae["cream"][space.side.value] or 0
        else:
            sheet[space.index] = sundae["cubes"][space.colour.key] or 0
    return sheet
