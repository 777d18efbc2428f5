"""The game protocol: what every game implements and every front end uses.

A `Game` is a rule set with its players and options fixed; `Game.new(seed)` deals a `State`.
A `State` says who may act (`to_act`), what they may do (`legal_actions`), applies actions
(`apply`), shows each seat what it may see (`view`) and keeps its own `record`.
Actions are short strings in their canonical text form, the same text a player types.
"""

from __future__ import annotations

import copy
import functools
import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, NoReturn, TypeVar

from parlour.i18n import _
from parlour.kernel.errors import IllegalAction, OptionError, shown
from parlour.kernel.options import Option, Value
from parlour.kernel.reasons import Reason, tell
from parlour.kernel.rng import Rng, ScriptedRng, StrictRng

if TYPE_CHECKING:
    from parlour.kernel.advice import Advice
    from parlour.kernel.breakdown import Breakdown
    from parlour.kernel.challenge import Challenge
    from parlour.kernel.encoding import Encoding
    from parlour.kernel.learning import Section, Tutorial

Seat = int | None
"""A player's seat number (0-based), or `None`: the table (as actor) or a spectator (as
viewer); `TABLE` and `SPECTATOR` say which is meant."""

Action = str
"""An action in its canonical text form; JSON-serialisable as it is."""

UNDO: Action = "undo"
"""The kernel's own action, for any game: a seat takes back its last move of its turn (see
`State.undo_refusal`). Never among `legal_actions` (bots and adapters never meet it); recorded
as `[seat, "undo"]` like any action, so records replay as they are."""

TABLE: Seat = None
"""The seat of the table: it applies what no player decides, such as `timeout`."""

SPECTATOR: Seat = None
"""The viewer who holds no seat: `view(SPECTATOR)` shows only what is public."""

View = Mapping[str, Any]
"""What a seat sees: JSON-ready; each game declares its shape as a TypedDict (`view_type`)."""


class Configuration(NamedTuple):
    """A set-up worth testing, declared by its game for the generic suites: players, options,
    and a bound on the actions of any game so set up (a hard bound, or one that random play
    exceeds with a documented, negligible chance)."""

    players: int
    options: Mapping[str, Value]
    max_actions: int


class Comparison(NamedTuple):
    """One axis a balance report compares: `players` or an option's name, at the given values
    (empty: every value allowed, those the game refuses at the report's settings left out)."""

    axis: str
    values: tuple[Value, ...] = ()


@dataclass(frozen=True)
class Balance:
    """What a game's balance report (`parlour report`) measures: its usual player count, the
    bot every seat plays (the strongest whose games the report can afford), and the axes
    worth comparing (each varied alone from the report's settings)."""

    players: int
    bot: str
    compare: tuple[Comparison, ...] = ()


class Concurrency(Enum):
    """How the seats in `to_act` relate when there are several, for adapters that must say
    whether a game is played in turns (OpenSpiel's game types)."""

    ONE = "one"
    """Never more than one seat to act."""
    SEALED = "sealed"
    """Several seats act at once, and the order their actions arrive in changes nothing: each
    seat's action stays legal and means the same whatever the others did (sealed choices)."""
    RACE = "race"
    """Several seats may act, and the first to act changes what the others may do: real time
    decides, as in a race."""


class Objective(Enum):
    """What a game with these players and options is played for, by which the arena and the
    ladders rank bots (both measures are always shown)."""

    WIN = "win"
    """Winning: rank by games won (a tie shared), as the rating measures it."""
    POINTS = "points"
    """The score itself (a solo game's points, a bankroll): rank by mean score."""


def seat_name(seat: int, viewer: Seat) -> str:
    """How a game's log names a seat to `viewer`: `You`, or `Seat 2` (seats count from 1),
    in the language of the moment."""
    return _("You") if seat == viewer else _("Seat {number}").format(number=seat + 1)


