"""Which language Parlour speaks: from a browser's header, a terminal's locale, a block."""

from __future__ import annotations

import pytest

import parlour
from parlour.i18n import _, from_environment, language, negotiate, ngettext, speaking


@pytest.mark.parametrize(
    ("header", "code"),
    [
        ("de-DE,de;q=0.9,en;q=0.8", "de"),
        ("en-GB,de;q=0.5", "en"),
        ("fr-FR,de;q=0.3", "de"),
        ("fr, es", "en"),
        ("de;q=0", "en"),
        ("", "en"),
        (None, "en"),
        ("de;q=abc,,;;", "en"),
    ],
)
def test_a_browser_gets_the_language_it_prefers_among_ours(header: str | None, code: str) -> None:
    assert negotiate(header) == code


@pytest.mark.parametrize(
    ("environ", "code"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "de_AT.UTF-8", "LC_ALL": "en_US.UTF-8"}, "en"),
        ({"LANGUAGE": "fr:de", "LANG": "fr_FR.UTF-8"}, "de"),
        ({"LC_MESSAGES": "de_CH"}, "de"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_a_terminal_speaks_its_locale(environ: dict[str, str], code: str) -> None:
    assert from_environment(environ) == code


def test_speaking_lasts_for_its_block_and_refuses_unknown_languages() -> None:
    assert language() == "en"
    with speaking("de"):
        assert language() == "de" and _("You") == "Du"
    assert language() == "en" and _("You") == "You"
    with pytest.raises(ValueError, match="not 'fr'"), speaking("fr"):
        pass


def test_an_unknown_message_is_told_in_english_and_plurals_count() -> None:
    with speaking("de"):
        assert _("no such message") == "no such message"
        assert ngettext("{n} die", "{n} dice", 2) == "{n} dice"


def test_a_refusal_is_told_in_the_language_of_the_moment_and_its_code_is_neutral() -> None:
    state = parlour.load("dicetime").new(1)
    with speaking("de"), pytest.raises(parlour.IllegalAction) as refused:
        state.apply(0, "nonsense")
    assert "ist jetzt kein erlaubter Zug" in str(refused.value)
    assert refused.value.reason is not None and refused.value.reason.code == "not_legal"


def test_a_log_is_told_to_each_viewer_in_each_language() -> None:
    state = parlour.load("dicetime", players=2).new(1)
    state.apply(0, "roll")
    english = state.view(1)["log"]
    with speaking("de"):
        german = state.view(1)["log"]
    assert state.view(1)["log"] == english
    assert [entry["event"] for entry in german] == [entry["event"] for entry in english]
