"""What Dicecream shows: the views' types and what each seat sees (the log's events are in
`events.py`, their words and the refusals' in `words.py`).

Everything in the log is public; the stack's cards and the sealed choices of seats choosing at
once are not in any view (a seat sees its own sealed choice as `choosing.yours`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, cast

from pydantic import Field
from typing_extensions import TypedDict

from parlour.boxes.dicecream import rules
from parlour.boxes.dicecream.components import (
    BEANS,
    BONUS_CARDS,
    COLOUR_NAMES,
    CREAM_FACES,
    DICE,
    FLAVOURS,
    ROUNDS,
    SPACES,
    ColourName,
    Kind,
    Side,
)
from parlour.boxes.dicecream.notation import BONUSES, SPACE_OF, UNLOCKS
from parlour.boxes.dicecream.rules import PHASE_NAMES, Phase, PhaseName
from parlour.boxes.dicecream.words import card_words
from parlour.kernel import Action, Seat

if TYPE_CHECKING:
    from parlour.boxes.dicecream.state import DicecreamState


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


def view_of(state: DicecreamState, seat: Seat) -> DicecreamView:
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
