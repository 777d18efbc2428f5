"""A balance report's figures as PNG bytes (matplotlib, the optional `plot` extra, drawn off
screen by the arena's `load_pyplot`), for the page to embed."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import numpy as np

from parlour.arena.plot import load_pyplot
from parlour.arena.stats import Floats
from parlour.report.stats import Measures

WIDTH = 7.0
"""Inches; figures are drawn at `DPI` dots an inch."""
DPI = 90


def png(figure: Any) -> bytes:
    """The figure as PNG bytes; closes it."""
    pyplot = load_pyplot()
    buffer = io.BytesIO()
    try:
        figure.savefig(buffer, format="png", dpi=DPI)
    finally:
        pyplot.close(figure)
    return buffer.getvalue()


def _errorbar(axes: Any, positions: Sequence[float], rows: Floats, **style: Any) -> None:
    """Estimates with their intervals (rows `[estimate, low, high]`), the bars clipped where a
    percentile interval misses its estimate."""
    centre, low, high = rows
    errors = [(centre - low).clip(min=0), (high - centre).clip(min=0)]
    axes.errorbar(positions, centre, yerr=errors, fmt="o", capsize=4, **style)


def score_distributions(measures: Measures, labels: Sequence[str]) -> bytes:
    """Each seat's final scores as a box plot (the mean a triangle)."""
    pyplot = load_pyplot()
    figure, axes = pyplot.subplots(figsize=(WIDTH, 3.2), layout="constrained")
    axes.boxplot([measures.scores[:, seat] for seat in range(measures.players)], showmeans=True)
    axes.set_xticks(range(1, measures.players + 1), labels)
    axes.set_ylabel("final score")
    axes.grid(axis="y", alpha=0.3)
    return png(figure)


def win_shares(measures: Measures, labels: Sequence[str]) -> bytes:
    """Win share by position after the first player, with intervals and the fair share."""
    pyplot = load_pyplot()
    figure, axes = pyplot.subplots(figsize=(WIDTH, 3.0), layout="constrained")
    positions = list(range(measures.players))
    _errorbar(axes, positions, measures.position_share)
    axes.axhline(1 / measures.players, color="grey", linestyle=":", label="fair share")
    axes.set_xticks(positions, labels)
    axes.set_ylabel("win share (ties shared)")
    axes.legend(loc="best")
    axes.grid(axis="y", alpha=0.3)
    return png(figure)


def lengths(measures: Measures) -> bytes:
    """How many actions the games took, as a histogram."""
    pyplot = load_pyplot()
    figure, axes = pyplot.subplots(figsize=(WIDTH, 2.8), layout="constrained")
    axes.hist(measures.lengths, bins=min(40, max(5, len(set(measures.lengths.tolist())))))
    axes.axvline(measures.length[0], color="black", linestyle="--", label="mean")
    axes.set_xlabel("actions a game (the table's included)")
    axes.set_ylabel("games")
    axes.legend(loc="best")
    return png(figure)


def comparison(axis: str, values: Sequence[str], rows: Sequence[Measures]) -> bytes:
    """Across one axis's values: the first player's edge and the mean length, with intervals."""
    pyplot = load_pyplot()
    figure, (edge, length) = pyplot.subplots(1, 2, figsize=(WIDTH, 3.0), layout="constrained")
    positions = list(range(len(values)))
    for axes, key, label in (
        (edge, "first_edge", "first player's edge (win share - fair)"),
        (length, "length", "mean actions a game"),
    ):
        stacked = [getattr(measures, key) for measures in rows]
        _errorbar(axes, positions, _columns(stacked))
        axes.set_xticks(positions, values)
        axes.set_xlabel(axis)
        axes.set_ylabel(label)
        axes.grid(axis="y", alpha=0.3)
    edge.axhline(0, color="grey", linestyle=":")
    return png(figure)


def _columns(rows: Sequence[Floats]) -> Floats:
    stacked: Floats = np.stack(rows, axis=1)
    return stacked
