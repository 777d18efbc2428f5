"""Draw a histogram of simulated scores (a CSV from `parlour sim --scores`) as a PNG.

.venv/bin/python tools/plot_scores.py SCORES.csv OUT.png --title "..." [--expected 245.9]
"""

from __future__ import annotations

import argparse
import csv
import statistics
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scores", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--title", default="Scores")
    parser.add_argument("--expected", type=float, help="draw the table's expected score")
    args = parser.parse_args()
    with args.scores.open() as handle:
        rows = list(csv.reader(handle))
    scores = [int(row[1]) for row in rows[1:]]
    mean, sd = statistics.fmean(scores), statistics.stdev(scores)
    figure, axes = plt.subplots(figsize=(8, 4.5), dpi=100)
    axes.hist(scores, bins=range(min(scores), max(scores) + 6, 5), color="#d9772b", alpha=0.85)
    axes.axvline(mean, color="black", linewidth=1, label=f"simulated mean {mean:.2f}")
    if args.expected is not None:
        axes.axvline(
            args.expected,
            color="#1f5f9f",
            linestyle="--",
            linewidth=1,
            label=f"table's expected score {args.expected:.2f}",
        )
    axes.set_title(f"{args.title}: {len(scores):,} games, sd {sd:.2f}")
    axes.set_xlabel("final score")
    axes.set_ylabel("games")
    axes.legend()
    figure.tight_layout()
    figure.savefig(args.out)


if __name__ == "__main__":
    main()
