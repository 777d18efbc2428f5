"""Dicecream's page for everyone: axe-core finds no serious or critical violation on a table
at the start and mid-game, every die and space has a text label, and a whole game is played
against a bot with the keyboard alone (Tab to an action, Enter)."""

from __future__ import annotations

import random
from typing import Any

from tests.web.accessibility import grave_violations
from tests.web.test_browser import (  # noqa: F401 (base_url, browser: fixtures)
    base_url,
    browser,
    create_in_lobby,
    wait_until,
)

ACTION = "document.activeElement && document.activeElement.matches('[data-action]:not([disabled])')"
"""Whether the keyboard's focus is on a control that applies an action now."""
FRAME = "Boolean(window.parlourFrame && window.parlourFrame.view)"
MY_TURN = "Boolean(window.parlourFrame && window.parlourFrame.legal.length)"


def _table(browser: Any, base_url: str) -> tuple[Any, list[str]]:  # noqa: F811
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_in_lobby(page, base_url, "dicecream", 2)
    wait_until(page, FRAME)
    return page, errors


def _press_an_action(page: Any, rng: random.Random) -> bool:
    """Tab through the page to an enabled action control (now and then on to a later one),
    then press Enter or Space on it; False when Tab found none."""
    skip = rng.randrange(3)
    for _ in range(400):
        page.keyboard.press("Tab")
        if page.evaluate(ACTION):
            if skip:
                skip -= 1
                continue
            page.keyboard.press(rng.choice(("Enter", "Space")))
            return True
    return False


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


def test_a_whole_game_is_played_with_the_keyboard_alone(
    browser: Any,  # noqa: F811
    base_url: str,  # noqa: F811
) -> None:
    page, errors = _table(browser, base_url)
    rng = random.Random(7)
    pressed = 0
    for _ in range(400):
        if page.locator("#end:not([hidden])").count():
            break
        if not page.evaluate(MY_TURN):
            page.wait_for_timeout(30)
            continue
        log = page.evaluate("window.parlourFrame.view.log.length")
        assert _press_an_action(page, rng), "Tab reaches an action control on the seat's turn"
        pressed += 1
        wait_until(
            page,
            f"!window.parlourFrame.legal.length || window.parlourFrame.view.log.length !== {log}",
        )
    assert page.locator("#end:not([hidden])").count(), "the game ended"
    assert pressed >= 10
    assert not errors, errors
    page.close()
