"""Learning a game at the terminal (`parlour learn GAME`): its tutorial, a `Lesson`, walked with
the game's own renderer and the runner's prompt and words (`help`, `rules`, `quit`), and then,
if the learner wants it, a real game against the game's easiest bot.

The lesson holds the rules and the script; this module only shows the board, what the others
did and what the step asks, and passes on what the learner types."""

from __future__ import annotations

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from parlour.bots.registry import easiest_bot
from parlour.i18n import _
from parlour.kernel import Game, Lesson, Step, game_class, load, real_game_players
from parlour.terminal.commands import command, yes
from parlour.terminal.prompt import Prompt
from parlour.terminal.renderers import renderer_for
from parlour.terminal.renderers.names import labelled, player_name
from parlour.terminal.rules import rules_of
from parlour.terminal.runner import HUMAN, Quit, legal_now


class Learning:
    """One tutorial at the terminal; `teach` runs it and says whether a real game follows."""

    def __init__(self, game: str, console: Console, prompt: Prompt) -> None:
        self.lesson = Lesson(game)  # ValueError: the game has no tutorial
        self.game = game
        self.console = console
        self.prompt = prompt
        self.render = renderer_for(game)
        self.learner = self.lesson.tutorial.learner
        self.shown = 0  # log entries shown so far

    def teach(self) -> bool:
        """The intro, every step until the lesson is done, the finale; then whether the
        learner wants a real game. `Quit` when they leave (quit, or the end of the input)."""
        self.console.print(Panel(_(self.lesson.tutorial.intro), title=_("Learn to play")))
        try:
            while (step := self.lesson.step) is not None:
                self._step(step)
            self._show_board()
            self.console.print(Panel(_(self.lesson.tutorial.finale), title=_("Well played")))
            question = _("Play a real game against the bot {bot}? (y/n) ")
            return yes(self.prompt.ask(question.format(bot=easiest_bot(self.game))))
        except (EOFError, KeyboardInterrupt):
            raise Quit from None

    def _step(self, step: Step) -> None:
        """Show the step and read the learner's lines until the move it asks is made."""
        self._show_board()
        self._ask(step)
        name = player_name(self.lesson.state.view(self.learner), self.learner)
        while True:
            self.prompt.new_question()
            text = self.prompt.ask(f"[bold]{name}[/bold] > ") or ""
            asked = command(text)
            if asked == "quit":
                self.console.print(_("Left the tutorial: parlour learn starts it again."))
                raise Quit
            if asked == "help":
                for line in legal_now(self.lesson.state, self.learner):
                    self.console.print(line)
            elif asked == "rules":
                self.console.print(rules_of(game_class(self.game).info))
                self._show_board()
                self._ask(step)
            elif text.strip():
                feedback = self.lesson.attempt(text)
                if feedback.accepted:
                    return
                self.console.print(Text(feedback.text, style="red"))
                self.console.print(typing(step))

    def _ask(self, step: Step) -> None:
        """What the step asks, and the move to type for it."""
        self.console.print(Text(_(step.say), style="bold cyan"))
        self.console.print(typing(step))

    def _show_board(self) -> None:
        """The log since it was last shown (as the runner shows what happened), the learner's
        view, and what the others' steps showed (said once)."""
        view = labelled(self.lesson.state.view(self.learner), self.lesson.tutorial.seat_names())
        for entry in view["log"][self.shown :]:
            self.console.print(Text("· " + entry["text"], style="dim"))
        self.shown = len(view["log"])
        self.console.print(self.render(view))
        for said in self.lesson.said:
            self.console.print(Text(said, style="italic"))
        self.lesson.said = []


def typing(step: Step) -> Text:
    """The terminal's way of making the step's move: the moves to type (the canonical ones the
    step accepts, which the prompt takes in every language), or any legal move."""
    if not step.moves:
        return Text(_("Type any move (help lists them)."), style="cyan")
    return Text(_("Type: {moves}").format(moves=" / ".join(step.moves)), style="cyan")


def real_game(game: str) -> tuple[Game, list[str]]:
    """The game after the lesson: the learner and the easiest bot (more of it where the game
    needs more players), with the game's default options."""
    players = real_game_players(game_class(game).info)
    return load(game, players=players), [HUMAN] + [easiest_bot(game)] * (players - 1)
