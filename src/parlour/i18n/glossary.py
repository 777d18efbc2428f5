"""The German glossary of the games' words (`locale/glossary.de.md`) and the check that holds
every catalogue to it, so that one thing has one German name everywhere.

Each term names a thing in English (words matched whole, in any case, in a message's English
outside its placeholders), the German words that say it (matched inside longer words:
"Eisbecher") and the German words that must not (matched whole: "Spieler" but neither
"Spieler:innen" nor "Spielerzahl"). A translation of a message that names the thing uses none
of the words ruled out, unless the message also names the thing another term gives that word
to ("Becher" says a sundae, never a bowl); where the term is marked required, it also uses
one of its German words (a German sentence may say "wer" for a player, never for a tile).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.catalog import Message

GLOSSARY = Path(__file__).resolve().parent.parent / "locale" / "glossary.{code}.md"
"""Each language's glossary file (German's only, so far)."""


@dataclass(frozen=True)
class Term:
    """One thing of the games: its English words, the German that says it, the German words
    that must not, and whether a translation naming it must use one of its German words."""

    english: tuple[str, ...]
    german: tuple[str, ...]
    never: tuple[str, ...] = ()
    required: bool = False

    def named_in(self, text: str) -> bool:
        """Whether the English `text` names this thing."""
        return any(re.search(rf"\b{re.escape(w)}\b", text, re.IGNORECASE) for w in self.english)

    def said_in(self, text: str) -> bool:
        """Whether the German `text` says it with one of its words."""
        return any(word.lower() in text.lower() for word in self.german)


def _words(cell: str) -> tuple[str, ...]:
    return tuple(word.strip() for word in cell.split(",") if word.strip())


def read(path: Path) -> tuple[Term, ...]:
    """The terms of a glossary file: the rows of its table (English | German | never | required)."""
    rows = [line.strip().strip("|").split("|") for line in path.read_text().splitlines()]
    rows = [row for row in rows if len(row) == 4 and not set(row[0].strip()) <= {"-", " "}]
    return tuple(
        Term(_words(a), _words(b), _words(c), required=bool(d.strip())) for a, b, c, d in rows[1:]
    )


@cache
def terms(code: str) -> tuple[Term, ...]:
    """Language `code`'s glossary, or none where it has no glossary file."""
    path = Path(str(GLOSSARY).format(code=code))
    return read(path) if path.exists() else ()


def _texts(value: object) -> tuple[str, ...]:
    """A message's id or string as its texts (one, or a plural's forms)."""
    forms = value if isinstance(value, tuple | list) else (value,)
    return tuple(text for text in forms if isinstance(text, str))


def problems(message: Message, glossary: tuple[Term, ...], where: str) -> list[str]:
    """How `message`'s translation strays from `glossary` (nothing for an untranslated one)."""
    ids = _texts(message.id)
    strings = _texts(message.string)
    english = re.sub(r"\{[^}]*\}", " ", " ".join(ids))  # a placeholder names nothing
    german = " ".join(text for text in strings if text)
    if not german:
        return []
    found = []
    for term in (term for term in glossary if term.named_in(english)):
        if term.required and not term.said_in(german):
            found.append(f"{where}: {ids[0]!r} names a {term.english[0]}: {term.german[0]}")
        for word in term.never:
            given = any(word in other.german and other.named_in(english) for other in glossary)
            if not given and re.search(rf"(?<![\w:]){re.escape(word)}(?![\w:])", german):
                found.append(f"{where}: {ids[0]!r} says {word!r}, not a {term.english[0]}")
    return found
