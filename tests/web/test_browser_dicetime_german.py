"""Dicetime's page in German: served to a German browser, the board speaks the rulebook's
words, its dice say in German what they show, and axe is content."""

from __future__ import annotations

from typing import Any

from tests.web.test_browser import (  # noqa: F401 (base_url, browser: fixtures)
    base_url,
    browser,
    create_in_lobby,
    wait_until,
)
from tests.web.test_browser_dicetime_access import MY_TURN, board_violations

FACES = ("eins", "zwei", "drei", "vier", "fünf", "sechs")


def test_the_board_speaks_german(browser: Any, base_url: str) -> None:  # noqa: F811
    page = browser.new_page(locale="de-DE")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_in_lobby(page, base_url, "dicetime", 2)
    wait_until(page, MY_TURN)
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.locator("#roll").inner_text() == "Würfeln"
    sheet = page.locator(".dt-sheet").inner_text()
    for row in ("1er", "3x (3er Pasch)", "Kleine Straße", "SOS (Chance)", "Gesamt"):
        assert row in sheet
    assert "Rot" in sheet and "du bist dran" in sheet
    page.click("#roll")
    page.wait_for_selector(".dt-tray.to-roll [data-die]")
    dice = page.evaluate("window.parlourFrame.view.seats[0].turn.dice")
    page.click("[data-die='1']")
    label = page.locator("button[data-die='1']").get_attribute("aria-label")
    assert label == f"Würfel 1 zeigt {FACES[dice[0] - 1]}, behalten"
    assert page.locator("#roll").inner_text() == "4 Würfel würfeln"
    assert page.locator(".dt-tray.kept .dt-tray-label").inner_text().lower() == "behalten"
    assert page.locator(".dt-lamps").get_attribute("aria-label") == "noch 2 Würfe"
    assert board_violations(page) == []
    assert not errors, errors
    page.close()