@dataclass(frozen=True)
class GameInfo:
    """What a game is, for listings and validation."""

    name: str
    title: str
    summary: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    rulebook: str
    """The game's rules page, a path in the repository (`docs/rules/NAME.md`)."""
    hidden_information: bool
    configurations: tuple[Configuration, ...]
    """The set-ups the generic suites play (property tests, playthroughs, benchmarks)."""
    balance: Balance | None = None
    """What its balance report compares, and with which bot (`None`: seats of `random`, the
    game's default settings only)."""
    length_cap: tuple[str, int] | None = None
    """For a game the rules leave unbounded: the option that caps its length, and a value for
    adapters that need a bound (one a real game reaches with a negligible chance)."""
    how_to_play: tuple[Section, ...] = ()
    """The rules as players read them, with the project's rulings where they matter (texts
    marked for the catalogues: see `parlour.kernel.learning`)."""
    tutorial: Tutorial | None = None
    """The game's scripted tutorial (`parlour learn GAME`)."""

    def describe(self) -> dict[str, Any]:
        """A JSON-ready description (`parlour games --json`)."""
        return {
            "name": self.name,
            "title": self.title,
            "summary": _(self.summary),
            "min_players": self.min_players,
            "max_players": self.max_players,
            "hidden_information": self.hidden_information,
            "rulebook": self.rulebook,
            "options": [option.describe() for option in self.options],
        }


