"""The catalogues are complete: every message marked in the sources is translated, with the
same placeholders, and no translation is a copy of the English without leave."""

from __future__ import annotations

import pytest
from babel.messages.catalog import Message

from parlour.i18n import LANGUAGES, catalogues, html


@pytest.mark.every_game
def test_every_message_is_translated_into_every_language() -> None:
    problems = [problem for code in LANGUAGES[1:] for problem in catalogues.check(code)]
    assert problems == [], "\n".join(problems[:40])


def test_the_check_finds_a_missing_translation() -> None:
    assert list(catalogues._message_problems(Message("Roll"), "x.po")) == [
        "x.po: 'Roll' has no translation"
    ]


def test_the_check_finds_mismatched_placeholders() -> None:
    message = Message("{who} rolled {dice}", "{wer} würfelte {dice}")
    (problem,) = catalogues._message_problems(message, "x.po")
    assert "placeholders ['dice', 'wer'] differ from ['dice', 'who']" in problem


def test_the_check_finds_a_copy_of_the_english_unless_allowed() -> None:
    (problem,) = catalogues._message_problems(Message("Dokitto!", "Dokitto!"), "x.po")
    assert "copy of the English" in problem
    allowed = Message("Dokitto!", "Dokitto!", user_comments=["same: the game's title"])
    assert list(catalogues._message_problems(allowed, "x.po")) == []


def test_plural_forms_are_checked_form_by_form() -> None:
    good = Message(("{n} die", "{n} dice"), ("{n} Würfel", "{n} Würfel"))
    assert list(catalogues._message_problems(good, "x.po")) == []
    bad = Message(("{n} die", "{n} dice"), ("{n} Würfel", "Würfel"))
    assert "placeholders" in next(catalogues._message_problems(bad, "x.po"))


@pytest.mark.every_game
def test_every_source_a_player_reads_belongs_to_one_part() -> None:
    seen: dict[object, str] = {}
    for part in catalogues.parts():
        for source in part.sources:
            assert source not in seen, f"{source} is in {seen[source]} and {part.name}"
            seen[source] = part.name
    names = {part.name for part in catalogues.parts()}
    assert "parlour" in names and len(names) >= 6


def test_html_messages_are_extracted_and_translated_alike() -> None:
    page = '<h2 data-i18n>Your  choices</h2><button aria-label="Step back">&lt;</button>'
    assert [text for _line, text in html.messages(page)] == ["Your choices", "Step back"]
    german = {"Your choices": "Deine Züge", "Step back": "Zurück"}
    told = html.translated(page, german.__getitem__)
    assert told == '<h2 data-i18n>Deine Züge</h2><button aria-label="Zurück">&lt;</button>'
