"""How a game teaches itself: its rules for players, and a scripted tutorial game.

Both are data a game declares in its `GameInfo` (texts marked `N_` for the catalogues, told in
the language of the moment by the front end). A tutorial is one short game whose chance is
scripted (`Game.new(chance=...)`), so the dice and cards are exactly what each step needs; its
steps introduce the rules one at a time, each asking for the move that shows one, and explain
a wrong one. The other seats' moves are steps too, played by the tutorial. `Lesson` walks
a tutorial for any front end; at its end the player goes on to a real game against the game's
easiest bot.

Every front end moves its own way: at the terminal a player types the move, on the page they
press it. The texts every front end shows (sections, a step's `say` and `wrong`, the intro
and the finale) therefore name no way of moving; the page's way is a text of its own (a
`Section` for one `FrontEnd`, a step's `press`), and the terminal shows the step's move to
type (its canonical text).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, NamedTuple

from parlour.i18n import _
from parlour.kernel.errors import IllegalAction
from parlour.kernel.options import Value

if TYPE_CHECKING:
    from parlour.kernel.protocol import Action, GameInfo, Seat, State


class FrontEnd(Enum):
    """A way of moving, which texts for one front end name: typed at the terminal's prompt,
    or pressed on the web page."""

    TERMINAL = "terminal"
    PAGE = "page"


@dataclass(frozen=True)
class Section:
    """A part of a game's rules as players read them: a heading and its paragraphs. `front_end`
    names the one front end whose way of moving the section tells (its commands, its
    buttons); `None`, the rules themselves, for every front end."""

    title: str
    paragraphs: tuple[str, ...]
    front_end: FrontEnd | None = None


def rules_for(info: GameInfo, front_end: FrontEnd) -> tuple[Section, ...]:
    """`info`'s rules as `front_end` shows them: the sections for every front end and its own."""
    return tuple(s for s in info.how_to_play if s.front_end in (None, front_end))


@dataclass(frozen=True)
class Step:
    """One move of a tutorial. For the learner's seat: `say` asks for it, `moves` are the
    canonical actions accepted (empty: any legal action), and `wrong` explains a legal move
    that is not the one asked for; neither names a way of moving. `press` says how to make the
    move on the page (which button or card; the terminal shows the moves to type instead).
    For another seat (or the table): the one move in `moves` is played for it, and `say`
    tells the learner what it shows."""

    say: str
    moves: tuple[Action, ...] = ()
    seat: Seat = 0
    wrong: str = ""
    press: str = ""


@dataclass(frozen=True)
class Tutorial:
    """A scripted game that teaches: its set-up (players, options, seed and chance) and steps.
    `intro` is read before the first step, `finale` after the last, before the real game.
    `names` names the other seats by seat (the learner's empty): names, the same in every
    language, which the texts call them by ("Ben took your red 2") and the front ends show
    for those seats, so that no text calls a player "Seat 2"."""

    intro: str
    steps: tuple[Step, ...]
    finale: str
    players: int = 2
    options: Mapping[str, Value] = field(default_factory=dict)
    chance: tuple[int, ...] = ()
    seed: int = 0
    learner: int = 0
    names: tuple[str, ...] = ()

    def seat_names(self) -> list[str | None]:
        """Each seat's name in the lesson (`None`: the learner's, or a seat left unnamed)."""
        return [
            (self.names[seat] or None) if seat < len(self.names) else None
            for seat in range(self.players)
        ]


def real_game_players(info: GameInfo) -> int:
    """The seats of the real game after a tutorial: the learner and the easiest bot, more of
    it where the game needs more players (also after a lesson played alone)."""
    return min(max(2, info.min_players), info.max_players)


class Feedback(NamedTuple):
    """What a learner is told after a move: taken (`accepted`) or not, and why."""

    accepted: bool
    text: str


class Lesson:
    """A tutorial being played: the state, the step it waits at, and what was said.

    `said` gathers the texts of the steps played for other seats since the learner's last
    move (front ends show and then clear it). The state only ever advances by the steps'
    moves, so a lesson replays from the learner's moves alone (`Lesson.after`)."""

    def __init__(self, game_name: str) -> None:
        from parlour.kernel.registry import game_class, load

        tutorial = game_class(game_name).info.tutorial
        if tutorial is None:
            raise ValueError(f"{game_name} has no tutorial")
        self.tutorial = tutorial
        game = load(game_name, players=tutorial.players, **dict(tutorial.options))
        self.state: State = game.new(tutorial.seed, chance=tutorial.chance)
        self.index = 0
        self.said: list[str] = []
        self._play_others()

    @classmethod
    def after(cls, game_name: str, moves: Sequence[Action]) -> Lesson:
        """The lesson once the learner has made `moves` (the accepted ones, in order);
        a move not accepted raises `IllegalAction` naming it."""
        lesson = cls(game_name)
        for move in moves:
            if not lesson.attempt(move).accepted:
                raise IllegalAction(_("{move!r} is not the tutorial's next move").format(move=move))
        return lesson

    @property
    def step(self) -> Step | None:
        """The learner's step the lesson waits at; `None` once it is over."""
        return self.tutorial.steps[self.index] if self.index < len(self.tutorial.steps) else None

    @property
    def done(self) -> bool:
        return self.step is None

    def attempt(self, text: str) -> Feedback:
        """The learner tries `text`: refused with the rules' reason when illegal, with the
        step's explanation when legal but not the move asked for; else played, and the
        other seats' steps after it too."""
        step = self.step
        if step is None:
            return Feedback(False, _("The tutorial is over."))
        seat = self.tutorial.learner
        try:
            action = self.state.parse_action(seat, text)
        except IllegalAction as error:
            return Feedback(False, str(error))
        if step.moves and action not in step.moves:
            return Feedback(False, _(step.wrong) if step.wrong else _("Not this time."))
        self.state.apply(seat, action)
        self.index += 1
        self.said = []
        self._play_others()
        return Feedback(True, "")

    def _play_others(self) -> None:
        steps = self.tutorial.steps
        while self.index < len(steps) and steps[self.index].seat != self.tutorial.learner:
            step = steps[self.index]
            self.state.apply(step.seat, step.moves[0])
            self.said.append(_(step.say))
            self.index += 1