class Game(ABC):
    """A game with its player count and validated options; a factory of states."""

    info: ClassVar[GameInfo]
    reason_texts: ClassVar[Mapping[str, str]] = {}
    """English words for the game's refusal codes (see `parlour.kernel.reasons`)."""
    view_type: ClassVar[type] = dict
    """The TypedDict every view of the game matches (its JSON Schema: `parlour games --schema`)."""

    def __init__(self, players: int, options: dict[str, Value]) -> None:
        self.players = players
        self.options = options

    @property
    def name(self) -> str:
        return self.info.name

    @classmethod
    def check(cls, players: int, options: dict[str, Value]) -> None:
        """Refuse option combinations the game does not allow (raise `OptionError`).
        The default allows every combination the options themselves allow."""
        return None

    def new(
        self, seed: int | None = None, *, chance: Sequence[int] = (), strict: bool = False
    ) -> State:
        """A new game. `seed=None` draws 128 bits from `secrets`.

        `chance` (tests and tools only) scripts the first chance outcomes, see `ScriptedRng`.
        `strict`: the script is all the chance there is; a draw past it raises `ChanceNeeded`
        (see `StrictRng`), here or in a later `apply`.
        """
        if seed is None:
            seed = secrets.randbits(128)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise OptionError(f"seed must be an integer, not {seed!r}")
        rng = StrictRng(chance) if strict else ScriptedRng(seed, chance) if chance else Rng(seed)
        return self._new_state(rng, seed, tuple(chance))

    def concurrency(self) -> Concurrency:
        """How several seats in `to_act` relate with these options (the default: there is
        never more than one)."""
        return Concurrency.ONE

    def objective(self) -> Objective:
        """What this game is played for with these players and options: the default, the win
        where several seats play and points where one plays alone (nobody to beat)."""
        return Objective.WIN if self.players > 1 else Objective.POINTS

    def score_bounds(self) -> tuple[float, float] | None:
        """The lowest and highest score a seat can end with under these options, for adapters
        that declare a points game's utility (OpenSpiel); `None`: not declared."""
        return None

    def chance_bound(self) -> int | None:
        """The most outcomes any one draw of this game's RNG has with these options (the `n`
        of `below(n)`, the sides of `die`), for adapters that expose chance draw by draw;
        `None`: not declared."""
        return None

    def rematch_options(self) -> dict[str, Value]:
        """The options of a rematch of this game: the same, unless the game's rules say how a
        rematch starts (Dicetime's Revanche)."""
        return dict(self.options)

    @abstractmethod
    def _new_state(self, rng: Rng, seed: int, chance: tuple[int, ...]) -> State:
        """Build the first state of a game."""

    @abstractmethod
    def determinize(self, view: View, rng: Rng) -> State:
        """A state consistent with `view` (made by a state of this game): whatever the viewer
        cannot see is dealt uniformly among the deals consistent with every public fact, and
        its RNG is freshly seeded from `rng`. Search bots play on it, never on the real state.
        Its `view(view["seat"])` equals `view`; its history is empty."""

    @abstractmethod
    def all_actions(self) -> tuple[Action, ...]:
        """Every action a player of this game (with these options) can ever have, in a fixed
        order: a fixed action space for adapters. The table's actions (`timeout`) are apart."""

    @abstractmethod
    def length_bound(self) -> int | None:
        """The most actions (the table's included) any game with these options can take, or
        `None` where the rules set no bound (the game then offers an option that caps it)."""

    @abstractmethod
    def encoding(self) -> Encoding:
        """The fixed-size numeric encoding of this game's views (for these players and
        options; cached per game): what a seat sees, for learning adapters, read from the
        view or written straight from the state, the same numbers (see
        `parlour.kernel.encoding`)."""

    def advice(self) -> Advice | None:
        """What the game advises players with these options (hints, analysis, a solver: see
        `parlour.kernel.advice`), or `None`: it gives none. Cheap to call."""
        return None

    def confirm(self, view: View, action: Action) -> str | None:
        """The question to ask a person before `action`, legal for the seat of `view`, where
        it gives away what they may not mean to (entering 0 while another row would score), in
        the language of the moment; `None`: nothing to ask (the default). Every front end asks
        it, so the words and the rule live here once. Cheap: pages get one per legal action."""
        return None

    def undoable(self, before: State, seat: int, action: Action) -> bool:
        """Whether the rules let `seat` take back `action`, legal on `before`, within its turn:
        a move that revealed nothing hidden (to anyone, its mover included). The kernel checks
        the rest for every game: the seat is still alone to act after it, and it drew no chance
        (see `State.undo_refusal`). The default: no move may be taken back."""
        return False

    def action_words(self, view: View, seat: int, action: Action) -> str:
        """`action` of `seat` in words a player reads, from what `view` (of the state before
        it, any seat's or a spectator's) shows, in the language of the moment: Dicetime's
        `keep 1,2` as the faces it keeps. Hints, analyses and replays show these; the default
        is the action itself, for games whose actions read as words already."""
        return action

    def contrast(self, view: View, seat: int, chosen: Action, better: Action) -> str | None:
        """Why `better` would have served `seat` better than `chosen`, the decision its `view`
        shows, in words a player reads, from what the view shows (a review says it beside its
        costliest decisions); `None` (the default): nothing to add to the two values."""
        return None

    @classmethod
    def challenge(cls, day: date) -> Challenge | None:
        """The game's daily challenge on UTC `day` (see `parlour.kernel.challenge`), or
        `None`: it offers none (the default)."""
        return None

    def reason_words(self, params: Mapping[str, Any]) -> Mapping[str, Any]:
        """A reason's parameters as its words show them, in the language of the moment (a
        flavour's key as its name, say): what a game overrides so that `tell` says them its
        way. The default shows them as they are."""
        return params

    def tell(self, reason: Reason) -> str:
        """`reason` in words of the language of the moment, from the game's texts or the
        kernel's, its parameters put into words by `reason_words`."""
        return tell(Reason(reason.code, self.reason_words(reason.params)), self.reason_texts)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} players={self.players} options={self.options}>"


_Result = TypeVar("_Result")


def _seat_checked(method: Callable[[Any, Seat], _Result]) -> Callable[[Any, Any], _Result]:
    """`method(seat)` of a `State`, its seat checked first as `apply` checks it (see
    `State._checked_seat`); the common case, an `int` in range or `None`, costs a few
    comparisons."""

    @functools.wraps(method)
    def checked(state: State, seat: Any) -> _Result:
        if not (seat is None or (type(seat) is int and 0 <= seat < state._seat_count)):
            seat = state._checked_seat(seat)
        return method(state, seat)

    _UNCHECKED[checked] = method
    return checked


