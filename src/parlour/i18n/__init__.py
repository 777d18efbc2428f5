"""The language a player reads: English (the messages' own text) or German, from catalogues.

Every text a player reads is written in English in the code, marked `_("...")` where it is
told or `N_("...")` where it is data told later, and looked up at the edge in the language of
the moment (`speaking`, `set_language`). Canonical actions, records and reason codes never go
through here: they stay language-neutral. The catalogues are gettext `.po` files, one a part
(see `parlour.i18n.catalogues`), read with Babel.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import TYPE_CHECKING

from babel import Locale, UnknownLocaleError, negotiate_locale

if TYPE_CHECKING:
    from parlour.i18n.catalogues import Translations

LANGUAGES = ("en", "de")
"""The languages Parlour speaks, its source language (English) first."""
SOURCE = LANGUAGES[0]
NAMES: Mapping[str, str] = {"en": "English", "de": "Deutsch"}
"""Each language in its own words, for language switches."""

_language: ContextVar[str] = ContextVar("parlour_language", default=SOURCE)


def language() -> str:
    """The language of the moment (a code of `LANGUAGES`)."""
    return _language.get()


def set_language(code: str) -> None:
    """Speak `code` from now on in this context (a terminal session, say)."""
    _language.set(_checked(code))


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Speak `code` inside the block (a request, one watcher's frame), then as before."""
    token = _language.set(_checked(code))
    try:
        yield
    finally:
        _language.reset(token)


def _checked(code: str) -> str:
    if code not in LANGUAGES:
        raise ValueError(f"Parlour speaks {', '.join(LANGUAGES)}, not {code!r}")
    return code


def _(message: str) -> str:
    """`message` (English, as written in the code) in the language of the moment."""
    code = _language.get()
    if code == SOURCE:
        return message
    return _translations(code).singular.get(message) or message


def N_(message: str) -> str:
    """Mark `message` for the catalogues without telling it now (data told later by `_`)."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural of a message for `count`, in the language of the moment."""
    code = _language.get()
    english = singular if count == 1 else plural
    if code == SOURCE:
        return english
    forms = _translations(code).plural.get((singular, plural))
    return english if forms is None else forms[0 if count == 1 else 1]


def negotiate(accept_language: str | None) -> str:
    """The language to speak to a browser from its `Accept-Language` header (English when
    it names none that Parlour speaks)."""
    wanted = []
    for part in (accept_language or "").split(","):
        tag, _semi, quality = part.strip().partition(";q=")
        try:
            weight = float(quality) if quality else 1.0
        except ValueError:
            continue
        if tag and weight > 0:
            wanted.append((weight, tag.strip().replace("-", "_")))
    ordered = [tag for _weight, tag in sorted(wanted, key=lambda pair: -pair[0])]
    return negotiate_locale(ordered, list(LANGUAGES), sep="_") or SOURCE


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the terminal's locale asks for (`LC_ALL`, `LC_MESSAGES`, `LANG`,
    `LANGUAGE`, as gettext reads them), English when it names none that Parlour speaks."""
    environ = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for value in environ.get(variable, "").split(":"):
            try:
                code = Locale.parse(value.split(".")[0].split("@")[0]).language
            except (ValueError, UnknownLocaleError):
                continue
            if code in LANGUAGES:
                return code
            if code and variable != "LANGUAGE":
                return SOURCE
    return SOURCE


@cache
def _translations(code: str) -> Translations:
    """Every message of every catalogue in `code`; read once."""
    from parlour.i18n.catalogues import translations

    return translations(code)


def page_catalogue(code: str) -> dict[str, str | list[str]]:
    """The messages the pages' scripts and HTML tell, in `code`, for the JavaScript catalogue
    (`{english: translation}`; a plural is keyed by its singular and holds both forms)."""
    from parlour.i18n.catalogues import page_messages

    return page_messages(code)
