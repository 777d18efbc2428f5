"""Parlour's message catalogues: which sources feed which `.po` file, and their upkeep.

A game's texts (its box, its terminal renderer and its page script) are one part, with its
catalogue in `boxes/NAME/locale/`; everything else a player reads (kernel, terminal, pages)
is the part `parlour`, in `parlour/locale/`. `python -m parlour.i18n update` extracts every
message marked in the sources (`_`, `N_`, `ngettext` in Python; `t`, `tn` in scripts;
`data-i18n` and labels in HTML) into each part's catalogue, keeping the translations made,
and `check` lists what is missing, mismatched or copied (the catalogue tests run it).
"""

from __future__ import annotations

import inspect
import string
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Any, NamedTuple

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract
from babel.messages.pofile import read_po, write_po

from parlour.i18n import LANGUAGES, SOURCE
from parlour.i18n import html as html_messages

ROOT = Path(__file__).resolve().parent.parent
"""The `parlour` package."""
PYTHON_KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
SCRIPT_KEYWORDS = {"t": None, "tn": (1, 2)}
SAME = "same"
"""A translator's comment that starts so allows a translation equal to the English (a name
such as a game's title, or a word German borrows): `# same: a title`."""
_PAGES = (".js", ".html")


class Translations(NamedTuple):
    """One language's messages: English to translation, and singular and plural to both."""

    singular: dict[str, str]
    plural: dict[tuple[str, str], tuple[str, str]]


@dataclass(frozen=True)
class Part:
    """One catalogue and the sources whose messages it holds."""

    name: str
    directory: Path
    sources: tuple[Path, ...]

    def po(self, code: str) -> Path:
        return self.directory / f"{code}.po"


def boxes() -> dict[str, Path]:
    """Every registered game's box folder (the folder of its `Game` class), by name: the
    built-in boxes, and any game registered beside them (Tiny Duel, in the tests)."""
    from parlour.kernel import registry

    classes = registry._registry()
    return {name: Path(inspect.getfile(classes[name])).parent for name in sorted(classes)}


def parts() -> tuple[Part, ...]:
    """Every registered game's part (its box, its terminal renderer, its page script), then
    Parlour's own part: every other source."""
    games = []
    claimed: set[Path] = set()
    for name, box in boxes().items():
        sources = sorted(path for path in box.rglob("*.py") if not path.name.startswith("test_"))
        for extra in (
            ROOT / "terminal" / "renderers" / f"{name}.py",
            ROOT / "web" / "static" / "js" / "games" / f"{name}.js",
        ):
            if extra.exists():
                sources.append(extra)
        claimed.update(sources)
        games.append(Part(name, box / "locale", tuple(sources)))
    rest = [
        path
        for pattern in ("*.py", "*.js", "*.html")
        for path in sorted(ROOT.rglob(pattern))
        if path not in claimed and "boxes" not in path.relative_to(ROOT).parts
    ]
    return (*games, Part("parlour", ROOT / "locale", tuple(rest)))


def _method(path: Path) -> tuple[Any, dict[str, Any]]:
    if path.suffix == ".py":
        return "python", PYTHON_KEYWORDS
    if path.suffix == ".js":
        return "javascript", SCRIPT_KEYWORDS
    return html_messages.extract, {}


def template(part: Part) -> Catalog:
    """Every message marked in `part`'s sources, with where each is (file, no line)."""
    catalog = Catalog(project="Parlour", fuzzy=False)
    for path in part.sources:
        method, keywords = _method(path)
        with path.open("rb") as source:
            found = extract(method, source, keywords, comment_tags=("Translators:",))
            where = _where(path)
            for _line, message, comments, _context in found:
                catalog.add(message, locations=[(where, 0)], auto_comments=comments)
    return catalog


def _where(path: Path) -> str:
    """`path` as the catalogues name it: from the `parlour` package, or (a game registered
    from outside it) from the project's root."""
    root = ROOT if path.is_relative_to(ROOT) else ROOT.parent.parent
    return path.relative_to(root).as_posix()


def _read(path: Path, code: str) -> Catalog:
    if not path.exists():
        return Catalog(locale=code, project="Parlour", fuzzy=False)
    with path.open("rb") as file:
        return read_po(file, locale=code)


