"""Who a request is at a table: the seat its token holds (checked in constant time), else the
seat of the account it is logged in to. Plain functions over a table; a request that must hold
a seat and does not gets a `SeatError`, which the web layer turns into its HTTP status in one
place (`parlour.web.app`)."""

from __future__ import annotations

from parlour.i18n import _
from parlour.web.accounts import Account
from parlour.web.live import LiveTable
from parlour.web.security import token_matches

TOKEN_HEADER = "X-Seat-Token"
"""The header in which a seat's token travels (never in a URL)."""


class SeatError(Exception):
    """A request that must hold a seat at a table, and does not."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Unidentified(SeatError):
    """The request says nothing of who it is: neither a seat's token nor an account."""


class Unseated(SeatError):
    """The request's token, or its account, holds no seat at the table."""


class Sealed(SeatError):
    """A spectator asks to see a table its kind keeps from spectators for now."""


def seat_of(table: LiveTable, token: str | None, account: Account | None = None) -> int | None:
    """The seat a token holds at `table` (checked in constant time against every seat), else
    the seat of the logged-in `account`, else None."""
    found = None
    if token is not None:
        for s in table.seats:
            if token_matches(token, s.token_hash):
                found = s.seat
    if found is None and account is not None:
        found = next((s.seat for s in table.seats if s.account_id == account.id), None)
    return found


def identified(table: LiveTable, token: str | None, account: Account | None) -> int | None:
    """`seat_of` for a request that must say who it is (`Unidentified` with neither a token nor
    an account)."""
    if token is None and account is None:
        raise Unidentified(
            _("this needs your seat token (the {header} header)").format(header=TOKEN_HEADER)
        )
    return seat_of(table, token, account)


def seat_for(table: LiveTable, token: str | None, account: Account | None = None) -> int:
    """The seat a token (or the logged-in account) holds at `table`; `Unidentified` or
    `Unseated` naming the problem."""
    seat = identified(table, token, account)
    if seat is None:
        if token is None:
            raise Unseated(_("your account holds no seat at this table"))
        raise Unseated(_("that token holds no seat at this table"))
    return seat


def viewer_of(table: LiveTable, token: str | None, account: Account | None = None) -> int | None:
    """Whose view a request sees: the token's seat (a token holding none is refused), else the
    logged-in account's seat, else a spectator's (None), refused where the table's kind seals
    it (a daily challenge's attempt until its day is over)."""
    seat = seat_for(table, token) if token is not None else seat_of(table, None, account)
    sealed = table.kind.sealed(table)
    if seat is None and sealed is not None:
        raise Sealed(sealed)
    return seat
