"""Kinds of table: casual, rated (`parlour.web.ratings`) and the daily challenge's attempts
(`parlour.web.challenges`). A kind is one class whose hooks say where its tables differ from a
casual one: what creating, joining, filling with bots, acting, watching, records and replays,
hints and rematches may do there, and what finishing stores. The parts of the table layer ask
a table's kind (`LiveTable.kind`) and never test what kind it is; a new kind (a tournament's,
say) is a new class added to `Kinds`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from parlour.kernel import State
    from parlour.web.accounts import Account
    from parlour.web.live import LiveTable


class TableKind:
    """A casual table: anyone may create, join, watch, replay, ask for hints and rematch."""

    def holds(self, table: LiveTable) -> bool:
        """Whether `table` is of this kind (read from its stored fields, so a table rebuilt
        after a restart finds its kind again)."""
        return True

    def creating(
        self,
        table: LiveTable,
        bots: Sequence[str | None],
        account: Account | None,
        turn_limit: float | None,
    ) -> None:
        """Refuse (`TableError`) a new table this kind does not allow."""

    def entering(self, db: Connection, table: LiveTable, account: Account | None) -> None:
        """Store what this kind keeps of a new table, in the transaction that stores it."""

    def joining(self, table: LiveTable, account: Account | None) -> None:
        """Refuse a person who may not take a seat here."""

    def filling(self, table: LiveTable) -> None:
        """Refuse the host's filling of the open seats with bots."""

    def closed(self, table: LiveTable) -> str | None:
        """Why a running table takes no more actions from people, or None."""
        return None

    def sealed(self, table: LiveTable) -> str | None:
        """Why spectators, records and replays of this table are refused for now, or None."""
        return None

    def hints_refused(self, table: LiveTable) -> str | None:
        """Why this table gives no hints, or None where its game's advice may be asked for."""
        return None

    def rematching(self, table: LiveTable) -> None:
        """Refuse a rematch of this finished table."""

    def finishing(self, db: Connection, table: LiveTable, final: State) -> None:
        """Store what this kind keeps of a finished game, in the transaction storing its last
        action."""


CASUAL = TableKind()


class Kinds:
    """The kinds a server knows, asked in turn which one holds a table (casual if none)."""

    def __init__(self) -> None:
        self.known: list[TableKind] = []

    def add(self, kind: TableKind) -> None:
        """Know `kind`, asked before those known already."""
        self.known.insert(0, kind)

    def of(self, table: LiveTable) -> TableKind:
        return next((kind for kind in self.known if kind.holds(table)), CASUAL)
