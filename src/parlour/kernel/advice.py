"""Advice: what a game that can value decisions offers players beyond the protocol.

A game declares it by returning an `Advice` from `Game.advice()` (the default: `None`, no
advice). Front ends ask for it by capability, never by game name: the CLI (`parlour hint`,
`solve`, `analyse`), the terminal's hints and the web's hints and analysis all use only this.
An advisor values each choice of a pending decision from the seat's **view** alone, so a hint
never uses what the player cannot see, by what it measures (`Advice.measure`): the seat's
expected final score, or its chance of winning. Two kinds implement it: `ExactAdvice`, a solver
whose values are exact (Dicetime's solved tables: it also solves, analyses a finished game and
plays the best game), and estimates by search over the worlds the view allows
(`parlour.bots.advice.SearchAdvice`), each value with the half-width of its 95% interval.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from parlour.i18n import _
from parlour.kernel.errors import OptionError
from parlour.kernel.protocol import Objective, View, standing
from parlour.kernel.records import replayed
from parlour.kernel.registry import games, load
from parlour.kernel.rng import Rng

if TYPE_CHECKING:
    from parlour.kernel.protocol import Action, Game, State

Progress = Callable[[float], None]
"""Told the fraction of a long piece of work done so far (0 to 1)."""


def ignore(fraction: float) -> None:
    """A `Progress` for callers that do not show it."""


@dataclass(frozen=True)
class Choice:
    """One choice of a pending decision: its action; `expected`, what the advice measures after
    it (the seat's expected final score where points count, its chance of winning where the win
    does: 0 to 1, a shared win counted as its share); `loss`, what it gives up to the best
    choice (0 for the best); `margin`, the half-width of the estimate's 95% interval (0 where
    the value is exact); and, where the advice tells them apart, the points banked before it
    and the expected points to come."""

    action: Action
    expected: float
    loss: float
    margin: float = 0.0
    banked: float | None = None
    to_come: float | None = None


@dataclass(frozen=True)
class Pace:
    """One row of a review's `speed` section, for a game where speed is part of play: a kind
    of task (`label`, in words), how many times the seat answered one, how many of those
    answers were wrong and how many it passed, its median seconds to answer (`None`: no
    answer), and whom it answered like (`like`, in words: a bot's level; `None`: no answer)."""

    label: str
    answers: int
    wrong: int
    passed: int
    seconds: float | None
    like: str | None


@dataclass(frozen=True)
class Solution:
    """What a solver reports (`parlour solve`): the expected final score of best play from the
    start and its standard deviation, the seconds it took to build (or load, when `cached`),
    and where its table is kept (`None`: nothing is stored) and how many bytes it takes."""

    expected_score: float
    sd_score: float
    seconds: float
    cached: bool
    path: Path | None
    table_bytes: int


class Advice(ABC):
    """A game's advice for one set of options (the game's). Making one must be cheap (listings
    ask every game): an advisor loads its heavy parts when first asked for a value."""

    exact: ClassVar[bool] = False
    """Whether its values are exact (an `ExactAdvice`), or estimates with a margin."""
    about: ClassVar[str | None] = None
    """How its values come about, for players (marked for the catalogue with `N_`), where the
    front ends' words for a search's estimates would not fit."""
    version: ClassVar[str] = "1"
    """Its judgement's version: a stored review is kept under it, so an advisor that judges
    differently (a new bot, a new budget) gives it a new one, and old reviews are done again."""

    def __init__(self, game: Game) -> None:
        self.game = game

    @property
    def measure(self) -> Objective:
        """What a choice's `expected` estimates: the game's objective with these options (the
        chance of winning, or the final score where points count)."""
        return self.game.objective()

    @abstractmethod
    def choices(self, view: View, seat: int) -> list[Choice] | None:
        """Every choice of `seat`'s pending decision as its `view` shows it (nothing else is
        read), the best first; `None` when it has no decision (a single legal action, or
        nothing to decide yet)."""

    def prepare(self, progress: Progress) -> None:
        """Make ready what the first value needs (slow only the first time: a solver's table),
        reporting progress. Nothing, by default."""
        progress(1.0)

    def hints(self, state: State, only: int | None = None) -> list[dict[str, Any]]:
        """For each seat with a pending decision (or `only` that seat): its choices, best first
        (JSON-ready), each valued from that seat's view."""
        pending = []
        for seat in [seat for seat in state.to_act if only is None or seat == only]:
            view = state.view(seat)
            choices = self.choices(view, seat)
            if choices is not None:
                pending.append({"seat": seat, "choices": self.worded(view, seat, choices)})
        return pending

    def worded(self, view: View, seat: int, choices: list[Choice]) -> list[dict[str, Any]]:
        """`seat`'s choices JSON-ready, each with its action in words (`words`,
        `Game.action_words` from the seat's `view`)."""
        return [
            {**asdict(choice), "words": self.game.action_words(view, seat, choice.action)}
            for choice in choices
        ]

    def describe(self) -> dict[str, Any]:
        """What front ends show beside the values: what they measure, whether exact, and how
        they come about in words (`about`; `None`: the front end tells an estimate its way)."""
        about = None if self.about is None else _(self.about)
        return {"measure": self.measure.value, "exact": self.exact, "about": about}

    def review(
        self, final: State, seat: int, progress: Progress = ignore, times: Sequence[float] = ()
    ) -> dict[str, Any]:
        """`seat`'s decisions in the game that led to `final` (a state of this advice's game),
        each valued from the seat's view at the time (`moves`, `judged`, `reviewed`); `times`,
        each action's time where the record kept them (`keeps_times`)."""
        moves = self.moves(final, seat)
        judged = []
        for done, (number, view, action) in enumerate(moves, start=1):
            choices = self.choices(view, seat)
            if choices is not None:
                judged.append(self.judged(view, seat, number, action, choices))
            progress(done / len(moves))
        progress(1.0)
        return self.reviewed(final, seat, judged, times)

    def moves(self, final: State, seat: int) -> list[tuple[int, View, Action]]:
        """`seat`'s moves that stand in the game that led to `final`, each with its number in
        the record (counted from 1: the replay's step `number - 1` shows the board it faced)
        and the seat's view before it. A move taken back, and its undo, is none (`standing`)."""
        stands = set(standing(final.history))
        return [
            (number, state.view(seat), action)
            for number, actor, action, state in replayed(final)
            if actor == seat and number - 1 in stands
        ]

    def judged(
        self, view: View, seat: int, number: int, action: Action, choices: list[Choice]
    ) -> dict[str, Any]:
        """Move `number` of a review: what was played against the best, and, where they
        differ, why the best is better in words where the game can say (`why`; JSON-ready)."""
        chosen = next(choice for choice in choices if choice.action == action)
        best = choices[0]
        same = action == best.action
        return {
            "number": number,
            "action": action,
            "action_words": self.game.action_words(view, seat, action),
            "best": best.action,
            "best_words": self.game.action_words(view, seat, best.action),
            "expected": chosen.expected,
            "best_expected": best.expected,
            "loss": chosen.loss,
            "margin": chosen.margin,
            "why": None if same else sentence(self.game.contrast(view, seat, action, best.action)),
        }

    def reviewed(
        self, final: State, seat: int, judged: list[dict[str, Any]], times: Sequence[float] = ()
    ) -> dict[str, Any]:
        """A seat's review from its judged decisions: them, what they gave up in all, and the
        seat's score (JSON-ready). A game whose play is also speed reads `times` (each
        action's, from the game's start) and adds a `speed` section: `rows` (each a `Pace`)
        and a `summary` in words."""
        lost = sum(decision["loss"] for decision in judged)
        return {"seat": seat, "decisions": judged, "lost": lost, "score": final.scores[seat]}


def sentence(words: str | None) -> str | None:
    """`words` begun with a capital letter, as a sentence is (a game's words may begin with
    a card or an action, written in lower case: `grape 6 does ...`)."""
    return words and words[0].upper() + words[1:]


class ExactAdvice(Advice):
    """Advice from a solver: exact values of the expected final score, an optimum to measure
    play against, the analysis of a finished game and the best game from a seed."""

    exact = True

    @property
    def measure(self) -> Objective:
        return Objective.POINTS

    @abstractmethod
    def solve(self, rebuild: bool, progress: Progress) -> Solution:
        """Load the solver's table, or build it (again, when `rebuild`) reporting progress, and
        say how (`parlour solve`)."""

    def prepare(self, progress: Progress) -> None:
        """Make sure the solver is ready (slow only the first time), reporting progress. Games
        that keep their solver loaded for the process override it (and `optimum`)."""
        self.solve(False, progress)

    def optimum(self) -> float:
        """The expected final score of best play from the start."""
        return self.solve(False, ignore).expected_score

    def simulate(self, games: int, seed: int, progress: Progress) -> list[int]:
        """Seat 0's final score in each of `games` games played by the best choices (the first
        legal action where there is no decision), dealt from seeds drawn from `seed`. Games
        with a faster way (compiled, in bulk) override it."""
        seeds = Rng(seed)
        scores = []
        for number in range(games):
            scores.append(self.best_game(seeds.seed()).scores[0])
            progress((number + 1) / games)
        return scores

    def best_game(self, seed: int) -> State:
        """The game dealt from `seed` played to its end by the best choices (the first legal
        action where there is no decision): a daily challenge's optimal player, say."""
        state = self.game.new(seed)
        while not state.over:
            seat = state.to_act[0] if state.to_act else None
            choices = None if seat is None else self.choices(state.view(seat), seat)
            state.apply(seat, choices[0].action if choices else state.legal_actions(seat)[0])
        return state

    def analyse(self, final: State) -> dict[str, Any]:
        """Judge every decision of every seat in the game that led to `final` against the best
        choice (`review`), and each seat's proficiency: the share of the optimal expected
        score it kept (JSON-ready)."""
        optimal = self.optimum()
        seats = [self.review(final, seat) for seat in range(self.game.players)]
        for entry in seats:
            entry["proficiency"] = 100 * (optimal - entry["lost"]) / optimal
        return {
            "game": self.game.name,
            "options": dict(self.game.options),
            "optimal_expected_score": optimal,
            "over": final.over,
            "seats": seats,
        }


def advice_of(game: Game) -> Advice:
    """`game`'s advice, or an `OptionError` naming the games (with their default options)
    that give some."""
    advice = game.advice()
    if advice is not None:
        return advice
    givers = [info.name for info in games() if load(info.name).advice() is not None]
    raise OptionError(
        f"{game.name} gives no advice (hints, analysis, a solver); games that do: "
        f"{', '.join(givers) or 'none'}"
    )


def exact_advice_of(game: Game) -> ExactAdvice:
    """`game`'s solver (exact advice: `parlour solve`, `analyse`, the daily challenge's
    judge), or an `OptionError` naming the games (with their default options) that have one."""
    advice = game.advice()
    if isinstance(advice, ExactAdvice):
        return advice
    solvers = [info.name for info in games() if isinstance(load(info.name).advice(), ExactAdvice)]
    raise OptionError(
        f"{game.name} has no solver (exact values, analysis of a finished game); games that "
        f"do: {', '.join(solvers) or 'none'}"
    )
