"""The pages' HTML texts: which are messages, for extraction and for serving translated.

A message in HTML is the text of an element marked `data-i18n` (text only, no child
elements), or the value of an `aria-label`, `title`, `placeholder` or `alt` attribute. Its
msgid is the text with its white space collapsed. One pattern serves both extraction and
translation, so the two never disagree.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from html import escape, unescape
from typing import IO, Any

_ELEMENT = re.compile(r"(<(\w+)\b[^>]*\bdata-i18n\b[^>]*>)([^<]*)(</\2>)")
_ATTRIBUTE = re.compile(r'(\s(?:aria-label|title|placeholder|alt)=")([^"]*)(")')


def _msgid(text: str) -> str:
    return " ".join(unescape(text).split())


def messages(source: str) -> Iterator[tuple[int, str]]:
    """Each message of `source` with its line number."""
    for pattern, group in ((_ELEMENT, 3), (_ATTRIBUTE, 2)):
        for match in pattern.finditer(source):
            text = _msgid(match.group(group))
            if text:
                yield source.count("\n", 0, match.start()) + 1, text


def translated(source: str, tell: Callable[[str], str]) -> str:
    """`source` with every message told by `tell` (English text in, translation out)."""

    def element(match: re.Match[str]) -> str:
        text = _msgid(match.group(3))
        return (
            match.group(1)
            + (escape(tell(text), quote=False) if text else match.group(3))
            + match.group(4)
        )

    def attribute(match: re.Match[str]) -> str:
        text = _msgid(match.group(2))
        return match.group(1) + (escape(tell(text)) if text else "") + match.group(3)

    return _ATTRIBUTE.sub(attribute, _ELEMENT.sub(element, source))


def extract(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """A Babel extraction method for the pages' HTML."""
    for line, text in messages(fileobj.read().decode("utf-8")):
        yield line, "", text, []
