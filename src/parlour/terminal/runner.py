"""Playing one game in the terminal, for any game: people at the keyboard, bots beside them.

The runner holds no rules: it shows the acting person's view, turns what they type into an
action with the game's own `parse_action`, and applies it through the kernel. Where several
seats may act at once, bots answer after their `think_time` (shown while the person thinks)
and a person's action counts from when it was typed, so actions apply in the order they were
made. The table's `timeout` is applied when the state's clock runs out, counted from when it
started (a game may restart it, see `State.clock_since`). Seats are named with the bot that
plays them (`Seat 2 (greedy)`), and what the runner tells the person (a refusal, the legal
actions, a save) comes after the board is drawn again, just above the prompt; the rules
(`rules`) are printed at once, the board after them. Everything it says is in the language
of the moment.
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.text import Text

from parlour.bots.registry import Bot, make_bot
from parlour.bots.schedule import Schedule
from parlour.i18n import _
from parlour.kernel import (
    SPECTATOR,
    TABLE,
    UNDO,
    Breakdown,
    IllegalAction,
    Seat,
    State,
    View,
    keeps_times,
)
from parlour.terminal.breakdown import breakdown_table
from parlour.terminal.commands import HELP, command, yes
from parlour.terminal.hints import hint_source
from parlour.terminal.prompt import Prompt
from parlour.terminal.renderers import clock_for, renderer_for
from parlour.terminal.renderers.names import labelled, player_name
from parlour.terminal.rules import rules_of
from parlour.terminal.saving import may_replace, save_record, unused, why_not

HUMAN = "human"
NUMBERED = re.compile(r"(?P<stem>\D* )(?P<number>\d+)")
"""An action that ends in a number (`answer 17`, `cone 3`), but not a list (`keep 1,3`)."""


class Quit(Exception):
    """The person left the game (saved, unless saving failed and they chose to leave)."""


def summarised(actions: Sequence[str]) -> list[str]:
    """`actions` for reading: three or more that differ only in a final number make one entry,
    `answer N (0-99)` or `cone N (1, 3-8)`; the others stay as they are, in their order."""
    numbers: dict[str, list[int]] = {}
    for action in actions:
        if match := NUMBERED.fullmatch(action):
            numbers.setdefault(match["stem"], []).append(int(match["number"]))
    entries: list[str] = []
    for action in actions:
        match = NUMBERED.fullmatch(action)
        if match is None or len(numbers[match["stem"]]) < 3:
            entries.append(action)
        elif int(match["number"]) == numbers[match["stem"]][0]:  # the first of its kind
            entries.append(f"{match['stem']}N ({_ranges(numbers[match['stem']])})")
    return entries


def legal_now(state: State, seat: int) -> list[Text]:
    """What `help` tells `seat`: the actions it may take now (summed up), and what else the
    prompt takes."""
    undo = [UNDO] if state.undo_refusal(seat) is None else []
    legal = ", ".join([*summarised(state.legal_actions(seat)), *undo])
    return [Text(_("Legal now: {actions}").format(actions=legal)), Text(_(HELP), style="dim")]


def refusal(error: IllegalAction) -> Text:
    """A refused move in words, pointing to `help` where the actions are too many to name."""
    if error.reason and error.reason.code == "not_legal_many":
        return Text(_("Not possible: {why}; type help to list them").format(why=error), "red")
    return Text(_("Not possible: {why}").format(why=error), "red")


def _ranges(numbers: list[int]) -> str:
    """`0-99`, `1, 3-8`: runs of three or more consecutive numbers as ranges."""
    runs: list[list[int]] = []
    for number in sorted(set(numbers)):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    parts: list[str] = []
    for run in runs:
        parts.extend([f"{run[0]}-{run[-1]}"] if len(run) >= 3 else map(str, run))
    return ", ".join(parts)


class TerminalGame:
    """One game at the terminal. `seats[i]` is `"human"` or the name of a bot; `confirm`:
    ask the renderer's questions before actions that look like slips; `clock_used`: seconds
    of the current clock used before (a resumed game); `claimed`: whether `save_path` is the
    game's own file (resumed or chosen) rather than a free name picked for a new game;
    `times`: each action's time so far, where the game keeps them (`keeps_times`; a save
    without them keeps none), the time a game lay saved left out."""

    def __init__(
        self,
        state: State,
        seats: list[str],
        console: Console,
        prompt: Prompt,
        save_path: Path,
        hints: bool = False,
        confirm: bool = True,
        clock_used: float = 0.0,
        claimed: bool = True,
        times: Sequence[float] = (),
    ) -> None:
        self.state = state
        self.seats = seats
        self.console = console
        self.prompt = prompt
        self.save_path = save_path
        self.claimed = claimed  # whether the file at save_path is this game's (else: a free name)
        game = state.game.name
        self.bots: dict[int, Bot] = {
            seat: make_bot(state.game, kind, seat, secrets.randbits(64))
            for seat, kind in enumerate(seats)
            if kind != HUMAN
        }
        self.render = renderer_for(game)
        self.confirm = state.game.confirm if confirm else None
        self.show_clock = clock_for(game)
        self.humans = [seat for seat, kind in enumerate(seats) if kind == HUMAN]
        self.played_by = [None if kind == HUMAN else kind for kind in seats]
        self.notices: list[RenderableType] = []  # for the person, shown under the next board
        self.shown = len(state.view(SPECTATOR)["log"])
        self.summed: tuple[Breakdown, ...] = state.breakdowns(self._viewer())  # shown already
        self.schedule = Schedule()  # the bots' decisions on their way
        self.hints = hint_source(state.game, console) if hints else None  # may take a while
        self.clock_started = time.monotonic() - clock_used
        kept = keeps_times(state.game) and len(times) == len(state.history)
        self.times = list(times) if kept else None  # each action's, from the game's start
        since = state.clock_since
        self.began = self.clock_started - (times[since - 1] if kept and since else 0.0)

    # -- the loop -------------------------------------------------------------------------

    def play(self) -> State:
        """Play until the game ends or the person quits (`Quit`)."""
        try:
            while not self.state.over:
                clock = self.state.clock
                deadline = None if clock is None else self.clock_started + clock
                if deadline is not None and time.monotonic() >= deadline:
                    self._apply(TABLE, "timeout")
                    continue
                acting = [seat for seat in self.state.to_act if seat in self.humans]
                if acting:
                    self._human_turn(acting[0], deadline)
                else:
                    self._bots_until(None)
        except (EOFError, KeyboardInterrupt):
            self._quit()
        self._show_end()
        return self.state

    def _human_turn(self, seat: int, deadline: float | None) -> None:
        self._refresh_bots()
        view = self._view(seat)
        self.console.print(self.render(view))
        if self.hints is not None:
            shown = self.hints(self.state, seat)
            if shown is not None:
                self.console.print(shown)
        if deadline is not None and self.show_clock is not None:
            self.console.print(self.show_clock(view, deadline - time.monotonic()))
        self._show_notices()
        name = self._name(seat)
        text = self._ask(seat, f"[bold]{name}[/bold] > ", deadline)
        if text is None or (deadline is not None and time.monotonic() >= deadline):
            return  # time ran out (the loop applies the timeout) or the bots changed the game
        typed = text.strip().lower()
        asked = command(text)
        if asked == "help":
            self.notices.extend(legal_now(self.state, seat))
            return
        if asked == "rules":
            self.console.print(rules_of(self.state.game.info))  # the board follows
            return
        if asked == "quit":
            self._quit()
        if typed == "save" or typed.startswith("save "):
            path, before = Path(text.strip()[5:].strip() or self.save_path), self.save_path
            if self._save(path):
                if path == before:
                    self._tell(Text(_("Saved to {path}.").format(path=path)))
                else:
                    saved = _("Saved to {path}. The game saves there from now on.")
                    self._tell(Text(saved.format(path=path)))
            return
        if not typed:
            return
        try:
            action = self.state.parse_action(seat, text)
        except IllegalAction as error:
            self._tell(refusal(error))
            return
        if not self._confirmed(seat, action, deadline):
            return
        self._bots_until(time.monotonic())  # bots that were quicker act first
        if self.state.is_legal(seat, action):
            self._apply(seat, action)
        else:
            late = _("Too late for {action!r}: the others were faster.")
            self._tell(Text(late.format(action=action), "red"))

    def _confirmed(self, seat: int, action: str, deadline: float | None) -> bool:
        """Whether the person means `action`: yes unless the game asks (`Game.confirm`: a
        likely slip) and the answer is not yes; a move taken back (`undo`) is asked nothing."""
        if self.confirm is None or action == UNDO:
            return True
        question = self.confirm(self.state.view(seat), action)
        if question is None:
            return True
        answer = self._ask(seat, _("{question} (y/n) > ").format(question=question), deadline)
        if yes(answer):
            return True
        self._tell(Text(_("Not played: {action}.").format(action=action), style="dim"))
        return False

    def _ask(self, seat: int, prompt: str, deadline: float | None) -> str | None:
        """The person's line to a new question (what was typed before it does not count).
        Meanwhile bots whose actions fall due act (their log lines are shown) and the prompt is
        asked again (at a terminal in place of the unanswered one, so that it is on screen
        once); `None` when the deadline passes, or when the bots
        changed what the seat may do (the view is drawn again)."""
        self.prompt.new_question()
        legal = self.state.legal_actions(seat)
        while True:
            due = [pending.ready for pending in self.schedule.values()]
            if deadline is not None:
                due.append(deadline)
            text = self.prompt.ask(prompt, min(due, default=None))
            if text is not None or (deadline is not None and time.monotonic() >= deadline):
                return text
            self._bots_until(time.monotonic())
            if seat not in self.state.to_act or self.state.legal_actions(seat) != legal:
                return None

    # -- bots ---------------------------------------------------------------------------

    def _refresh_bots(self) -> None:
        """Give every acting bot a decision, stamped with when it will arrive."""
        self.schedule.plan(self.state, time.monotonic(), self.bots.get)

    def _bots_until(self, moment: float | None) -> None:
        """Apply bot actions that arrive before `moment` (`None`: the next one, at once)."""
        while not self.state.over:
            self._refresh_bots()
            first = self.schedule.next()
            if first is None or (moment is not None and first.ready > moment):
                return
            self._apply(first.seat, first.action)
            if moment is None:
                return

    # -- helpers ----------------------------------------------------------------------------

    def _apply(self, seat: int | None, action: str) -> None:
        self.state.apply(seat, action)
        if self.times is not None:
            self.times.append(time.monotonic() - self.began)
        if self.schedule.applied(self.state, seat):  # a new clock, a new question
            self.clock_started = time.monotonic()
        self._show_log()
        if action == UNDO:  # the move left the game's log: say so under the board
            self._tell(Text(_("Your last move is taken back."), style="dim"))

    def _show_log(self) -> None:
        """What happened since the last time, then each score breakdown that is new (a round
        or day just scored, the game's at its end)."""
        viewer = self._viewer()
        log: list[dict[str, Any]] = self._view(viewer)["log"]
        for entry in log[self.shown :]:
            self.console.print(Text("· " + entry["text"], style="dim"))
        self.shown = len(log)
        summed = self.state.breakdowns(viewer)
        names = [self._name(seat) for seat in range(self.state.game.players)]
        for breakdown in summed:
            if breakdown not in self.summed:
                self.console.print(breakdown_table(breakdown, names))
        self.summed = summed

    def _viewer(self) -> Seat:
        """Whose view the log and the end are told from: the first person's, else a
        spectator's."""
        return self.humans[0] if self.humans else SPECTATOR

    def _tell(self, message: RenderableType) -> None:
        """Tell the person something, under the board when it is next drawn."""
        self.notices.append(message)

    def _show_notices(self) -> None:
        for message in self.notices:
            self.console.print(message)
        self.notices.clear()

    def _view(self, seat: Seat) -> View:
        """What `seat` sees, knowing who plays each seat (for the names)."""
        return labelled(self.state.view(seat), self.played_by)

    def _clock_used(self) -> float | None:
        """Seconds used of the running clock, `None` when the game is untimed or over."""
        if self.state.clock is None or self.state.over:
            return None
        return round(time.monotonic() - self.clock_started, 1)

    def _name(self, seat: int) -> str:
        return player_name(self._view(seat), seat)

    # -- saving -----------------------------------------------------------------------------

    def _save(self, path: Path) -> bool:
        """Save to `path` (asking first if it is another file that exists) and make it the
        game's file; if it cannot be written, say why and return False. A file name chosen
        for the game but not yet written to is taken afresh if another game saved there since."""
        if path == self.save_path and not self.claimed:
            path = unused(path)
        if path.resolve() != self.save_path.resolve() and not may_replace(self.prompt, path):
            self._tell(Text(_("Not saved: {path} was kept.").format(path=path)))
            return False
        try:
            save_record(self.state, self.seats, path, self._clock_used(), self.times)
        except OSError as error:
            why = _("Could not save to {path}: {why}.").format(path=path, why=why_not(error))
            self._tell(Text(why, "red"))
            return False
        self.save_path, self.claimed = path, True
        return True

    def _keep(self) -> Path | None:
        """Save before leaving: to the game's file or, if that fails, to a file the person
        names; `None` if they leave without saving (Enter, or the end of the input)."""
        path = self.save_path
        while not self._save(path):
            self._show_notices()
            try:
                answer = self.prompt.ask(_("Save to another file (Enter: leave without saving): "))
            except (EOFError, KeyboardInterrupt):
                answer = None
            if not (answer or "").strip():
                self.console.print(_("Left without saving."))
                return None
            path = Path((answer or "").strip())
        return self.save_path

    def _quit(self) -> None:
        path = self._keep()
        if path is not None:
            resume = _("Saved to {path}; resume with: parlour play --resume {path}")
            self.console.print(resume.format(path=path))
        raise Quit

    def _show_end(self) -> None:
        self.console.print(self.render(self._view(self._viewer())))
        self._show_notices()
        scores = ", ".join(f"{self._name(s)}: {p}" for s, p in enumerate(self.state.scores))
        winners = ", ".join(self._name(seat) for seat in self.state.winners)
        final = _("Final scores: {scores}. Won: {winners}.")
        self.console.print(Text(final.format(scores=scores, winners=winners), style="bold"))
        path = self._keep()
        if path is not None:
            record = _("The record is in {path}; watch it again with: parlour replay {path}")
            self.console.print(record.format(path=path))
            if self.humans and self.state.game.advice() is not None:
                review = _("See what your choices were worth: parlour analyse {path} --seat {seat}")
                self.console.print(review.format(path=path, seat=self.humans[0] + 1))
