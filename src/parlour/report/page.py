"""A balance report as one self-contained HTML page: plain HTML and CSS, its figures embedded
as base64 PNG with alt texts, its tables with headers; nothing loaded from elsewhere."""

from __future__ import annotations

import base64
import html
import shlex
from collections.abc import Iterable, Sequence

from parlour.arena.stats import Floats
from parlour.kernel import game_class
from parlour.report import figures
from parlour.report.run import Played, Report
from parlour.report.stats import RESAMPLES, Measures
from parlour.report.variants import PLAYERS, Variant

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto;
       padding: 0 1rem; line-height: 1.5; color: #1b1b1b; background: #fff; }
h1, h2, h3 { line-height: 1.2; }
table { border-collapse: collapse; margin: 1rem 0; }
caption { text-align: left; font-weight: 600; padding-bottom: .3rem; }
th, td { border: 1px solid #999; padding: .25rem .6rem; text-align: right; }
th[scope=row], td.text { text-align: left; }
thead th { background: #eee; }
img { max-width: 100%; height: auto; }
code { background: #f3f3f3; padding: 0 .2rem; }
.verdict { font-weight: 600; }
"""


def command(report: Report) -> str:
    """The `parlour report` command that plays this report again."""
    spec = report.spec
    words = ["parlour", "report", spec.game, "--players", str(report.base.variant.players)]
    for name, value in spec.options.items():
        words += ["--option", f"{name}={value}"]
    words += ["--bots", report.bot, "--games", str(spec.games), "--seed", str(spec.seed)]
    if not spec.compare:
        words.append("--no-compare")
    return shlex.join(words)


def span(row: Floats, form: str) -> str:
    """`estimate (low to high)`."""
    value, low, high = row
    return f"{value:{form}} ({low:{form}} to {high:{form}})"


def resolved(row: Floats, against: float = 0.0) -> str:
    """Whether an interval excludes `against`, in words."""
    _, low, high = row
    if low > against or high < against:
        return "resolved: the interval excludes no advantage"
    return "not resolved: the interval includes no advantage"


def _image(data: bytes, alt: str) -> str:
    encoded = base64.b64encode(data).decode("ascii")
    return f'<img src="data:image/png;base64,{encoded}" alt="{html.escape(alt)}">'


def _table(caption: str, head: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    header = "".join(f'<th scope="col">{html.escape(cell)}</th>' for cell in head)
    body = "".join(
        f'<tr><th scope="row">{html.escape(row[0])}</th>'
        + "".join(f"<td>{html.escape(cell)}</td>" for cell in row[1:])
        + "</tr>"
        for row in rows
    )
    return (
        f"<table><caption>{html.escape(caption)}</caption>"
        f"<thead><tr>{header}</tr></thead><tbody>{body}</tbody></table>"
    )


def position_labels(players: int) -> list[str]:
    """`first player`, `2nd seat after`... in playing order."""
    return ["first player"] + [f"first + {offset}" for offset in range(1, players)]


def _opening(measures: Measures) -> str:
    if measures.first_known == measures.games:
        return "In every game one seat alone could act first: that seat is the first player."
    if measures.first_known == 0:
        return (
            "In no game could one seat alone act first (seats begin together): seat 1 stands "
            "for the first player, so its edge is seat 1's."
        )
    return (
        f"In {measures.first_known} of {measures.games} games one seat alone could act "
        f"first; in the others seat 1 counts as the first player."
    )


def scores_section(measures: Measures) -> str:
    """Score distribution and win share per seat."""
    seats = [f"seat {seat + 1}" for seat in range(measures.players)]
    rows = []
    for seat, label in enumerate(seats):
        column = measures.scores[:, seat]
        rows.append(
            [
                label,
                span(measures.seat_score[:, seat], ".2f"),
                f"{column.std(ddof=1):.2f}",
                f"{column.min():g}",
                f"{float(sorted(column)[len(column) // 2]):g}",
                f"{column.max():g}",
                span(measures.seat_share[:, seat], ".1%"),
            ]
        )
    head = ["seat", "mean score (95% interval)", "sd", "min", "median", "max", "win share"]
    alt = "Box plots of the final scores of each seat: " + "; ".join(
        f"{label} mean {measures.seat_score[0, seat]:.1f}" for seat, label in enumerate(seats)
    )
    return (
        '<section id="scores"><h2>Score distribution per seat</h2>'
        + _table("Final scores and win shares per seat", head, rows)
        + _image(figures.score_distributions(measures, seats), alt)
        + "</section>"
    )


def first_player_section(measures: Measures) -> str:
    """The first player's edge with its interval, and the win share of each position."""
    labels = position_labels(measures.players)
    fair = 1 / measures.players
    share = measures.position_share[:, 0]
    edge = measures.first_edge
    rows = [
        [
            label,
            span(measures.position_share[:, position], ".1%"),
            span(measures.position_score[:, position], ".2f"),
        ]
        for position, label in enumerate(labels)
    ]
    alt = (
        f"Win share by position with 95% intervals; the first player's is {share[0]:.1%} "
        f"against a fair share of {fair:.1%}"
    )
    return (
        '<section id="first-player"><h2>First player\'s advantage</h2>'
        f"<p>{html.escape(_opening(measures))}</p>"
        f"<p>The first player won a share of {share[0]:.1%} of the games (fair: {fair:.1%}): "
        f"an edge of <strong>{edge[0] * 100:+.1f} points</strong>, 95% interval "
        f"{edge[1] * 100:+.1f} to {edge[2] * 100:+.1f}. "
        f'<span class="verdict">{resolved(edge)}</span>.</p>'
        + _table(
            "Win share and mean score by position in playing order",
            ["position", "win share (95% interval)", "mean score (95% interval)"],
            rows,
        )
        + _image(figures.win_shares(measures, labels), alt)
        + "</section>"
    )


def length_section(measures: Measures) -> str:
    """How long games last, in actions."""
    values = sorted(measures.lengths.tolist())
    alt = f"Histogram of game lengths; mean {measures.length[0]:.1f} actions"
    return (
        '<section id="length"><h2>Game length</h2>'
        f"<p>Actions a game (each player's and the table's): mean "
        f"{span(measures.length, '.1f')}; shortest {values[0]:g}, median "
        f"{values[len(values) // 2]:g}, longest {values[-1]:g}.</p>"
        + _image(figures.lengths(measures), alt)
        + "</section>"
    )


def _value(variant: Variant, axis: str) -> str:
    if axis == PLAYERS:
        return str(variant.players)
    value = variant.options[axis]
    return str(value).lower() if isinstance(value, bool) else str(value)


def comparisons_section(report: Report) -> str:
    """Each declared axis: the first player's edge and the length at each of its values."""
    if not report.comparisons:
        reason = (
            "The report was asked not to compare (--no-compare)."
            if not report.spec.compare
            else "The game declares no option or player count worth comparing for balance."
        )
        return f'<section id="comparisons"><h2>Comparisons</h2><p>{reason}</p></section>'
    parts = [
        '<section id="comparisons"><h2>Comparisons</h2>'
        "<p>Each axis the game declares worth comparing, varied alone from the settings above "
        "(the same seed, so every set-up plays the same deals' seeds).</p>"
    ]
    for axis, played in report.comparisons:
        parts.append(_axis(axis.name, played))
    parts.append("</section>")
    return "".join(parts)


def _axis(name: str, played: Sequence[Played]) -> str:
    values = [_value(row.variant, name) for row in played]
    rows = []
    for value, row in zip(values, played, strict=True):
        measures = row.measures
        rows.append(
            [
                value,
                str(measures.games),
                f"{1 / measures.players:.1%}",
                span(measures.position_share[:, 0], ".1%"),
                span(measures.first_edge * 100, "+.1f"),
                span(measures.length, ".1f"),
                f"{measures.scores.mean():.2f}",
            ]
        )
    head = [
        name,
        "games",
        "fair share",
        "first player's share",
        "edge (points)",
        "mean actions",
        "mean score",
    ]
    edges = ", ".join(
        f"{value}: {row.measures.first_edge[0] * 100:+.1f}"
        for value, row in zip(values, played, strict=True)
    )
    alt = f"The first player's edge and the mean length at each {name}; edges {edges} points"
    return (
        f"<h3>{html.escape(name)}</h3>"
        + _table(f"By {name}, 95% intervals", head, rows)
        + _image(figures.comparison(name, values, [row.measures for row in played]), alt)
    )


def render(report: Report) -> str:
    """The whole page."""
    info = game_class(report.spec.game).info
    base = report.base
    title = f"Balance report: {info.title}"
    setup = html.escape(base.variant.describe())
    seconds = report.total_seconds
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body><main>"
        f"<h1>{html.escape(title)}</h1>"
        f"<p>Set-up: {setup}. Every seat is played by <code>{html.escape(report.bot)}</code>. "
        f"{base.measures.games} games a set-up ({report.total_games} in all, "
        f"{seconds:,.0f} s), seed {report.spec.seed}. Intervals: 95% percentile bootstrap over "
        f"games ({RESAMPLES} resamples); a tie shares the win.</p>"
        f"<p>Made by <code>{html.escape(command(report))}</code></p>"
        + scores_section(base.measures)
        + first_player_section(base.measures)
        + length_section(base.measures)
        + comparisons_section(report)
        + "</main></body></html>\n"
    )
