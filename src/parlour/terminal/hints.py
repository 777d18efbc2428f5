"""Hints in the terminal: what each choice of a person's decision is worth, for any game that
gives advice (`parlour.kernel.advice`); this module only asks for the values and lays them out.
The advice is prepared before play (its solver may take a while the first time), with its
progress shown, so no decision waits for it in silence and no clock runs meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from rich.console import Console, RenderableType
from rich.progress import BarColumn, Progress, TaskProgressColumn, TimeElapsedColumn
from rich.table import Table as RichTable

from parlour.i18n import _, ngettext
from parlour.kernel import Advice, Game, State, advice_of

HintSource = Callable[[State, int], RenderableType | None]


def worth(value: float, measure: str) -> str:
    """A value as the advice measures it: a chance to win in percent, or points."""
    return f"{100 * value:.0f}%" if measure == "win" else f"{value:.2f}"


def choices_table(
    title: str, choices: list[dict[str, Any]], measure: str, limit: int = 12
) -> RichTable:
    """A seat's choices under `title`, best first, with what each worse one gives up: each
    one's chance to win or expected final score (`measure`), with its 95% margin where it has
    one (an estimate by sampling; exact values and a model's have none), and the points
    banked and to come where the advice tells them apart."""
    table = RichTable(title=title, title_justify="left")
    table.add_column(_("choice"), justify="left")
    detailed = bool(choices) and choices[0].get("banked") is not None
    estimated = any(choice["margin"] > 0 for choice in choices)
    heads = [_("chance to win") if measure == "win" else _("expected final")]
    heads += [_("banked"), _("to come")] if detailed else []
    heads += [_("give or take")] if estimated else []
    for column in [*heads, _("gives up")]:
        table.add_column(column, justify="right")
    for choice in choices[:limit]:
        cells = [choice["action"], worth(choice["expected"], measure)]
        if detailed:
            cells += [f"{choice['banked']:.0f}", f"{choice['to_come']:.2f}"]
        if estimated:
            cells.append(f"±{worth(choice['margin'], measure)}")
        loss = choice["loss"]
        cells.append(_("best") if loss == 0 else f"-{worth(loss, measure)}")
        table.add_row(*cells)
    if len(choices) > limit:
        more = len(choices) - limit
        table.caption = ngettext(
            "... and {count} more, worse", "... and {count} more, each worse", more
        ).format(count=more)
    return table


def prepare(advice: Advice, console: Console) -> None:
    """Get `advice` ready, drawing a bar of the work done (on a terminal; elsewhere a line
    says what is under way)."""
    bar = Progress(
        _("Preparing the hints"),
        BarColumn(),
        TaskProgressColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    )
    with bar:
        task = bar.add_task("hints", total=1.0)
        said = False

        def done(fraction: float) -> None:
            nonlocal said
            if not (said or console.is_terminal):  # no bar to draw: say it once
                console.print(_("Preparing the hints (the first time takes a while)..."))
                said = True
            bar.update(task, completed=fraction)

        advice.prepare(done)


def hint_source(game: Game, console: Console) -> HintSource:
    """The hints of `game`, its advice prepared first (progress on `console`): the seat's
    choices, best first, or nothing when it has no decision; `OptionError` if the game gives
    no advice."""
    advice = advice_of(game)
    prepare(advice, console)

    def hints(state: State, seat: int) -> RenderableType | None:
        choices = advice.choices(state.view(seat), seat)
        if choices is None:
            return None
        rows = [asdict(choice) for choice in choices]
        return choices_table(_("Hints for you"), rows, advice.measure.value)

    return hints