def _legality_checked(method: Callable[[Any, Seat, Any], bool]) -> Callable[..., bool]:
    """`is_legal(seat, action)` of a `State`, its seat checked first (see `_seat_checked`), and
    `UNDO` answered by the kernel, whatever a game's own fast path would say."""

    @functools.wraps(method)
    def checked(state: State, seat: Any, action: Any) -> bool:
        if not (seat is None or (type(seat) is int and 0 <= seat < state._seat_count)):
            seat = state._checked_seat(seat)
        if action == UNDO:
            return state.undo_refusal(seat) is None
        return method(state, seat, action)

    _UNCHECKED[checked] = method
    return checked


TYPED_MOST = 200
"""The longest text `parse_action` reads (the web's limit too): no action is nearly as long,
and so no game's notation meets a huge input (a number past Python's digit limit)."""


def _typed_checked(method: Callable[[Any, Seat, str], Action]) -> Callable[..., Action]:
    """`parse_action` of a `State`, its seat checked first (see `_seat_checked`), then its text:
    what is no text, or longer than `TYPED_MOST`, is refused before the game reads it."""

    @functools.wraps(method)
    def checked(state: State, seat: Any, text: Any) -> Action:
        if not (seat is None or (type(seat) is int and 0 <= seat < state._seat_count)):
            seat = state._checked_seat(seat)
        if type(text) is not str:
            reason = Reason("not_text", {"action": shown(text)})
            raise IllegalAction(state.game.tell(reason), reason)
        if len(text) > TYPED_MOST:
            reason = Reason("too_long", {"length": len(text), "most": TYPED_MOST})
            raise IllegalAction(state.game.tell(reason), reason)
        if text.strip().lower() == UNDO:
            refused = state.undo_refusal(seat)
            if refused is not None:
                raise IllegalAction(state.game.tell(refused), refused)
            return UNDO
        return method(state, seat, text)

    _UNCHECKED[checked] = method
    return checked


_SEAT_FIRST: Mapping[str, Callable[[Any], Callable[..., Any]]] = {
    "legal_actions": _seat_checked,
    "view": _seat_checked,
    "breakdowns": _seat_checked,
    "is_legal": _legality_checked,
    "parse_action": _typed_checked,
}
"""The methods of a state whose first argument is a seat, and how the kernel checks it for
every game (a wrapper of each one's arity: a generic one costs twice as much on the hot path)."""

_UNCHECKED: dict[Callable[..., Any], Callable[..., Any]] = {}
"""The method each seat-checking wrapper calls: an inherited wrapper is not wrapped again, and
`apply` (which checks the seat itself) calls `is_legal` unwrapped."""


