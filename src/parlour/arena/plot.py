"""The arena's figure: each bot's rating and win share with their 95% intervals.

matplotlib is an optional extra (`pip install 'parlour[plot]'`); without it `--plot` is
refused with a clear error, and everything else works.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from parlour.kernel import ParlourError

if TYPE_CHECKING:
    from parlour.arena import ArenaResult


def load_pyplot() -> Any:
    """matplotlib's pyplot drawing off screen, or a `ParlourError` saying how to install it
    (called before a long run, so that it fails first)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib import pyplot
    except ImportError:
        raise ParlourError(
            "--plot needs matplotlib: pip install 'parlour[plot]' (or matplotlib)"
        ) from None
    return pyplot


def plot_standings(result: ArenaResult, path: Path) -> None:
    """Write the figure to `path` (its format from the suffix: .png, .svg, .pdf)."""
    pyplot = load_pyplot()
    spec = result.spec
    ranked = result.ranked()[::-1]  # the strongest at the top
    names = [standing.bot for standing in ranked]
    rows = range(len(ranked))
    figure, (ratings, shares) = pyplot.subplots(
        1, 2, figsize=(10, 1.2 + 0.45 * len(ranked)), sharey=True, layout="constrained"
    )
    for axes, values, label in (
        (ratings, [standing.rating for standing in ranked], f"rating ({result.model}, Elo scale)"),
        (shares, [standing.win_share for standing in ranked], "win share (ties shared)"),
    ):
        centre = [value for value, _, _ in values]
        errors = [  # a percentile interval may miss its estimate (few deals): clip the bar
            [max(0.0, value - low) for value, low, _ in values],
            [max(0.0, high - value) for value, _, high in values],
        ]
        axes.errorbar(centre, rows, xerr=errors, fmt="o", capsize=4)
        axes.set_xlabel(label)
        axes.grid(axis="x", alpha=0.3)
    shares.axvline(1 / spec.players, color="grey", linestyle=":", label="chance")
    shares.legend(loc="lower right")
    ratings.set_yticks(list(rows), names)
    figure.suptitle(
        f"{spec.game}, {spec.players} players: {spec.games} games on {spec.deals} duplicate "
        f"deals, 95% bootstrap intervals"
    )
    try:
        figure.savefig(path, dpi=120)
    except OSError as error:
        raise ParlourError(f"cannot write {path}: {error.strerror}") from None
    finally:
        pyplot.close(figure)
