"""A whole game in German, end to end: a browser asking for German (`Accept-Language: de-DE`)
creates a Dicetime table in the lobby and plays it to the end against a bot, then opens its
replay. At several points the page is German (`<html lang="de">`, the shell's German words,
the log's), and no English text of the shell's own catalogue shows; the language switch takes
the page back to English."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from babel.messages.pofile import read_po

from parlour.i18n.catalogues import parts
from tests.web.test_browser import (  # noqa: F401 (base_url, browser: fixtures)
    CHROMIUM,
    base_url,
    browser,
    create_in_lobby,
    held,
    one_offered,
    wait_until,
)

playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(not CHROMIUM, reason="Chromium is not installed")

LONGER_THAN = 12
"""Shorter texts ("Analyse", "Spieler") may well be the same words in both languages."""


def shell_english() -> set[str]:
    """The English of the shell's messages (the pages' own, not a game's) whose German differs:
    each message's text, or of one with placeholders each literal run between them, when
    longer than `LONGER_THAN` characters."""
    shell = next(part for part in parts() if part.name == "parlour")
    with shell.po("de").open("rb") as file:
        catalog = read_po(file, locale="de")
    found = set()
    for message in catalog:
        if not message.id or not any(w.startswith("web/") for w, _ in message.locations):
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for english, german in zip(ids, strings, strict=True):
            if english == german:
                continue
            for run in re.split(r"\{\w+\}", str(english)):
                if len(run.strip()) > LONGER_THAN:
                    found.add(run.strip())
    return found


ENGLISH = shell_english()


def assert_german(page: Any) -> None:
    """The page is German: its language, and no English message of the shell in its text."""
    assert page.locator("html").get_attribute("lang") == "de"
    text = page.locator("body").inner_text()
    shown = sorted(english for english in ENGLISH if english in text)
    assert not shown, f"English on the German page: {shown}"


def test_a_game_is_played_in_german_from_the_lobby_to_the_end(
    browser: Any,  # noqa: F811
    base_url: str,  # noqa: F811
) -> None:
    assert len(ENGLISH) > 30, "the shell's catalogue is checked, not an empty one"
    context = browser.new_context(locale="de-DE", viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(base_url + "/")
    assert page.locator("#new-heading").inner_text() == "Einen Tisch eröffnen"
    wait_until(page, "document.querySelectorAll('#games input').length > 0")
    assert "Spieler" in page.locator("#games").inner_text()
    assert_german(page)
    create_in_lobby(page, base_url, "dicetime", 2)
    assert page.locator("#rules summary").inner_text() == "Spielregeln"
    wait_until(page, "window.parlourFrame && window.parlourFrame.view !== null")
    rng = random.Random(16)
    clicks = 0
    while not page.locator("#end:not([hidden])").count():
        pick = one_offered(page, rng)
        if pick is None:
            page.wait_for_timeout(20)
            continue
        if clicks % 12 == 0:
            assert_german(page)
            assert "Punkte:" in page.locator("#status").inner_text()
        try:
            pick.click(timeout=2000)
        except playwright_api.Error:
            continue  # redrawn under the click: look again
        clicks += 1
        assert clicks < 500, "the game did not end by clicking"
    assert_german(page)
    assert page.locator("#end h2").inner_text().startswith(("Gewonnen", "Niemand"))
    assert page.locator("#rematch").inner_text() == "Revanche"
    page.locator("#log").evaluate("log => log.closest('details').open = true")
    log = page.locator("#log").inner_text()
    assert re.search(r"\bDu\b", log) and "You " not in log
    assert "Die Partie ist zu Ende." in page.locator("#status").inner_text()
    replay = context.new_page()
    replay.goto(base_url + page.locator("#end a[href^='/replay/']").first.get_attribute("href"))
    wait_until(replay, "document.getElementById('step').textContent.startsWith('Schritt 0 von')")
    assert_german(replay)
    replay.close()
    page.locator('nav.languages a[lang="en"]').click()
    wait_until(page, "document.documentElement.lang === 'en'")
    wait_until(page, "document.querySelector('#end:not([hidden])') !== null")
    assert page.locator("#rematch").inner_text() == "Rematch"
    assert "The game is over." in page.locator("#status").inner_text()
    assert not errors, errors
    context.close()


def test_the_pages_name_seats_in_german_in_their_text_and_the_logs(
    browser: Any,  # noqa: F811
    base_url: str,  # noqa: F811
) -> None:
    page = browser.new_page(locale="de-DE")
    page.goto(base_url + "/")
    names = page.evaluate(
        """async () => {
          const { seatName, logText } = await import("/static/js/names.js");
          const table = { seats: [
            { seat: 0, kind: "person", name: "Ann", bot: null },
            { seat: 1, kind: "bot", name: null, bot: "greedy" },
            { seat: 2, kind: "bot", name: null, bot: "greedy" },
            { seat: 3, kind: "person", name: null, bot: null },
          ] };
          return [seatName(table, 0, 0), seatName(table, 1, 0), seatName(table, 3),
            logText(table, { text: "Platz 1 und Platz 3 schlagen Platz 4; Platz 9" })];
        }"""
    )
    assert names == [
        "Du",
        "greedy (Platz 2)",
        "Platz 4",
        "Ann und greedy (Platz 3) schlagen Platz 4; Platz 9",
    ]
    page.close()


def test_a_name_typed_while_the_catalogue_loads_stays(browser: Any, base_url: str) -> None:  # noqa: F811
    """The lobby's script waits for the German catalogue; a name typed into the form before
    it runs stays there (it was wiped, and the empty required field stopped the table's
    creation without a word)."""
    page = browser.new_page(locale="de-DE")
    catalogue = held(page, "**/i18n/de.json", base_url + "/")
    page.fill("#name", "Tester")
    catalogue.continue_()
    page.wait_for_selector("#game-dokitto", state="attached")
    assert page.input_value("#name") == "Tester"
    page.close()