class State(ABC):
    """One moment of one game. Subclasses implement the rules; this class keeps the record
    and checks every seat it is given (a game's `legal_actions`, `is_legal`, `parse_action`
    and `view` included: see `__init_subclass__`)."""

    _is_legal_unchecked: ClassVar[Callable[[State, Seat, Action], bool]]
    """The game's own `is_legal`, for `apply`, which has already checked the seat."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Give the seat-first methods of every game (`_SEAT_FIRST`) the kernel's seat check,
        so that each refuses what is no seat of the game as `apply` does, with no check of
        its own."""
        super().__init_subclass__(**kwargs)
        for name, checking in _SEAT_FIRST.items():
            method = getattr(cls, name)
            if method not in _UNCHECKED:
                setattr(cls, name, checking(method))
        cls._is_legal_unchecked = _UNCHECKED[cls.is_legal]

    def __init__(self, game: Game, rng: Rng, seed: int, chance: tuple[int, ...]) -> None:
        self.game = game
        self._seat_count = game.players
        self._rng = rng
        self._seed = seed
        self._chance = chance
        self._actions: list[tuple[Seat, Action]] = []
        self._taken_back: tuple[tuple[int, int], ...] = ()

    # -- what a game implements -------------------------------------------------------------

    @property
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """The player seats that may act now (several where the rules let them act at once)."""

    @abstractmethod
    def legal_actions(self, seat: Seat) -> Sequence[Action]:
        """Every legal action of `seat` now (`None`: the table's, e.g. `timeout`)."""

    @abstractmethod
    def _apply(self, seat: Seat, action: Action) -> None:
        """Apply an action already known to be legal."""

    @abstractmethod
    def view(self, seat: Seat) -> View:
        """A JSON-ready dict of exactly what `seat` may see (`SPECTATOR`: what is public); a
        fresh copy the caller may keep."""

    @property
    @abstractmethod
    def over(self) -> bool:
        """Whether the game has ended."""

    @property
    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """Each seat's score so far (final once the game is over)."""

    @property
    @abstractmethod
    def winners(self) -> tuple[int, ...]:
        """The winning seats after the game's own tie-breaks; empty until the game is over."""

    def breakdowns(self, seat: Seat) -> tuple[Breakdown, ...]:
        """How the points came about, as `seat` may see it (`parlour.kernel.breakdown`): the
        last round's or day's summary where the game scores by rounds or days, and once it is
        over the game's, last, whose rows add up to `scores`. Front ends show them at a round's
        or the game's end. The default: none (a game that gives no breakdown)."""
        return ()

    @property
    def clock(self) -> float | None:
        """Seconds of play the table allows, counted from when the clock started (see
        `clock_since`); then a runner applies `apply(None, "timeout")`. `None`: untimed.
        Engines never read a clock themselves."""
        return None

    @property
    def clock_since(self) -> int:
        """How many actions the record held when the current clock started: 0 (the game's
        start) unless the game restarts its clock, as Like Dice does for each challenge.
        Runners count the deadline from then and drop bot decisions made before it."""
        return 0

    def _verify(self, seat: Seat, action: Action) -> Reason | None:
        """Why the game refuses `action` from `seat`, which may act now (`TABLE` included), or
        `None` when it is legal: the game's one source of legality (PokerKit's verify). The
        default knows only `legal_actions`; games override it with their rules' reasons."""
        if action in self.legal_actions(seat):
            return None
        return self._not_legal(seat, action)

    def _not_legal(self, seat: Seat, action: object) -> Reason:
        """The general refusal: not among the legal actions, which are listed if few."""
        legal = self.legal_actions(seat)
        if len(legal) > 12:
            return Reason("not_legal_many", {"action": action, "count": len(legal)})
        return Reason("not_legal", {"action": action, "legal": list(legal)})

    # -- what the kernel provides -----------------------------------------------------------

    def _checked_seat(self, seat: object) -> Seat:
        """`seat` as a seat of this game (`None`, or an `int` of a subclass made an `int`), or
        `IllegalAction` saying why it is none: a bool or a string, or a number out of range."""
        reason = self._seat_reason(seat)
        if reason is not None:
            raise IllegalAction(self.game.tell(reason), reason)
        return int(seat) if isinstance(seat, int) else None

    def _seat_reason(self, seat: object) -> Reason | None:
        """Why `seat` is no seat of this game (`None`, the table or a spectator, is one)."""
        if seat is None:
            return None
        if not isinstance(seat, int) or isinstance(seat, bool):
            return Reason("not_a_seat", {"seat": shown(seat)})
        if not 0 <= seat < self._seat_count:
            seats = list(range(self._seat_count))
            return Reason("no_seat", {"seat": shown(int(seat)), "seats": seats})
        return None

    def refusal(self, seat: Seat, action: object) -> Reason | None:
        """Why `seat` may not apply `action` now, or `None` when it may: no seat of the game,
        an action that is no text, a seat not to act, or the rules' reason."""
        reason = self._seat_reason(seat)
        if reason is not None:
            return reason
        if type(action) is not str:
            return Reason("not_text", {"action": shown(action)})
        if action == UNDO:
            return self.undo_refusal(seat)
        if seat is not TABLE and seat not in self.to_act:
            if self.over:
                return Reason("game_over")
            return Reason("not_your_turn", {"seat": seat, "to_act": list(self.to_act)})
        return self._verify(seat, action)

    def is_legal(self, seat: Seat, action: Action) -> bool:
        """Whether `seat` may apply `action` now: it has no reason to be refused."""
        return self.refusal(seat, action) is None

    def explain(self, seat: Seat, action: object) -> str:
        """Why `action` is refused, in words a player understands."""
        reason = self.refusal(seat, action) or self._not_legal(seat, action)
        return self.game.tell(reason)

    def parse_action(self, seat: Seat, text: str) -> Action:
        """Turn what a player typed into a legal action: the canonical text (any case) or an
        unambiguous prefix of one. Games may accept more short forms. (`undo`, where the
        seat may take a move back, is the kernel's, answered before the game reads the text.)"""
        legal = self.legal_actions(seat)
        wanted = " ".join(text.lower().split())
        if wanted in legal:
            return wanted
        matches = [action for action in legal if action.startswith(wanted)] if wanted else []
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            reason = Reason("ambiguous", {"text": text, "matches": matches[:6]})
            raise IllegalAction(self.game.tell(reason), reason)
        self._refuse(seat, text)

    def _refuse(self, seat: Seat, action: object) -> NoReturn:
        """Raise `IllegalAction` with the reason `action` is refused (a text that is no
        canonical action but has no reason of its own is simply not legal)."""
        reason = self.refusal(seat, action) or self._not_legal(seat, action)
        raise IllegalAction(self.explain(seat, action), reason)

    def apply(self, seat: Seat, action: Action) -> None:
        """Apply `action` for `seat`, or raise `IllegalAction` and change nothing."""
        if not (seat is None or (type(seat) is int and 0 <= seat < self._seat_count)):
            seat = self._checked_seat(seat)  # the common case costs a few comparisons
        if action == UNDO:
            self._undo(seat)
            return
        if type(action) is not str or not self._is_legal_unchecked(seat, action):
            self._refuse(seat, action)
        self._apply(seat, action)
        self._actions.append((seat, action))

    # -- taking a move back -------------------------------------------------------------------

    def undo_refusal(self, seat: Seat) -> Reason | None:
        """Why `seat` may not take back its last move now (`UNDO`), or `None` when it may: the
        game is over; it is not alone to act (its turn passed); nothing is left to take back;
        the last move still standing is not its own; the rules do not let that move be taken
        back (`Game.undoable`); or it drew chance."""
        return self._undoing(seat)[0]

    def _undoing(self, seat: Seat) -> tuple[Reason | None, State | None]:
        """`undo_refusal`, and when there is none the state before the move taken back: rebuilt
        from the seed by the moves still standing (a person's game is short; bots never undo)."""
        if self.over:
            return Reason("game_over"), None
        if seat is None or self.to_act != (seat,):  # the table never takes a move back
            return Reason("undo_turn_passed"), None
        stands = standing(self._actions)
        if not stands:
            return Reason("undo_nothing"), None
        mover, action = self._actions[stands[-1]]
        if mover != seat:
            return Reason("undo_not_yours"), None
        if type(self.game).undoable is Game.undoable:  # the game takes nothing back
            return Reason("undo_not_allowed", {"action": action}), None
        before = self._rebuilt(stands[:-1])
        if not self.game.undoable(before, seat, action):
            return Reason("undo_not_allowed", {"action": action}), None
        if before._rng.mark() != self._rng.mark():
            return Reason("undo_chance", {"action": action}), None
        return None, before

    def _rebuilt(self, numbers: Sequence[int]) -> State:
        """This game dealt again as it was (its seed and chance script) with the record's moves
        `numbers` applied, each where the record made it: the record up to it (the moves taken
        back and their undos included) is the history then, so a game that counts the record
        (`clock_since`) counts as it did."""
        strict = isinstance(self._rng, StrictRng)
        state = self.game.new(self._seed, chance=self._chance, strict=strict)
        for number in numbers:
            state._actions.extend(self._actions[len(state._actions) : number])
            state.apply(*self._actions[number])
        return state

    def _undo(self, seat: Seat) -> None:
        """Take back `seat`'s last move, or raise `IllegalAction` and change nothing: this
        state becomes the one before it, its record the whole record and the undo."""
        reason, before = self._undoing(seat)
        if reason is not None:
            raise IllegalAction(self.game.tell(reason), reason)
        assert before is not None and seat is not None  # no reason: a seat alone to act
        actions = [*self._actions, (seat, UNDO)]
        told = (*self._taken_back, (seat, len(before.view(SPECTATOR).get("log", ()))))
        vars(self).clear()
        vars(self).update(vars(before))
        self._actions = actions
        self._taken_back = told

    @property
    def taken_back(self) -> tuple[tuple[int, int], ...]:
        """Each undo so far, in order: the seat that took back its move, and how many entries
        the game's log (its views' `log`) held just after it: the move leaves the log, so front
        ends tell the undo there."""
        return self._taken_back

    @property
    def record(self) -> dict[str, Any]:
        """`{game, players, options, seed, actions}` (plus `chance` when scripted), JSON-ready;
        `parlour.replay` rebuilds this state from it."""
        record: dict[str, Any] = {
            "game": self.game.name,
            "players": self.game.players,
            "options": copy.deepcopy(self.game.options),
            "seed": self._seed,
            "actions": [[seat, action] for seat, action in self._actions],
        }
        if self._chance:
            record["chance"] = list(self._chance)
        return record

    @property
    def history(self) -> tuple[tuple[Seat, Action], ...]:
        """The actions applied so far, in order."""
        return tuple(self._actions)

    def scripted(self, outcomes: Sequence[int] = ()) -> State:
        """A clone whose chance from now on is `outcomes` and nothing else: a draw past them
        raises `ChanceNeeded` (see `StrictRng`), for adapters that expose chance draw by draw.
        Its record names every outcome drawn when this state's chance was all scripted too
        (`new(strict=True)` or `scripted`), and then replays."""
        twin = self.clone()
        drawn = self._rng.drawn if isinstance(self._rng, StrictRng) else []
        twin._rng = StrictRng(outcomes, drawn)
        twin._chance = (*drawn, *outcomes)
        return twin

    def reseeded(self, seed: int) -> State:
        """A clone whose chance from now on comes from a fresh generator seeded with `seed`:
        a world dealt once and searched many times, each time with chance of its own."""
        twin = self.clone()
        twin._rng = Rng(seed)
        return twin

    def clone(self) -> State:
        """An independent copy (its RNG included) that shares only the immutable game."""
        twin = copy.copy(self)
        twin._rng = self._rng.copy()
        twin._actions = list(self._actions)
        self._copy_into(twin)
        return twin

    def _copy_into(self, twin: State) -> None:
        """Give `twin` (a shallow copy) its own copies of this state's mutable parts.
        The default deep-copies them all; games may override it with something faster."""
        shared = {"game", "_rng", "_actions", "_taken_back"}
        for name, value in vars(self).items():
            if name not in shared:
                setattr(twin, name, copy.deepcopy(value))

    def __repr__(self) -> str:
        status = "over" if self.over else f"to act {_seats(self.to_act)}"
        return f"<{type(self).__name__} {self.game.name} {status} after {len(self._actions)}>"


def standing(actions: Sequence[Sequence[Any]]) -> list[int]:
    """The numbers (from 0) of a record's actions, `[seat, action]` pairs, that still stand: no
    undo, and no move an undo took back (what a dataset of decisions keeps). The record must
    replay (every undo takes back a move)."""
    kept: list[int] = []
    for number, (_seat, action) in enumerate(actions):
        if action == UNDO:
            kept.pop()
        else:
            kept.append(number)
    return kept


def _seats(seats: tuple[int, ...]) -> str:
    return ", ".join(str(seat) for seat in seats) or "nobody"
