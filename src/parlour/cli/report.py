"""`parlour report`: play a balance report and write it as one HTML page."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from parlour.arena.plot import load_pyplot
from parlour.cli.progress import progress_bar
from parlour.kernel import OptionError, ParlourError
from parlour.report.page import render
from parlour.report.run import ReportSpec, plan, run_report


def run_report_command(console: Console, spec: ReportSpec, workers: int, out: Path) -> None:
    """Check everything (the set-ups, the bot, matplotlib, the output's folder) before any
    game, play with a progress bar on stderr, and write the page."""
    if spec.bot is not None and "," in spec.bot:
        raise OptionError(f"--bots names one bot, which plays every seat, not {spec.bot!r}")
    if workers < 1:
        raise OptionError(f"--workers must be at least 1, not {workers}")
    _, _, sims = plan(spec)
    load_pyplot()
    if not out.parent.is_dir():
        raise ParlourError(f"cannot write {out}: no folder {out.parent}")
    with progress_bar() as bar:
        task = bar.add_task(f"{spec.game} report", total=sum(sim.games for sim in sims))
        report = run_report(spec, workers, lambda n: bar.advance(task, n))
    try:
        out.write_text(render(report), encoding="utf-8")
    except OSError as error:
        raise ParlourError(f"cannot write {out}: {error.strerror}") from None
    console.print(
        f"{out}: {report.total_games} games of {spec.game} between copies of {report.bot}, "
        f"{len(report.comparisons)} comparison(s)"
    )
