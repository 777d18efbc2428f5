"""Stepping through a saved record in the terminal: as a spectator sees it or, once the game
is over, as one seat saw it (its hand included)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text

from parlour.i18n import N_, _
from parlour.kernel import SPECTATOR, ParlourError, Seat, State, load, replay
from parlour.terminal.prompt import Prompt
from parlour.terminal.renderers import renderer_for

KEYS = N_("Enter or n: next · b: back · NUMBER: go to that action · e: end · q: quit")
"""The replay's keys (the same in every language), told with `_`."""


def states_of(record: dict[str, Any]) -> list[State]:
    """The state before the first action and after each action (the record is validated)."""
    final = replay(record)
    game = load(record["game"], record["players"], **record["options"])
    state = game.new(record["seed"], chance=record.get("chance", []))
    states = [state.clone()]
    for seat, action in final.history:
        state.apply(seat, action)
        states.append(state.clone())
    return states


def viewer_of(states: list[State], seat: int | None) -> Seat:
    """Whose view is shown: the spectator's, or seat number `seat` (1-based, as players
    count seats) once the game is over; an unfinished game's seats stay hidden."""
    if seat is None:
        return SPECTATOR
    players = states[-1].game.players
    if not 1 <= seat <= players:
        raise ParlourError(
            _("there is no seat {seat}: seats are numbered 1 to {players}").format(
                seat=seat, players=players
            )
        )
    if not states[-1].over:
        raise ParlourError(
            _(
                "this game is not over: a seat's view is shown only once the game has ended "
                "(leave out --seat to watch it as a spectator)"
            )
        )
    return seat - 1


def next_index(answer: str, index: int, last: int) -> int | str:
    """Where the answer moves the replay to, or what to say when it moves nowhere."""
    if answer in ("", "n", "next"):
        return index + 1 if index < last else _("That was the last action: b goes back, q quits.")
    if answer in ("b", "back"):
        return index - 1 if index > 0 else _("This is the start of the game: Enter steps on.")
    if answer in ("e", "end"):
        return last
    if answer.isdigit():
        if int(answer) <= last:
            return int(answer)
        return _("There is no action {answer}: 0 to {last}.").format(answer=answer, last=last)
    return _("{answer!r} is not a replay key. {keys}").format(answer=answer, keys=_(KEYS))


def step_through(
    console: Console, prompt: Prompt, record: dict[str, Any], seat: int | None = None
) -> None:
    """Show the game position by position, as a spectator sees it or as seat number `seat`
    (1-based) saw it; q (or the end of the input) leaves."""
    states = states_of(record)
    viewer = viewer_of(states, seat)
    whose = "" if seat is None else _(" as seat {seat} saw it").format(seat=seat)
    render = renderer_for(record["game"])
    last = len(states) - 1
    index, shown = 0, -1
    while True:
        if index != shown:
            console.print(render(states[index].view(viewer)))
            where = _("Action {index} of {last}").format(index=index, last=last)
            console.print(Text.assemble((where, "bold"), whose, "  ", _(KEYS)), style="dim")
            shown = index
        try:
            answer = (prompt.ask("replay > ") or "").strip().lower()
        except EOFError:
            return
        if answer in ("q", "quit", "exit", "ende"):
            return
        moved = next_index(answer, index, last)
        if isinstance(moved, str):
            console.print(Text(moved, style="red"))
        else:
            index = moved
