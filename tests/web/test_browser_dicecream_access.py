"""Dicecream's page for everyone: axe-core finds no serious or critical violation on a table
at the start and mid-game, and every die and space has a text label (a whole game by the
keyboard alone is `test_browser_keyboard.py`'s, for every game)."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.i18n import LANGUAGES
from tests.web.accessibility import grave_violations
from tests.web.test_browser import (  # noqa: F401 (base_url, browser: fixtures)
    base_url,
    browser,
    create_in_lobby,
    wait_until,
)

FRAME = "Boolean(window.parlourFrame && window.parlourFrame.view)"
MY_TURN = "Boolean(window.parlourFrame && window.parlourFrame.legal.length)"


def _table(browser: Any, base_url: str, language: str = "en") -> tuple[Any, list[str]]:  # noqa: F811
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{base_url}/?lang={language}")  # the language is remembered from here on
    create_in_lobby(page, base_url, "dicecream", 2)
    wait_until(page, FRAME)
    return page, errors


def test_axe_finds_no_grave_violation_at_the_start_and_mid_game(
    browser: Any,  # noqa: F811
    base_url: str,  # noqa: F811
) -> None:
    page, errors = _table(browser, base_url)
    wait_until(page, MY_TURN)
    assert grave_violations(page) == []
    page.click("[data-action='roll']")
    page.wait_for_selector(".dc-tray.phase-place button.dc-die")
    page.locator("button.dc-die").first.click()  # a die picked: its places listed
    page.wait_for_selector(".dc-chooser [data-action]")
    assert grave_violations(page) == []
    labels = page.locator(".dc-dice .die").evaluate_all("ns => ns.map(n => n.ariaLabel)")
    assert len(labels) == 5 and all(" die showing " in label for label in labels), labels
    spaces = page.locator(".dc-space").evaluate_all("ns => ns.map(n => n.ariaLabel || '')")
    assert len(spaces) == 2 * 4 * 8 and all(spaces), "every space has a text label"
    initials = page.locator(".dc-space[data-initial]").count()
    assert initials == len(spaces), "every space shows its colour's initial, not its colour alone"
    assert not errors, errors
    page.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_axe_finds_no_grave_violation_with_the_undo_button_and_after_an_undo(
    browser: Any,  # noqa: F811
    base_url: str,  # noqa: F811
    language: str,
) -> None:
    """Issue 31, item 11: the table page offering "Undo", and after it is used."""
    page, errors = _table(browser, base_url, language)
    wait_until(page, MY_TURN)
    page.click("[data-action='roll']")
    page.wait_for_selector(".dc-tray.phase-place button.dc-die")
    page.locator("button.dc-die").first.click()
    page.click(".dc-chooser [data-action^='unlock ']")
    page.wait_for_selector("#undo")
    assert grave_violations(page) == []
    page.click("#undo")
    wait_until(page, "window.parlourFrame.taken_back.length === 1")
    page.click("#play > details > summary")  # the log open, the undo said last
    assert grave_violations(page) == []
    assert not errors, errors
    page.close()


@pytest.mark.parametrize(
    ("language", "initials"),
    [("en", {"B", "Y", "R", "G", "W"}), ("de", {"B", "Ge", "R", "Gr", "W"})],
)
def test_the_colours_initials_are_the_pages_language(
    browser: Any,  # noqa: F811
    base_url: str,  # noqa: F811
    language: str,
    initials: set[str],
) -> None:
    """Issue 31, item 17: each space and die shows its colour's initial in the page's language
    (German's yellow and green, Gelb and Grün, two letters apart), never the English letter."""
    page, errors = _table(browser, base_url, language)
    wait_until(page, MY_TURN)
    shown = page.locator(".dc-space[data-initial]").evaluate_all(
        "ns => ns.map(n => n.dataset.initial)"
    )
    assert set(shown) == initials
    page.click("[data-action='roll']")
    page.wait_for_selector(".dc-tray.phase-place button.dc-die")
    dice = page.locator("[data-initial]").evaluate_all("ns => ns.map(n => n.dataset.initial)")
    assert set(dice) == initials
    assert grave_violations(page) == []
    assert not errors, errors
    page.close()