def update(code: str) -> list[Path]:
    """Bring every part's catalogue in `code` up to its sources: new messages are added
    untranslated, gone ones dropped, translations kept. Returns the files written."""
    written = []
    for part in parts():
        fresh = template(part)
        path = part.po(code)
        if not len(fresh) and not path.exists():
            continue
        catalog = _read(path, code)
        fresh.creation_date = catalog.creation_date  # the header changes only with the messages
        catalog.update(fresh, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
        out = BytesIO()
        write_po(out, catalog, width=100, sort_output=True, include_lineno=False)
        if not path.exists() or path.read_bytes() != out.getvalue():
            path.parent.mkdir(exist_ok=True)
            path.write_bytes(out.getvalue())
            written.append(path)
    return written


def _fields(text: str) -> set[str]:
    try:
        return {field for _lit, field, _spec, _conv in string.Formatter().parse(text) if field}
    except ValueError as error:
        return {f"<malformed: {error}>"}


def _forms(message: Message) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A message's English and its translation, each as its forms (one, or singular and
    plural); an untranslated form is empty."""

    def forms(value: object) -> tuple[str, ...]:
        items = value if isinstance(value, (tuple, list)) else (value,)
        return tuple(str(item or "") for item in items)

    return forms(message.id), forms(message.string)


def _message_problems(message: Message, where: str) -> Iterator[str]:
    ids, strings = _forms(message)
    shown = f"{where}: {ids[0]!r}"
    if message.fuzzy or not all(strings):
        yield f"{shown} has no translation"
        return
    pairs = [(ids[0], strings[0])] + ([(ids[-1], strings[-1])] if len(ids) > 1 else [])
    for english, translation in pairs:
        if _fields(english) != _fields(translation):
            theirs, ours = sorted(_fields(translation)), sorted(_fields(english))
            yield f"{shown}: the placeholders {theirs} differ from {ours}"
    same = any(comment.strip().startswith(SAME) for comment in message.user_comments)
    if strings[0] == ids[0] and not same:
        yield f"{shown} is a copy of the English (mark it '# {SAME}: why' if it must be)"


def check(code: str) -> list[str]:
    """What is wrong with the catalogues in `code`: messages missing or obsolete (the sources
    changed since `update`), untranslated, with other placeholders, copied from the English
    without leave, or told two ways by two parts."""
    problems = []
    told: dict[object, tuple[str, object]] = {}
    for part in parts():
        fresh = template(part)
        catalog = _read(part.po(code), code)
        where = _where(part.po(code))
        wanted = {message.id for message in fresh if message.id}
        have = {message.id for message in catalog if message.id}
        problems += [f"{where}: {m!r} is missing (run update)" for m in wanted - have]
        problems += [f"{where}: {m!r} is no longer in the sources" for m in have - wanted]
        for message in catalog:
            if not message.id:
                continue
            problems += _message_problems(message, where)
            earlier = told.setdefault(message.id, (where, message.string))
            if earlier[1] != message.string:
                problems.append(f"{where}: {message.id!r} is told otherwise in {earlier[0]}")
    return problems


@cache
def _catalogues(code: str) -> tuple[tuple[Part, Catalog], ...]:
    return tuple((part, _read(part.po(code), code)) for part in parts())


def translations(code: str) -> Translations:
    """Every translated message of every part in `code`."""
    singular: dict[str, str] = {}
    plural: dict[tuple[str, str], tuple[str, str]] = {}
    for _part, catalog in _catalogues(code):
        for message in catalog:
            ids, strings = _forms(message)
            if not ids[0] or message.fuzzy or not all(strings):
                continue
            if len(ids) > 1:
                plural[(ids[0], ids[1])] = (strings[0], strings[-1])
            else:
                singular[ids[0]] = strings[0]
    return Translations(singular, plural)


def page_messages(code: str) -> dict[str, str | list[str]]:
    """The messages found in the pages' scripts and HTML, translated into `code`."""
    found: dict[str, str | list[str]] = {}
    if code == SOURCE:
        return found
    for _part, catalog in _catalogues(code):
        for message in catalog:
            ids, strings = _forms(message)
            paged = any(where.endswith(_PAGES) for where, _line in message.locations)
            if paged and not message.fuzzy and all(strings):
                found[ids[0]] = [strings[0], strings[-1]] if len(ids) > 1 else strings[0]
    return found


def main(argv: list[str]) -> int:
    """`update` or `check` every catalogue (each language but English)."""
    if argv not in (["update"], ["check"]):
        print("usage: python -m parlour.i18n update|check")
        return 2
    status = 0
    for code in LANGUAGES[1:]:
        if argv == ["update"]:
            for path in update(code):
                print(f"wrote {path.relative_to(ROOT.parent.parent)}")
        else:
            for problem in check(code):
                print(problem)
                status = 1
    return status
