"""Playing one game in the terminal, for any game: people at the keyboard, bots beside them.

The runner holds no rules: it shows the acting person's view, turns what they type into an
action with the game's own `parse_action`, and applies it through the kernel. Where several
seats may act at once, bots answer after their `think_time` (shown while the person thinks)
and a person's action counts from when it was typed, so actions apply in the order they were
made. The table's `timeout` is applied when the state's clock runs out, counted from when it
started (a game may restart it, see `State.clock_since`).
"""

from __future__ import annotations

import json
import secrets
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from parlour.bots.registry import Bot, make_bot
from parlour.bots.schedule import Schedule
from parlour.kernel import SPECTATOR, TABLE, IllegalAction, Seat, State
from parlour.terminal.hints import hint_source
from parlour.terminal.prompt import Prompt
from parlour.terminal.renderers import renderer_for
from parlour.terminal.renderers.names import player_name

HUMAN = "human"
HELP = "Type an action (help lists them), save [FILE], or quit."
LISTED = "; type help to list them"


class Quit(Exception):
    """The person left the game (it was saved)."""


def save_record(state: State, seats: list[str], path: Path) -> Path:
    """Write the game's record, with who sits where, as JSON."""
    record = state.record
    record["meta"] = {"seats": seats}
    path.write_text(json.dumps(record, indent=1) + "\n")
    return path


class TerminalGame:
    """One game at the terminal. `seats[i]` is `"human"` or the name of a bot."""

    def __init__(
        self,
        state: State,
        seats: list[str],
        console: Console,
        prompt: Prompt,
        save_path: Path,
        hints: bool = False,
    ) -> None:
        self.state = state
        self.seats = seats
        self.console = console
        self.prompt = prompt
        self.save_path = save_path
        game = state.game.name
        self.bots: dict[int, Bot] = {
            seat: make_bot(state.game, kind, seat, secrets.randbits(64))
            for seat, kind in enumerate(seats)
            if kind != HUMAN
        }
        self.render = renderer_for(game)
        self.humans = [seat for seat, kind in enumerate(seats) if kind == HUMAN]
        self.shown = len(state.view(SPECTATOR)["log"])
        self.schedule = Schedule()  # the bots' decisions on their way
        self.clock_started = time.monotonic()
        self.hints = hint_source(state.game) if hints else None

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
        view = self.state.view(seat)
        self.console.print(self.render(view))
        if self.hints is not None:
            shown = self.hints(self.state, seat)
            if shown is not None:
                self.console.print(shown)
        name = self._name(seat)
        text = self._ask(seat, f"[bold]{name}[/bold] > ", deadline)
        if text is None or (deadline is not None and time.monotonic() >= deadline):
            return  # time ran out (the loop applies the timeout) or the bots changed the game
        command = text.strip().lower()
        if command in ("help", "?"):
            self._help(seat)
            return
        if command in ("quit", "exit"):
            self._quit()
        if command == "save" or command.startswith("save "):
            path = Path(text.strip()[5:].strip() or self.save_path)
            self.console.print(f"Saved to {save_record(self.state, self.seats, path)}.")
            return
        if not command:
            return
        try:
            action = self.state.parse_action(seat, text)
        except IllegalAction as error:
            more = LISTED if error.reason and error.reason.code == "not_legal_many" else ""
            self.console.print(Text(f"Not possible: {error}{more}", style="red"))
            return
        self._bots_until(time.monotonic())  # bots that were quicker act first
        if self.state.is_legal(seat, action):
            self._apply(seat, action)
        else:
            self.console.print(Text(f"Too late for {action!r}: the others were faster.", "red"))

    def _ask(self, seat: int, prompt: str, deadline: float | None) -> str | None:
        """The person's line. Meanwhile bots whose actions fall due act (their log lines are
        shown) and the prompt is asked again; `None` when the deadline passes, or when the bots
        changed what the seat may do (the view is drawn again)."""
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
        if self.schedule.applied(self.state, seat):  # a new clock, a new question
            self.clock_started = time.monotonic()
        self._show_log()

    def _show_log(self) -> None:
        viewer: Seat = self.humans[0] if self.humans else SPECTATOR
        log: list[dict[str, Any]] = self.state.view(viewer)["log"]
        for entry in log[self.shown :]:
            self.console.print(Text("· " + entry["text"], style="dim"))
        self.shown = len(log)

    def _help(self, seat: int) -> None:
        legal = self.state.legal_actions(seat)
        self.console.print("Legal now: " + ", ".join(legal))
        self.console.print(HELP, style="dim")

    def _name(self, seat: int) -> str:
        return player_name(self.state.view(seat), seat)

    def _quit(self) -> None:
        path = save_record(self.state, self.seats, self.save_path)
        self.console.print(f"Saved to {path}; resume with: parlour play --resume {path}")
        raise Quit

    def _show_end(self) -> None:
        viewer: Seat = self.humans[0] if self.humans else SPECTATOR
        self.console.print(self.render(self.state.view(viewer)))
        scores = ", ".join(f"{self._name(s)}: {p}" for s, p in enumerate(self.state.scores))
        winners = ", ".join(self._name(seat) for seat in self.state.winners)
        self.console.print(Text(f"Final scores: {scores}. Won: {winners}.", style="bold"))
        path = save_record(self.state, self.seats, self.save_path)
        self.console.print(f"The record is in {path}; watch it again with: parlour replay {path}")
