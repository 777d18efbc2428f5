"""The learning curve of a `parlour train` run for a game played alone (PPO), from its
`log.jsonl`: the evaluation's mean and median final score against the CPU hours trained,
with the optimum and the issue's targets drawn across, and a table of a few of its lines.

    python benchmarks/plot_training.py runs/dicetime-ppo/log.jsonl \
        --optimum 245.87 --out docs/research/dicetime-ppo-curve.png
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from parlour.arena.plot import load_pyplot

TARGETS = (0.90, 0.95)
"""Shares of the optimum drawn across (issue 28: 90%, and 95% as the stretch)."""


def read_log(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def plot(lines: list[dict[str, Any]], optimum: float, out: Path) -> None:
    plt = load_pyplot()
    hours = [line["cpu_seconds"] / 3600 for line in lines]
    figure, axes = plt.subplots(figsize=(7, 4))
    axes.plot(hours, [line["evaluation_mean"] for line in lines], label="PPO, mean")
    axes.plot(hours, [line["evaluation_median"] for line in lines], label="PPO, median", alpha=0.6)
    axes.axhline(optimum, color="black", linestyle="--", label=f"optimum {optimum:.1f}")
    for share in TARGETS:
        axes.axhline(share * optimum, color="grey", linestyle=":", label=f"{share:.0%} target")
    axes.set_xlabel("CPU hours (one core)")
    axes.set_ylabel("final score, 200 fixed deals")
    axes.set_ylim(bottom=min(100.0, *(line["evaluation_mean"] for line in lines)) - 40)
    axes.legend(loc="lower right", ncols=2)
    figure.tight_layout()
    figure.savefig(out)


def table(lines: list[dict[str, Any]], rows: int) -> str:
    """A Markdown table of about `rows` lines of the log, evenly spaced, the last included."""
    step = max(1, len(lines) // rows)
    chosen = [*lines[step - 1 :: step][: rows - 1], lines[-1]]
    header = "| CPU hours | games | steps | training mean | evaluation mean | median |"
    body = [
        f"| {line['cpu_seconds'] / 3600:.2f} | {line['games']:,} | {line['steps']:,} | "
        f"{line['training_mean']:.1f} | {line['evaluation_mean']:.1f} | "
        f"{line['evaluation_median']:.1f} |"
        for line in chosen
    ]
    return "\n".join([header, "| --- | --- | --- | --- | --- | --- |", *body])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log", type=Path)
    parser.add_argument("--optimum", type=float, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--rows", type=int, default=8)
    args = parser.parse_args()
    lines = read_log(args.log)
    plot(lines, args.optimum, args.out)
    print(table(lines, args.rows))


if __name__ == "__main__":
    main()
