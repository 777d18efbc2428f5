"""Players' accounts: a unique display name, a password kept only as an Argon2id hash, and
sessions held by the browser in an HttpOnly cookie.

A session id is 256 bits from the CSPRNG, stored as its SHA-256 (like seat tokens), issued
only by a login (so a browser can never bring its own: no fixation), replaced at every login
and deleted at logout. Login answers one error for an unknown name and a wrong password, and
hashes a password either way, so neither the words nor the time tell whether a name exists.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import timedelta
from functools import cached_property

from argon2 import Parameters, PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from argon2.profiles import RFC_9106_LOW_MEMORY
from sqlalchemy import Engine, Table, delete, insert, select
from sqlalchemy.exc import IntegrityError
from starlette.requests import HTTPConnection

from parlour.i18n import N_, _
from parlour.web.live import TableError
from parlour.web.models import AccountRow, SessionRow
from parlour.web.schemas import JOINERS
from parlour.web.security import new_token, token_hash
from parlour.web.storage import now

ACCOUNTS: Table = AccountRow.__table__  # type: ignore[assignment]
SESSIONS: Table = SessionRow.__table__  # type: ignore[assignment]
SESSION_COOKIE = "parlour_session"
SESSION_LIFE = timedelta(days=30)
WRONG_LOGIN = N_("wrong name or password")
KEY_LENGTH = 40
"""The longest name key (`name_key`): folding may lengthen a name of 40 characters ("ß" is
"ss"), and such a name is refused rather than stored cut."""
JOINERS_GONE = dict.fromkeys(map(ord, JOINERS))
NAME_TAKEN = N_("that name is taken; choose another")


@dataclass(frozen=True)
class Account:
    """Who is logged in: the account's id and display name."""

    id: int
    name: str


def name_key(name: str) -> str:
    """What makes two names the same account: case and compatibility forms folded (NFKC), and
    the zero-width joiners (which names may hold) left out, so "Ann", "ANN", a full-width "Ann"
    and "Ann" with a joiner cannot be four players."""
    return unicodedata.normalize("NFKC", name).casefold().translate(JOINERS_GONE)


class Accounts:
    """Registration, login, logout and who a session cookie belongs to, over the database."""

    def __init__(self, engine: Engine, parameters: Parameters = RFC_9106_LOW_MEMORY) -> None:
        self.engine = engine
        self.hasher = PasswordHasher.from_parameters(parameters)

    @cached_property
    def _dummy(self) -> str:
        """Verified against when a name is unknown, so a login takes as long either way."""
        return self.hasher.hash("not a password anyone has")

    def register(self, name: str, password: str) -> Account:
        """A new account (a 409 if the name, case folded, is taken). Slow (Argon2id): call it
        off the event loop."""
        key = name_key(name)
        if len(key) > KEY_LENGTH:
            raise TableError(
                422,
                _("name: at most {length} characters once case is folded").format(
                    length=KEY_LENGTH
                ),
            )
        hashed = self.hasher.hash(password)
        try:
            with self.engine.begin() as db:
                created = db.execute(
                    insert(ACCOUNTS)
                    .values(name=name, name_key=key, password_hash=hashed)
                    .values(created_at=now())
                    .returning(ACCOUNTS.c.id)
                ).scalar_one()
        except IntegrityError as error:
            raise TableError(409, _(NAME_TAKEN)) from error
        return Account(created, name)

    def check(self, name: str, password: str) -> Account:
        """The account whose name and password these are, or a 401 that does not say which
        was wrong. Slow (Argon2id): call it off the event loop."""
        with self.engine.connect() as db:
            row = db.execute(
                select(ACCOUNTS.c.id, ACCOUNTS.c.name, ACCOUNTS.c.password_hash).where(
                    ACCOUNTS.c.name_key == name_key(name)
                )
            ).one_or_none()
        try:
            self.hasher.verify(row.password_hash if row else self._dummy, password)
        except (VerificationError, InvalidHashError):
            row = None
        if row is None:
            raise TableError(401, _(WRONG_LOGIN))
        return Account(row.id, row.name)

    def open_session(self, account: Account, replacing: str | None) -> str:
        """A new session for `account` (the cookie's value); the browser's earlier session,
        if any, is ended."""
        session = new_token()
        with self.engine.begin() as db:
            if replacing:
                db.execute(delete(SESSIONS).where(SESSIONS.c.id_hash == token_hash(replacing)))
            db.execute(
                insert(SESSIONS).values(
                    id_hash=token_hash(session),
                    account_id=account.id,
                    created_at=now(),
                    expires_at=now() + SESSION_LIFE,
                )
            )
        return session

    def close_session(self, session: str) -> None:
        """Log out: the session no longer exists anywhere."""
        with self.engine.begin() as db:
            db.execute(delete(SESSIONS).where(SESSIONS.c.id_hash == token_hash(session)))

    def account_of(self, session: str | None) -> Account | None:
        """The account a session cookie holds, or None (no cookie, unknown or expired)."""
        if not session or len(session) > 100:
            return None
        with self.engine.connect() as db:
            row = db.execute(
                select(ACCOUNTS.c.id, ACCOUNTS.c.name)
                .join(SESSIONS, SESSIONS.c.account_id == ACCOUNTS.c.id)
                .where(SESSIONS.c.id_hash == token_hash(session), SESSIONS.c.expires_at > now())
            ).one_or_none()
        return None if row is None else Account(row.id, row.name)


def account_of(connection: HTTPConnection) -> Account | None:
    """The account a request's or WebSocket's session cookie holds, or None."""
    accounts: Accounts = connection.app.state.accounts
    return accounts.account_of(connection.cookies.get(SESSION_COOKIE))
