"""A score breakdown (`State.breakdowns`) drawn as a table in the terminal, for any game: a
row a label, a column a seat, and the totals below."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table

from parlour.i18n import _
from parlour.kernel import Breakdown


def breakdown_table(breakdown: Breakdown, names: Sequence[str]) -> Table:
    """`breakdown` under its title, the seats named `names` (in seat order)."""
    table = Table(title=breakdown.title, show_footer=True, title_justify="left")
    table.add_column("", footer=_("Total"))
    for name, total in zip(names, breakdown.totals, strict=True):
        table.add_column(name, justify="right", footer=str(total))
    for row in breakdown.rows:
        table.add_row(row.label, *map(str, row.points))
    return table
