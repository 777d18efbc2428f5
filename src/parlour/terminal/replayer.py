"""Stepping through a saved record in the terminal, as a spectator."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from parlour.kernel import SPECTATOR, State, load, replay
from parlour.terminal.prompt import Prompt
from parlour.terminal.renderers import renderer_for

KEYS = "Enter: next · b: back · NUMBER: go to that action · e: end · q: quit"


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


def step_through(console: Console, prompt: Prompt, record: dict[str, Any]) -> None:
    """Show the game position by position, as a spectator sees it."""
    states = states_of(record)
    render = renderer_for(record["game"])
    last = len(states) - 1
    index = 0
    while True:
        state = states[index]
        console.print(render(state.view(SPECTATOR)))
        console.print(f"[bold]Action {index} of {last}[/bold]  {KEYS}", style="dim")
        try:
            answer = (prompt.ask("replay > ") or "").strip().lower()
        except EOFError:
            return
        if answer == "q":
            return
        if answer == "b":
            index = max(0, index - 1)
        elif answer == "e":
            index = last
        elif answer.isdigit():
            index = min(last, int(answer))
        elif index == last:
            return
        else:
            index += 1
